//! The dancing-cells engine (issue 14): SSXC1's counters on Knuth's problems, the same solutions
//! as dancing links on every encoder and on random problems with and without colours, forcing and
//! releasing, the `dc` Sudoku solver, and `--engine dc` on the command line.
//!
//! The SSXC1 numbers below were measured with Knuth's own program: `ssxc1.w` from the CWEB
//! sources (github.com/ascherer/cwebtest), tangled with `ctangle` (Debian's texlive-binaries) and
//! compiled with `gcc -O2` in a scratch directory, run as `ssxc1 < FILE` on the output of
//! `dlxlab gen-xc …` (which writes the same items and options, in the same order, as the encoders
//! used here). reports/engines/README.md says how to build Knuth's programs, and
//! `dlxlab engines --knuth DIR` compares them with both engines on the same files.

use dlxlab::puzzles::langford::Langford;
use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::queens::Queens;
use dlxlab::puzzles::sudoku::{encode, encode_puzzle};
use dlxlab::sudoku::{Grid, Shape};
use dlxlab::xc::count::count;
use dlxlab::xc::dc::Dc;
use dlxlab::xc::dlx::Dlx;
use dlxlab::xc::engine::Engine;
use dlxlab::xc::{ChoicePolicy, Control, Halt, Limits, OptionId, Problem, SearchEnd};

/// SSXC1's report for one problem: solutions, nodes, updates, mems (search only).
struct Knuth {
    solutions: u64,
    nodes: u64,
    updates: u64,
    mems: u64,
}

const fn k(solutions: u64, nodes: u64, updates: u64, mems: u64) -> Knuth {
    Knuth {
        solutions,
        nodes,
        updates,
        mems,
    }
}

/// Counts all solutions with [`Dc`] and checks them against SSXC1's report.
fn assert_ssxc1(name: &str, p: &Problem, want: &Knuth) {
    let mut dc = Dc::new(p).unwrap();
    let r = count(&mut dc, 0, &Limits::NONE);
    assert_eq!(r.end, SearchEnd::Exhausted, "{name}");
    let got = (r.stats.solutions, r.stats.nodes, r.stats.updates, dc.mems());
    assert_eq!(
        got,
        (want.solutions, want.nodes, want.updates, want.mems),
        "{name}: (solutions, nodes, updates, mems) against SSXC1"
    );
    assert_eq!(r.stats.profile.iter().sum::<u64>(), r.stats.nodes, "{name}");
    dc.check_invariants().unwrap();
}

fn queens(n: usize) -> Problem {
    Queens::new(n).unwrap().problem().clone()
}

fn langford(n: usize) -> Problem {
    Langford::new(n).unwrap().problem().clone()
}

fn pentominoes(h: usize, w: usize, symmetry: bool) -> Problem {
    Tiling::pentominoes(h, w, symmetry)
        .unwrap()
        .problem()
        .clone()
}

fn grids(r: usize, c: usize) -> Problem {
    encode(Shape::new(r, c).unwrap()).problem().clone()
}

/// `ssxc1 < q{n}.dlx` for n = 1..=12.
const QUEENS: [Knuth; 12] = [
    k(1, 2, 7, 79),
    k(0, 1, 20, 252),
    k(0, 3, 67, 828),
    k(2, 13, 221, 2_903),
    k(10, 47, 689, 9_499),
    k(4, 64, 1_613, 22_048),
    k(40, 298, 5_728, 82_939),
    k(92, 890, 18_412, 274_959),
    k(352, 3_484, 70_393, 1_093_695),
    k(724, 11_460, 258_575, 4_095_358),
    k(2_680, 47_059, 1_073_090, 17_494_745),
    k(14_200, 229_253, 5_101_733, 85_961_041),
];

#[test]
fn queens_as_ssxc1() {
    for (i, want) in QUEENS.iter().enumerate() {
        assert_ssxc1(&format!("{}-queens", i + 1), &queens(i + 1), want);
    }
}

#[test]
#[ignore = "a second or more; cargo test --release -- --ignored"]
fn thirteen_queens_as_ssxc1() {
    assert_ssxc1(
        "13-queens",
        &queens(13),
        &k(73_712, 1_156_066, 25_326_025, 440_759_695),
    );
}

#[test]
fn langford_as_ssxc1() {
    let cases = [
        (3, k(2, 7, 49, 591)),
        (4, k(2, 13, 160, 1_943)),
        (7, k(52, 459, 7_690, 93_090)),
        (8, k(300, 2_295, 35_282, 432_268)),
    ];
    for (n, want) in &cases {
        assert_ssxc1(&format!("langford {n}"), &langford(*n), want);
    }
}

#[test]
#[ignore = "seconds; cargo test --release -- --ignored"]
fn larger_langford_as_ssxc1() {
    assert_ssxc1(
        "langford 11",
        &langford(11),
        &k(35_584, 349_755, 5_592_127, 69_958_790),
    );
    assert_ssxc1(
        "langford 12",
        &langford(12),
        &k(216_288, 2_261_118, 36_454_352, 458_636_391),
    );
}

#[test]
fn pentominoes_3x20_as_ssxc1() {
    assert_ssxc1(
        "pentominoes 3x20",
        &pentominoes(3, 20, false),
        &k(8, 9_451, 9_412_335, 82_480_821),
    );
}

#[test]
#[ignore = "tens of seconds; cargo test --release -- --ignored"]
fn pentominoes_as_ssxc1() {
    assert_ssxc1(
        "pentominoes 6x10",
        &pentominoes(6, 10, false),
        &k(9_356, 1_211_955, 1_055_487_160, 9_150_354_061),
    );
    assert_ssxc1(
        "pentominoes 6x10 up to symmetry",
        &pentominoes(6, 10, true),
        &k(2_339, 302_760, 259_964_869, 2_254_604_273),
    );
    assert_ssxc1(
        "pentominoes 5x12",
        &pentominoes(5, 12, false),
        &k(4_040, 732_071, 651_084_248, 5_662_916_244),
    );
    assert_ssxc1(
        "pentominoes 4x15",
        &pentominoes(4, 15, false),
        &k(1_472, 260_798, 235_374_497, 2_052_096_999),
    );
}

#[test]
fn sudoku_4x4_grids_as_ssxc1() {
    assert_ssxc1("4x4 grids", &grids(2, 2), &k(288, 2_222, 23_288, 371_153));
}

#[test]
#[ignore = "minutes: 308 million nodes"]
fn sudoku_6x6_grids_as_ssxc1() {
    assert_ssxc1(
        "6x6 grids",
        &grids(2, 3),
        &k(28_200_960, 308_185_803, 3_341_456_514, 62_069_247_246),
    );
}

/// Solution counts and the sorted solutions of both engines.
fn both(p: &Problem, policy: ChoicePolicy, forced: &[OptionId]) -> [(u64, Vec<Vec<OptionId>>); 2] {
    let mut dlx = Dlx::new(p).unwrap();
    let mut dc = Dc::new(p).unwrap();
    let engines: [&mut dyn Engine; 2] = [&mut dlx, &mut dc];
    engines.map(|e| {
        e.set_policy(policy);
        for &o in forced {
            e.force(o).unwrap();
        }
        let mut sols = Vec::new();
        let r = e.search_dyn(&Limits::NONE, &mut |s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            sols.push(s);
            Control::Continue
        });
        assert_eq!(r.end, SearchEnd::Exhausted);
        e.release();
        e.check_invariants().unwrap();
        sols.sort();
        (r.stats.solutions, sols)
    })
}

fn assert_same(name: &str, p: &Problem) {
    assert_same_with(name, p, &[ChoicePolicy::Mrv, ChoicePolicy::First]);
}

fn assert_same_with(name: &str, p: &Problem, policies: &[ChoicePolicy]) {
    for &policy in policies {
        let [dlx, dc] = both(p, policy, &[]);
        assert_eq!(dlx, dc, "{name} ({policy:?})");
    }
}

#[test]
fn same_solutions_as_dlx_on_the_encoders() {
    for n in 1..=8 {
        assert_same(&format!("{n}-queens"), &queens(n));
    }
    for n in 1..=8 {
        assert_same(&format!("langford {n}"), &langford(n));
    }
    assert_same("4x4 grids", &grids(2, 2));
    let fixtures = include_str!("../fixtures/sudoku.txt");
    for line in fixtures.lines().filter(|l| !l.starts_with('#')) {
        let puzzle = line.split(':').next().unwrap();
        let Ok(grid) = Grid::parse(puzzle) else {
            continue;
        };
        if grid.shape().side() > 9 {
            continue;
        }
        // Without MRV a 9x9 puzzle's tree is far too large for a test.
        assert_same_with(puzzle, &encode_puzzle(&grid), &[ChoicePolicy::Mrv]);
    }
    let honeycomb = dlxlab::puzzles::honeycomb::xc::encode();
    let mut dlx = Dlx::new(honeycomb.problem()).unwrap();
    let mut dc = Dc::new(honeycomb.problem()).unwrap();
    let limits = Limits::NONE;
    let a = dlxlab::xc::count::count(&mut dlx, 1000, &limits)
        .stats
        .solutions;
    let b = dlxlab::xc::count::count(&mut dc, 1000, &limits)
        .stats
        .solutions;
    assert_eq!((a, b), (1000, 1000), "honeycomb grids: both find 1000");
}

#[test]
fn same_counts_as_dlx_on_pentominoes_3x20() {
    let p = pentominoes(3, 20, false);
    let [dlx, dc] = both(&p, ChoicePolicy::Mrv, &[]);
    assert_eq!(dlx, dc);
    assert_eq!(dc.0, 8);
}

#[test]
#[ignore = "seconds; cargo test --release -- --ignored"]
fn same_counts_as_dlx_on_pentominoes_6x10() {
    for symmetry in [false, true] {
        let p = pentominoes(6, 10, symmetry);
        let [dlx, dc] = both(&p, ChoicePolicy::Mrv, &[]);
        assert_eq!(dlx, dc);
        // The encoder's symmetry breaking leaves one tiling in four (2,339 of 9,356).
        assert_eq!(dc.0, if symmetry { 2_339 } else { 9_356 });
    }
}

#[test]
fn forcing_and_releasing() {
    let p = queens(8);
    let mut dc = Dc::new(&p).unwrap();
    // Queen at row 0 column 0, then one that attacks it (row 1 column 1, same diagonal).
    dc.force(OptionId(0)).unwrap();
    let err = dc.force(OptionId(9)).unwrap_err();
    assert!(err.to_string().contains("cannot be forced"), "{err}");
    assert!(dc.force(OptionId(0)).is_err());
    assert_eq!(dc.n_forced(), 1);
    dc.check_invariants().unwrap();
    let mut dlx = Dlx::new(&p).unwrap();
    dlx.force(OptionId(0)).unwrap();
    let corner = count(&mut dlx, 0, &Limits::NONE).stats.solutions;
    let mut firsts = Vec::new();
    let r = dc.search(&Limits::NONE, |s| {
        firsts.push(s[0]);
        Control::Continue
    });
    assert!(corner > 0);
    assert_eq!(
        r.stats.solutions, corner,
        "8-queens with a queen in a corner"
    );
    assert!(firsts.iter().all(|&o| o == OptionId(0)));
    // The same search again gives the same counters: every search starts afresh.
    let again = dc.search(&Limits::NONE, |_| Control::Continue);
    assert_eq!(again, r);
    dc.release();
    dc.check_invariants().unwrap();
    assert_eq!(count(&mut dc, 0, &Limits::NONE).stats.solutions, 92);
    assert_eq!(
        dc.mems(),
        QUEENS[7].mems,
        "a released matrix searches as a new one"
    );
    // Forcing a full solution: the root is the solution.
    let sol = dlxlab::xc::count::first_solution(&mut Dlx::new(&p).unwrap(), &Limits::NONE)
        .0
        .expect("8 queens have a solution");
    for &o in &sol {
        dc.force(o).unwrap();
    }
    let r = dc.search(&Limits::NONE, |s| {
        assert_eq!(s, sol.as_slice());
        Control::Continue
    });
    assert_eq!((r.stats.solutions, r.stats.nodes), (1, 1));
    dc.release();
}

#[test]
fn forced_options_leaving_an_item_empty_give_no_node() {
    // 4-queens with queens at (0,0) and (1,2) (options 0 and 6, row-major): every square of
    // row 2 is attacked, so SSXC1 would have abandoned this choice before making it a node.
    let p = queens(4);
    let mut dc = Dc::new(&p).unwrap();
    dc.force(OptionId(0)).unwrap();
    dc.force(OptionId(6)).unwrap();
    let r = dc.search(&Limits::NONE, |_| Control::Continue);
    assert_eq!((r.stats.solutions, r.stats.nodes), (0, 0));
    assert_eq!(dc.branch_counts().dead_ends, 1);
}

#[test]
fn budget_and_stop() {
    let p = queens(10);
    let mut dc = Dc::new(&p).unwrap();
    let r = count(&mut dc, 0, &Limits::nodes(100));
    assert_eq!(r.end, SearchEnd::Limit(Halt::Nodes));
    assert_eq!(r.stats.nodes, 100);
    let r = count(&mut dc, 5, &Limits::NONE);
    assert_eq!((r.end, r.stats.solutions), (SearchEnd::Stopped, 5));
    dc.check_invariants().unwrap();
    assert_eq!(
        count(&mut dc, 0, &Limits::NONE).stats.nodes,
        QUEENS[9].nodes
    );
}

#[test]
fn refuses_multiplicities() {
    let mut b = Problem::builder();
    b.primary_with_bounds("m", 1, 2).unwrap();
    b.option_named(&["m"]).unwrap();
    let err = Dc::new(&b.build().unwrap()).unwrap_err();
    assert!(matches!(
        err,
        dlxlab::xc::engine::EngineError::Multiplicities { .. }
    ));
}

#[test]
fn colours_are_shared_only_when_they_agree() {
    // Two primary items, one secondary `s`: options agreeing on `s`'s colour combine.
    let text = "a b | s\na s:R\nb s:R\nb s:G\na\n";
    let p = dlxlab::xc::format::parse(text).unwrap().problem;
    let [dlx, dc] = both(&p, ChoicePolicy::Mrv, &[]);
    assert_eq!(dlx, dc);
    assert_eq!(dc.0, 3, "{{a s:R, b s:R}}, {{a, b s:R}}, {{a, b s:G}}");
    let mut dc = Dc::new(&p).unwrap();
    dc.force(OptionId(0)).unwrap();
    let err = dc.force(OptionId(2)).unwrap_err();
    assert!(matches!(
        err,
        dlxlab::xc::engine::ForceError::ColorConflict { .. }
    ));
    dc.force(OptionId(1)).unwrap();
    assert_eq!(count(&mut dc, 0, &Limits::NONE).stats.solutions, 1);
}

pub(crate) mod random {
    use super::*;
    use proptest::prelude::*;

    /// A random small problem: 1 to `primaries - 1` primary and 0 to 3 secondary items, 1 to
    /// `options - 1` options of up to four items, a secondary item coloured R or G or left
    /// uncoloured (uncoloured throughout unless `colours`). `xc_memo` draws from it too.
    pub(crate) fn sized_problem(
        colours: bool,
        primaries: usize,
        options: usize,
    ) -> impl Strategy<Value = Problem> {
        (1usize..primaries, 0usize..4).prop_flat_map(move |(np, ns)| {
            let n = np + ns;
            let entry = (0..n, 0u32..3);
            let option = proptest::collection::vec(entry, 1..5);
            proptest::collection::vec(option, 1..options).prop_map(move |opts| {
                let mut b = Problem::builder();
                for i in 0..np {
                    b.primary(format!("p{i}")).unwrap();
                }
                for i in 0..ns {
                    b.secondary(format!("s{i}")).unwrap();
                }
                let palette = [b.color("R").unwrap(), b.color("G").unwrap()];
                for opt in opts {
                    let mut entries: Vec<dlxlab::xc::Entry> = Vec::new();
                    for (item, c) in opt {
                        if entries.iter().any(|e| e.item.0 as usize == item) {
                            continue;
                        }
                        let color =
                            (colours && item >= np && c > 0).then(|| palette[c as usize - 1]);
                        entries.push(dlxlab::xc::Entry {
                            item: dlxlab::xc::ItemId(item as u32),
                            color,
                        });
                    }
                    b.option_entries(&entries).unwrap();
                }
                b.build().unwrap()
            })
        })
    }

    fn problem(colours: bool) -> impl Strategy<Value = Problem> {
        sized_problem(colours, 6, 16)
    }

    fn check(p: &Problem, force: &[usize], first: bool) -> Result<(), TestCaseError> {
        let policy = if first {
            ChoicePolicy::First
        } else {
            ChoicePolicy::Mrv
        };
        let [dlx, dc] = both(p, policy, &[]);
        prop_assert_eq!(&dlx, &dc);
        // Force what dancing links accepts; dancing cells must accept the same and agree.
        let mut a = Dlx::new(p).unwrap();
        let mut b = Dc::new(p).unwrap();
        let mut forced = Vec::new();
        for &f in force {
            if p.n_options() == 0 {
                break;
            }
            let o = OptionId((f % p.n_options()) as u32);
            let (ra, rb) = (a.force(o), b.force(o));
            prop_assert_eq!(ra.is_ok(), rb.is_ok(), "force {:?}: {:?} {:?}", o, ra, rb);
            if ra.is_ok() {
                forced.push(o);
            }
            b.check_invariants().map_err(TestCaseError::fail)?;
        }
        let [dlx, dc] = both(p, policy, &forced);
        prop_assert_eq!(dlx, dc);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn same_solutions_without_colours(p in problem(false), force in proptest::collection::vec(0usize..16, 0..3), first in any::<bool>()) {
            check(&p, &force, first)?;
        }

        #[test]
        fn same_solutions_with_colours(p in problem(true), force in proptest::collection::vec(0usize..16, 0..3), first in any::<bool>()) {
            check(&p, &force, first)?;
        }
    }
}

mod sudoku_solver {
    use dlxlab::solvers::{by_name, SolveLimits};
    use dlxlab::sudoku::Grid;
    use dlxlab::xc::Limits;

    /// The `dc` solver agrees with `dlx` on every fixture puzzle: status, count, solution.
    #[test]
    fn agrees_with_dlx_on_the_fixtures() {
        let dlx = by_name("dlx").unwrap();
        let dc = by_name("dc").expect("dc is registered");
        let limits = SolveLimits {
            max_solutions: 0,
            budget: Limits::NONE,
        };
        let fixtures = include_str!("../fixtures/sudoku.txt");
        let mut n = 0;
        for line in fixtures
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let mut parts = line.split(':');
            let puzzle = parts.next().unwrap();
            let want = parts.next().unwrap();
            let Ok(grid) = Grid::parse(puzzle) else {
                continue;
            };
            if grid.shape().side() > 16 {
                continue;
            }
            let (a, b) = (dlx.solve(&grid, &limits), dc.solve(&grid, &limits));
            assert_eq!(b.solutions.to_string(), want, "{puzzle}");
            assert_eq!((a.status, a.solutions), (b.status, b.solutions), "{puzzle}");
            if a.solutions == 1 {
                assert_eq!(a.solution, b.solution, "{puzzle}");
            }
            n += 1;
        }
        assert!(n > 20);
    }
}

mod cli {

    fn dlxlab(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
        let out = crate::cli_xc::dlxlab(args, stdin);
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code(),
        )
    }

    fn gen(args: &[&str]) -> String {
        let (out, err, code) = dlxlab(args, "");
        assert_eq!(code, Some(0), "{err}");
        out
    }

    fn count_dc(problem: &str, extra: &[&str]) -> String {
        let mut args = vec!["xc", "-", "--count", "--engine", "dc"];
        args.extend_from_slice(extra);
        let (out, err, code) = dlxlab(&args, problem);
        assert_eq!(code, Some(0), "{err}");
        out.trim().to_string()
    }

    #[test]
    fn known_counts() {
        for (n, want) in [(6, "4"), (8, "92"), (10, "724")] {
            assert_eq!(
                count_dc(&gen(&["gen-xc", "queens", &n.to_string()]), &[]),
                want
            );
        }
        assert_eq!(count_dc(&gen(&["gen-xc", "langford", "7"]), &[]), "52");
        assert_eq!(count_dc(&gen(&["gen-xc", "langford", "8"]), &[]), "300");
        let g4 = gen(&["gen-xc", "sudoku", "................"]);
        assert_eq!(count_dc(&g4, &[]), "288");
        assert_eq!(count_dc(&g4, &["--threads", "2"]), "288");
        // A 6x6 puzzle with a few givens (its grids are a small slice of the 28,200,960).
        let six = gen(&[
            "gen-xc",
            "sudoku",
            "--box",
            "2x3",
            "123456456123........................",
        ]);
        let dlx = dlxlab(&["xc", "-", "--count"], &six).0;
        assert_eq!(count_dc(&six, &[]), dlx.trim());
    }

    #[test]
    fn stats_show_mems_as_ssxc1() {
        let (_, err, code) = dlxlab(
            &["xc", "-", "--count", "--engine", "dc", "--stats"],
            &gen(&["gen-xc", "queens", "8"]),
        );
        assert_eq!(code, Some(0));
        assert!(err.contains("engine: dc"), "{err}");
        assert!(err.contains("nodes: 890\n"), "{err}");
        assert!(err.contains("updates: 18412\n"), "{err}");
        assert!(err.contains("mems: 274959\n"), "{err}");
    }

    /// `dlxlab engines --quick`: both engines on every problem with the same counts, the CSV,
    /// the tables and the figure written, a hand-written README.md in the directory left alone.
    #[test]
    fn engines_report_quick() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("puzzles.txt");
        let lines: Vec<&str> = include_str!("../fixtures/sudoku.txt")
            .lines()
            .filter_map(|l| l.split(':').next())
            .filter(|p| p.len() == 81)
            .take(5)
            .collect();
        std::fs::write(&corpus, lines.join("\n")).unwrap();
        let out = dir.path().join("engines");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("README.md"), "discussion").unwrap();
        let args = [
            "engines",
            "--quick",
            "--repeats",
            "1",
            "--quiet",
            "--corpus",
            corpus.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        let (_, err, code) = dlxlab(&args, "");
        assert_eq!(code, Some(0), "{err}");
        let csv = std::fs::read_to_string(out.join("engines.csv")).unwrap();
        let mut rows = csv::Reader::from_reader(csv.as_bytes());
        let mut by_problem: std::collections::BTreeMap<String, Vec<(String, u64)>> =
            Default::default();
        for r in rows.records() {
            let r = r.unwrap();
            by_problem
                .entry(r[0].to_string())
                .or_default()
                .push((r[1].to_string(), r[4].parse().unwrap()));
        }
        assert_eq!(by_problem.len(), 9, "{csv}");
        for (problem, engines) in &by_problem {
            let names: Vec<&str> = engines.iter().map(|e| e.0.as_str()).collect();
            assert!(
                names.contains(&"dlx") && names.contains(&"dc"),
                "{problem}: {names:?}"
            );
            assert!(
                engines.iter().all(|e| e.1 == engines[0].1),
                "{problem}: {engines:?}"
            );
        }
        assert_eq!(by_problem["queens 8"][0].1, 92);
        assert_eq!(by_problem["puzzles.txt, first 5"][0].1, 5);
        let md = std::fs::read_to_string(out.join("results.md")).unwrap();
        assert!(md.contains("| latin 4 | 576 |"), "{md}");
        assert!(out.join("engines-time.png").exists() && out.join("engines-time.svg").exists());
        assert_eq!(
            std::fs::read_to_string(out.join("README.md")).unwrap(),
            "discussion"
        );
    }

    /// `dlxlab engines --knuth DIR` (issue #26): refuses without the BUILD.txt that states how
    /// the peers were built, then runs every program in alternating rounds, reports their
    /// builds, and compares node counts. Stand-ins for Knuth's programs print his summary line.
    #[test]
    fn engines_whole_process_states_builds() {
        let dir = tempfile::tempdir().unwrap();
        let knuth = dir.path().join("knuth");
        std::fs::create_dir(&knuth).unwrap();
        for (p, nodes) in [
            ("dlx1", 1199),
            ("dlx2", 1199),
            ("ssxc1", 890),
            ("ssxcc", 890),
        ] {
            let path = knuth.join(p);
            std::fs::write(
                &path,
                format!(
                    "#!/bin/sh\ncat >/dev/null\necho 'Altogether 92 solutions, 1+2 mems, 3 updates, 4 bytes, {nodes} nodes.' >&2\n"
                ),
            )
            .unwrap();
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let out = dir.path().join("engines");
        let run = |extra: &[&str]| {
            let mut args = vec![
                "engines",
                "--quick",
                "--repeats",
                "3",
                "--puzzles",
                "0",
                "--quiet",
                "--out",
                out.to_str().unwrap(),
                "--knuth",
                knuth.to_str().unwrap(),
            ];
            args.extend_from_slice(extra);
            dlxlab(&args, "")
        };
        let (_, err, code) = run(&["--only", "queens 8"]);
        assert_ne!(code, Some(0), "{err}");
        assert!(
            err.contains("BUILD.txt") && err.contains("scripts/peers/knuth.sh"),
            "{err}"
        );
        assert!(!out.exists());
        let mut build = String::from(
            "# made by hand\nprogram\tsource\tsource_sha256\tgb_flip_sha256\tcompiler\tflags\ttangled_by\tfrom\n",
        );
        for p in ["dlx1", "dlx2", "ssxc1", "ssxcc"] {
            build.push_str(&format!(
                "{p}\t{p}.w\t0123456789abcdef\t-\tgcc 12.2.0\t-O2\tCTANGLE 4.7\t/src/{p}.w\n"
            ));
        }
        std::fs::write(knuth.join("BUILD.txt"), build).unwrap();
        let (_, err, code) = run(&["--only", "no such problem"]);
        assert_ne!(code, Some(0), "{err}");
        assert!(err.contains("--only no such problem"), "{err}");
        let (_, err, code) = run(&["--only", "queens 8"]);
        assert_eq!(code, Some(0), "{err}");
        let md = std::fs::read_to_string(out.join("results.md")).unwrap();
        assert!(
            md.contains("--only 'queens 8' --repeats 3 --puzzles 0"),
            "{md}"
        );
        assert!(
            md.contains(
                "| ssxc1 | ssxc1.w `0123456789ab…` | - | gcc 12.2.0 | `-O2` | CTANGLE 4.7 |"
            ),
            "{md}"
        );
        assert!(md.contains("| yes | yes |"), "{md}");
        let csv = std::fs::read_to_string(out.join("engines.csv")).unwrap();
        let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(csv.as_bytes())
            .records()
            .map(Result::unwrap)
            .collect();
        let whole: Vec<&csv::StringRecord> =
            rows.iter().filter(|r| &r[3] == "whole-process").collect();
        let names: Vec<&str> = whole.iter().map(|r| &r[1]).collect();
        assert_eq!(
            names,
            ["dlxlab-xc-dlx", "knuth-dlx1", "dlxlab-xc-dc", "knuth-ssxc1"]
        );
        for r in &whole {
            assert_eq!(&r[9], "3", "{r:?}");
            assert_eq!(r[10].split(' ').count(), 3, "{r:?}");
            assert!(r[11].parse::<u64>().is_ok(), "{r:?}");
        }
        assert!(rows.iter().all(|r| r[0] == *"queens 8"), "{csv}");
    }

    #[test]
    fn multiplicities_are_refused() {
        let (_, err, code) = dlxlab(&["xc", "-", "--engine", "dc"], "2:3|a b\na\nb\n");
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("multiplicity"), "{err}");
    }

    #[test]
    fn split_jobs_counted_by_dc() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("q8.dlx");
        std::fs::write(&file, gen(&["gen-xc", "queens", "8"])).unwrap();
        let jobs = dir.path().join("jobs");
        let f = file.to_str().unwrap();
        let j = jobs.to_str().unwrap();
        let (_, err, code) = dlxlab(&["split", f, "--depth", "2", "--out", j], "");
        assert_eq!(code, Some(0), "{err}");
        for slice in ["1/2", "2/2"] {
            let args = [
                "count-jobs",
                j,
                "--job",
                slice,
                "--engine",
                "dc",
                "--threads",
                "1",
            ];
            let (_, err, code) = dlxlab(&args, "");
            assert_eq!(code, Some(0), "{err}");
        }
        let (out, err, code) = dlxlab(&["merge-counts", j], "");
        assert_eq!(code, Some(0), "{err}");
        assert!(out.starts_with("solutions 92\n"), "{out}");
    }
}

/// Issue 38: dancing cells' trail was depth x items (SSXC1 saves every active size at every
/// level): 10,000 items of one option each, a search 10,000 levels deep, needed 400 MB for the
/// trail alone. Saved lazily, it holds only the sizes that change. The child runs with its
/// address space capped at 384 MiB (its peak RSS cannot be read: a forked child reports its
/// parent's), which the old trail's 512 MiB vector does not fit.
#[test]
fn dc_memory_is_linear_in_the_problem() {
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let n = 10_000;
    let mut problem: String = (0..n).map(|k| format!("i{k} ")).collect();
    problem.push('\n');
    for k in 0..n {
        problem.push_str(&format!("i{k}\n"));
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("chain.dlx");
    std::fs::write(&file, problem).unwrap();
    let mut cmd = Command::new(super::support::BIN);
    cmd.args(["xc", "--count", "--engine", "dc", "--threads", "1"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: the closure runs in the forked child before exec and only calls setrlimit(2),
    // which is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit {
                rlim_cur: 384 << 20,
                rlim_max: 384 << 20,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "dc on {n} items under 384 MiB: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1");
}
