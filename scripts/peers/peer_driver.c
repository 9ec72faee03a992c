/* One driver for every historical solver of tdoku's benchmark (the scripts/peers/NAME.sh): it calls a
 * solver through tdoku's common signature (src/all_solvers.h in tdoku)
 *
 *   size_t f(const char *input, size_t limit, uint32_t configuration, char *solution,
 *            size_t *num_guesses)
 *
 * and is compiled three times, one program per protocol of dlxlab (PEER_PROGRAM):
 *
 *   1  NAME_whole FILE          the whole job of `dlxlab solve --corpus FILE`: read the corpus,
 *                               count up to two solutions per puzzle, print one answer a line
 *                               (`dlxlab bench --whole-process --peer`); '#' and empty lines are
 *                               skipped, anything after the first 81 characters is ignored.
 *   2  NAME_external            the external-solver protocol (docs/external-solvers.md): a puzzle
 *                               line in, an answer line out, flushed, with the solver's own guess
 *                               count as `peer_guesses=N` (dlxlab does not read it as its own
 *                               `guesses`: each solver counts by its own definition).
 *   3  NAME_loop PUZZLES PASSES WARMUP [SOLUTIONS]
 *                               the in-process loop protocol of `dlxlab bench --in-process-peer`
 *                               (src/harness/loop_peer.rs): puzzles parsed first, then timed passes.
 *
 * An answer is the first solution, `none`, `multiple`, or `unique` for a count of one from a
 * solver that does not hand its solution back (PEER_SOLUTION 0; tdoku's table marks those
 * solvers too); `invalid` (whole job) or `limit` (external) for a line that is not a puzzle.
 *
 * Compile-time settings: PEER_SOLVER (the function), PEER_CONFIGURATION (its `configuration`,
 * default 0), PEER_SOLUTION (1: a count of one comes with the solution), PEER_GUESSES (1: it
 * counts its guesses). Written for dlxlab; the solvers and tdoku's wrappers around them are
 * compiled from the user's own checkouts by the scripts. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef PEER_SOLVER
#error "PEER_SOLVER names the solver function"
#endif
#ifndef PEER_CONFIGURATION
#define PEER_CONFIGURATION 0
#endif
#ifndef PEER_SOLUTION
#define PEER_SOLUTION 1
#endif
#ifndef PEER_GUESSES
#define PEER_GUESSES 1
#endif

size_t PEER_SOLVER(const char *input, size_t limit, uint32_t configuration, char *solution,
                   size_t *num_guesses);

/* Reads the first 81 characters after leading blanks of `line` into `puzzle` as tdoku's signature
 * wants it ('1'-'9', '.' for empty; '0' read as '.'), NUL-terminated (the solvers tell a puzzle from
 * a pencilmark grid by its 82nd byte); 0 when they are not 81 cells. `strict`: nothing may follow. */
static int read_puzzle(const char *line, char puzzle[82], int strict) {
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strcspn(line, strict ? "\r\n" : " \t\r\n");
    if (n != 81) return 0;
    for (size_t i = 0; i < 81; i++) {
        char c = line[i];
        if (c >= '1' && c <= '9') puzzle[i] = c;
        else if (c == '.' || c == '0') puzzle[i] = '.';
        else return 0;
    }
    puzzle[81] = '\0';
    return 1;
}

/* Solves `puzzle` as dlxlab's passes do (count up to two solutions, keep the first) and returns
 * the count; `solution` (82 bytes) receives the first solution when the solver gives it. */
static size_t solve(const char *puzzle, char *solution, size_t *guesses) {
    *guesses = 0;
    memset(solution, 0, 82);
    return PEER_SOLVER(puzzle, 2, PEER_CONFIGURATION, solution, guesses);
}

/* Writes the answer for a count and the solution buffer. */
static void answer(FILE *out, size_t count, const char *solution) {
    if (count == 0) fputs("none", out);
    else if (count > 1) fputs("multiple", out);
    else if (PEER_SOLUTION) fprintf(out, "%.81s", solution);
    else fputs("unique", out);
}

#if PEER_PROGRAM == 1
int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    static char inbuf[1 << 16], outbuf[1 << 16];
    setvbuf(in, inbuf, _IOFBF, sizeof inbuf);
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    char *line = NULL;
    size_t cap = 0, guesses;
    char puzzle[82], solution[82];
    while (getline(&line, &cap, in) != -1) {
        const char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0') continue;
        if (!read_puzzle(p, puzzle, 0)) {
            fputs("invalid\n", stdout);
            continue;
        }
        answer(stdout, solve(puzzle, solution, &guesses), solution);
        putchar('\n');
    }
    free(line);
    if (fflush(stdout) != 0) return 1;
    return ferror(in) ? 1 : 0;
}

#elif PEER_PROGRAM == 2
int main(void) {
    char *line = NULL;
    size_t cap = 0, guesses;
    char puzzle[82], solution[82];
    while (getline(&line, &cap, stdin) != -1) {
        if (!read_puzzle(line, puzzle, 1)) {
            fputs("limit\n", stdout);
        } else {
            answer(stdout, solve(puzzle, solution, &guesses), solution);
            if (PEER_GUESSES) printf(" peer_guesses=%zu", guesses);
            putchar('\n');
        }
        if (fflush(stdout) != 0) return 1;
    }
    free(line);
    return 0;
}

#elif PEER_PROGRAM == 3
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A count: a decimal number, or -1. */
static long count_arg(const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    return (*end != '\0' || end == s || v < 0) ? -1 : v;
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: %s PUZZLES PASSES WARMUP [SOLUTIONS]\n", argv[0]);
        return 2;
    }
    long passes = count_arg(argv[2]), warmup = count_arg(argv[3]);
    if (passes < 0 || warmup < 0) {
        fprintf(stderr, "%s: PASSES and WARMUP must be counts\n", argv[0]);
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    size_t n = 0, cap = 1024, line_cap = 0, guesses;
    char *puzzles = malloc(82 * cap), *line = NULL;
    while (puzzles && getline(&line, &line_cap, in) != -1) {
        if (n == cap) {
            char *more = realloc(puzzles, 82 * (cap *= 2));
            if (!more) free(puzzles);
            puzzles = more;
            if (!puzzles) break;
        }
        if (!read_puzzle(line, puzzles + 82 * n, 1)) {
            fprintf(stderr, "%s: %s line %zu: not a puzzle of 81 cells\n", argv[0], argv[1], n + 1);
            return 2;
        }
        n++;
    }
    free(line);
    fclose(in);
    char *solutions = puzzles ? malloc(82 * (n ? n : 1)) : NULL;
    size_t *counts = malloc(sizeof(size_t) * (n ? n : 1));
    if (!solutions || !counts) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 2;
    }
    for (long w = 0; n > 0 && w < warmup; w++) {
        size_t i = (size_t)w % n;
        solve(puzzles + 82 * i, solutions + 82 * i, &guesses);
    }
    for (long p = 0; p < passes; p++) {
        double start = now();
        for (size_t i = 0; i < n; i++) counts[i] = solve(puzzles + 82 * i, solutions + 82 * i, &guesses);
        printf("%.9f\n", now() - start);
    }
    if (argc == 5) {
        FILE *out = fopen(argv[4], "w");
        if (!out) {
            perror(argv[4]);
            return 1;
        }
        for (size_t i = 0; i < n; i++) {
            if (passes == 0) counts[i] = solve(puzzles + 82 * i, solutions + 82 * i, &guesses);
            answer(out, counts[i], solutions + 82 * i);
            fputc('\n', out);
        }
        if (fclose(out) != 0) return 1;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

#else
#error "PEER_PROGRAM is 1 (whole job), 2 (external protocol) or 3 (in-process loop)"
#endif
