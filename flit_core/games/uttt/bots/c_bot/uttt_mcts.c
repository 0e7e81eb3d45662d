/*
 * The strongest ultimate tic-tac-toe example: Monte-Carlo tree search in C, for the original
 * "meta tic-tac-toe" protocol and the arena's line mode.
 *
 *     ./uttt_mcts [-m MS] [-v] MARK B0 B1 B2 B3 B4 B5 B6 B7 B8 MASTER LAST    (a process per move)
 *     ./uttt_mcts [-m MS] [-v]                                              (line mode: one a game)
 *
 * With the twelve arguments (MARK X or O; each board nine characters X, 0 or O, and -; LAST
 * the last move "bt" when the move must be in board t, or "xx" when it is free) it prints two
 * digits, board then tile, and exits. Without arguments it reads one request a line (the same
 * twelve fields separated by spaces) and answers each with a line, until end-of-file.
 *
 * It searches for 45 % of the move's time limit, which the arena announces in
 * FLIT_ARENA_MOVE_MS (the original's "under 1 second" when it is not set), or MS milliseconds
 * with -m (-v tells each move's iterations on stderr), on the clock the arena charges it by
 * (FLIT_ARENA_CLOCK: "cpu", its CPU time, else real time); the rest of the limit is a margin
 * for a busy machine and, a process per move, the start. The search is the Python example's (mcts_bot.py) at the speed of C: UCT over a tree
 * of moves, each new move starting with a few virtual games at a value from simple knowledge
 * (progressive bias), random playouts in which whoever can win the small board they are in
 * does so, and MCTS-Solver (proven wins taken, proven losses avoided). Its exploration
 * constant is smaller: with many times the iterations, the averages deserve more trust.
 * Around it: a move that wins the game is played at once, and a move that lets the opponent
 * win the game next is never considered (unless every move does). Each move searches a new
 * tree: keeping the last one's subtree in line mode did not play better.
 *
 * Build: gcc -O2 -Wall -Wextra -o uttt_mcts uttt_mcts.c -lm
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ALL 0x1FF
#define OPEN 0
#define FULL 3
/* Share of the move's time limit spent searching, and the limit when none is announced. */
#define SHARE 0.45
#define DEFAULT_MOVE_MS 1000.0
/* UCT's exploration constant; the credit of a game without winner (a win is 1); the virtual
 * games a new move starts with at its prior's value. */
#define EXPLORATION 0.5
#define DRAW 0.25f
#define PRIOR 10.0f
/* Nodes in the tree at most (24 bytes each): a full tree stops growing and only plays out. */
#define MAX_NODES (1 << 22)

static const int LINES[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
static uint8_t WINS[512];
/* COMPLETING[mask]: the tiles outside mask that complete a line with it. */
static uint16_t COMPLETING[512];
/* TILES[mask]: the tiles of mask in order, and how many. */
static uint8_t TILES[512][9];
static uint8_t COUNT[512];

typedef struct {
    int mask[3][9]; /* mask[mark][board]: that mark's tiles (mark 1 X, 2 O) */
    int status[9];  /* OPEN, 1 or 2 won by that mark, FULL */
    int won[3];     /* won[mark]: the boards that mark has won */
    int opens;      /* boards still open */
} Game;

typedef struct {
    float visits, wins; /* games through here with the prior's virtual ones, and the mover's wins */
    int32_t n;          /* real games through here */
    int32_t first;      /* the first child's index, -1 while not expanded */
    uint8_t count;      /* children */
    uint8_t move;       /* board * 9 + tile */
    uint8_t mover;      /* 1 X, 2 O */
    int8_t result;      /* the game's end here: the winner, 0 without one; -1 goes on or unknown */
    int8_t proven;      /* 1 the mover wins from here whatever happens, -1 it loses; 0 unknown */
} Node;

static Node nodes[MAX_NODES];
static int used;
/* -v: each move's search iterations and time on stderr. */
static int verbose;
static uint64_t rng_state;

static void init_tables(void) {
    for (int mask = 0; mask < 512; mask++) {
        for (int i = 0; i < 8; i++)
            if ((mask & LINES[i]) == LINES[i]) WINS[mask] = 1;
        for (int t = 0; t < 9; t++)
            if (mask >> t & 1) TILES[mask][COUNT[mask]++] = (uint8_t)t;
    }
    for (int mask = 0; mask < 512; mask++)
        for (int t = 0; t < 9; t++)
            if (!(mask >> t & 1) && WINS[mask | 1 << t]) COMPLETING[mask] |= (uint16_t)(1 << t);
}

static uint32_t below(uint32_t n) {
    /* xorshift64*: fast and good enough for playouts */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)(((rng_state * 0x2545F4914F6CDD1DULL) >> 32) * n >> 32);
}

/* The clock the arena charges this bot by (set in main). */
static clockid_t charging = CLOCK_MONOTONIC;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(charging, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* Play move (board * 9 + tile) for mover in place; returns the next target board (-1 free) and
 * sets *result to the game's end (the winner, 0 without one, -1 while it goes on). */
static int play(Game *g, int move, int mover, int *result) {
    int b = move / 9, t = move % 9;
    int mine = g->mask[mover][b] |= 1 << t;
    *result = -1;
    if (WINS[mine]) {
        g->status[b] = mover;
        g->opens--;
        if (WINS[g->won[mover] |= 1 << b]) {
            *result = mover;
            return -1;
        }
    } else if ((mine | g->mask[3 - mover][b]) == ALL) {
        g->status[b] = FULL;
        g->opens--;
    }
    if (g->opens == 0) {
        *result = 0;
        return -1;
    }
    return g->status[t] == OPEN ? t : -1;
}

static int legal(const Game *g, int target, uint8_t *moves) {
    int count = 0;
    for (int b = target < 0 ? 0 : target; b < (target < 0 ? 9 : target + 1); b++) {
        if (g->status[b] != OPEN) continue;
        int empty = ~(g->mask[1][b] | g->mask[2][b]) & ALL;
        for (int i = 0; i < COUNT[empty]; i++) moves[count++] = (uint8_t)(b * 9 + TILES[empty][i]);
    }
    return count;
}

/* How promising move of mover looks before any search (0..1, 0.5 neutral). */
static float prior(const Game *g, int move, int mover) {
    int b = move / 9, t = move % 9, bit = 1 << t;
    int mine = g->mask[mover][b], theirs = g->mask[3 - mover][b];
    float value = 0.5f;
    int wins_board = COMPLETING[mine] & bit;
    if (wins_board) value += 0.25f;
    if (COMPLETING[theirs] & bit) value += 0.1f;
    int open_next, opponent, own;
    if (t == b) {
        open_next = !wins_board && (mine | theirs | bit) != ALL;
        opponent = theirs;
        own = mine | bit;
    } else {
        open_next = g->status[t] == OPEN;
        opponent = g->mask[3 - mover][t];
        own = g->mask[mover][t];
    }
    if (!open_next)
        value -= 0.15f;
    else if (COMPLETING[opponent] & ~(opponent | own) & ALL)
        value -= WINS[g->won[3 - mover] | 1 << t] ? 0.4f : 0.2f;
    return value;
}

/* Finish the game from here with mover to move, in place; the winning mark (0: none). */
static int playout(Game *g, int target, int mover) {
    int opens[9], open_count = 0;
    for (int b = 0; b < 9; b++)
        if (g->status[b] == OPEN) opens[open_count++] = b;
    for (;;) {
        int b = target < 0 ? opens[below((uint32_t)open_count)] : target;
        int mine = g->mask[mover][b], theirs = g->mask[3 - mover][b];
        int empty = ~(mine | theirs) & ALL;
        int winning = COMPLETING[mine] & empty, t, closed = 0;
        if (winning) {
            t = TILES[winning][0];
            g->mask[mover][b] = mine | 1 << t;
            g->status[b] = mover;
            if (WINS[g->won[mover] |= 1 << b]) return mover;
            closed = 1;
        } else {
            t = TILES[empty][below(COUNT[empty])];
            mine |= 1 << t;
            g->mask[mover][b] = mine;
            if ((mine | theirs) == ALL) {
                g->status[b] = FULL;
                closed = 1;
            }
        }
        if (closed) {
            for (int i = 0; i < open_count; i++)
                if (opens[i] == b) {
                    opens[i] = opens[--open_count];
                    break;
                }
            if (open_count == 0) return 0;
        }
        target = g->status[t] == OPEN ? t : -1;
        mover = 3 - mover;
    }
}

/* 1 when mover can win the game with one move (in target, or anywhere if -1). */
static int threatens_game(const Game *g, int target, int mover) {
    for (int b = target < 0 ? 0 : target; b < (target < 0 ? 9 : target + 1); b++) {
        if (g->status[b] != OPEN || !WINS[g->won[mover] | 1 << b]) continue;
        int mine = g->mask[mover][b];
        if (COMPLETING[mine] & ~(mine | g->mask[3 - mover][b]) & ALL) return 1;
    }
    return 0;
}

static void new_node(Node *node, int move, int mover, float value) {
    node->visits = PRIOR;
    node->wins = PRIOR * value;
    node->n = 0;
    node->first = -1;
    node->count = 0;
    node->move = (uint8_t)move;
    node->mover = (uint8_t)mover;
    node->result = -1;
    node->proven = 0;
}

/* Give node the children for moves (priors from g, where mover is to move); 0 if the tree is full. */
static int expand(Node *node, const Game *g, const uint8_t *moves, int count, int mover) {
    if (used + count > MAX_NODES) return 0;
    node->first = used;
    node->count = (uint8_t)count;
    for (int i = 0; i < count; i++) new_node(&nodes[used + i], moves[i], mover, prior(g, moves[i], mover));
    used += count;
    return 1;
}

/* MCTS-Solver along the path just walked (see mcts_bot.py's solve). */
static void solve(int *path, int depth) {
    Node *child = &nodes[path[depth - 1]];
    if (child->result != child->mover) return;
    child->proven = 1;
    for (int i = depth - 2; i >= 0; i--) {
        Node *parent = &nodes[path[i]];
        if (child->proven > 0) {
            parent->proven = -1;
        } else {
            for (int c = 0; c < parent->count; c++)
                if (nodes[parent->first + c].proven >= 0) return;
            parent->proven = 1;
        }
        child = parent;
    }
}

/* Grow the tree at nodes[0] (position root_game, target, me to move) until deadline; returns
 * the iterations (playouts and proven ends) it made. */
static long search(const Game *root_game, int target, int me, double deadline) {
    int path[90];
    uint8_t moves[81];
    for (long iteration = 0;; iteration++) {
        if ((iteration & 15) == 0 && iteration > 0 && now_ms() >= deadline) return iteration;
        Game g = *root_game;
        int depth = 1, mover = me, next_target = target, result;
        path[0] = 0;
        Node *node = &nodes[0];
        for (;;) {
            if (node->result >= 0) {
                result = node->result;
                break;
            }
            if (node->proven) {
                result = node->proven > 0 ? node->mover : 3 - node->mover;
                break;
            }
            if (node->first < 0) {
                if (node->n == 0 || !expand(node, &g, moves, legal(&g, next_target, moves), mover)) {
                    result = playout(&g, next_target, mover);
                    break;
                }
            }
            float scale = (float)(EXPLORATION * sqrt(log(node->n + 1.0)));
            int best = node->first;
            float best_value = -2.0f;
            for (int c = node->first; c < node->first + node->count; c++) {
                Node *child = &nodes[c];
                if (child->proven > 0) {
                    best = c; /* a won child is played at once */
                    break;
                }
                if (child->proven < 0) continue; /* a lost one only when all are lost */
                float value = child->wins / child->visits + scale / sqrtf(child->visits);
                if (value > best_value) {
                    best = c;
                    best_value = value;
                }
            }
            node = &nodes[best];
            int game_end;
            next_target = play(&g, node->move, mover, &game_end);
            node->result = (int8_t)game_end;
            path[depth++] = best;
            mover = 3 - mover;
        }
        solve(path, depth);
        for (int i = 0; i < depth; i++) {
            Node *on = &nodes[path[i]];
            on->n++;
            on->visits += 1.0f;
            if (result == on->mover)
                on->wins += 1.0f;
            else if (result == 0)
                on->wins += DRAW;
        }
    }
}

/* The move (board * 9 + tile) for me in g, which must be in target (-1: free); -1 if none. */
static int choose(const Game *g, int target, int me, double deadline) {
    uint8_t moves[81], safe[81];
    int count = legal(g, target, moves), safe_count = 0;
    if (count <= 1) return count ? moves[0] : -1;
    for (int i = 0; i < count; i++) {
        Game after = *g;
        int result, next = play(&after, moves[i], me, &result);
        if (result == me) return moves[i];
        if (result >= 0 || !threatens_game(&after, next, 3 - me)) safe[safe_count++] = moves[i];
    }
    used = 1;
    new_node(&nodes[0], 81, 3 - me, 0.5f); /* 81: no move led here */
    if (safe_count)
        expand(&nodes[0], g, safe, safe_count, me);
    else
        expand(&nodes[0], g, moves, count, me);
    double searched_from = now_ms();
    long iterations = search(g, target, me, deadline);
    if (verbose) fprintf(stderr, "%ld iterations in %.1f ms\n", iterations, now_ms() - searched_from);
    int best = nodes[0].first;
    for (int c = best + 1; c < nodes[0].first + nodes[0].count; c++) {
        Node *child = &nodes[c], *chosen = &nodes[best];
        if (child->proven > chosen->proven || (child->proven == chosen->proven && child->n > chosen->n)) best = c;
    }
    return nodes[best].move;
}

static int mark_of(char c) {
    if (c == 'X') return 1;
    if (c == 'O' || c == '0') return 2;
    return 0;
}

/* Read the twelve fields into g; returns the target (-1 free) and sets *me, or -2 if malformed. */
static int read_fields(char **fields, Game *g, int *me) {
    memset(g, 0, sizeof *g);
    *me = mark_of(fields[0][0]);
    if (!*me || fields[0][1]) return -2;
    for (int b = 0; b < 9; b++) {
        if (strlen(fields[1 + b]) != 9) return -2;
        for (int t = 0; t < 9; t++) {
            int mark = mark_of(fields[1 + b][t]);
            if (mark) g->mask[mark][b] |= 1 << t;
        }
    }
    for (int b = 0; b < 9; b++) {
        /* a board's status from its own tiles (the master string cannot tell open from full) */
        if (WINS[g->mask[1][b]])
            g->status[b] = 1;
        else if (WINS[g->mask[2][b]])
            g->status[b] = 2;
        else if ((g->mask[1][b] | g->mask[2][b]) == ALL)
            g->status[b] = FULL;
        if (g->status[b] == 1 || g->status[b] == 2) g->won[g->status[b]] |= 1 << b;
        if (g->status[b] == OPEN) g->opens++;
    }
    const char *last = fields[11];
    if (last[0] >= '0' && last[0] <= '8' && last[1] >= '0' && last[1] <= '8' && !last[2]) {
        int t = last[1] - '0';
        return g->status[t] == OPEN ? t : -1;
    }
    return -1;
}

/* Answer one request; returns 0 if it could not be read. */
static int answer(char **fields, double started, double budget_ms) {
    Game g;
    int me, target = read_fields(fields, &g, &me);
    if (target < -1 || g.opens == 0) return 0;
    int move = choose(&g, target, me, started + budget_ms);
    if (move < 0) return 0;
    printf("%d%d\n", move / 9, move % 9);
    fflush(stdout);
    return 1;
}

int main(int argc, char **argv) {
    const char *clock_name = getenv("FLIT_ARENA_CLOCK");
    if (clock_name && strcmp(clock_name, "cpu") == 0) charging = CLOCK_PROCESS_CPUTIME_ID;
    double started = now_ms();
    init_tables();
    rng_state = (uint64_t)(started * 1000.0) ^ ((uint64_t)(uintptr_t)&started << 16) ^ 0x9E3779B97F4A7C15ULL;
    const char *announced = getenv("FLIT_ARENA_MOVE_MS");
    double move_ms = announced && atof(announced) > 0 ? atof(announced) : DEFAULT_MOVE_MS;
    double budget_ms = SHARE * (move_ms < 20000.0 ? move_ms : 20000.0);
    for (;;) {
        if (argc >= 3 && strcmp(argv[1], "-m") == 0 && atof(argv[2]) > 0) {
            budget_ms = atof(argv[2]);
            argc -= 2;
            argv += 2;
        } else if (argc >= 2 && strcmp(argv[1], "-v") == 0) {
            verbose = 1;
            argc--;
            argv++;
        } else {
            break;
        }
    }
    if (argc == 13) return answer(argv + 1, started, budget_ms) ? 0 : 1;
    if (argc != 1) {
        fprintf(stderr, "usage: uttt_mcts [-m MS] [-v] MARK B0 ... B8 MASTER LAST (without them: line mode)\n");
        return 2;
    }
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        started = now_ms();
        char *fields[12];
        int count = 0;
        for (char *field = strtok(line, " \r\n"); field && count < 12; field = strtok(NULL, " \r\n"))
            fields[count++] = field;
        if (count == 0) continue; /* a blank line */
        if (count != 12 || !answer(fields, started, budget_ms)) {
            printf("none\n"); /* unreadable: no move, an invalid turn */
            fflush(stdout);
        }
    }
    return 0;
}
