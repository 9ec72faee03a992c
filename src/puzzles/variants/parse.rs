//! Reading a variant puzzle: the fields of its line (givens, regions, cages and sums), checked
//! ([`VariantPuzzle::parse`], [`VariantError`]).

use super::*;

/// Why a puzzle text is not a puzzle of its variant. Columns are 1-based character positions in
/// the field; fields are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// A variant name we do not know.
    #[error("unknown variant `{0}` (classic, x, windoku, jigsaw, killer)")]
    UnknownVariant(String),
    /// Wrong number of whitespace-separated fields.
    #[error("{variant} puzzle needs {expected} field(s) separated by white space, found {found}")]
    Fields {
        /// The variant's name.
        variant: &'static str,
        /// Fields needed.
        expected: usize,
        /// Fields found.
        found: usize,
    },
    /// A grid field of the wrong length.
    #[error("field {field} has {len} characters; expected {expected}")]
    Length {
        /// 1-based field number.
        field: usize,
        /// Characters found.
        len: usize,
        /// Characters needed.
        expected: usize,
    },
    /// A bad character in a grid field.
    #[error("field {field}: bad character {ch:?} at column {col}")]
    Char {
        /// 1-based field number.
        field: usize,
        /// 1-based column.
        col: usize,
        /// The character.
        ch: char,
    },
    /// Jigsaw regions: not exactly 9 labels.
    #[error("regions: found {found} distinct labels; a jigsaw needs 9")]
    RegionCount {
        /// Labels found.
        found: usize,
    },
    /// A jigsaw region without 9 cells.
    #[error("region `{label}` has {size} cells; every region needs 9")]
    RegionSize {
        /// The label.
        label: char,
        /// Its cell count.
        size: usize,
    },
    /// A jigsaw region whose cells are not connected (orthogonal neighbours).
    #[error("region `{label}` is not connected (cells must touch edge to edge)")]
    RegionDisconnected {
        /// The label.
        label: char,
    },
    /// A malformed `label=sum` entry.
    #[error("sums: bad entry `{0}` (expected LABEL=SUM, e.g. A=17)")]
    BadSum(String),
    /// A cage with no sum.
    #[error("cage `{0}` has no sum")]
    MissingSum(char),
    /// A sum for a label that marks no cell, or a label given two sums.
    #[error("sum given for `{0}`, which is not a cage or already has a sum")]
    StraySum(char),
    /// A cage with more than 9 cells.
    #[error("cage `{label}` has {size} cells; at most 9")]
    CageTooLarge {
        /// The label.
        label: char,
        /// Its cell count.
        size: usize,
    },
    /// No set of distinct digits has the cage's size and sum.
    #[error("cage `{label}`: no {size} distinct digits sum to {sum}")]
    CageImpossible {
        /// The label.
        label: char,
        /// Its cell count.
        size: usize,
        /// The sum.
        sum: u32,
    },
    /// Two givens with the same digit in a unit (or a killer cage): the line is not a puzzle of
    /// the variant, as a classic line with such givens is not a Sudoku.
    #[error("digit {digit} given twice in {unit} (r{}c{} and r{}c{})", .cells.0 / .side + 1, .cells.0 % .side + 1, .cells.1 / .side + 1, .cells.1 % .side + 1)]
    Clash {
        /// The digit, as written.
        digit: char,
        /// The unit: `row 3`, `column 5`, `box 2`, `region 4`, `diagonal 1`, `window 3`, `cage A`.
        unit: String,
        /// The two cells (row-major indices), in order.
        cells: (usize, usize),
        /// The side of the grid (to name the cells).
        side: usize,
    },
}

/// A killer cage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The label in the cage map.
    pub label: char,
    /// The sum.
    pub sum: u32,
    /// The cells, increasing.
    pub cells: Vec<usize>,
}

/// A parsed variant puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The variant.
    pub variant: Variant,
    /// The grid shape (9x9 for everything but classic).
    pub shape: Shape,
    /// Givens, `0` empty, row by row.
    pub givens: Vec<u8>,
    /// Jigsaw: the region (0..9, in order of first appearance) of each cell.
    pub regions: Option<Vec<u8>>,
    /// Killer: the cages, in order of first appearance in the map.
    pub cages: Vec<Cage>,
}

pub(super) fn grid_field(field: usize, text: &str, shape: Shape) -> Result<Vec<u8>, VariantError> {
    let len = text.chars().count();
    if len != shape.cells() {
        return Err(VariantError::Length {
            field,
            len,
            expected: shape.cells(),
        });
    }
    text.chars()
        .enumerate()
        .map(|(k, ch)| {
            shape.parse_char(ch).ok_or(VariantError::Char {
                field,
                col: k + 1,
                ch,
            })
        })
        .collect()
}

pub(super) fn label_field(
    field: usize,
    text: &str,
    allow_dot: bool,
) -> Result<Vec<char>, VariantError> {
    let labels: Vec<char> = text.chars().collect();
    if labels.len() != 81 {
        return Err(VariantError::Length {
            field,
            len: labels.len(),
            expected: 81,
        });
    }
    if let Some(k) = labels
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || (allow_dot && c == '.')))
    {
        return Err(VariantError::Char {
            field,
            col: k + 1,
            ch: labels[k],
        });
    }
    Ok(labels)
}

/// Labels in order of first appearance, with their cells.
pub(super) fn groups(labels: &[char]) -> Vec<(char, Vec<usize>)> {
    let mut out: Vec<(char, Vec<usize>)> = Vec::new();
    for (cell, &l) in labels.iter().enumerate() {
        if l == '.' {
            continue;
        }
        match out.iter_mut().find(|(x, _)| *x == l) {
            Some((_, cells)) => cells.push(cell),
            None => out.push((l, vec![cell])),
        }
    }
    out
}

pub(super) fn connected(cells: &[usize]) -> bool {
    let mut seen = vec![cells[0]];
    let mut k = 0;
    while k < seen.len() {
        let c = seen[k];
        k += 1;
        for &x in cells {
            let (dr, dc) = ((c / 9).abs_diff(x / 9), (c % 9).abs_diff(x % 9));
            if dr + dc == 1 && !seen.contains(&x) {
                seen.push(x);
            }
        }
    }
    seen.len() == cells.len()
}

/// The digit sets (bit `d` for digit `d`) of `size` distinct digits 1..=9 summing to `sum`.
pub fn cage_sets(size: usize, sum: u32) -> Vec<u16> {
    (0u16..512)
        .map(|m| m << 1)
        .filter(|&m| {
            m.count_ones() as usize == size
                && (1..=9).filter(|d| m >> d & 1 != 0).sum::<u32>() == sum
        })
        .collect()
}

impl VariantPuzzle {
    /// Parses a puzzle of `variant` from its whitespace-separated fields.
    pub fn parse(variant: Variant, text: &str) -> Result<Self, VariantError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != variant.fields() {
            return Err(VariantError::Fields {
                variant: variant.name(),
                expected: variant.fields(),
                found: fields.len(),
            });
        }
        let shape = if variant == Variant::Classic {
            let len = fields[0].chars().count();
            Shape::from_cell_count(len).ok_or(VariantError::Length {
                field: 1,
                len,
                expected: 81,
            })?
        } else {
            Shape::CLASSIC
        };
        let givens = grid_field(1, fields[0], shape)?;
        let mut puzzle = VariantPuzzle {
            variant,
            shape,
            givens,
            regions: None,
            cages: Vec::new(),
        };
        match variant {
            Variant::Jigsaw => {
                let labels = label_field(2, fields[1], false)?;
                let regions = groups(&labels);
                if regions.len() != 9 {
                    return Err(VariantError::RegionCount {
                        found: regions.len(),
                    });
                }
                let mut map = vec![0u8; 81];
                for (k, (label, cells)) in regions.iter().enumerate() {
                    if cells.len() != 9 {
                        return Err(VariantError::RegionSize {
                            label: *label,
                            size: cells.len(),
                        });
                    }
                    if !connected(cells) {
                        return Err(VariantError::RegionDisconnected { label: *label });
                    }
                    for &c in cells {
                        map[c] = k as u8;
                    }
                }
                puzzle.regions = Some(map);
            }
            Variant::Killer => {
                let labels = label_field(2, fields[1], true)?;
                let mut sums: Vec<(char, u32)> = Vec::new();
                for entry in fields[2].split(',').filter(|e| !e.is_empty()) {
                    let bad = || VariantError::BadSum(entry.to_string());
                    let (l, s) = entry.split_once('=').ok_or_else(bad)?;
                    let mut lc = l.chars();
                    let (Some(label), None) = (lc.next(), lc.next()) else {
                        return Err(bad());
                    };
                    let sum: u32 = s.parse().map_err(|_| bad())?;
                    if sums.iter().any(|&(x, _)| x == label) || !labels.contains(&label) {
                        return Err(VariantError::StraySum(label));
                    }
                    sums.push((label, sum));
                }
                for (label, cells) in groups(&labels) {
                    let sum = sums
                        .iter()
                        .find(|&&(x, _)| x == label)
                        .ok_or(VariantError::MissingSum(label))?
                        .1;
                    if cells.len() > 9 {
                        return Err(VariantError::CageTooLarge {
                            label,
                            size: cells.len(),
                        });
                    }
                    if cage_sets(cells.len(), sum).is_empty() {
                        return Err(VariantError::CageImpossible {
                            label,
                            size: cells.len(),
                            sum,
                        });
                    }
                    puzzle.cages.push(Cage { label, sum, cells });
                }
            }
            _ => {}
        }
        puzzle.check_givens()?;
        Ok(puzzle)
    }

    /// Refuses two equal givens in a unit or a killer cage, naming the first such pair in unit
    /// order (rows, columns, boxes or regions, then diagonals or windows, then cages).
    fn check_givens(&self) -> Result<(), VariantError> {
        let n = self.shape.side();
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for (k, unit) in self.units().into_iter().enumerate() {
            let kind = match (k / n, self.variant) {
                (0, _) => "row",
                (1, _) => "column",
                (2, Variant::Jigsaw) => "region",
                (2, _) => "box",
                (_, Variant::X) => "diagonal",
                _ => "window",
            };
            let number = if k < 3 * n { k % n + 1 } else { k - 3 * n + 1 };
            groups.push((format!("{kind} {number}"), unit));
        }
        for cage in &self.cages {
            groups.push((format!("cage {}", cage.label), cage.cells.clone()));
        }
        for (unit, cells) in groups {
            let mut seen: Vec<Option<usize>> = vec![None; n + 1];
            let mut cells = cells;
            cells.sort_unstable();
            for c in cells {
                let d = usize::from(self.givens[c]);
                if d == 0 {
                    continue;
                }
                if let Some(first) = seen[d] {
                    return Err(VariantError::Clash {
                        digit: Shape::digit_char(self.givens[c]),
                        unit,
                        cells: (first, c),
                        side: n,
                    });
                }
                seen[d] = Some(c);
            }
        }
        Ok(())
    }

    /// The puzzle as one line in the input format, fields separated by one space: the givens
    /// (`.` empty), then for jigsaw the region map (region `k` written as the `k`-th letter from
    /// `A`) and for killer the cage map (each cage's label, `.` outside cages) and the sums
    /// (`A=10,B=17`, in cage order). [`VariantPuzzle::parse`] reads it back to an equal puzzle when
    /// regions and cages are numbered in order of first appearance, as the parser numbers them.
    pub fn to_line(&self) -> String {
        let mut line: String = self
            .givens
            .iter()
            .map(|&d| if d == 0 { '.' } else { Shape::digit_char(d) })
            .collect();
        if let Some(map) = &self.regions {
            line.push(' ');
            line.extend(map.iter().map(|&k| (b'A' + k) as char));
        }
        if self.variant == Variant::Killer {
            let mut labels = vec!['.'; self.givens.len()];
            for cage in &self.cages {
                for &c in &cage.cells {
                    labels[c] = cage.label;
                }
            }
            line.push(' ');
            line.extend(labels);
            line.push(' ');
            let sums: Vec<String> = self
                .cages
                .iter()
                .map(|cage| format!("{}={}", cage.label, cage.sum))
                .collect();
            line.push_str(&sums.join(","));
        }
        line
    }

    /// The units (cell lists that must hold every digit once) of the encoding, in item order.
    pub fn units(&self) -> Vec<Vec<usize>> {
        let s = self.shape;
        let n = s.side();
        let mut units: Vec<Vec<usize>> = (0..n).map(|r| s.row_cells(r).collect()).collect();
        units.extend((0..n).map(|c| s.col_cells(c).collect()));
        match &self.regions {
            Some(map) => {
                units.extend((0..9u8).map(|k| (0..81).filter(|&c| map[c] == k).collect::<Vec<_>>()))
            }
            None => units.extend((0..n).map(|b| s.box_cells(b).collect())),
        }
        match self.variant {
            Variant::X => {
                units.push((0..9).map(|i| i * 9 + i).collect());
                units.push((0..9).map(|i| i * 9 + 8 - i).collect());
            }
            Variant::Windoku => {
                for top in [1, 5] {
                    for left in [1, 5] {
                        units.push((0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect());
                    }
                }
            }
            _ => {}
        }
        units
    }
}
