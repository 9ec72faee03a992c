/* A tiny Sudoku solver with tdoku's solver signature, written for dlxlab's tests of the shared
 * peer driver (scripts/peers/peer_driver.c, tests/integration/peers.rs): backtracking on the empty
 * cell with the fewest candidates, digits ascending, up to `limit` solutions; the first solution
 * goes to `solution`, and a guess is counted per candidate tried at a cell while another remains
 * (the convention of tdoku's table). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The digits (bits 1-9) that the grid's peers of `cell` leave open. */
static unsigned candidates(const char *grid, int cell) {
    int r = cell / 9, c = cell % 9, br = r / 3 * 3, bc = c / 3 * 3;
    unsigned used = 0;
    for (int i = 0; i < 9; i++) {
        char a = grid[r * 9 + i], b = grid[i * 9 + c], x = grid[(br + i / 3) * 9 + bc + i % 3];
        if (a != '.') used |= 1u << (a - '0');
        if (b != '.') used |= 1u << (b - '0');
        if (x != '.') used |= 1u << (x - '0');
    }
    return ~used & 0x3FEu;
}

static size_t search(char *grid, size_t limit, char *solution, size_t found, size_t *guesses) {
    int best = -1, fewest = 10;
    unsigned best_set = 0;
    for (int cell = 0; cell < 81; cell++) {
        if (grid[cell] != '.') continue;
        unsigned set = candidates(grid, cell);
        int n = __builtin_popcount(set);
        if (n < fewest) best = cell, fewest = n, best_set = set;
        if (n == 0) return found;
    }
    if (best < 0) {
        if (found == 0 && solution) memcpy(solution, grid, 81);
        return found + 1;
    }
    for (int d = 1; d <= 9 && found < limit; d++) {
        if (!(best_set & (1u << d))) continue;
        best_set &= ~(1u << d);
        if (best_set) (*guesses)++;
        grid[best] = (char)('0' + d);
        found = search(grid, limit, solution, found, guesses);
        grid[best] = '.';
    }
    return found;
}

size_t TinySolver(const char *input, size_t limit, uint32_t configuration, char *solution,
                  size_t *num_guesses) {
    char grid[81];
    (void)configuration;
    memcpy(grid, input, 81);
    *num_guesses = 0;
    /* Givens that clash: no solution. */
    for (int cell = 0; cell < 81; cell++) {
        if (grid[cell] == '.') continue;
        char d = grid[cell];
        grid[cell] = '.';
        int open = (candidates(grid, cell) >> (d - '0')) & 1;
        grid[cell] = d;
        if (!open) return 0;
    }
    return search(grid, limit, solution, 0, num_guesses);
}
