//! `dlxlab report` end to end on synthetic study directories (issue 5): CSV loading and its
//! errors, figures in PNG and SVG, report.md, the section in summary.md, the command line.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use dlxlab::report::data::{load_study, DataError, Rating};
use dlxlab::report::stats::BootstrapConfig;
use dlxlab::report::{generate, markdown, ReportError, ReportOptions};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

const SOLVERS: [&str; 7] = [
    "backtrack",
    "mrv",
    "singles",
    "locked",
    "subsets",
    "fast",
    "dlx",
];
const RUNS_HEADER: &str =
    "line,puzzle,clues,solver,status,solutions,nodes,guesses,time_ns,solution,error";
const RATINGS_HEADER: &str =
    "line,puzzle,decision_tree,technique_rating,hardest_technique,steps,external_rating";

/// Writes a realistic study: ratings on the SE scale (1.2–9.0, some `beyond`), node counts that
/// grow with the rating and have a heavy (Pareto) tail, a node budget for `backtrack`.
fn write_study(dir: &Path, n: usize, external: bool, seed: u64) {
    let levels = [
        1.2, 1.5, 1.7, 2.0, 2.3, 2.6, 2.8, 3.0, 3.4, 4.0, 4.2, 4.4, 5.0, 6.6, 7.2, 8.3, 9.0,
    ];
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut runs = format!("{RUNS_HEADER}\n");
    let mut ratings = format!("{RATINGS_HEADER}\n");
    for i in 0..n {
        let line = i + 3;
        let level = levels[(rng.random::<f64>().powi(2) * levels.len() as f64) as usize];
        let hardness = level + rng.random_range(-0.5..0.5);
        for (k, solver) in SOLVERS.iter().enumerate() {
            let tail = 1.0 / rng.random_range(0.05f64..1.0);
            let log_nodes = [5.0, 3.0, 1.0, 0.9, 0.8, 1.0, 1.3][k] + 0.5 * hardness + tail.ln();
            let mut nodes = log_nodes.exp().min(1e9) as u64 + 1;
            let mut status = "unique";
            if k == 0 && nodes > 5000 {
                (status, nodes) = ("limit", 5000);
            }
            let guesses = nodes / 2;
            let time_ns = nodes * 400 + 250;
            writeln!(
                runs,
                "{line},{},17,{solver},{status},1,{nodes},{guesses},{time_ns},,",
                ".".repeat(81)
            )
            .unwrap();
        }
        let technique = if level >= 7.0 && rng.random_bool(0.5) {
            "beyond".to_string()
        } else {
            format!("{level:.1}")
        };
        let ext = if !external {
            String::new()
        } else if rng.random_bool(0.8) {
            format!("{level:.1}")
        } else {
            format!("{:.1}", level + 0.3)
        };
        let dt = (1.0 + 0.6 * hardness + rng.random_range(-0.5..0.5f64)).exp();
        writeln!(
            ratings,
            "{line},{},{dt:.3},{technique},x,9,{ext}",
            ".".repeat(81)
        )
        .unwrap();
    }
    // One invalid row with empty counters, as the harness writes for a bad line.
    writeln!(
        runs,
        "{},12x,0,dlx,invalid,0,,,,,bad character 'x' at column 3",
        n + 3
    )
    .unwrap();
    std::fs::write(dir.join("runs.csv"), runs).unwrap();
    std::fs::write(dir.join("ratings.csv"), ratings).unwrap();
}

fn options(b: usize) -> ReportOptions {
    ReportOptions {
        title: Some("synthetic".into()),
        bootstrap: BootstrapConfig {
            replicates: b,
            ..BootstrapConfig::default()
        },
    }
}

#[test]
fn loads_runs_and_ratings_by_column_name() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 40, true, 1);
    let data = load_study(dir.path()).unwrap();
    assert_eq!(data.solvers, SOLVERS);
    assert_eq!(data.puzzles(), 41, "40 rated puzzles and one invalid line");
    assert_eq!(data.run_rows, 40 * 7 + 1);
    assert_eq!(data.rating_rows, 40);
    let ratings = data.ratings.as_ref().unwrap();
    assert!(ratings[40].is_none(), "the invalid line has no rating");
    let r = ratings[0].as_ref().unwrap();
    assert!(r.external.is_some() && r.decision_tree.is_some());
    assert!(ratings
        .iter()
        .flatten()
        .any(|r| r.technique == Some(Rating::Beyond)));
}

#[test]
fn report_writes_every_figure_in_png_and_svg_and_the_markdown() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 300, true, 2);
    let report = generate(dir.path(), &options(100)).unwrap();
    let stems: Vec<&str> = report.figures.iter().map(|f| f.stem.as_str()).collect();
    assert_eq!(
        stems,
        [
            "nodes-vs-technique-rating",
            "nodes-vs-external-rating",
            "nodes-vs-decision-tree",
            "nodes-ecdf",
            "time-ecdf",
            "time-vs-nodes",
            "dlx-vs-singles",
            "rating-histograms"
        ]
    );
    for stem in &stems {
        let png = std::fs::read(dir.path().join(format!("{stem}.png"))).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{stem}.png");
        let svg = std::fs::read_to_string(dir.path().join(format!("{stem}.svg"))).unwrap();
        assert!(svg.starts_with("<svg"), "{stem}.svg");
        // Text is real SVG text in a generic family, so any viewer can show it.
        assert!(svg.contains("font-family=\"sans-serif\""), "{stem}.svg");
        assert!(
            svg.contains("synthetic"),
            "{stem}.svg title names the corpus"
        );
    }
    // 7 solvers × 2 metrics + decision_tree, against 2 SE-scale ratings.
    assert_eq!(report.correlations.len(), 30);
    let dlx_nodes = report
        .correlations
        .iter()
        .find(|c| c.metric.label() == "dlx nodes" && c.rating.column() == "technique_rating")
        .unwrap();
    let rho = dlx_nodes.correlation.spearman.value.unwrap();
    assert!(
        rho > 0.2,
        "nodes grow with the rating in the synthetic data: {rho}"
    );
    let agreement = report.agreement.as_ref().unwrap();
    assert_eq!(agreement.all.n, 300);
    assert!(agreement.all.exact < agreement.all.n);

    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.starts_with("# synthetic: "));
    assert!(md.contains("**N = 301 puzzles**"));
    for stem in &stems {
        assert!(
            md.contains(&format!("]({stem}.png)")),
            "report.md shows {stem}"
        );
    }
    assert!(md.contains("| dlx nodes | technique_rating | "));
    assert!(md.contains("| rated 4.4 or below |"));
    let bands = report.band_medians.as_ref().unwrap();
    assert_eq!(bands.rating.column(), "external_rating");
    assert_eq!(bands.rows.iter().map(|r| r.1).sum::<usize>(), 300);
    for w in bands.rows.windows(2) {
        assert!(w[0].0 < w[1].0, "bands in scale order");
    }
    assert!(md.contains("## Median search nodes by difficulty band"));
    assert!(md.contains("B = 100, seed 2010"));
    assert!(
        !dir.path().join("summary.md").exists(),
        "no summary.md is created"
    );
}

#[test]
fn large_corpora_are_drawn_as_density_and_svgs_stay_small() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 6000, false, 3);
    let report = generate(dir.path(), &options(0)).unwrap();
    // No external rating: no such figure, no agreement, correlations against technique only.
    assert!(report
        .figures
        .iter()
        .all(|f| f.stem != "nodes-vs-external-rating"));
    assert!(report.agreement.is_none());
    assert_eq!(report.correlations.len(), 15);
    assert!(report.correlations[0]
        .correlation
        .spearman
        .interval
        .is_none());
    let svg = std::fs::metadata(dir.path().join("nodes-vs-technique-rating.svg")).unwrap();
    assert!(svg.len() < 3_000_000, "SVG of {} bytes", svg.len());
    // Every 2-D histogram has a labelled colour bar.
    for stem in [
        "nodes-vs-technique-rating",
        "time-vs-nodes",
        "dlx-vs-singles",
    ] {
        let svg = std::fs::read_to_string(dir.path().join(format!("{stem}.svg"))).unwrap();
        assert!(
            svg.contains("puzzles per cell (log scale)"),
            "{stem}.svg has its colour bar"
        );
    }
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.contains("| — |"), "intervals are dashes when B = 0");
}

#[test]
fn summary_md_gets_one_report_section_however_often_report_runs() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 50, true, 4);
    std::fs::write(
        dir.path().join("summary.md"),
        "# Study summary\n\nrows reconcile\n",
    )
    .unwrap();
    generate(dir.path(), &options(10)).unwrap();
    generate(dir.path(), &options(10)).unwrap();
    let summary = std::fs::read_to_string(dir.path().join("summary.md")).unwrap();
    assert!(summary.starts_with("# Study summary\n\nrows reconcile\n"));
    assert_eq!(summary.matches(markdown::BEGIN).count(), 1);
    assert_eq!(summary.matches(markdown::END).count(), 1);
    assert!(summary.contains("\n## synthetic: search effort"));
}

#[test]
fn missing_runs_csv_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let err = generate(dir.path(), &options(0)).unwrap_err();
    assert!(matches!(err, ReportError::Data(DataError::Io { .. })));
    assert!(err.to_string().contains("runs.csv"), "{err}");
}

#[test]
fn header_only_runs_csv_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("runs.csv"), format!("{RUNS_HEADER}\n")).unwrap();
    let err = generate(dir.path(), &options(0)).unwrap_err();
    assert!(matches!(err, ReportError::Empty(_)), "{err}");
}

/// The error `load_study` gives for a study directory whose runs.csv is `runs`.
fn runs_csv_error(runs: &str) -> DataError {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("runs.csv"), runs).unwrap();
    load_study(dir.path()).unwrap_err()
}

#[test]
fn bad_fields_name_line_and_column() {
    let err = runs_csv_error(&format!(
        "{RUNS_HEADER}\n1,p,17,dlx,unique,1,5,4,100,,\n2,p,17,dlx,unique,1,many,4,100,,\n"
    ));
    let text = err.to_string();
    assert!(
        matches!(
            err,
            DataError::BadField {
                line: 3,
                column: "nodes",
                ..
            }
        ),
        "{text}"
    );
    assert!(text.contains("\"many\""), "{text}");

    let err = runs_csv_error(&format!("{RUNS_HEADER}\n1,p,17,dlx,solved,1,5,4,100,,\n"));
    assert!(
        matches!(
            err,
            DataError::BadField {
                column: "status",
                ..
            }
        ),
        "{err}"
    );

    let err = runs_csv_error("line,solver,status\n1,dlx,unique\n");
    assert!(
        matches!(
            err,
            DataError::MissingColumn {
                column: "nodes",
                ..
            }
        ),
        "{err}"
    );

    let row = "1,p,17,dlx,unique,1,5,4,100,,";
    let err = runs_csv_error(&format!("{RUNS_HEADER}\n{row}\n{row}\n"));
    assert!(
        matches!(
            err,
            DataError::Duplicate {
                line: 3,
                puzzle_line: 1,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn bad_rating_is_reported_with_its_column() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("runs.csv"),
        format!("{RUNS_HEADER}\n1,p,17,dlx,unique,1,5,4,100,,\n"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("ratings.csv"),
        format!("{RATINGS_HEADER}\n1,p,3.5,hard,x,4,\n"),
    )
    .unwrap();
    let err = load_study(dir.path()).unwrap_err();
    assert!(
        matches!(
            err,
            DataError::BadField {
                line: 2,
                column: "technique_rating",
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn the_command_writes_the_report_and_fails_clearly_without_data() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 60, true, 5);
    let out = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args([
            "report",
            "--bootstrap",
            "20",
            "--seed",
            "3",
            "--title",
            "cli test",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("61 puzzles"), "{stdout}");
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.starts_with("# cli test: "));
    assert!(md.contains("B = 20, seed 3"));

    let empty = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .arg("report")
        .arg(empty.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("runs.csv"), "{stderr}");
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Whatever the bytes, loading returns data or an error; it never panics.
        #[test]
        fn loader_never_panics(body in proptest::collection::vec(any::<u8>(), 0..300),
                               ratings in proptest::collection::vec(any::<u8>(), 0..300)) {
            let dir = tempfile::tempdir().unwrap();
            let mut runs = format!("{RUNS_HEADER}\n").into_bytes();
            runs.extend(&body);
            std::fs::write(dir.path().join("runs.csv"), runs).unwrap();
            let mut rated = format!("{RATINGS_HEADER}\n").into_bytes();
            rated.extend(&ratings);
            std::fs::write(dir.path().join("ratings.csv"), rated).unwrap();
            let _ = load_study(dir.path());
        }
    }
}

#[test]
fn corpus_name_and_context_come_from_meta_json() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 30, false, 6);
    std::fs::write(
        dir.path().join("meta.json"),
        r#"{"git_revision":"abc123","threads":2,"timing":"serial","seed":null,
            "corpus":{"path":"/data/17-clue.txt","name":"17-clue","sha256":"00ff00ff00ff00ff00ff","bytes":9}}"#,
    )
    .unwrap();
    let opts = ReportOptions {
        title: None,
        bootstrap: BootstrapConfig {
            replicates: 0,
            ..BootstrapConfig::default()
        },
    };
    let report = generate(dir.path(), &opts).unwrap();
    assert_eq!(report.corpus, "17-clue");
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.starts_with("# 17-clue: "), "{md}");
    assert!(
        md.contains("git: abc123") && md.contains("threads: 2") && md.contains("timing: serial")
    );
    assert!(md.contains("`00ff00ff00ff00ff…`"));
}

#[test]
fn a_hand_written_discussion_is_shown_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 30, true, 7);
    std::fs::write(
        dir.path().join("discussion.md"),
        "Nodes grow with the rating.\n\n# Caveat\nsmall sample\n",
    )
    .unwrap();
    generate(dir.path(), &options(0)).unwrap();
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    let at = md
        .find("## Discussion\n\nNodes grow with the rating.")
        .unwrap();
    assert!(at < md.find("## Runs").unwrap());
    assert!(md.contains("\n### Caveat\nsmall sample\n"));
    assert!(dir.path().join("discussion.md").exists());
}

#[test]
fn ratings_of_lines_without_runs_are_counted_and_ignored() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("runs.csv"),
        format!("{RUNS_HEADER}\n1,p,17,dlx,unique,1,5,4,100,,\n"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("ratings.csv"),
        format!("{RATINGS_HEADER}\n1,p,3.5,2.0,x,4,\n9,p,3.5,beyond,x,4,\n"),
    )
    .unwrap();
    let data = load_study(dir.path()).unwrap();
    assert_eq!(data.lines, [1]);
    assert_eq!(data.unmatched_ratings, 1);
    assert_eq!(
        data.ratings.unwrap()[0].as_ref().unwrap().technique,
        Some(Rating::Score(2.0))
    );
}

/// Rows of runs.csv of `solver` with status `limit`.
fn stopped_rows(dir: &Path, solver: &str) -> usize {
    std::fs::read_to_string(dir.join("runs.csv"))
        .unwrap()
        .lines()
        .filter(|l| l.contains(&format!(",{solver},limit,")))
        .count()
}

#[test]
fn runs_stopped_by_a_budget_are_drawn_and_counted_not_dropped() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 300, true, 5);
    let k = stopped_rows(dir.path(), "backtrack");
    assert!(k > 0, "the synthetic study stops backtrack at 5000 nodes");
    generate(dir.path(), &options(0)).unwrap();
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    // The nodes-vs-rating caption counts the stopped runs of the puzzles with that rating (all
    // of them here), the distributions count them all.
    assert!(
        md.contains(&format!(
            "runs stopped by a budget (drawn as △ at the count where they stopped, not in the \
             medians): backtrack {k}"
        )),
        "{md}"
    );
    assert!(md.contains(&format!(
        "runs stopped by a budget (counted at the node count where they stopped): backtrack {k}"
    )));
    assert!(md.contains(&format!(
        "runs stopped by a budget (drawn as △, not in the medians): backtrack {k}"
    )));
    // The panel says how many, and the marks are drawn (white triangles with a black edge).
    let svg = std::fs::read_to_string(dir.path().join("nodes-vs-technique-rating.svg")).unwrap();
    assert!(svg.contains(&format!("backtrack (n = {}, {k} stopped △)", 300 - k)));
    assert!(svg.contains("△: runs stopped by a budget"));
    assert!(
        svg.contains("<polygon"),
        "stopped runs are drawn as triangles"
    );
    let svg = std::fs::read_to_string(dir.path().join("nodes-ecdf.svg")).unwrap();
    assert!(svg.contains(&format!("backtrack (n = 300, {k} stopped by a budget)")));
}

#[test]
fn a_study_without_stopped_runs_says_nothing_about_budgets() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 100, true, 6);
    let runs = std::fs::read_to_string(dir.path().join("runs.csv"))
        .unwrap()
        .replace(",backtrack,limit,", ",backtrack,unique,");
    std::fs::write(dir.path().join("runs.csv"), runs).unwrap();
    generate(dir.path(), &options(0)).unwrap();
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(!md.contains("stopped by a budget"), "{md}");
    let svg = std::fs::read_to_string(dir.path().join("nodes-vs-technique-rating.svg")).unwrap();
    assert!(!svg.contains("△"));
}

#[test]
fn ecdf_curves_that_coincide_are_marked_so() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 200, true, 7);
    // Give `fast` exactly the node counts of `locked` (as on real corpora, where their trees are
    // the same), puzzle by puzzle.
    let text = std::fs::read_to_string(dir.path().join("runs.csv")).unwrap();
    let locked: std::collections::HashMap<String, String> = text
        .lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| f.len() > 6 && f[3] == "locked")
        .map(|f| (f[0].to_string(), f[6].to_string()))
        .collect();
    let runs: Vec<String> = text
        .lines()
        .map(|l| {
            let mut f: Vec<String> = l.split(',').map(String::from).collect();
            if f.len() > 6 && f[3] == "fast" {
                f[6] = locked[&f[0]].clone();
            }
            f.join(",")
        })
        .collect();
    std::fs::write(dir.path().join("runs.csv"), runs.join("\n") + "\n").unwrap();
    generate(dir.path(), &options(0)).unwrap();
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(
        md.contains(
            "identical distributions, the later curve dashed over the earlier: fast = locked**"
        ),
        "{md}"
    );
    let svg = std::fs::read_to_string(dir.path().join("nodes-ecdf.svg")).unwrap();
    assert!(svg.contains("fast (n = 200) = locked"));
    // Times differ, so the time ECDF marks nothing.
    let svg = std::fs::read_to_string(dir.path().join("time-ecdf.svg")).unwrap();
    assert!(!svg.contains("= locked"));
}

#[test]
fn rating_histograms_show_ep_and_ed_beside_er_when_ratings_csv_has_them() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 80, true, 8);
    generate(dir.path(), &options(0)).unwrap();
    let svg = std::fs::read_to_string(dir.path().join("rating-histograms.svg")).unwrap();
    assert!(svg.contains("ER: technique_rating (n = 80)"));
    assert!(
        !svg.contains("EP: pearl_rating"),
        "no pearl column, no panel"
    );
    assert!(svg.contains("puzzles (log scale)"));

    // ratings.csv as `dlxlab rate` writes it today: EP and ED after the error column.
    let text = std::fs::read_to_string(dir.path().join("ratings.csv")).unwrap();
    let mut lines = text.lines();
    let mut out = format!(
        "{},error,pearl_rating,diamond_rating\n",
        lines.next().unwrap()
    );
    for (i, l) in lines.enumerate() {
        let (ep, ed) = if i % 10 == 0 {
            ("beyond", "beyond")
        } else {
            ("1.2", "1.5")
        };
        out.push_str(&format!("{l},,{ep},{ed}\n"));
    }
    std::fs::write(dir.path().join("ratings.csv"), out).unwrap();
    let data = load_study(dir.path()).unwrap();
    let r = data.ratings.as_ref().unwrap()[0].as_ref().unwrap();
    assert_eq!(
        (r.pearl, r.diamond),
        (Some(Rating::Beyond), Some(Rating::Beyond))
    );
    generate(dir.path(), &options(0)).unwrap();
    let svg = std::fs::read_to_string(dir.path().join("rating-histograms.svg")).unwrap();
    for panel in [
        "ER: technique_rating (n = 80)",
        "EP: pearl_rating (n = 80)",
        "ED: diamond_rating (n = 80)",
        "external_rating (n = 80)",
        "decision_tree (n = 80)",
    ] {
        assert!(svg.contains(panel), "{panel}");
    }
}

/// `load_study` on a pool of `threads` threads.
fn load_on(threads: usize, dir: &Path) -> Result<dlxlab::report::data::StudyData, DataError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(|| load_study(dir))
}

/// A runs.csv over a megabyte is parsed in chunks on several threads: the data, and every error
/// with its line, are those of the row-by-row reader on one thread.
#[test]
fn parallel_loading_equals_row_by_row() {
    let dir = tempfile::tempdir().unwrap();
    write_study(dir.path(), 3000, true, 11);
    let runs = std::fs::read_to_string(dir.path().join("runs.csv")).unwrap();
    assert!(runs.len() > 2 << 20, "the file must be cut into chunks");
    let one = load_on(1, dir.path()).unwrap();
    for threads in [2, 3, 8] {
        let many = load_on(threads, dir.path()).unwrap();
        assert_eq!(many.lines, one.lines);
        assert_eq!(many.solvers, one.solvers);
        assert_eq!(many.runs, one.runs);
        assert_eq!(many.ratings, one.ratings);
        assert_eq!(
            (many.run_rows, many.rating_rows, many.unmatched_ratings),
            (one.run_rows, one.rating_rows, one.unmatched_ratings)
        );
    }
    assert!(one.run_rows >= 3000 * SOLVERS.len());

    // Errors deep in the file: a bad field, a ragged row, a duplicate row.
    let lines: Vec<&str> = runs.lines().collect();
    let bad_line = 15_001; // 1-based line of the file
    let edit = |replace: &dyn Fn(&str) -> String| {
        let mut text = String::new();
        for (i, l) in lines.iter().enumerate() {
            if i + 1 == bad_line {
                text.push_str(&replace(l));
            } else {
                text.push_str(l);
            }
            text.push('\n');
        }
        std::fs::write(dir.path().join("runs.csv"), text).unwrap();
    };
    edit(&|l| l.replacen(",unique,1,", ",unique,1,x", 1));
    let expected = load_on(1, dir.path()).unwrap_err();
    assert!(
        matches!(expected, DataError::BadField { line: 15_001, .. }),
        "{expected}"
    );
    assert_eq!(
        load_on(4, dir.path()).unwrap_err().to_string(),
        expected.to_string()
    );

    edit(&|l| format!("{l},extra"));
    let expected = load_on(1, dir.path()).unwrap_err();
    assert!(
        matches!(expected, DataError::Csv { line: 15_001, .. }),
        "{expected}"
    );
    assert_eq!(
        load_on(4, dir.path()).unwrap_err().to_string(),
        expected.to_string()
    );

    edit(&|_| lines[bad_line - 2].to_string());
    let expected = load_on(1, dir.path()).unwrap_err();
    assert!(
        matches!(expected, DataError::Duplicate { line: 15_001, .. }),
        "{expected}"
    );
    assert_eq!(
        load_on(4, dir.path()).unwrap_err().to_string(),
        expected.to_string()
    );
}
