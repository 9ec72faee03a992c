//! The grid as HoDoKu 2.2 keeps it while it rates, with the two queues that decide which single it
//! takes next.
//!
//! HoDoKu does not search the grid for singles: its grid records a possible naked single whenever
//! a cell drops to one candidate, and a possible hidden single whenever a digit drops to one place
//! in a house, in the order these events happen. The next full house, naked single or hidden
//! single is the oldest entry of its queue that still holds. Which single is played first decides
//! how many full houses, naked singles (4 points each) and hidden singles (14 points) the path
//! has, so the score depends on these queues; this file reproduces them event by event.
//!
//! ## Layout
//! ```text
//! cell index    9*row + col (0..81)
//! candidates    u16, bit d set when digit d (1..=9) is still possible; 0 once placed
//! house         0..9 rows, 9..18 columns, 18..27 boxes (HoDoKu's constraint numbers)
//! free[h][d]    how many cells of house h still hold candidate d
//! ```

/// The three houses of every cell, as (row, column, box) house numbers.
pub(super) fn houses_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r, 9 + c, 18 + (r / 3) * 3 + c / 3]
}

/// The nine cells of house `h`: rows left to right, columns top down, boxes row by row.
pub(super) fn house_cells(h: usize) -> [usize; 9] {
    let mut out = [0; 9];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = match h {
            0..=8 => 9 * h + i,
            9..=17 => 9 * i + (h - 9),
            _ => {
                let b = h - 18;
                9 * ((b / 3) * 3 + i / 3) + (b % 3) * 3 + i % 3
            }
        };
    }
    out
}

/// True when two different cells share a house (HoDoKu's `Sudoku2.buddies`).
pub(super) fn sees(a: usize, c: usize) -> bool {
    a != c && houses_of(a).iter().zip(houses_of(c)).any(|(x, y)| *x == y)
}

/// The cells sharing a house with `cell`, itself excluded, as a bit set (bit = cell index).
pub(super) fn buddies(cell: usize) -> u128 {
    BUDDIES[cell]
}

/// [`buddies`] of every cell, made at compile time.
static BUDDIES: [u128; 81] = {
    let mut out = [0u128; 81];
    let mut a = 0;
    while a < 81 {
        let mut c = 0;
        while c < 81 {
            let same_box = (a / 27 == c / 27) && (a % 9 / 3 == c % 9 / 3);
            if c != a && (a / 9 == c / 9 || a % 9 == c % 9 || same_box) {
                out[a] |= 1 << c;
            }
            c += 1;
        }
        a += 1;
    }
    out
};

/// The cells of a cell set (bit = cell index), ascending.
pub(super) fn cells_of(set: u128) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            c
        })
    })
}

/// The cells of house `h` as a cell set.
pub(super) fn house_set(h: usize) -> u128 {
    HOUSE_SETS[h]
}

/// [`house_set`] of every house, made at compile time (rows, columns, boxes).
static HOUSE_SETS: [u128; 27] = {
    let mut out = [0u128; 27];
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        out[r] |= 1 << c;
        out[9 + k] |= 1 << c;
        out[18 + r / 3 * 3 + k / 3] |= 1 << c;
        c += 1;
    }
    out
};

/// The digits of a candidate mask, ascending.
pub(super) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| mask & (1 << d) != 0)
}

/// A queue of possible singles (cell, digit) in the order they appeared. Entries are consumed
/// from the front, and the whole queue restarts at position 0 whenever it runs empty, as
/// HoDoKu's does; stale entries (a cell since filled) are skipped by the readers.
#[derive(Clone, Debug, Default)]
pub(super) struct SinglesQueue {
    entries: Vec<(u8, u8)>,
    get: usize,
    put: usize,
}

impl SinglesQueue {
    fn add(&mut self, cell: usize, d: u8) {
        if self.put == self.entries.len() {
            self.entries.push((cell as u8, d));
        } else {
            self.entries[self.put] = (cell as u8, d);
        }
        self.put += 1;
    }

    /// Takes the front entry, if any.
    pub(super) fn take(&mut self) -> Option<(usize, u8)> {
        if self.get >= self.put {
            return None;
        }
        let (cell, d) = self.entries[self.get];
        self.get += 1;
        if self.get >= self.put {
            self.get = 0;
            self.put = 0;
        }
        Some((cell as usize, d))
    }

    /// The pending entries, front first, without consuming them.
    pub(super) fn pending(&self) -> &[(u8, u8)] {
        &self.entries[self.get..self.put]
    }

    fn remove_at(&mut self, i: usize) {
        self.entries.copy_within(i + 1..self.put, i);
        self.put -= 1;
    }

    fn delete_hidden(&mut self, house: usize, d: u8) {
        let hit = (self.get..self.put).find(|&i| {
            let (cell, v) = self.entries[i];
            v == d && houses_of(cell as usize).contains(&house)
        });
        if let Some(i) = hit {
            self.remove_at(i);
        }
    }
}

/// HoDoKu's grid: values, candidates, per-house counts and the two singles queues (opaque outside
/// this module; public only because [`super::StepConfig::absent`] takes it).
#[derive(Clone, Debug)]
pub struct Board {
    pub(super) values: [u8; 81],
    pub(super) cands: [u16; 81],
    pub(super) free: [[u8; 10]; 27],
    pub(super) naked: SinglesQueue,
    pub(super) hidden: SinglesQueue,
    unsolved: u32,
    /// True for the cells given in the puzzle (HoDoKu's `isFixed`), as opposed to placed ones.
    pub(super) givens: [bool; 81],
    /// False once an elimination emptied a cell or a placement broke a house.
    pub(super) valid: bool,
}

/// All nine digits as a candidate mask.
const ALL: u16 = 0b11_1111_1110;

impl Board {
    /// The empty grid with the givens of `clues` placed in cell order (0 for an empty cell), as
    /// HoDoKu loads an 81-character puzzle line.
    pub(super) fn new(clues: &[u8; 81]) -> Board {
        let mut board = Board {
            values: [0; 81],
            cands: [ALL; 81],
            free: [[9; 10]; 27],
            naked: SinglesQueue::default(),
            hidden: SinglesQueue::default(),
            unsolved: 81,
            givens: [false; 81],
            valid: true,
        };
        for (cell, &d) in clues.iter().enumerate() {
            if d != 0 {
                board.givens[cell] = true;
                board.place(cell, d);
            }
        }
        board
    }

    /// True when every cell holds a digit.
    pub(super) fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// True when neither singles queue holds an entry.
    pub(super) fn queues_empty(&self) -> bool {
        self.naked.pending().is_empty() && self.hidden.pending().is_empty()
    }

    /// True when `cell` still holds candidate `d`.
    pub(super) fn has(&self, cell: usize, d: u8) -> bool {
        self.cands[cell] & (1 << d) != 0
    }

    fn add_hidden(&mut self, house: usize, d: u8) {
        if let Some(&cell) = house_cells(house).iter().find(|&&c| self.has(c, d)) {
            self.hidden.add(cell, d);
        }
    }

    /// Removes candidate `d` from `cell`, queueing the singles this creates.
    pub(super) fn eliminate(&mut self, cell: usize, d: u8) {
        if !self.has(cell, d) {
            return;
        }
        self.cands[cell] &= !(1 << d);
        if self.cands[cell] == 0 {
            self.valid = false;
            return;
        }
        if self.cands[cell].count_ones() == 1 {
            let last = self.cands[cell].trailing_zeros() as u8;
            self.naked.add(cell, last);
        }
        for h in houses_of(cell) {
            self.free[h][d as usize] -= 1;
            match self.free[h][d as usize] {
                1 => self.add_hidden(h, d),
                0 => self.hidden.delete_hidden(h, d),
                _ => {}
            }
        }
    }

    /// Places `d` in `cell`: the digit leaves the cell's peers (in cell order), then the cell's
    /// own candidates leave its houses' counts.
    pub(super) fn place(&mut self, cell: usize, d: u8) {
        if self.values[cell] != 0 {
            return;
        }
        self.values[cell] = d;
        let own = self.cands[cell];
        self.cands[cell] = 0;
        self.unsolved -= 1;
        let hs = houses_of(cell);
        self.clear_peers(cell, d);
        for cand in digits(own) {
            for h in hs {
                self.free[h][cand as usize] -= 1;
                let left = self.free[h][cand as usize];
                if left == 1 && cand != d {
                    self.add_hidden(h, cand);
                } else if left == 0 && cand != d {
                    self.valid = false;
                }
            }
        }
    }

    /// `Sudoku2.setCell` as HoDoKu's forcing-net search calls it on its scratch copy, where a
    /// single found late in a look-ahead round may land on a cell already filled: a cell
    /// holding `d` is left alone; a cell holding another digit takes `d` (its candidates are
    /// gone already, so only `d` leaves its peers).
    pub(super) fn set_over(&mut self, cell: usize, d: u8) {
        match self.values[cell] {
            0 => self.place(cell, d),
            v if v == d => {}
            _ => {
                self.values[cell] = d;
                self.clear_peers(cell, d);
            }
        }
    }

    /// Removes `d` from the peers of `cell`, in cell order.
    fn clear_peers(&mut self, cell: usize, d: u8) {
        for peer in cells_of(buddies(cell)) {
            self.eliminate(peer, d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_restarts_when_it_runs_empty_and_deletes_the_first_match() {
        let mut q = SinglesQueue::default();
        q.add(3, 1);
        q.add(4, 2);
        assert_eq!(q.take(), Some((3, 1)));
        assert_eq!(q.take(), Some((4, 2)));
        assert_eq!((q.get, q.put), (0, 0));
        q.add(10, 5);
        q.add(11, 5);
        // Cells 10 and 11 share row 1 (house 1): only the first entry goes.
        q.delete_hidden(1, 5);
        assert_eq!(q.pending(), &[(11, 5)]);
    }

    #[test]
    fn a_placement_queues_the_singles_it_creates_in_event_order() {
        // Row 0 holds 1..8 in its first eight cells: the last cell becomes a naked single, and
        // digit 9 is left with one place in row 0 (a hidden single), both queued.
        let mut clues = [0u8; 81];
        for (c, slot) in clues.iter_mut().take(8).enumerate() {
            *slot = c as u8 + 1;
        }
        let b = Board::new(&clues);
        assert!(b.naked.pending().contains(&(8, 9)));
        assert!(b.hidden.pending().contains(&(8, 9)));
        assert_eq!(b.free[0][9], 1);
        assert!(b.valid && !b.is_solved());
    }
}
