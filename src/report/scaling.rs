//! The scaling report's figure (reports/scaling, issue 25), drawn from the `scaling.csv` that
//! `scripts/scaling.sh` writes: one row per job and thread count.
//!
//! `scaling.csv`'s columns: `job` (`study`, `study-no-plots`, `queensN-dlx`, `queensN-dc`, and
//! with `--copies` the share-nothing controls `study-no-plots-copies`, `queensN-dlx-copies`),
//! `threads`, `wall_s`, `cpu_s` (user + system of the process, or of all the copies),
//! `speedup` (the 1-thread wall time of the same work over this row's), `efficiency`
//! (`speedup / threads`) and `cpu_vs_1_thread` (this row's CPU over the 1-thread CPU of the same
//! work).
//!
//! One figure, [`STEM`] (`speedup.png` and `speedup.svg`: the name the script's earlier,
//! hand-drawn SVG had, so links to it keep working): speed-up, efficiency and CPU against
//! threads, one line per job, with the ideal and issue 25's targets ([`ISSUE_25_TARGETS`]), and
//! the machine in the title. It depends on the CSV and the machine's description only, so
//! `dlxlab report --scaling DIR` redraws a committed report without measuring again.

use std::collections::HashSet;
use std::path::Path;

use serde::Deserialize;

use crate::report::plots::{
    scaling_figure, Figure, ScalingFigure, ScalingPoint, ScalingSeries, ScalingTarget,
};

/// The figure's file stem.
pub const STEM: &str = "speedup";

/// One row of `scaling.csv`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Row {
    /// The job measured.
    pub job: String,
    /// Worker threads (or independent copies).
    pub threads: u32,
    /// Wall seconds.
    pub wall_s: f64,
    /// CPU seconds (user + system).
    pub cpu_s: f64,
    /// 1-thread wall time of the same work over this row's (empty in the CSV, `None`, where a
    /// time was too short to measure).
    pub speedup: Option<f64>,
    /// `speedup / threads`.
    pub efficiency: Option<f64>,
    /// This row's CPU time over the 1-thread CPU time of the same work.
    pub cpu_vs_1_thread: Option<f64>,
}

/// The machine a report was measured on, for the figure's title and for the targets that hold
/// on a machine of a given size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Machine {
    /// CPU model (`model name` of /proc/cpuinfo).
    pub cpu_model: Option<String>,
    /// Logical CPUs (`nproc`).
    pub cpus: Option<u32>,
}

/// A target of issue 25 for one job.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// The job it is set for.
    pub job: &'static str,
    /// The thread count it is set at.
    pub threads: u32,
    /// It holds only on a machine with this many CPUs (`None`: any machine that ran `threads`).
    pub cpus: Option<u32>,
    /// The least speed-up over 1 thread.
    pub min_speedup: Option<f64>,
    /// The most CPU time, as a multiple of the 1-thread run's.
    pub max_cpu: Option<f64>,
}

/// Issue 25's "Done when", as targets: on a 16-core machine, the full study without plots ≥ 14x
/// on 16 threads with its CPU time within 15% of the 1-thread run's, the study with plots (the
/// README's main job) ≥ 12x, split counting of queens 15 ≥ 15x (both engines the script runs);
/// on 2 cores, the study on 2 threads ≥ 1.9x.
pub const ISSUE_25_TARGETS: [Target; 5] = [
    Target {
        job: "study-no-plots",
        threads: 16,
        cpus: None,
        min_speedup: Some(14.0),
        max_cpu: Some(1.15),
    },
    Target {
        job: "study",
        threads: 16,
        cpus: None,
        min_speedup: Some(12.0),
        max_cpu: None,
    },
    Target {
        job: "queens15-dlx",
        threads: 16,
        cpus: None,
        min_speedup: Some(15.0),
        max_cpu: None,
    },
    Target {
        job: "queens15-dc",
        threads: 16,
        cpus: None,
        min_speedup: Some(15.0),
        max_cpu: None,
    },
    Target {
        job: "study",
        threads: 2,
        cpus: Some(2),
        min_speedup: Some(1.9),
        max_cpu: None,
    },
];

/// Reads `scaling.csv`. Every number must be finite, `threads` at least 1, a speed-up positive,
/// and no (job, threads) twice; an error names the line. An empty ratio is one the script could
/// not measure (a 1-thread time of 0.00 s): it is not drawn.
pub fn read(text: &str) -> Result<Vec<Row>, String> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let mut rows: Vec<Row> = Vec::new();
    let mut seen = HashSet::new();
    for (i, row) in reader.deserialize::<Row>().enumerate() {
        let line = i + 2;
        let row = row.map_err(|e| format!("line {line}: {e}"))?;
        let numbers = [
            Some(row.wall_s),
            Some(row.cpu_s),
            row.speedup,
            row.efficiency,
            row.cpu_vs_1_thread,
        ];
        if row.threads == 0 || numbers.iter().flatten().any(|v| !v.is_finite() || *v < 0.0) {
            return Err(format!(
                "line {line}: threads must be at least 1 and every time and ratio a finite number ≥ 0"
            ));
        }
        if row.speedup == Some(0.0) {
            return Err(format!("line {line}: a speed-up of 0 cannot be drawn"));
        }
        if !seen.insert((row.job.clone(), row.threads)) {
            return Err(format!(
                "line {line}: job {} on {} threads a second time",
                row.job, row.threads
            ));
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err("no rows".into());
    }
    Ok(rows)
}

/// The figure's title: the machine, or the largest thread count where it is not known.
fn title(machine: &Machine, rows: &[Row]) -> String {
    let model = machine.cpu_model.as_deref().map(str::trim).unwrap_or("");
    match (model.is_empty(), machine.cpus) {
        (false, Some(n)) => format!("Scaling with threads: {model}, {n} CPUs"),
        (false, None) => format!("Scaling with threads: {model}"),
        (true, Some(n)) => format!("Scaling with threads: {n} CPUs"),
        (true, None) => format!(
            "Scaling with threads, up to {} (machine not given)",
            rows.iter().map(|r| r.threads).max().unwrap_or(1)
        ),
    }
}

/// The figure's data: one series per job in the CSV's order, points by thread count, the
/// `-copies` controls dashed; the targets of [`ISSUE_25_TARGETS`] whose job and thread count
/// are in the CSV (and whose machine size matches, the CSV's largest thread count standing for
/// the CPUs where `machine.cpus` is not given).
pub fn figure_data(rows: &[Row], machine: &Machine) -> ScalingFigure {
    let mut jobs: Vec<&str> = Vec::new();
    for r in rows {
        if !jobs.contains(&r.job.as_str()) {
            jobs.push(&r.job);
        }
    }
    let series: Vec<ScalingSeries> = jobs
        .iter()
        .map(|job| {
            let mut points: Vec<ScalingPoint> = rows
                .iter()
                .filter(|r| r.job == *job)
                .map(|r| ScalingPoint {
                    threads: r.threads,
                    speedup: r.speedup,
                    efficiency: r.efficiency,
                    cpu_vs_1_thread: r.cpu_vs_1_thread,
                })
                .collect();
            points.sort_by_key(|p| p.threads);
            ScalingSeries {
                label: job.to_string(),
                points,
                dashed: job.ends_with("-copies"),
            }
        })
        .collect();
    let cpus = machine
        .cpus
        .unwrap_or_else(|| rows.iter().map(|r| r.threads).max().unwrap_or(1));
    let targets = ISSUE_25_TARGETS
        .iter()
        .filter(|t| t.cpus.is_none_or(|c| c == cpus))
        .filter_map(|t| {
            let s = jobs.iter().position(|j| *j == t.job)?;
            series[s]
                .points
                .iter()
                .any(|p| p.threads == t.threads)
                .then_some(ScalingTarget {
                    series: s,
                    threads: t.threads,
                    min_speedup: t.min_speedup,
                    max_cpu: t.max_cpu,
                })
        })
        .collect();
    ScalingFigure {
        title: title(machine, rows),
        note: format!(
            "Wall-time speed-up and CPU time per job against its own 1-thread run (scaling.csv){}",
            if series.iter().any(|s| s.dashed) {
                "; dashed: independent 1-thread copies sharing nothing"
            } else {
                ""
            }
        ),
        series,
        targets,
    }
}

/// Draws the figure of `rows` as `DIR/speedup.png` and `DIR/speedup.svg`, each written under a
/// temporary name and renamed, so that a failure leaves an earlier figure as it was.
pub fn draw(rows: &[Row], machine: &Machine, dir: &Path) -> Result<Figure, String> {
    let fig = figure_data(rows, machine);
    let partial = format!(".{STEM}.partial");
    let paths = |stem: &str| ["png", "svg"].map(|ext| dir.join(format!("{stem}.{ext}")));
    let drawn = scaling_figure(&fig, dir, &partial).map_err(|e| e.to_string());
    let renamed = drawn.and_then(|()| {
        for (from, to) in paths(&partial).iter().zip(paths(STEM)) {
            std::fs::rename(from, &to).map_err(|e| format!("{}: {e}", to.display()))?;
        }
        Ok(())
    });
    if renamed.is_err() {
        for p in paths(&partial) {
            let _ = std::fs::remove_file(p);
        }
    }
    renamed?;
    Ok(Figure {
        stem: STEM.into(),
        caption: "Speed-up, efficiency and CPU time against threads, per job".into(),
    })
}

/// Reads `DIR/scaling.csv` and draws the figure into `DIR`.
pub fn write(dir: &Path, machine: &Machine) -> Result<Figure, String> {
    let path = dir.join("scaling.csv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let rows = read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    draw(&rows, machine, dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// reports/scaling-16's scaling.csv, shortened.
    const SIXTEEN: &str = "\
job,threads,wall_s,cpu_s,speedup,efficiency,cpu_vs_1_thread
study,1,144.051,144.03,1.00,1.00,1.00
study-no-plots,1,132.63,132.61,1.00,1.00,1.00
study,16,11.205,164.87,12.86,0.80,1.14
study-no-plots,8,16.43,130.45,8.07,1.01,0.98
study-no-plots,16,9.61,151.76,13.80,0.86,1.14
queens15-dlx,1,7.808,7.81,1.00,1.00,1.00
queens15-dlx,16,0.674,10.60,11.58,0.72,1.36
study-no-plots-copies,16,12.275,159.65,10.80,0.68,1.20
";

    const TWO: &str = "\
job,threads,wall_s,cpu_s,speedup,efficiency,cpu_vs_1_thread
study,1,110.494,110.44,1.00,1.00,1.00
study,2,57.537,113.54,1.92,0.96,1.03
queens15-dc,1,6.131,6.13,1.00,1.00,1.00
queens15-dc,2,3.568,6.79,1.72,0.86,1.11
";

    fn sixteen_cpus() -> Machine {
        Machine {
            cpu_model: Some("Intel(R) Xeon(R) Processor".into()),
            cpus: Some(16),
        }
    }

    #[test]
    fn one_series_per_job_in_csv_order_with_points_by_threads() {
        let rows = read(SIXTEEN).unwrap();
        let fig = figure_data(&rows, &sixteen_cpus());
        let labels: Vec<&str> = fig.series.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "study",
                "study-no-plots",
                "queens15-dlx",
                "study-no-plots-copies"
            ]
        );
        let threads: Vec<u32> = fig.series[1].points.iter().map(|p| p.threads).collect();
        assert_eq!(threads, [1, 8, 16]);
        assert_eq!(fig.series[1].points[2].speedup, Some(13.80));
        assert_eq!(fig.series[1].points[2].cpu_vs_1_thread, Some(1.14));
        assert!(fig.series[3].dashed && !fig.series[0].dashed);
        assert_eq!(
            fig.title,
            "Scaling with threads: Intel(R) Xeon(R) Processor, 16 CPUs"
        );
    }

    #[test]
    fn sixteen_thread_targets_on_the_jobs_that_ran_sixteen_threads() {
        let rows = read(SIXTEEN).unwrap();
        let fig = figure_data(&rows, &sixteen_cpus());
        let got: Vec<(&str, u32, Option<f64>, Option<f64>)> = fig
            .targets
            .iter()
            .map(|t| {
                (
                    fig.series[t.series].label.as_str(),
                    t.threads,
                    t.min_speedup,
                    t.max_cpu,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("study-no-plots", 16, Some(14.0), Some(1.15)),
                ("study", 16, Some(12.0), None),
                ("queens15-dlx", 16, Some(15.0), None),
            ],
            "queens15-dc did not run; the 2-core target is not this machine's"
        );
    }

    #[test]
    fn the_two_core_target_holds_on_two_cpus_only() {
        let rows = read(TWO).unwrap();
        let two = figure_data(&rows, &Machine::default());
        assert_eq!(two.targets.len(), 1);
        assert_eq!(two.targets[0].threads, 2);
        assert_eq!(two.targets[0].min_speedup, Some(1.9));
        assert_eq!(
            two.title,
            "Scaling with threads, up to 2 (machine not given)"
        );
        let on_sixteen = figure_data(&rows, &sixteen_cpus());
        assert!(
            on_sixteen.targets.is_empty(),
            "2 threads of a 16-CPU machine have no target"
        );
    }

    #[test]
    fn bad_csvs_are_errors_naming_the_line() {
        let bad = |from: &str, to: &str| read(&TWO.replace(from, to)).unwrap_err();
        assert!(bad("57.537", "fast").starts_with("line 3:"));
        assert!(bad("study,2,", "study,0,").starts_with("line 3:"));
        assert!(bad("1.92,0.96", "NaN,0.96").starts_with("line 3:"));
        assert!(bad("1.92,0.96", "0,0.96").contains("0 cannot be drawn"));
        assert!(bad("1.92,0.96", "-nan,0.96").starts_with("line 3:"));
        assert!(bad("0.86,1.11", "0.86,inf").starts_with("line 5:"));
        assert!(bad("queens15-dc,2", "queens15-dc,1").contains("a second time"));
        assert_eq!(read(TWO.lines().next().unwrap()).unwrap_err(), "no rows");
        let missing_column = TWO.replace(",cpu_vs_1_thread", "");
        assert!(read(&missing_column).unwrap_err().starts_with("line 2:"));
    }

    #[test]
    fn an_empty_ratio_is_left_out_of_its_panel_only() {
        let csv = "job,threads,wall_s,cpu_s,speedup,efficiency,cpu_vs_1_thread\n\
                   queens8-dlx,1,0.012,0.00,1.00,1.00,\n\
                   queens8-dlx,2,0.014,0.01,0.86,0.43,\n";
        let rows = read(csv).unwrap();
        assert_eq!(rows[1].cpu_vs_1_thread, None);
        assert_eq!(rows[1].speedup, Some(0.86));
        let dir = tempfile::tempdir().unwrap();
        draw(&rows, &Machine::default(), dir.path()).unwrap();
        assert!(dir.path().join("speedup.png").exists());
    }

    #[test]
    fn writes_both_files_with_the_machine_and_the_jobs_in_the_svg() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("scaling.csv"), SIXTEEN).unwrap();
        let fig = write(dir.path(), &sixteen_cpus()).unwrap();
        assert_eq!(fig.stem, "speedup");
        for ext in ["png", "svg"] {
            let len = dir
                .path()
                .join(format!("speedup.{ext}"))
                .metadata()
                .unwrap()
                .len();
            assert!(len > 10_000, "speedup.{ext}: {len} bytes");
        }
        let svg = std::fs::read_to_string(dir.path().join("speedup.svg")).unwrap();
        assert!(svg.contains("Intel(R) Xeon(R) Processor, 16 CPUs"));
        assert!(svg.contains("study-no-plots (target ≥ 14x, CPU ≤ 1.15 at 16 threads)"));
        assert!(svg.contains("study-no-plots-copies"));
        assert!(svg.contains("16x"), "the speed-up axis reaches the ideal");
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("partial"))
            .collect();
        assert!(names.is_empty(), "left behind: {names:?}");
    }

    #[test]
    fn a_failed_write_names_the_file_and_keeps_the_old_figure() {
        let dir = tempfile::tempdir().unwrap();
        assert!(write(dir.path(), &Machine::default())
            .unwrap_err()
            .contains("scaling.csv"));
        std::fs::write(dir.path().join("scaling.csv"), "job,threads\n").unwrap();
        std::fs::write(dir.path().join("speedup.svg"), "old").unwrap();
        assert!(write(dir.path(), &Machine::default()).is_err());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("speedup.svg")).unwrap(),
            "old"
        );
    }
}
