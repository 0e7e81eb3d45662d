/*
 * A Flit bot in C: the stdin/stdout protocol, not Python, is the contract.
 *
 * Build:  cc -O2 -o flit_bot flit_bot.c
 * Run:    flit-arena match ./examples/c_bot/flit_bot "flit-arena bot examples/greedy_bot.py"
 *
 * The referee starts it as `flit_bot NUMBER SIZE PLAYERS`, sends "x y c" updates (the
 * starting pieces, then every square that changes) and "M" when it is our turn. We keep
 * our own board from the updates and answer "x0 y0 x1 y1" at once, flushing stdout.
 *
 * Strategy (greedy): move a piece to the free square next to another of our pieces that
 * converts the most neutral pieces, else that is closest to a neutral piece.
 */
#include <stdio.h>
#include <stdlib.h>

enum { EMPTY = 0, NEUTRAL = 5 };

static int me, size;
static unsigned char *board; /* colour of square (x, y) at y * size + x */

static int wrap(int v) { return (v % size + size) % size; }
static int cell(int x, int y) { return board[wrap(y) * size + wrap(x)]; }

static const int DX[4] = {0, 0, -1, 1};
static const int DY[4] = {-1, 1, 0, 0};

/* Does (x, y) touch one of our pieces other than the one at (ox, oy)? */
static int anchored(int x, int y, int ox, int oy) {
    for (int k = 0; k < 4; k++) {
        int nx = wrap(x + DX[k]), ny = wrap(y + DY[k]);
        if (cell(nx, ny) == me && !(nx == ox && ny == oy)) return 1;
    }
    return 0;
}

static int neutrals_around(int x, int y) {
    int n = 0;
    for (int k = 0; k < 4; k++) n += cell(x + DX[k], y + DY[k]) == NEUTRAL;
    return n;
}

static int torus_distance(int a, int b) {
    int d = abs(a - b);
    return d < size - d ? d : size - d;
}

/* Distance from (x, y) to the nearest neutral piece (size * 2 if there is none). */
static int to_neutral(int x, int y) {
    int best = size * 2;
    for (int i = 0; i < size * size; i++) {
        if (board[i] != NEUTRAL) continue;
        int d = torus_distance(x, i % size) + torus_distance(y, i / size);
        if (d < best) best = d;
    }
    return best;
}

static void answer(void) {
    int best = -1, bx = 0, by = 0, ox = -1, oy = -1;
    for (int i = 0; i < size * size; i++) {
        int x = i % size, y = i / size;
        if (board[i] != EMPTY || !anchored(x, y, -1, -1)) continue;
        /* Conversions first, then closeness, then a random tie-break. */
        int score = neutrals_around(x, y) * 4096 + (size * 2 - to_neutral(x, y)) * 16 + rand() % 16;
        if (score <= best) continue;
        for (int j = 0; j < size * size; j++) { /* a piece we can lift for it */
            if (board[j] == me && anchored(x, y, j % size, j / size)) {
                best = score, bx = x, by = y, ox = j % size, oy = j / size;
                break;
            }
        }
    }
    if (best < 0) printf("0 0 0 0\n"); /* no legal move: origin = destination */
    else printf("%d %d %d %d\n", ox, oy, bx, by);
    fflush(stdout);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s NUMBER SIZE PLAYERS\n", argv[0]);
        return 2;
    }
    me = atoi(argv[argc - 3]);
    size = atoi(argv[argc - 2]);
    if (me < 1 || me > 4 || size < 1) {
        fprintf(stderr, "bad arguments: number %d, size %d\n", me, size);
        return 2;
    }
    board = calloc((size_t)size * size, 1);
    srand((unsigned)me);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        int x, y, c;
        if (line[0] == 'M') answer();
        else if (sscanf(line, "%d %d %d", &x, &y, &c) == 3 && x >= 0 && y >= 0 && x < size && y < size)
            board[y * size + x] = (unsigned char)c;
        else fprintf(stderr, "ignored a line that is not an update: %s", line);
    }
    free(board);
    return 0;
}
