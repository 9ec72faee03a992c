//! The `sudoku` crate doing the whole job of `dlxlab solve --corpus FILE` as one process: read
//! the corpus, prove each puzzle's solution unique (count up to two), print the solution or
//! `multiple` / `none` / `invalid` per puzzle line, buffered. `dlxlab bench --whole-process`
//! times it against `dlxlab solve` on the same file.
//!
//! ```sh
//! cargo build --release --example sudoku_whole
//! target/release/examples/sudoku_whole puzzles.txt > solutions.txt
//! ```

use std::io::{self, BufRead, BufReader, BufWriter, Write};

use sudoku::Sudoku;

fn main() -> io::Result<()> {
    let path = std::env::args().nth(1).expect("usage: sudoku_whole FILE");
    let reader = BufReader::with_capacity(1 << 16, std::fs::File::open(path)?);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = Vec::new();
    let mut reader = reader;
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        let Some(puzzle) = text.split_whitespace().next() else {
            continue;
        };
        if puzzle.starts_with('#') {
            continue;
        }
        match Sudoku::from_str_line(puzzle) {
            Err(_) => writeln!(out, "invalid")?,
            Ok(sudoku) => {
                let mut found = [[0u8; 81]; 2];
                match sudoku.solutions_up_to_buffer(&mut found, 2) {
                    0 => writeln!(out, "none")?,
                    1 => {
                        let digits: Vec<u8> = found[0].iter().map(|d| b'0' + d).collect();
                        out.write_all(&digits)?;
                        out.write_all(b"\n")?;
                    }
                    _ => writeln!(out, "multiple")?,
                }
            }
        }
    }
    out.flush()
}
