/* tdoku timed in process, by the loop protocol of `dlxlab bench --in-process-peer` (docs/performance.md,
 * "In process against a C peer"): the same work per puzzle as dlxlab's in-process passes — count up
 * to two solutions and keep the first one — in a loop over puzzles already parsed into memory.
 * Written for dlxlab; it only calls tdoku's public C entry point (include/tdoku.h), linked from the
 * user's own tdoku checkout by scripts/peers/tdoku.sh.
 *
 *   tdoku_loop PUZZLES PASSES WARMUP [SOLUTIONS]
 *
 * PUZZLES: one puzzle a line, 81 characters ('1'-'9', '.' or '0'), as `dlxlab bench` writes them.
 * WARMUP puzzles are solved first, untimed (cycling through the list); then PASSES timed passes over
 * all the puzzles, each printed on its own line as seconds of the monotonic clock. SOLUTIONS, when
 * given, receives one line per puzzle from the last pass: the first solution, `none` or `multiple`.
 * Exit status 2 for bad arguments or an unreadable or malformed PUZZLES file, 1 for a write error. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tdoku.h"

/* TdokuEnumerate's callback: keeps the first solution reported. */
static void keep_first(const char *found, void *arg) {
    char *solution = arg;
    if (solution[0] == '\0') memcpy(solution, found, 81);
}

/* Solves puzzle `i` as dlxlab's passes do: up to two solutions, the first one kept. */
static size_t solve(const char *puzzles, char *solutions, size_t i) {
    char *solution = solutions + 82 * i;
    solution[0] = '\0';
    return TdokuEnumerate(puzzles + 82 * i, 2, keep_first, solution);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: tdoku_loop PUZZLES PASSES WARMUP [SOLUTIONS]\n");
        return 2;
    }
    char *end;
    long passes = strtol(argv[2], &end, 10);
    if (*end != '\0' || passes < 0) {
        fprintf(stderr, "tdoku_loop: PASSES must be a count, not '%s'\n", argv[2]);
        return 2;
    }
    long warmup = strtol(argv[3], &end, 10);
    if (*end != '\0' || warmup < 0) {
        fprintf(stderr, "tdoku_loop: WARMUP must be a count, not '%s'\n", argv[3]);
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    size_t n = 0, cap = 1024;
    char *puzzles = malloc(82 * cap);
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t len;
    while ((len = getline(&line, &line_cap, in)) != -1) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
        if (len != 81) {
            fprintf(stderr, "tdoku_loop: %s line %zu: not 81 characters\n", argv[1], n + 1);
            return 2;
        }
        if (n == cap) {
            cap *= 2;
            puzzles = realloc(puzzles, 82 * cap);
        }
        if (!puzzles) {
            fprintf(stderr, "tdoku_loop: out of memory\n");
            return 2;
        }
        for (size_t i = 0; i < 81; i++) {
            char c = line[i];
            if (c == '0') c = '.';
            if (c != '.' && (c < '1' || c > '9')) {
                fprintf(stderr, "tdoku_loop: %s line %zu: '%c' is not a cell\n", argv[1], n + 1, c);
                return 2;
            }
            puzzles[82 * n + i] = c;
        }
        puzzles[82 * n + 81] = '\0';
        n++;
    }
    free(line);
    fclose(in);
    char *solutions = malloc(82 * (n ? n : 1));
    size_t *counts = malloc(sizeof(size_t) * (n ? n : 1));
    if (!solutions || !counts) {
        fprintf(stderr, "tdoku_loop: out of memory\n");
        return 2;
    }
    for (long w = 0; n > 0 && w < warmup; w++) solve(puzzles, solutions, (size_t)w % n);
    for (long p = 0; p < passes; p++) {
        double start = now();
        for (size_t i = 0; i < n; i++) counts[i] = solve(puzzles, solutions, i);
        printf("%.9f\n", now() - start);
    }
    if (argc == 5) {
        FILE *out = fopen(argv[4], "w");
        if (!out) {
            perror(argv[4]);
            return 1;
        }
        for (size_t i = 0; i < n; i++) {
            if (passes == 0) counts[i] = solve(puzzles, solutions, i);
            if (counts[i] == 0) fputs("none\n", out);
            else if (counts[i] == 1) fprintf(out, "%.81s\n", solutions + 82 * i);
            else fputs("multiple\n", out);
        }
        if (fclose(out) != 0) return 1;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
