//! `dlxlab gen-xc`: write a classic problem in Knuth's DLX text format.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::{Args, Subcommand};

use dlxlab::puzzles::board::{shape, BoardError, BoardFill};
use dlxlab::puzzles::langford::Langford;
use dlxlab::puzzles::latin::LatinSquares;
use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::queens::Queens;
use dlxlab::puzzles::sudoku::encode_puzzle;
use dlxlab::sudoku::{Grid, Shape};
use dlxlab::xc::format;

const EXAMPLES: &str = "\
The output is Knuth's format: pipe it into `dlxlab xc -`, or into Knuth's dlx1/dlx2/dlx3 (the
names fit his limits). Item and option order are fixed and documented, so node counts can be
compared between programs.

Examples:
  dlxlab gen-xc queens 8 | dlxlab xc - --count                   # 92
  dlxlab gen-xc queens 12 > q12.dlx && dlx1 < q12.dlx             # Knuth's program, same nodes
  dlxlab gen-xc pentomino 6x10 | dlxlab xc - --count             # 9356
  dlxlab gen-xc pentomino 6x10 --symmetry | dlxlab xc - --count  # 2339
  dlxlab gen-xc langford 7 | dlxlab xc - --count                 # 52
  dlxlab gen-xc latin 5 | dlxlab xc - --count                    # 161280 (colours: dlx2)
  dlxlab gen-xc domino 8x8 | dlxlab xc - --engine memo --count   # 12988816
  dlxlab gen-xc domino 4x4 --holes 0,0,3,3 | dlxlab xc - --count # 2 (corners removed)
  dlxlab gen-xc fill 5x6 --shapes L3 | dlxlab xc - --engine memo --count
  dlxlab gen-xc sudoku 1.3.3..2.1.34..1 | dlxlab xc -           # a 4x4 puzzle
  dlxlab gen-xc sudoku --box 2x3 1.....2.....3.....4.....5.....6..... > six.dlx   # 6x6";

/// Write a classic problem (queens, pentomino, langford, latin, sudoku) in Knuth's format.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct GenXcArgs {
    #[command(subcommand)]
    problem: Generate,
}

#[derive(Subcommand, Debug)]
enum Generate {
    /// N queens: rows r0.. and columns c0.. primary, diagonals a0.. (i+j) and b0.. (i-j+N-1)
    /// secondary; options row-major, `r_i c_j a_{i+j} b_{i-j+N-1}`.
    Queens {
        /// The board size.
        n: usize,
    },
    /// The 12 pentominoes tiling a ROWSxCOLS rectangle (6x10, 5x12, 4x15, 3x20, ...): items are
    /// the piece letters, then the cells r{row}c{col}.
    Pentomino {
        /// The board, rows x columns, e.g. 6x10 (the area must be 60).
        #[arg(value_name = "ROWSxCOLS")]
        board: String,
        /// Count each tiling once up to the board's symmetries, by restricting one piece
        /// (multiply the count by 4, or 8 on a square board, to get all tilings).
        #[arg(long)]
        symmetry: bool,
    },
    /// Domino tilings of a ROWSxCOLS board, with optional holes: items the cells r{row}c{col}
    /// row by row; options cell by cell, horizontal before vertical.
    Domino {
        /// The board, rows x columns, e.g. 8x8.
        #[arg(value_name = "ROWSxCOLS")]
        board: String,
        /// Cells left out, as row,col pairs counted from 0: `--holes 0,0,3,3` (or `0,0;3,3`).
        #[arg(long, value_name = "R,C,...")]
        holes: Option<String>,
    },
    /// Fill a ROWSxCOLS board (with optional holes) with copies of polyominoes, each used any
    /// number of times, in any rotation or reflection.
    Fill {
        /// The board, rows x columns.
        #[arg(value_name = "ROWSxCOLS")]
        board: String,
        /// The shapes, comma-separated: domino, I3, L3, I4, O4, T4, L4, S4, F5 ... Z5.
        #[arg(long, value_name = "NAMES", required = true)]
        shapes: String,
        /// Cells left out, as row,col pairs counted from 0.
        #[arg(long, value_name = "R,C,...")]
        holes: Option<String>,
    },
    /// Langford pairs: two copies of 1..N in a row, the copies of k with k numbers between them.
    /// Items 1..N and positions s1..s{2N}; a sequence and its reversal both count.
    Langford {
        /// The largest number.
        n: usize,
    },
    /// Latin squares of order N with colours: rows r0.. and columns c0.. primary, each filled by
    /// one permutation; cells x{i}_{j} secondary, coloured by their symbol, so that a row and a
    /// column agree on their common cell (576 squares for N = 4, 161,280 for N = 5).
    Latin {
        /// The order, 1 to 8.
        n: usize,
        /// Only reduced squares: first row and first column 1 2 ... N (56 for N = 5, 9,408 for 6).
        #[arg(long)]
        reduced: bool,
    },
    /// A Sudoku puzzle, reduced by its givens (the matrix dlxlab's dlx solver searches).
    Sudoku {
        /// Box shape, rows x columns (e.g. 2x3 for 6x6 Sudoku); default: square boxes, from the
        /// puzzle's length.
        #[arg(long = "box", value_name = "RxC")]
        box_shape: Option<String>,
        /// The puzzle as one line, row by row, `.` or `0` for an empty cell.
        puzzle: String,
    },
}

/// Parses `AxB` into two positive numbers.
fn dimensions(text: &str, what: &str) -> anyhow::Result<(usize, usize)> {
    let parse = |s: &str| s.trim().parse::<usize>().ok().filter(|&v| v > 0);
    match text.split_once(['x', 'X']) {
        Some((a, b)) => match (parse(a), parse(b)) {
            (Some(a), Some(b)) => Ok((a, b)),
            _ => bail!("{what} `{text}`: expected two positive numbers like 6x10"),
        },
        None => bail!("{what} `{text}`: expected two positive numbers like 6x10"),
    }
}

/// Parses `--holes`: numbers separated by commas, semicolons or spaces, taken in pairs.
fn holes(text: Option<&str>) -> anyhow::Result<Vec<(usize, usize)>> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    let numbers: Vec<usize> = text
        .split([',', ';', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.trim()
                .parse::<usize>()
                .with_context(|| format!("--holes `{text}`: `{s}` is not a number"))
        })
        .collect::<anyhow::Result<_>>()?;
    if numbers.len() % 2 != 0 {
        bail!("--holes `{text}`: expected row,col pairs");
    }
    Ok(numbers.chunks(2).map(|p| (p[0], p[1])).collect())
}

fn holes_comment(holes: &[(usize, usize)]) -> String {
    if holes.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = holes.iter().map(|(r, c)| format!("{r},{c}")).collect();
        format!(" --holes {}", list.join(","))
    }
}

/// Runs `dlxlab gen-xc`.
pub fn run(args: GenXcArgs) -> anyhow::Result<ExitCode> {
    let (comment, problem) = match args.problem {
        Generate::Queens { n } => {
            let q = Queens::new(n).context("queens: N must be at least 1")?;
            (
                format!(
                    "{n} queens (dlxlab gen-xc queens {n})\n\
                     rows and columns primary, diagonals a (i+j) and b (i-j+{}) secondary",
                    n.saturating_sub(1)
                ),
                q.problem().clone(),
            )
        }
        Generate::Pentomino { board, symmetry } => {
            let (rows, cols) = dimensions(&board, "board")?;
            let t = Tiling::pentominoes(rows, cols, symmetry)?;
            let mut comment = format!(
                "the 12 pentominoes tiling a {rows}x{cols} rectangle (dlxlab gen-xc pentomino {board}{})",
                if symmetry { " --symmetry" } else { "" }
            );
            if let Some(piece) = t.restricted_piece() {
                comment.push_str(&format!(
                    "\npiece {} restricted: each tiling counted once up to the board's {} symmetries",
                    piece.name,
                    t.symmetry_factor()
                ));
            }
            (comment, t.problem().clone())
        }
        Generate::Domino { board, holes: h } => {
            let (rows, cols) = dimensions(&board, "board")?;
            let h = holes(h.as_deref())?;
            let fill = BoardFill::dominoes(rows, cols, &h)?;
            (
                format!(
                    "domino tilings of the {rows}x{cols} board (dlxlab gen-xc domino {board}{})",
                    holes_comment(&h)
                ),
                fill.problem().clone(),
            )
        }
        Generate::Fill {
            board,
            shapes,
            holes: h,
        } => {
            let (rows, cols) = dimensions(&board, "board")?;
            let h = holes(h.as_deref())?;
            let pieces = shapes
                .split(',')
                .map(|n| shape(n.trim()).ok_or_else(|| BoardError::UnknownShape(n.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            let fill = BoardFill::new(rows, cols, &h, &pieces)?;
            (
                format!(
                    "the {rows}x{cols} board filled with copies of {shapes} (dlxlab gen-xc fill {board} --shapes {shapes}{})",
                    holes_comment(&h)
                ),
                fill.problem().clone(),
            )
        }
        Generate::Langford { n } => {
            let l = Langford::new(n).context("langford: N must be at least 1")?;
            (
                format!("Langford pairs for 1..{n} (dlxlab gen-xc langford {n})"),
                l.problem().clone(),
            )
        }
        Generate::Latin { n, reduced } => {
            let l = LatinSquares::new(n, reduced).context("latin: N must be from 1 to 8")?;
            let flag = if reduced { " --reduced" } else { "" };
            (
                format!(
                    "Latin squares of order {n}{} (dlxlab gen-xc latin {n}{flag})\n\
                     rows r and columns c primary, one permutation each; cells x secondary, coloured by symbol",
                    if reduced { ", reduced" } else { "" }
                ),
                l.problem().clone(),
            )
        }
        Generate::Sudoku { box_shape, puzzle } => {
            let grid = match &box_shape {
                Some(b) => {
                    let (r, c) = dimensions(b, "box")?;
                    let shape = Shape::new(r, c)
                        .with_context(|| format!("box {r}x{c}: unsupported Sudoku shape"))?;
                    Grid::parse_with_shape(puzzle.trim(), shape)?
                }
                None => Grid::parse(puzzle.trim())?,
            };
            if let Err(e) = grid.check_givens() {
                writeln!(
                    io::stderr(),
                    "dlxlab: warning: the givens clash ({e}): the problem has no solution"
                )?;
            }
            let shape = grid.shape();
            (
                format!(
                    "Sudoku with {}x{} boxes, {} givens: {}\n\
                     cells p, rows r, columns c and boxes b; items and options settled by the givens left out",
                    shape.box_rows(),
                    shape.box_cols(),
                    grid.givens(),
                    grid.to_line()
                ),
                encode_puzzle(&grid),
            )
        }
    };
    if !format::fits_knuth_limits(&problem) {
        writeln!(
            io::stderr(),
            "dlxlab: warning: some names exceed Knuth's limits (8 characters); his programs will not read this"
        )?;
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    format::write_comment(&comment, &mut out)?;
    format::write(&problem, &mut out)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
