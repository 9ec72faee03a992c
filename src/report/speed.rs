//! The speed report's figures (reports/speed, issue 23), drawn from the tidy `speed.csv` that
//! `scripts/speed-report.py` writes from `dlxlab bench`'s tables: one row per corpus, program and
//! mode.
//!
//! `speed.csv`'s columns: `corpus`, `program` (a built-in solver, `sudoku-crate`, `tdoku_loop`
//! (tdoku's in-process loop, `bench --in-process-peer`), or a whole-job program: `sudoku_whole`,
//! `tdoku_whole`), `mode` (`in-process`: the `dlxlab bench` loop or the peer's own loop, wall
//! time; `whole-process`: the program run on the whole file, CPU time of the child), `puzzles`,
//! `repeats` (how often the corpus was repeated for the whole-process runs), `us_per_puzzle`,
//! `puzzles_per_s` (from `us_per_puzzle`), `guesses_per_puzzle` (docs/solvers.md's definition;
//! for `tdoku_whole` tdoku's own count, one per binary branch), `vs_sudoku_crate` and `vs_tdoku`
//! (the peer's time over the program's in the same run: above 1 the program is faster; CPU time
//! for whole-process rows). An empty cell is a value that was not measured.
//!
//! Three figures:
//! - `speed-vs-peers`: per corpus, each of dlxlab's programs against tdoku and the `sudoku` crate
//!   (ratios, log scale, a line at 1) — the targets at a glance;
//! - `speed-throughput`: puzzles per second of every program, one dot per corpus;
//! - `speed-guesses`: guesses per puzzle against µs per puzzle, one point per program and corpus.

use std::path::Path;

use serde::Deserialize;

use crate::report::plots::{
    labelled_scatter, ratio_rows, EnginesFigure, Figure, LabelledPoint, LabelledScatter,
    PointGroup, RatioSeries,
};

/// The peers: the crate in process, the whole-job programs and tdoku's in-process loop (every
/// other program is dlxlab's, but see [`is_peer`]).
pub const PEERS: [&str; 4] = ["sudoku-crate", "sudoku_whole", "tdoku_whole", "tdoku_loop"];

/// Whether `program` is a peer's: one of [`PEERS`], or a program built by `scripts/peers/`
/// (named `NAME_whole` or `NAME_loop`, as the arena's historical solvers are).
pub fn is_peer(program: &str) -> bool {
    PEERS.contains(&program) || program.ends_with("_whole") || program.ends_with("_loop")
}

/// One row of `speed.csv`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Row {
    /// Corpus name.
    pub corpus: String,
    /// Solver or program name.
    pub program: String,
    /// `in-process` or `whole-process`.
    pub mode: String,
    /// Puzzles in the corpus.
    pub puzzles: u64,
    /// Repeats of the corpus in the whole-process runs.
    pub repeats: u64,
    /// Microseconds per puzzle (wall in process, CPU for a whole process).
    pub us_per_puzzle: Option<f64>,
    /// Puzzles per second.
    pub puzzles_per_s: Option<f64>,
    /// Guesses per puzzle.
    pub guesses_per_puzzle: Option<f64>,
    /// The `sudoku` crate's time over this program's.
    pub vs_sudoku_crate: Option<f64>,
    /// tdoku's time over this program's.
    pub vs_tdoku: Option<f64>,
}

/// Reads `speed.csv`.
pub fn read(text: &str) -> Result<Vec<Row>, csv::Error> {
    csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .collect()
}

/// Which of a row's ratios a series draws.
type Ratio = fn(&Row) -> Option<f64>;

/// Items in first-seen order.
fn ordered<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for i in items {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// A short name for a mode in legends.
fn mode_name(mode: &str) -> &str {
    match mode {
        "whole-process" => "whole process, CPU",
        "in-process" => "in process",
        other => other,
    }
}

/// Draws the three figures into `dir` (figures with nothing to draw are left out).
pub fn figures(rows: &[Row], dir: &Path) -> Result<Vec<Figure>, String> {
    let corpora = ordered(rows.iter().map(|r| r.corpus.as_str()));
    let find = |c: &str, p: &str, m: &str| {
        rows.iter()
            .find(|r| r.corpus == c && r.program == p && r.mode == m)
    };
    let ours = ordered(
        rows.iter()
            .filter(|r| r.mode == "whole-process" && !is_peer(&r.program))
            .map(|r| r.program.as_str()),
    );
    let mut out = Vec::new();

    // dlxlab's whole-process programs against the peers.
    let mut series = Vec::new();
    for p in &ours {
        let specs: [(&str, &str, Ratio); 4] = [
            ("whole-process", "tdoku", |r| r.vs_tdoku),
            ("in-process", "tdoku", |r| r.vs_tdoku),
            ("whole-process", "the sudoku crate", |r| r.vs_sudoku_crate),
            ("in-process", "the sudoku crate", |r| r.vs_sudoku_crate),
        ];
        for (mode, peer, get) in specs {
            series.push(RatioSeries {
                label: format!("{p} against {peer} ({})", mode_name(mode)),
                ratios: corpora
                    .iter()
                    .map(|c| find(c, p, mode).and_then(get))
                    .collect(),
            });
        }
    }
    series.retain(|s| s.ratios.iter().any(Option::is_some));
    if !series.is_empty() {
        let fig = EnginesFigure {
            title: "dlxlab's fastest solvers against tdoku and the sudoku crate".into(),
            note: "right of the line: dlxlab is faster (the peer's time over dlxlab's, same run, one pinned core)".into(),
            x_label: "peer's time / dlxlab's time (log scale)".into(),
            reference: Some("as fast as the peer".into()),
            rows: corpora.iter().map(|c| c.to_string()).collect(),
            series,
        };
        ratio_rows(&fig, dir, "speed-vs-peers").map_err(|e| e.to_string())?;
        out.push(Figure {
            stem: "speed-vs-peers".into(),
            caption: "Per corpus, dlxlab's solvers against tdoku and the sudoku crate: the peer's time over dlxlab's (CPU time for whole processes)".into(),
        });
    }

    // Throughput: a row per program and mode, a dot per corpus.
    let programs = ordered(
        rows.iter()
            .filter(|r| r.puzzles_per_s.is_some())
            .map(|r| r.mode.as_str()),
    )
    .into_iter()
    .flat_map(|m| {
        ordered(
            rows.iter()
                .filter(|r| r.mode == m && r.puzzles_per_s.is_some())
                .map(|r| r.program.as_str()),
        )
        .into_iter()
        .map(move |p| (p, m))
    })
    .collect::<Vec<_>>();
    if !programs.is_empty() {
        let series = corpora
            .iter()
            .map(|c| RatioSeries {
                label: c.to_string(),
                ratios: programs
                    .iter()
                    .map(|(p, m)| find(c, p, m).and_then(|r| r.puzzles_per_s))
                    .collect(),
            })
            .collect();
        let fig = EnginesFigure {
            title: "Puzzles per second, one thread, one core".into(),
            note: "in process: the bench loop (wall time); whole process: the program on the whole file (CPU time)".into(),
            x_label: "puzzles per second (log scale)".into(),
            reference: None,
            rows: programs
                .iter()
                .map(|(p, m)| format!("{p} ({})", mode_name(m)))
                .collect(),
            series,
        };
        ratio_rows(&fig, dir, "speed-throughput").map_err(|e| e.to_string())?;
        out.push(Figure {
            stem: "speed-throughput".into(),
            caption: "Puzzles per second of every program, one dot per corpus".into(),
        });
    }

    // Guesses against time: in-process solvers, and the whole jobs with a guess count of their
    // own (tdoku's, hollow).
    let groups: Vec<PointGroup> = corpora
        .iter()
        .map(|c| PointGroup {
            label: c.to_string(),
            points: rows
                .iter()
                .filter(|r| r.corpus == *c)
                .filter(|r| r.mode == "in-process" || r.guesses_per_puzzle.is_some())
                .filter_map(|r| {
                    Some(LabelledPoint {
                        name: r.program.clone(),
                        // Puzzles without a guess still need a place on a log axis.
                        x: r.guesses_per_puzzle?.max(0.01),
                        y: r.us_per_puzzle?,
                        hollow: r.mode == "whole-process",
                    })
                })
                .collect(),
        })
        .filter(|g| !g.points.is_empty())
        .collect();
    if !groups.is_empty() {
        let fig = LabelledScatter {
            title: "Guesses per puzzle against time per puzzle".into(),
            note: "filled: in process (wall); hollow: tdoku's whole job (CPU time, its own guess count)".into(),
            x_label: "guesses per puzzle".into(),
            y_label: "µs per puzzle".into(),
            groups,
        };
        labelled_scatter(&fig, dir, "speed-guesses").map_err(|e| e.to_string())?;
        out.push(Figure {
            stem: "speed-guesses".into(),
            caption: "Guesses per puzzle against µs per puzzle, one point per solver and corpus"
                .into(),
        });
    }
    Ok(out)
}

/// Reads `DIR/speed.csv` and draws the figures into `DIR`.
pub fn write(dir: &Path) -> Result<Vec<Figure>, String> {
    write_from(&dir.join("speed.csv"), dir)
}

/// Reads the table `csv` (`speed.csv`'s columns; more columns are ignored, as the arena's
/// `arena.csv` carries) and draws the figures into `dir`.
pub fn write_from(csv: &Path, dir: &Path) -> Result<Vec<Figure>, String> {
    let text = std::fs::read_to_string(csv).map_err(|e| format!("{}: {e}", csv.display()))?;
    let name = csv
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let rows = read(&text).map_err(|e| format!("{name}: {e}"))?;
    figures(&rows, dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "\
corpus,program,mode,puzzles,repeats,us_per_puzzle,puzzles_per_s,guesses_per_puzzle,vs_sudoku_crate,vs_tdoku
17-clue,sudoku-crate,in-process,100,1,30.0,33333.3,,1.0,
17-clue,band,in-process,100,1,20.0,50000.0,1.4,1.5,
17-clue,fast,in-process,100,1,25.0,40000.0,0.0,1.2,
17-clue,tdoku_whole,whole-process,100,1,28.0,35714.3,0.9,,1.0
17-clue,band,whole-process,100,1,21.0,47619.0,,1.3,1.33
hard,band,in-process,50,30,40.0,25000.0,12.7,0.9,
hard,band,whole-process,50,30,41.0,24390.2,,0.95,0.91
";

    #[test]
    fn reads_and_draws_the_three_figures() {
        let rows = read(CSV).unwrap();
        assert_eq!(rows.len(), 7);
        assert_eq!(
            rows[0].guesses_per_puzzle, None,
            "an empty cell is unmeasured"
        );
        assert_eq!(rows[4].vs_tdoku, Some(1.33));
        let dir = tempfile::tempdir().unwrap();
        let figs = figures(&rows, dir.path()).unwrap();
        let stems: Vec<&str> = figs.iter().map(|f| f.stem.as_str()).collect();
        assert_eq!(
            stems,
            ["speed-vs-peers", "speed-throughput", "speed-guesses"]
        );
        for s in stems {
            let svg = std::fs::read_to_string(dir.path().join(format!("{s}.svg"))).unwrap();
            assert!(svg.contains("<text"), "{s} has text");
            assert!(dir.path().join(format!("{s}.png")).exists());
        }
        let peers = std::fs::read_to_string(dir.path().join("speed-vs-peers.svg")).unwrap();
        assert!(peers.contains("band against tdoku (whole process, CPU)"));
        assert!(
            !peers.contains("fast against"),
            "fast has no whole-process row"
        );
        let guesses = std::fs::read_to_string(dir.path().join("speed-guesses.svg")).unwrap();
        assert!(guesses.contains("tdoku_whole") && guesses.contains("fast"));
    }

    #[test]
    fn a_bad_number_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let bad = CSV.replace("20.0,50000.0", "fast,50000.0");
        std::fs::write(dir.path().join("speed.csv"), bad).unwrap();
        let err = write(dir.path()).unwrap_err();
        assert!(err.starts_with("speed.csv:"), "{err}");
        assert!(write(&dir.path().join("missing")).is_err());
    }

    #[test]
    fn the_arena_table_with_more_columns_and_historical_peers_draws() {
        // Extra columns are ignored; `fsss_whole` and `fsss_loop` are peers, not dlxlab's.
        let csv = "\
corpus,program,mode,puzzles,repeats,us_per_puzzle,puzzles_per_s,guesses_per_puzzle,vs_sudoku_crate,vs_tdoku,guesses_tdoku_per_puzzle
top1465,band,whole-process,100,1,21.0,47619.0,,,1.3,
top1465,fsss_whole,whole-process,100,1,40.0,25000.0,30.5,,0.5,
top1465,fsss_loop,in-process,100,1,38.0,26315.8,30.5,,0.5,
";
        let rows = read(csv).unwrap();
        assert!(is_peer("fsss_whole") && is_peer("tdoku_loop") && !is_peer("band"));
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("arena.csv"), csv).unwrap();
        let figs = write_from(&dir.path().join("arena.csv"), dir.path()).unwrap();
        assert_eq!(figs.len(), 3);
        let peers = std::fs::read_to_string(dir.path().join("speed-vs-peers.svg")).unwrap();
        assert!(peers.contains("band against tdoku") && !peers.contains("fsss_whole against"));
        let guesses = std::fs::read_to_string(dir.path().join("speed-guesses.svg")).unwrap();
        assert!(guesses.contains("fsss_whole") && guesses.contains("fsss_loop"));
        assert_eq!(rows.len(), 3);
    }
}
