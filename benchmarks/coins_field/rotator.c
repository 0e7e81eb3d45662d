/* Rotation-savvy, in the original answers' style (started afresh for every turn, the state as
 * its one argument): a rotation pays everyone what they receive, so it rotates the way that
 * hands it the better neighbour's holding (R takes the next player's, T the previous one's),
 * flips what it received, and takes and flips a coin when neither neighbour holds more than it
 * does. A field bot for benchmarks/strength.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 64

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    int ids[MAX], flipped[MAX], unflipped[MAX], n = 0, me = 0;
    char *state = strdup(argv[1]);
    strtok(state, ";");
    int id = atoi(strtok(NULL, ";"));
    int pile = atoi(strtok(NULL, ";"));
    char *field;
    while ((field = strtok(NULL, ";")) != NULL && n < MAX) {
        int points;
        if (sscanf(field, "%d_%d_%d_%d", &ids[n], &points, &flipped[n], &unflipped[n]) == 4) {
            if (ids[n] == id) me = n;
            n++;
        }
    }
    if (n < 2) { puts("NNN"); return 0; }
    int next = (me + 1) % n, previous = (me + n - 1) % n;
    int mine = 2 * flipped[me] - unflipped[me];
    int from_next = 2 * flipped[next] - unflipped[next];
    int from_previous = 2 * flipped[previous] - unflipped[previous];
    if (from_next > mine && from_next >= from_previous) printf("R%s\n", unflipped[next] ? "FF" : "NN");
    else if (from_previous > mine) printf("T%s\n", unflipped[previous] ? "FF" : "NN");
    else if (pile > 0) puts("1FF");
    else puts("FFN");
    return 0;
}
