#!/usr/bin/env python3
"""A reference adapter for dlxlab's --external protocol, in plain Python (3.8+, no packages).

    dlxlab study --external py-mrv="python3 examples/external_solver.py"

Reads one 9x9 puzzle per line on standard input and answers one line per puzzle:
the solution when it is unique, `multiple`, or `none`, followed by `nodes=N guesses=G`.
The solver is a small one on purpose: naked singles to a fixpoint at every node, then a
branch on the cell with fewest candidates. `nodes` counts the states entered (the root
and each trial value); `guesses` counts trials at cells with two or more candidates —
the definitions dlxlab uses for its own propagation solvers (docs/solvers.md).
"""
import sys

ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
BOXES = [[(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
         for br in range(3) for bc in range(3)]
PEERS = [sorted({p for unit in ROWS + COLS + BOXES if i in unit for p in unit} - {i})
         for i in range(81)]
ALL = 0x1FF


def propagate(cells):
    """Fills naked singles until none is left; False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for i in range(81):
            if cells[i] == 0:
                return False
            if cells[i] & (cells[i] - 1) == 0:
                for p in PEERS[i]:
                    if cells[p] & cells[i]:
                        cells[p] &= ~cells[i]
                        if cells[p] == 0:
                            return False
                        if cells[p] & (cells[p] - 1) == 0:
                            changed = True
    return True


class Search:
    def __init__(self):
        self.nodes = 0
        self.guesses = 0
        self.solutions = []

    def run(self, cells):
        self.nodes += 1
        if not propagate(cells):
            return
        open_cells = [i for i in range(81) if cells[i] & (cells[i] - 1)]
        if not open_cells:
            self.solutions.append(cells)
            return
        cell = min(open_cells, key=lambda i: bin(cells[i]).count("1"))
        for d in range(9):
            bit = 1 << d
            if cells[cell] & bit:
                self.guesses += 1
                child = list(cells)
                child[cell] = bit
                self.run(child)
                if len(self.solutions) >= 2:
                    return


def answer(line):
    text = line.strip().split()
    if not text or len(text[0]) != 81:
        return "limit"
    cells = []
    for ch in text[0]:
        cells.append(1 << (int(ch) - 1) if ch in "123456789" else ALL)
    search = Search()
    search.run(cells)
    counters = "nodes=%d guesses=%d" % (search.nodes, search.guesses)
    if not search.solutions:
        return "none " + counters
    if len(search.solutions) > 1:
        return "multiple " + counters
    digits = "".join(str(c.bit_length()) for c in search.solutions[0])
    return digits + " " + counters


def main():
    for line in sys.stdin:
        sys.stdout.write(answer(line) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
