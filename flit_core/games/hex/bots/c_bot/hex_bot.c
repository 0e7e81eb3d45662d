/*
 * A Hex bot in C for the UAIS 2022 tournament's central program: the stdin/stdout
 * protocol, not Python, is the contract.
 *
 * Build:  cc -O2 -o hex_bot hex_bot.c
 * Run:    flit-arena match --game hex ./hex_bot "flit-arena bot --game hex random_bot.py"
 *
 * Started as `hex_bot black` or `hex_bot white` (the colour it starts with). It reads one
 * command a line and ignores blank lines (the central program sends one after init_board
 * and seto):
 *   init_board N     a new, empty N x N board (1 <= N <= 26)
 *   make_move        answer our move: a cell name such as d4, or swap
 *   seto X, sety X   the opponent's stone, our own stone, on X
 *   unset X          X becomes empty
 *   swap             the opponent swapped: we exchange colours, the stones keep theirs
 *   show_board       answer the board: rows from a, each as . B W then a bar (B..|...|...|)
 *   check_win        answer 1 if our colour has joined its sides, -1 if the opponent's, else 0
 *   quit             exit (so does end-of-file)
 * Each answer is one line, flushed at once; anything else we have to say goes to stderr.
 *
 * Strategy (shortest paths): for every empty cell, the stones we would still need to join
 * our sides after playing it, against the stones the opponent would need; the best
 * difference wins, ties go to the cell nearest the centre, then to a random one (seeded by
 * HEX_SEED, default 1, so games repeat). As White it swaps a first stone played away from
 * the edges; set HEX_SWAP=0 for games without the swap rule.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SIZE = 26, MAX_AREA = MAX_SIZE * MAX_SIZE, EMPTY = '.', BLACK = 'B', WHITE = 'W' };

static int size;
static char board[MAX_AREA]; /* cell (row, col) at row * size + col: '.', 'B' or 'W' */
static char me;              /* our colour now: it changes when someone swaps */
static int swapped;          /* a swap has happened in this game */
static int may_swap = 1;

static const int DR[6] = {0, 0, -1, 1, -1, 1};
static const int DC[6] = {-1, 1, 0, 0, 1, -1};

static char opponent(void) { return me == BLACK ? WHITE : BLACK; }

static void init_board(int n) {
    size = n;
    memset(board, EMPTY, sizeof board);
    swapped = 0;
}

/* The cell named like "c8" (row letter, column from 1) as an index, or -1 if it is not on the board. */
static int parse_cell(const char *name) {
    int row = name[0] - 'a';
    if (row < 0 || row >= size || !isdigit((unsigned char)name[1])) return -1;
    char *end;
    long col = strtol(name + 1, &end, 10);
    if (*end != '\0' || col < 1 || col > size) return -1;
    return row * size + (int)col - 1;
}

/*
 * The fewest stones `colour` must add to join its sides (Black: top and bottom rows,
 * White: first and last columns) on `cells`: a 0-1 breadth-first search in which our
 * stones cost 0, empty cells 1 and the opponent's stones are walls. 0 means a chain
 * already joins them; MAX_AREA + 1 that they can no longer be joined.
 */
static int distance(const char *cells, char colour) {
    /* Every cell is expanded once and pushes at most 6 neighbours, so neither end of the
     * deque moves more than 7 * MAX_AREA places from the middle. */
    static int deque[14 * MAX_AREA];
    int best[MAX_AREA];
    char done[MAX_AREA];
    int head = 7 * MAX_AREA, tail = head, area = size * size;
    for (int i = 0; i < area; i++) best[i] = MAX_AREA + 1, done[i] = 0;
    for (int k = 0; k < size; k++) {
        int i = colour == BLACK ? k : k * size;
        if (cells[i] == colour) best[i] = 0, deque[--head] = i;
        else if (cells[i] == EMPTY) best[i] = 1, deque[tail++] = i;
    }
    while (head < tail) {
        int i = deque[head++];
        if (done[i]) continue;
        done[i] = 1;
        int row = i / size, col = i % size;
        if ((colour == BLACK ? row : col) == size - 1) return best[i];
        for (int k = 0; k < 6; k++) {
            int r = row + DR[k], c = col + DC[k];
            if (r < 0 || r >= size || c < 0 || c >= size) continue;
            int j = r * size + c;
            if (cells[j] != colour && cells[j] != EMPTY) continue;
            int cost = best[i] + (cells[j] == EMPTY);
            if (cost >= best[j]) continue;
            best[j] = cost;
            if (cells[j] == EMPTY) deque[tail++] = j;
            else deque[--head] = j;
        }
    }
    return MAX_AREA + 1;
}

static int stones(void) {
    int n = 0;
    for (int i = 0; i < size * size; i++) n += board[i] != EMPTY;
    return n;
}

/* Swap as White when the only stone is Black's first one and it is away from the edges. */
static int wants_swap(void) {
    if (!may_swap || swapped || me != WHITE || stones() != 1) return 0;
    for (int i = 0; i < size * size; i++) {
        if (board[i] == EMPTY) continue;
        int row = i / size, col = i % size;
        return board[i] == BLACK && row > 0 && col > 0 && row < size - 1 && col < size - 1;
    }
    return 0;
}

static void swap_colours(void) {
    me = opponent();
    swapped = 1;
}

/* The best empty cell (see the strategy above), or -1 if the board is full. */
static int choose(void) {
    int best = -1;
    long best_key = 0;
    char them = opponent();
    for (int i = 0; i < size * size; i++) {
        if (board[i] != EMPTY) continue;
        board[i] = me;
        int mine = distance(board, me), theirs = distance(board, them);
        board[i] = EMPTY;
        if (mine == 0) return i; /* it wins at once */
        int off_centre = abs(2 * (i / size) - (size - 1)) + abs(2 * (i % size) - (size - 1));
        long key = ((long)(theirs - mine) * 4 * MAX_SIZE - off_centre) * 64 + rand() % 64;
        if (best < 0 || key > best_key) best = i, best_key = key;
    }
    return best;
}

static void make_move(void) {
    if (wants_swap()) {
        swap_colours();
        printf("swap\n");
    } else {
        int i = choose();
        if (i < 0) {
            fprintf(stderr, "hex_bot: asked to move on a full board\n");
            printf("resign\n"); /* not a move: the game is lost, but the referee is not kept waiting */
        } else {
            board[i] = me;
            printf("%c%d\n", 'a' + i / size, i % size + 1);
        }
    }
    fflush(stdout);
}

static void show_board(void) {
    for (int row = 0; row < size; row++) printf("%.*s|", size, board + row * size);
    printf("\n");
    fflush(stdout);
}

static void check_win(void) {
    int answer = distance(board, me) == 0 ? 1 : distance(board, opponent()) == 0 ? -1 : 0;
    printf("%d\n", answer);
    fflush(stdout);
}

/* seto, sety and unset; a stone on an occupied cell is ignored, as the reference bot does. */
static void set_cell(const char *command, const char *name) {
    int i = parse_cell(name);
    if (i < 0) {
        fprintf(stderr, "hex_bot: ignored %s %s: not a cell of the %dx%d board\n", command, name, size, size);
    } else if (strcmp(command, "unset") == 0) {
        board[i] = EMPTY;
    } else if (board[i] == EMPTY) {
        board[i] = strcmp(command, "sety") == 0 ? me : opponent();
    }
}

int main(int argc, char **argv) {
    if (argc != 2 || (strcmp(argv[1], "black") != 0 && strcmp(argv[1], "white") != 0)) {
        fprintf(stderr, "usage: %s black|white\n", argv[0]);
        return 2;
    }
    me = strcmp(argv[1], "black") == 0 ? BLACK : WHITE;
    const char *seed = getenv("HEX_SEED"), *swap_rule = getenv("HEX_SWAP");
    srand(seed ? (unsigned)atoi(seed) : 1u);
    may_swap = !(swap_rule && strcmp(swap_rule, "0") == 0);
    init_board(10);
    char line[256], command[32], arg[32], extra[2];
    while (fgets(line, sizeof line, stdin)) {
        int words = sscanf(line, "%31s %31s %1s", command, arg, extra);
        if (words <= 0) continue; /* a blank line */
        if (words == 1 && strcmp(command, "quit") == 0) break;
        if (words == 1 && strcmp(command, "make_move") == 0) make_move();
        else if (words == 1 && strcmp(command, "show_board") == 0) show_board();
        else if (words == 1 && strcmp(command, "check_win") == 0) check_win();
        else if (words == 1 && strcmp(command, "swap") == 0) swap_colours();
        else if (words == 2 && strcmp(command, "init_board") == 0) {
            int n = atoi(arg);
            if (n >= 1 && n <= MAX_SIZE) init_board(n);
            else fprintf(stderr, "hex_bot: ignored init_board %s: sizes are 1 to %d\n", arg, MAX_SIZE);
        } else if (words == 2 && (strcmp(command, "seto") == 0 || strcmp(command, "sety") == 0 ||
                                  strcmp(command, "unset") == 0))
            set_cell(command, arg);
        else fprintf(stderr, "hex_bot: ignored an unknown command: %s", line);
    }
    return 0;
}
