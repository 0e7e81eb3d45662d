/* Cautious, in the original answers' style (started afresh for every turn, the state as its
 * one argument): it never rotates, so nobody's rotation is started by it. It takes one coin
 * and flips it while it holds fewer than 6 flipped coins, flips any unflipped coin it was
 * handed, and otherwise does nothing. A field bot for benchmarks/strength.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    char *state = strdup(argv[1]);
    char *field = strtok(state, ";");
    int round = atoi(field);
    int id = atoi(strtok(NULL, ";"));
    int pile = atoi(strtok(NULL, ";"));
    int flipped = 0, unflipped = 0;
    (void)round;
    while ((field = strtok(NULL, ";")) != NULL) {
        int who, points, f, u;
        if (sscanf(field, "%d_%d_%d_%d", &who, &points, &f, &u) == 4 && who == id) {
            flipped = f;
            unflipped = u;
        }
    }
    if (unflipped >= 3) puts("FFF");
    else if (unflipped > 0) puts("FFN");
    else if (flipped < 6 && pile > 5) puts("1FN");
    else puts("NNN");
    return 0;
}
