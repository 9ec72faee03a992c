/* tdoku behind dlxlab's external-solver protocol (docs/external-solvers.md): one puzzle line in
 * (81 characters, '.' empty), one answer line out, flushed: the solution, `multiple`, `none`, or
 * `limit` for a line it cannot read. Written for dlxlab; it only calls tdoku's public C entry
 * point, linked from the user's own tdoku checkout by scripts/peers/tdoku.sh.
 *
 * tdoku counts its guesses by its own definition (one per branch literal tried), which is not
 * dlxlab's, so it is reported under its own key, `tdoku_guesses=`, which dlxlab ignores. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tdoku.h"

/* TdokuEnumerate's callback: keeps the first solution reported (a unique puzzle's only one). */
static void keep_first(const char *found, void *arg) {
    char *solution = arg;
    if (solution[0] == '\0') memcpy(solution, found, 81);
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    char puzzle[82], solution[82];
    while (getline(&line, &cap, stdin) != -1) {
        size_t n = strcspn(line, "\r\n");
        int ok = n == 81;
        for (size_t i = 0; ok && i < 81; i++) {
            char c = line[i];
            if (c >= '1' && c <= '9') puzzle[i] = c;
            else if (c == '.' || c == '0') puzzle[i] = '.';
            else ok = 0;
        }
        if (!ok) {
            fputs("limit\n", stdout);
        } else {
            puzzle[81] = '\0';
            size_t guesses = 0;
            solution[0] = '\0';
            /* tdoku's solver hands back a solution only when asked for one (limit 1), and its
             * enumerator reports no guesses: count up to two with the solver, for the count and
             * the guesses, and ask the enumerator for a unique puzzle's solution. */
            size_t count = TdokuSolverDpllTriadSimd(puzzle, 2, 0, solution, &guesses);
            if (count == 1) TdokuEnumerate(puzzle, 1, keep_first, solution);
            if (count == 0) printf("none tdoku_guesses=%zu\n", guesses);
            else if (count == 1) printf("%.81s tdoku_guesses=%zu\n", solution, guesses);
            else printf("multiple tdoku_guesses=%zu\n", guesses);
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
