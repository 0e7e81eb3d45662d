/*
 * A tactical ultimate tic-tac-toe bot in C for the original "meta tic-tac-toe" protocol: it is
 * started afresh for every move as
 *
 *     ./uttt_bot MARK B0 B1 B2 B3 B4 B5 B6 B7 B8 MASTER LAST
 *
 * (MARK X or O; each board nine characters X, 0 or O, and -; LAST the last move "bt" when the
 * move must be in board t, or "xx" when it is free), prints two digits, board then tile, and
 * exits. It wins the game when one move does; it never sends the opponent where they could
 * win the game next (unless every move does); among the safe moves it wins a small board when
 * it can, else avoids sending the opponent to a board they can win, and picks among the rest
 * with a generator seeded from its arguments (the same position, the same move).
 *
 * Build: gcc -O2 -Wall -Wextra -o uttt_bot uttt_bot.c
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define ALL 0x1FF

static const int LINES[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

typedef struct {
    int mask[3][9];   /* mask[mark][board]: that mark's tiles (mark 1 X, 2 O) */
    int status[9];    /* 0 open, 1 or 2 won by that mark, 3 full */
    int won[3];       /* won[mark]: the boards that mark has won */
} Game;

static int has_line(int mask) {
    for (int i = 0; i < 8; i++)
        if ((mask & LINES[i]) == LINES[i]) return 1;
    return 0;
}

/* Put `mark` on tile t of board b; returns the next target board (-1: free). */
static int play(Game *g, int b, int t, int mark) {
    g->mask[mark][b] |= 1 << t;
    if (has_line(g->mask[mark][b])) {
        g->status[b] = mark;
        g->won[mark] |= 1 << b;
    } else if ((g->mask[1][b] | g->mask[2][b]) == ALL) {
        g->status[b] = 3;
    }
    return g->status[t] == 0 ? t : -1;
}

/* The legal moves (board * 9 + tile) for `target` (-1: free); returns how many. */
static int legal(const Game *g, int target, int *moves) {
    int n = 0;
    for (int b = 0; b < 9; b++) {
        if ((target >= 0 && b != target) || g->status[b] != 0) continue;
        for (int t = 0; t < 9; t++)
            if (!((g->mask[1][b] | g->mask[2][b]) >> t & 1)) moves[n++] = b * 9 + t;
    }
    return n;
}

/* True when `mark` can win a small board (and, with `game`, the whole game) in one move. */
static int can_win(const Game *g, int target, int mark, int game) {
    for (int b = 0; b < 9; b++) {
        if ((target >= 0 && b != target) || g->status[b] != 0) continue;
        if (game && !has_line(g->won[mark] | 1 << b)) continue;
        int taken = g->mask[1][b] | g->mask[2][b];
        for (int t = 0; t < 9; t++)
            if (!(taken >> t & 1) && has_line(g->mask[mark][b] | 1 << t)) return 1;
    }
    return 0;
}

static uint64_t state;

static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static int pick(const int *moves, int n) {
    return moves[next_random() % (uint64_t)n];
}

int main(int argc, char **argv) {
    if (argc != 13) {
        fprintf(stderr, "usage: %s MARK B0 .. B8 MASTER LAST\n", argv[0]);
        return 2;
    }
    int me = argv[1][0] == 'X' ? 1 : 2, them = 3 - me;
    Game game;
    memset(&game, 0, sizeof game);
    state = 1469598103934665603ULL; /* FNV-1a over the arguments: the seed */
    for (int i = 1; i < argc; i++) {
        for (const char *c = argv[i]; *c; c++) state = (state ^ (unsigned char)*c) * 1099511628211ULL;
    }
    if (!state) state = 1;
    for (int b = 0; b < 9; b++) {
        const char *board = argv[2 + b];
        if (strlen(board) != 9) {
            fprintf(stderr, "board %d is not 9 characters: %s\n", b, board);
            return 2;
        }
        for (int t = 0; t < 9; t++) {
            if (board[t] == 'X') game.mask[1][b] |= 1 << t;
            else if (board[t] == '0' || board[t] == 'O') game.mask[2][b] |= 1 << t;
        }
        for (int mark = 1; mark <= 2; mark++) {
            if (has_line(game.mask[mark][b])) {
                game.status[b] = mark;
                game.won[mark] |= 1 << b;
            }
        }
        if (!game.status[b] && (game.mask[1][b] | game.mask[2][b]) == ALL) game.status[b] = 3;
    }
    const char *last = argv[12];
    int target = -1;
    if (strcmp(last, "xx") != 0 && strlen(last) == 2 && last[1] >= '0' && last[1] <= '8') target = last[1] - '0';
    if (target >= 0 && game.status[target] != 0) target = -1;

    int moves[81], safe[81], wins[81], quiet[81];
    int n = legal(&game, target, moves), n_safe = 0, n_wins = 0, n_quiet = 0;
    if (n == 0) {
        fprintf(stderr, "no legal move\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        Game after = game;
        int b = moves[i] / 9, t = moves[i] % 9;
        int next = play(&after, b, t, me);
        if (has_line(after.won[me])) {
            printf("%d%d\n", b, t);
            return 0;
        }
        if (can_win(&after, next, them, 1)) continue;
        safe[n_safe++] = moves[i];
        if (after.status[b] == me) wins[n_wins++] = moves[i];
        if (!can_win(&after, next, them, 0)) quiet[n_quiet++] = moves[i];
    }
    int choice = n_wins ? pick(wins, n_wins) : n_quiet ? pick(quiet, n_quiet) : n_safe ? pick(safe, n_safe) : pick(moves, n);
    printf("%d%d\n", choice / 9, choice % 9);
    return 0;
}
