/* tdoku doing the whole job of `dlxlab solve --corpus FILE` as one process: read the corpus, prove
 * each puzzle's solution unique (count up to two), print the solution or `multiple` / `none` /
 * `invalid` per puzzle line, buffered. Written for dlxlab; it only calls tdoku's public C entry
 * point (include/tdoku.h), linked from the user's own tdoku checkout by scripts/peers/tdoku.sh.
 *
 *   tdoku_whole FILE > solutions.txt
 *
 * Lines that are empty or start with '#' are skipped, as dlxlab skips them; anything after the
 * first 81 characters (a rating, a comment) is ignored. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tdoku.h"

/* TdokuEnumerate's callback: keeps the first solution reported (a unique puzzle's only one). */
static void keep_first(const char *found, void *arg) {
    char *solution = arg;
    if (solution[0] == '\0') memcpy(solution, found, 81);
}

/* Copies the first white-space-delimited token of `line` into `puzzle` as tdoku wants it ('.' for
 * empty cells, which dlxlab also reads as '0'); returns 0 when the token is not 81 cells. */
static int read_puzzle(const char *line, char puzzle[82]) {
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strcspn(line, " \t\r\n");
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

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: tdoku_whole FILE\n");
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
    size_t cap = 0;
    char puzzle[82], solution[82];
    while (getline(&line, &cap, in) != -1) {
        const char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0') continue;
        if (!read_puzzle(p, puzzle)) {
            fputs("invalid\n", stdout);
            continue;
        }
        /* One search: tdoku's enumerator counts up to two and reports each solution found (its
         * solver proper hands back a solution only when the limit is 1). */
        solution[0] = '\0';
        size_t count = TdokuEnumerate(puzzle, 2, keep_first, solution);
        if (count == 0) fputs("none\n", stdout);
        else if (count == 1) printf("%.81s\n", solution);
        else fputs("multiple\n", stdout);
    }
    free(line);
    if (fflush(stdout) != 0) return 1;
    return ferror(in) ? 1 : 0;
}
