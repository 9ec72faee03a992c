//! Dancing links against dancing cells on the same problems, in the same run (`dlxlab engines`).
//!
//! Each [`Case`] is counted to the last solution, single-threaded, by every contender: `dlx` (what
//! `--engine dlx` runs: the uniform fast path when the problem allows it, else the general
//! [`Dlx`]), `dlx-general` (the general [`Dlx`], the literal dlx1/dlx2 port, measured separately
//! only when `dlx` took the fast path) and `dc` ([`Dc`], SSXC1). The repetitions go round the
//! contenders in turn (dlx, dc, dlx, dc, …), so that a slow spell of the machine hits both, and
//! the time reported is the median. A timing covers the search alone: building the matrix from the
//! [`Problem`] is done before the clock starts, as Knuth's programs report their mems for the
//! search apart from the input phase. The counters must be the same in every repetition, else the
//! measurement fails.

pub mod process;

use std::time::Instant;

use super::choose::{exact, EngineKind};
use super::count::count;
use super::dc::Dc;
use super::dlx::Dlx;
use super::engine::Engine;
use super::{Limits, Problem, SearchEnd};
use crate::puzzles::langford::Langford;
use crate::puzzles::latin::LatinSquares;
use crate::puzzles::polyomino::Tiling;
use crate::puzzles::queens::Queens;
use crate::puzzles::sudoku::{encode, encode_puzzle};
use crate::sudoku::{Grid, Shape};

/// One problem of the comparison.
#[derive(Clone, Debug)]
pub struct Case {
    /// Short name, e.g. `queens 12`.
    pub name: String,
    /// The family (`queens`, `pentomino`, `langford`, `sudoku`, `latin`), for grouping.
    pub family: &'static str,
    /// The `dlxlab gen-xc` arguments that write the same problem in Knuth's format.
    pub gen_xc: String,
    /// The problem.
    pub problem: Problem,
}

/// The problems of the engines report: N-queens 8–15, the pentominoes on 6x10, 5x12, 4x15 and 3x20
/// (every tiling, no symmetry reduction), Langford pairs 11 and 12, all 6x6 Sudoku grids, and
/// the Latin squares of order 5 (with colours) and reduced order 6. `quick` keeps only the
/// problems that take well under a second, for tests.
pub fn standard_cases(quick: bool) -> Result<Vec<Case>, String> {
    let e = |e: &dyn std::fmt::Display| e.to_string();
    let mut cases = Vec::new();
    let queens = if quick { 8..=10 } else { 8..=15 };
    for n in queens {
        cases.push(Case {
            name: format!("queens {n}"),
            family: "queens",
            gen_xc: format!("queens {n}"),
            problem: Queens::new(n).map_err(|x| e(&x))?.problem().clone(),
        });
    }
    let boards: &[(usize, usize)] = if quick {
        &[(3, 20)]
    } else {
        &[(6, 10), (5, 12), (4, 15), (3, 20)]
    };
    for &(r, c) in boards {
        cases.push(Case {
            name: format!("pentomino {r}x{c}"),
            family: "pentomino",
            gen_xc: format!("pentomino {r}x{c}"),
            problem: Tiling::pentominoes(r, c, false)
                .map_err(|x| e(&x))?
                .problem()
                .clone(),
        });
    }
    let langford: &[usize] = if quick { &[7, 8] } else { &[11, 12] };
    for &n in langford {
        cases.push(Case {
            name: format!("langford {n}"),
            family: "langford",
            gen_xc: format!("langford {n}"),
            problem: Langford::new(n).map_err(|x| e(&x))?.problem().clone(),
        });
    }
    let (br, bc) = if quick { (2, 2) } else { (2, 3) };
    let shape = Shape::new(br, bc).ok_or("no such Sudoku shape")?;
    let side = br * bc;
    cases.push(Case {
        name: format!("sudoku {side}x{side} grids"),
        family: "sudoku",
        gen_xc: format!("sudoku --box {br}x{bc} {}", ".".repeat(side * side)),
        problem: encode(shape).problem().clone(),
    });
    let latin: &[(usize, bool)] = if quick {
        &[(4, false)]
    } else {
        &[(5, false), (6, true)]
    };
    for &(n, reduced) in latin {
        let flag = if reduced { " --reduced" } else { "" };
        cases.push(Case {
            name: format!("latin {n}{flag}"),
            family: "latin",
            gen_xc: format!("latin {n}{flag}"),
            problem: LatinSquares::new(n, reduced)
                .map_err(|x| e(&x))?
                .problem()
                .clone(),
        });
    }
    Ok(cases)
}

/// A contender of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contender {
    /// What `--engine dlx` runs ([`exact`]: the uniform fast path when it applies).
    Dlx,
    /// The general [`Dlx`] even where the fast path applies.
    DlxGeneral,
    /// Dancing cells, [`Dc`].
    Dc,
}

impl Contender {
    /// The name in the CSV.
    pub fn name(self) -> &'static str {
        match self {
            Contender::Dlx => "dlx",
            Contender::DlxGeneral => "dlx-general",
            Contender::Dc => "dc",
        }
    }

    fn build(self, problem: &Problem) -> Result<(Box<dyn Engine + Send>, String), String> {
        let e = |e: super::engine::EngineError| e.to_string();
        Ok(match self {
            Contender::Dlx => {
                let (engine, kind) = exact(problem).map_err(e)?;
                let implementation = match kind {
                    EngineKind::Uniform { width } => {
                        format!("uniform (dancing links, {width} items per option)")
                    }
                    _ => "general (dancing links, as dlx1/dlx2)".to_string(),
                };
                (engine, implementation)
            }
            Contender::DlxGeneral => (
                Box::new(Dlx::new(problem).map_err(e)?),
                "general (dancing links, as dlx1/dlx2)".to_string(),
            ),
            Contender::Dc => (
                Box::new(Dc::new(problem).map_err(e)?),
                "dancing cells (sparse sets, as SSXC1)".to_string(),
            ),
        })
    }
}

/// Solutions, nodes, updates and mems of one count.
type Counters = (u64, u64, u64, Option<u64>);

/// One contender's result on one case.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// [`Case::name`].
    pub case: String,
    /// [`Contender::name`], or the name of an outside program.
    pub engine: String,
    /// Which implementation ran.
    pub implementation: String,
    /// Solutions counted.
    pub solutions: u64,
    /// Search nodes, as the engine defines them (dlx1's for `dlx`, SSXC1's for `dc`).
    pub nodes: u64,
    /// Updates, as the engine defines them.
    pub updates: u64,
    /// Mems, for the engines that count them (`dc`, Knuth's programs).
    pub mems: Option<u64>,
    /// The median time of the repetitions, in nanoseconds.
    pub time_ns: u64,
    /// Whole processes only: the median CPU time (user + system) of the repetitions, in
    /// nanoseconds — on a busy machine a steadier measure than the wall time.
    pub cpu_ns: Option<u64>,
    /// Every repetition's (wall) time, in nanoseconds, in the order they ran; for whole
    /// processes, the `k`-th entries of the programs on one problem ran in the same round.
    pub times_ns: Vec<u64>,
    /// `in-process` (search only) or `whole-process` (a program run from start to exit).
    pub scope: &'static str,
}

/// The median of `times`, as every median of dlxlab ([`crate::report::stats::median`]: the mean
/// of the two middle values for an even count), rounded to the nanosecond; 0 for none.
pub fn median_ns(times: &[u64]) -> u64 {
    if times.is_empty() {
        return 0;
    }
    let t: Vec<f64> = times.iter().map(|&t| t as f64).collect();
    crate::report::stats::median(&t).round() as u64
}

/// The contenders that make sense for `problem`: `dlx-general` only when `dlx` takes the fast path.
pub fn contenders(problem: &Problem) -> Vec<Contender> {
    let uniform = matches!(exact(problem), Ok((_, EngineKind::Uniform { .. })));
    let mut v = vec![Contender::Dlx];
    if uniform {
        v.push(Contender::DlxGeneral);
    }
    v.push(Contender::Dc);
    v
}

/// Counts `case` with each of `contenders`, `repeats` times each in turn; see the module doc.
/// `tick` is called after every single count (for a progress bar).
pub fn measure(
    case: &Case,
    contenders: &[Contender],
    repeats: usize,
    tick: &dyn Fn(),
) -> Result<Vec<Measurement>, String> {
    let mut built = Vec::new();
    for &c in contenders {
        let (engine, implementation) = c.build(&case.problem)?;
        built.push((c, engine, implementation, Vec::new(), None));
    }
    for _ in 0..repeats.max(1) {
        for (c, engine, _, times, seen) in built.iter_mut() {
            let start = Instant::now();
            let r = count(engine.as_mut(), 0, &Limits::NONE);
            times.push(start.elapsed().as_nanos() as u64);
            tick();
            if r.end != SearchEnd::Exhausted {
                return Err(format!("{}: {} stopped early", case.name, c.name()));
            }
            let counters = (
                r.stats.solutions,
                r.stats.nodes,
                r.stats.updates,
                engine.mems(),
            );
            match seen {
                None => *seen = Some(counters),
                Some(s) if *s != counters => {
                    return Err(format!(
                        "{}: {} counted differently in two repetitions: {s:?} then {counters:?}",
                        case.name,
                        c.name()
                    ))
                }
                Some(_) => {}
            }
        }
    }
    let out: Vec<Measurement> = built
        .into_iter()
        .map(|(c, _, implementation, times, seen)| {
            let (solutions, nodes, updates, mems) = seen.expect("at least one repetition");
            Measurement {
                case: case.name.clone(),
                engine: c.name().to_string(),
                implementation,
                solutions,
                nodes,
                updates,
                mems,
                time_ns: median_ns(&times),
                cpu_ns: None,
                times_ns: times,
                scope: "in-process",
            }
        })
        .collect();
    if let Some(m) = out.iter().find(|m| m.solutions != out[0].solutions) {
        return Err(format!(
            "{}: {} counts {} solutions, {} counts {}",
            case.name, out[0].engine, out[0].solutions, m.engine, m.solutions
        ));
    }
    Ok(out)
}

/// Solves every puzzle of `grids` with each contender (its reduced exact-cover problem,
/// [`encode_puzzle`], counted up to two solutions, which proves uniqueness), `repeats` times in
/// turn per puzzle, and sums over the puzzles: solutions, nodes, updates, mems, and the per-puzzle
/// median times. Encoding and building the matrices are not timed. `tick` is called per puzzle.
pub fn measure_puzzles(
    name: &str,
    grids: &[Grid],
    repeats: usize,
    tick: &dyn Fn(),
) -> Result<Vec<Measurement>, String> {
    let all = [Contender::Dlx, Contender::DlxGeneral, Contender::Dc];
    let mut out: Vec<Measurement> = all
        .iter()
        .map(|c| Measurement {
            case: name.to_string(),
            engine: c.name().to_string(),
            implementation: String::new(),
            solutions: 0,
            nodes: 0,
            updates: 0,
            mems: None,
            time_ns: 0,
            cpu_ns: None,
            times_ns: Vec::new(),
            scope: "in-process",
        })
        .collect();
    for (line, grid) in grids.iter().enumerate() {
        let problem = encode_puzzle(grid);
        let mut times = vec![Vec::new(); all.len()];
        let mut first: Vec<Option<Counters>> = vec![None; all.len()];
        let mut engines = Vec::new();
        for (k, c) in all.iter().enumerate() {
            let (engine, implementation) = c.build(&problem)?;
            out[k].implementation = implementation;
            engines.push(engine);
        }
        for _ in 0..repeats.max(1) {
            for (k, engine) in engines.iter_mut().enumerate() {
                let start = Instant::now();
                let r = count(engine.as_mut(), 2, &Limits::NONE);
                times[k].push(start.elapsed().as_nanos() as u64);
                let counters = (
                    r.stats.solutions,
                    r.stats.nodes,
                    r.stats.updates,
                    engine.mems(),
                );
                if first[k].is_some_and(|f| f != counters) {
                    return Err(format!(
                        "{name}, puzzle {}: {} counted differently twice",
                        line + 1,
                        all[k].name()
                    ));
                }
                first[k] = Some(counters);
            }
        }
        for (k, m) in out.iter_mut().enumerate() {
            let (solutions, nodes, updates, mems) = first[k].expect("one repetition");
            m.solutions += solutions;
            m.nodes += nodes;
            m.updates += updates;
            m.mems = mems.map(|x| m.mems.unwrap_or(0) + x);
            m.time_ns += median_ns(&times[k]);
        }
        if first
            .iter()
            .any(|f| f.map(|f| f.0) != first[0].map(|f| f.0))
        {
            return Err(format!(
                "{name}, puzzle {}: the engines count different solutions",
                line + 1
            ));
        }
        tick();
    }
    for m in &mut out {
        m.times_ns = vec![m.time_ns];
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_cases_agree_and_repeat() {
        let cases = standard_cases(true).unwrap();
        assert!(cases.iter().any(|c| c.problem.has_colors()));
        for case in &cases {
            let ms = measure(case, &contenders(&case.problem), 2, &|| {}).unwrap();
            assert!(ms
                .iter()
                .all(|m| m.times_ns.len() == 2 && m.solutions == ms[0].solutions));
            // The fast path takes Langford pairs and Sudoku (all primary, equal widths, short item
            // lists); never problems with secondary items.
            let general = ms.iter().any(|m| m.engine == "dlx-general");
            if matches!(case.family, "langford" | "sudoku") {
                assert!(general, "{}", case.name);
            }
            if matches!(case.family, "queens" | "latin") {
                assert!(!general, "{}", case.name);
            }
            assert!(ms.iter().all(|m| m.mems.is_some() == (m.engine == "dc")));
        }
        let q8 = &cases[0];
        let ms = measure(q8, &[Contender::Dlx, Contender::Dc], 1, &|| {}).unwrap();
        // dlx1's and SSXC1's numbers for 8 queens.
        assert_eq!((ms[0].solutions, ms[0].nodes), (92, 1_199));
        assert_eq!(
            (ms[1].nodes, ms[1].updates, ms[1].mems),
            (890, 18_412, Some(274_959))
        );
    }

    #[test]
    fn puzzles_sum_over_the_list() {
        let grids: Vec<Grid> = ["1.3.3..2.1.34..1", "................"]
            .iter()
            .map(|s| Grid::parse(s).unwrap())
            .collect();
        let ms = measure_puzzles("4x4", &grids, 2, &|| {}).unwrap();
        assert_eq!(ms.len(), 3);
        // The first has one solution, the empty grid at least two (counted up to two).
        assert!(ms.iter().all(|m| m.solutions == 3));
        assert_eq!(
            ms[0].nodes, ms[1].nodes,
            "the fast path counts as the general Dlx"
        );
        assert!(ms[2].mems.is_some() && ms[0].mems.is_none());
    }

    #[test]
    fn median_of_times() {
        assert_eq!(median_ns(&[5, 1, 9]), 5);
        assert_eq!(median_ns(&[4, 1, 9, 7]), 6, "(4 + 7) / 2 = 5.5, rounded");
        assert_eq!(median_ns(&[]), 0);
    }
}
