//! The memo engine (issue 24): DLX6's counters on the same input, known counts, the same
//! solutions as dancing links and dancing cells on every encoder and on random problems, exact
//! counts past `u128`, the cache budget, uniform sampling, per-option counts, the ZDD file, and
//! `xc --engine memo` on the command line.
//!
//! The DLX6 numbers were measured with Knuth's program: `dlx6.w` (Knuth's CWEB sources, as
//! `scripts/peers/knuth.sh` fetches them), tangled with `ctangle` and compiled with `gcc -O2`, run
//! as `dlx6 < FILE` on the output of `dlxlab gen-xc …`: "Altogether S solutions, … U updates,
//! C cleansings, … N search nodes, Z ZDD nodes, A+B signatures, H hits."

use std::collections::HashMap;

use num_bigint::BigUint;
use rand::SeedableRng;
use rand_pcg::Pcg64;

use dlxlab::puzzles::board::BoardFill;
use dlxlab::puzzles::langford::Langford;
use dlxlab::puzzles::latin::LatinSquares;
use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::queens::Queens;
use dlxlab::puzzles::sudoku::encode;
use dlxlab::sudoku::Shape;
use dlxlab::xc::count::count;
use dlxlab::xc::dc::Dc;
use dlxlab::xc::dlx::Dlx;
use dlxlab::xc::engine::Engine;
use dlxlab::xc::memo::parallel::{self, Parallel, Sharing};
use dlxlab::xc::memo::{solve, MemoConfig, MemoRun, SolutionCount};
use dlxlab::xc::{Control, Limits, OptionId, Problem, SearchEnd};

use super::cli_xc::dlxlab;

fn memo(p: &Problem) -> MemoRun {
    let run = solve(p, &MemoConfig::default(), &Limits::NONE).unwrap();
    assert_eq!(run.end, SearchEnd::Exhausted);
    run
}

/// The count on `threads` threads, cut at `depth` (`None`: automatic), within `cache_bytes`.
fn parallel_count(
    p: &Problem,
    threads: usize,
    sharing: Sharing,
    depth: Option<usize>,
    cache_bytes: usize,
) -> SolutionCount {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let run = pool
        .install(|| {
            parallel::count(
                p,
                &MemoConfig { cache_bytes },
                &Parallel { depth, sharing },
                &Limits::NONE,
            )
        })
        .unwrap();
    assert_eq!(run.end, SearchEnd::Exhausted);
    run.count
}

fn queens(n: usize) -> Problem {
    Queens::new(n).unwrap().problem().clone()
}

fn langford(n: usize) -> Problem {
    Langford::new(n).unwrap().problem().clone()
}

/// Latin squares of order `n` with colours (`reduced`: first row and column fixed).
fn latin(n: usize, reduced: bool) -> Problem {
    LatinSquares::new(n, reduced).unwrap().problem().clone()
}

fn pentominoes(rows: usize, cols: usize) -> Problem {
    Tiling::pentominoes(rows, cols, false)
        .unwrap()
        .problem()
        .clone()
}

/// All `r·c × r·c` Sudoku grids with `r × c` boxes.
fn sudoku_grids(r: usize, c: usize) -> Problem {
    encode(Shape::new(r, c).unwrap()).problem().clone()
}

fn dominoes(rows: usize, cols: usize) -> Problem {
    BoardFill::dominoes(rows, cols, &[])
        .unwrap()
        .problem()
        .clone()
}

/// DLX6's report: solutions, nodes, updates, cleansings, ZDD nodes (its two sinks included),
/// signatures `a + b`, hits.
struct Dlx6 {
    solutions: u128,
    nodes: u64,
    updates: u64,
    cleansings: u64,
    zdd: u64,
    signatures: (u64, u64),
    hits: u64,
}

/// The memo engine's counters in DLX6's terms.
fn assert_dlx6(name: &str, p: &Problem, want: &Dlx6, hash_consed: bool) {
    let run = memo(p);
    let s = &run.stats;
    assert_eq!(
        run.zdd.count(),
        SolutionCount::Small(want.solutions),
        "{name}"
    );
    assert_eq!(
        (s.nodes, s.updates, s.cleansings, s.cache_hits + s.leaves),
        (want.nodes, want.updates, want.cleansings, want.hits),
        "{name}: (nodes, updates, cleansings, hits) against DLX6"
    );
    assert_eq!(
        (s.cache_entries - s.good_entries, s.good_entries + 1),
        want.signatures,
        "{name}: signatures against DLX6"
    );
    assert_eq!(s.zdd_made + 2, want.zdd, "{name}: ZDD nodes made");
    if !hash_consed {
        assert_eq!(s.zdd_nodes, s.zdd_made, "{name}: no two equal nodes");
    }
    assert_eq!(s.profile.iter().sum::<u64>(), s.nodes, "{name}");
}

#[test]
fn dominoes_as_dlx6() {
    let cases = [
        (
            4,
            4,
            Dlx6 {
                solutions: 36,
                nodes: 48,
                updates: 192,
                cleansings: 0,
                zdd: 49,
                signatures: (0, 34),
                hits: 15,
            },
        ),
        (
            8,
            8,
            Dlx6 {
                solutions: 12_988_816,
                nodes: 2317,
                updates: 10602,
                cleansings: 0,
                zdd: 2318,
                signatures: (0, 1628),
                hits: 690,
            },
        ),
        (
            12,
            12,
            Dlx6 {
                solutions: 53_060_477_521_960_000,
                nodes: 74049,
                updates: 350_690,
                cleansings: 0,
                zdd: 73859,
                signatures: (184, 51896),
                hits: 21970,
            },
        ),
    ];
    for (r, c, want) in &cases {
        assert_dlx6(&format!("dominoes {r}x{c}"), &dominoes(*r, *c), want, false);
    }
}

#[test]
fn queens_and_langford_as_dlx6() {
    // Queens: the diagonals are secondary, so two subproblems can differ in a diagonal that no
    // solution below them needs and still have the same solutions; their chains are then equal
    // triples, which DLX6 makes twice and the table keeps once.
    let q8 = Dlx6 {
        solutions: 92,
        nodes: 1101,
        updates: 19654,
        cleansings: 0,
        zdd: 474,
        signatures: (590, 382),
        hits: 130,
    };
    assert_dlx6("queens 8", &queens(8), &q8, true);
    let q10 = Dlx6 {
        solutions: 724,
        nodes: 15126,
        updates: 289_260,
        cleansings: 0,
        zdd: 4118,
        signatures: (10177, 3396),
        hits: 1554,
    };
    assert_dlx6("queens 10", &queens(10), &q10, true);
    let l11 = Dlx6 {
        solutions: 35584,
        nodes: 293_151,
        updates: 4_657_404,
        cleansings: 0,
        zdd: 122_956,
        signatures: (131_623, 89816),
        hits: 71713,
    };
    assert_dlx6("langford 11", &langford(11), &l11, false);
}

#[test]
fn latin_squares_with_colours_as_dlx6() {
    // Order 4 here; order 5 (161,280 squares, 1,615,921 nodes, the same as DLX6) runs in the
    // release CI step and the counting report.
    let run = memo(&latin(4, false));
    assert_eq!(run.zdd.count(), SolutionCount::Small(576));
    assert!(run.stats.cleansings > 0);
}

/// Known counts (the list, less what only release tests can afford).
fn known() -> Vec<(&'static str, Problem, u128)> {
    vec![
        ("dominoes 8x8", dominoes(8, 8), 12_988_816),
        ("dominoes 10x10", dominoes(10, 10), 258_584_046_368),
        ("queens 12", queens(12), 14200),
        ("langford 11", langford(11), 35584),
        ("4x4 Sudoku grids", sudoku_grids(2, 2), 288),
        ("latin 4", latin(4, false), 576),
        ("pentominoes 3x20", pentominoes(3, 20), 8),
    ]
}

#[test]
fn known_counts() {
    for (name, p, want) in known() {
        assert_eq!(memo(&p).zdd.count(), SolutionCount::Small(want), "{name}");
    }
}

/// Issue 24: counts on threads are the serial count, whatever the thread count, the cache (shared,
/// per thread, too small) and the depth of the cut.
#[test]
fn parallel_counts_are_the_serial_count() {
    let configs = [
        (1, Sharing::Shared, None, 1 << 30),
        (2, Sharing::Shared, None, 1 << 30),
        (2, Sharing::PerThread, Some(1), 1 << 30),
        (3, Sharing::Shared, Some(3), 1 << 30),
        (4, Sharing::PerThread, None, 1 << 30),
        (2, Sharing::Shared, Some(0), 4096),
        (3, Sharing::PerThread, None, 4096),
    ];
    for (name, p, want) in known() {
        // Without a cache, a domino board is enumerated tiling by tiling: tiny budgets only where
        // that is quick.
        let configs = configs.iter().filter(|c| c.3 > 4096 || want < 1_000_000);
        let want = SolutionCount::Small(want);
        for &(threads, sharing, depth, budget) in configs {
            let got = parallel_count(&p, threads, sharing, depth, budget);
            assert_eq!(
                got, want,
                "{name}: {threads} threads, {sharing:?}, depth {depth:?}, {budget} bytes"
            );
        }
    }
}

#[test]
fn a_node_limit_stops_every_thread() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let run = pool
        .install(|| {
            parallel::count(
                &dominoes(8, 8),
                &MemoConfig::default(),
                &Parallel {
                    depth: Some(2),
                    sharing: Sharing::Shared,
                },
                &Limits {
                    max_nodes: Some(5),
                    max_time: None,
                },
            )
        })
        .unwrap();
    assert!(matches!(run.end, SearchEnd::Limit(_)));
}

/// Fibonacci numbers, exactly.
fn fibonacci(n: usize) -> BigUint {
    let (mut a, mut b) = (BigUint::ZERO, BigUint::from(1u8));
    for _ in 0..n {
        let c = &a + &b;
        a = b;
        b = c;
    }
    a
}

#[test]
fn counts_past_u128_are_exact() {
    // A 2xn strip has F(n+1) domino tilings; F(201) > 2^128.
    let run = memo(&dominoes(2, 200));
    let want = fibonacci(201);
    assert!(want > BigUint::from(u128::MAX));
    assert_eq!(run.zdd.count(), SolutionCount::Big(want.clone()));
    assert_eq!(run.zdd.count().to_string(), want.to_string());
    let p = dominoes(2, 200);
    let mut rng = Pcg64::seed_from_u64(7);
    for s in run.zdd.sample(3, &mut rng) {
        assert_exact_cover(&p, &s);
    }
}

fn dlx_solutions(p: &Problem) -> Vec<Vec<OptionId>> {
    let mut dlx = Dlx::new(p).unwrap();
    let mut all = Vec::new();
    dlx.search_dyn(&Limits::NONE, &mut |s| {
        let mut s = s.to_vec();
        s.sort();
        all.push(s);
        Control::Continue
    });
    all.sort();
    all
}

fn memo_solutions(run: &MemoRun) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    run.zdd.for_each_solution(|s| {
        let mut s = s.to_vec();
        s.sort();
        all.push(s);
        true
    });
    all.sort();
    all
}

/// memo = dlx = dc: the same count, and the ZDD's solutions are dancing links' solutions.
fn assert_agree(name: &str, p: &Problem) {
    let run = memo(p);
    let want = dlx_solutions(p);
    assert_eq!(memo_solutions(&run), want, "{name}: solutions");
    assert_eq!(
        run.zdd.count(),
        SolutionCount::Small(want.len() as u128),
        "{name}"
    );
    let mut dc = Dc::new(p).unwrap();
    assert_eq!(
        count(&mut dc, 0, &Limits::NONE).stats.solutions,
        want.len() as u64,
        "{name}: dc"
    );
    // A budget too small for most entries changes the search, never the solutions.
    let tight = solve(p, &MemoConfig { cache_bytes: 2048 }, &Limits::NONE).unwrap();
    assert_eq!(memo_solutions(&tight), want, "{name}: tight budget");
    // Nor do threads, caches shared or not, or where the tree is cut.
    let n = SolutionCount::Small(want.len() as u128);
    for (threads, sharing, depth) in [
        (2, Sharing::Shared, None),
        (3, Sharing::PerThread, Some(2)),
        (2, Sharing::Shared, Some(1)),
    ] {
        let got = parallel_count(p, threads, sharing, depth, 1 << 20);
        assert_eq!(
            got, n,
            "{name}: {threads} threads, {sharing:?}, depth {depth:?}"
        );
    }
}

#[test]
fn every_encoder_agrees_with_dancing_links_and_cells() {
    let cases: Vec<(&str, Problem)> = vec![
        ("queens 6", queens(6)),
        ("langford 7", langford(7)),
        ("latin 4 (colours)", latin(4, false)),
        ("latin 5 reduced", latin(5, true)),
        ("pentominoes 3x20", pentominoes(3, 20)),
        ("4x4 Sudoku grids", sudoku_grids(2, 2)),
        ("dominoes 4x5", dominoes(4, 5)),
        (
            "dominoes 6x6 less two corners",
            BoardFill::dominoes(6, 6, &[(0, 0), (5, 5)])
                .unwrap()
                .problem()
                .clone(),
        ),
        (
            "dominoes 5x6 less one cell",
            BoardFill::dominoes(5, 6, &[(2, 3)])
                .unwrap()
                .problem()
                .clone(),
        ),
        (
            "L-trominoes 5x6",
            BoardFill::new(5, 6, &[], &[dlxlab::puzzles::board::shape("L3").unwrap()])
                .unwrap()
                .problem()
                .clone(),
        ),
    ];
    for (name, p) in &cases {
        assert_agree(name, p);
    }
}

#[test]
fn mutilated_chessboard_has_no_tiling() {
    let p = BoardFill::dominoes(8, 8, &[(0, 0), (7, 7)])
        .unwrap()
        .problem()
        .clone();
    let run = memo(&p);
    assert_eq!(run.zdd.root(), 0);
    assert_eq!(run.zdd.count(), SolutionCount::Small(0));
}

#[test]
fn the_budget_degrades_and_the_count_stays_exact() {
    // 167,089 tilings of 6x8: even with no cache at all, every tiling is one leaf.
    let p = dominoes(6, 8);
    let free = memo(&p);
    assert_eq!(free.zdd.count(), SolutionCount::Small(167_089));
    let mut last_nodes = free.stats.nodes;
    for budget in [8192, 2048, 512, 0] {
        let run = solve(
            &p,
            &MemoConfig {
                cache_bytes: budget,
            },
            &Limits::NONE,
        )
        .unwrap();
        assert_eq!(run.zdd.count(), free.zdd.count(), "{budget} bytes");
        assert!(
            run.stats.cache_bytes as usize <= budget,
            "{budget} bytes: {}",
            run.stats.cache_bytes
        );
        assert!(run.stats.cache_refused > 0, "{budget} bytes");
        assert!(
            run.stats.nodes >= last_nodes,
            "{budget} bytes: fewer entries, more nodes"
        );
        last_nodes = run.stats.nodes;
    }
}

#[test]
fn a_node_limit_stops_the_search() {
    let run = solve(
        &dominoes(8, 8),
        &MemoConfig::default(),
        &Limits {
            max_nodes: Some(100),
            max_time: None,
        },
    )
    .unwrap();
    assert!(matches!(run.end, SearchEnd::Limit(_)));
    assert_eq!(run.stats.nodes, 100);
}

fn assert_exact_cover(p: &Problem, solution: &[OptionId]) {
    let mut covered = vec![0u32; p.n_items()];
    for &o in solution {
        for e in p.option(o) {
            covered[e.item.0 as usize] += 1;
        }
    }
    assert!(
        covered[..p.n_primary()].iter().all(|&c| c == 1),
        "{solution:?}"
    );
}

#[test]
fn samples_are_solutions_drawn_uniformly() {
    // 36 tilings of the 4x4 board, 7,200 draws: 200 expected each. The chi-square statistic has
    // 35 degrees of freedom; 66.62 is its 0.999 quantile. The seed is fixed, so the test is
    // deterministic: it fails only if the draws are biased (or the stream changes).
    let p = dominoes(4, 4);
    let run = memo(&p);
    let mut rng = Pcg64::seed_from_u64(24);
    let draws = run.zdd.sample(7200, &mut rng);
    let mut seen: HashMap<Vec<OptionId>, u32> = HashMap::new();
    for s in &draws {
        assert_exact_cover(&p, s);
        let mut s = s.clone();
        s.sort();
        *seen.entry(s).or_default() += 1;
    }
    assert_eq!(seen.len(), 36, "every tiling drawn");
    let expected = 7200.0 / 36.0;
    let chi2: f64 = seen
        .values()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 66.62, "chi-square {chi2}");
    // A sampler that always took the first branch would fail the same test.
    assert!(seen.values().all(|&n| n > 100));
}

#[test]
fn option_counts_are_the_solutions_through_each_option() {
    for p in [dominoes(4, 5), queens(6), latin(4, true)] {
        let run = memo(&p);
        let mut want = vec![0u128; p.n_options()];
        for s in dlx_solutions(&p) {
            for o in s {
                want[o.0 as usize] += 1;
            }
        }
        let got: Vec<u128> = run
            .zdd
            .option_counts(p.n_options())
            .iter()
            .map(|c| c.to_u128().unwrap())
            .collect();
        assert_eq!(got, want);
    }
}

mod random {
    use super::*;
    use proptest::prelude::*;

    /// A random small problem of `xc_dc`'s kind, a little larger (up to 6 primary items, 19
    /// options).
    fn problem(colours: bool) -> impl Strategy<Value = Problem> {
        crate::xc_dc::random::sized_problem(colours, 7, 20)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn memo_dlx_and_dc_agree_without_colours(p in problem(false)) {
            assert_agree("random", &p);
        }

        #[test]
        fn memo_dlx_and_dc_agree_with_colours(p in problem(true)) {
            assert_agree("random, colours", &p);
        }
    }
}

mod cli {
    use super::*;

    fn text(b: &[u8]) -> String {
        String::from_utf8(b.to_vec()).unwrap()
    }

    fn gen(args: &[&str]) -> String {
        let out = dlxlab(args, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    }

    #[test]
    fn counts_and_states_the_cache_counters() {
        let problem = gen(&["gen-xc", "domino", "8x8"]);
        let out = dlxlab(
            &["xc", "-", "--engine", "memo", "--count", "--stats"],
            &problem,
        );
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(text(&out.stdout), "12988816\n");
        let err = text(&out.stderr);
        for want in [
            "nodes: 2317\n",
            "cache hits: 669 (leaves: 21)",
            "zdd nodes: 2316 (2316 made",
            "solutions per option",
        ] {
            assert!(err.contains(want), "{want} in {err}");
        }
    }

    #[test]
    fn writes_the_zdd_in_dlx6_layout() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.zdd");
        let problem = gen(&["gen-xc", "domino", "2x3"]);
        let out = dlxlab(
            &[
                "xc",
                "-",
                "--engine",
                "memo",
                "--count",
                "--zdd",
                path.to_str().unwrap(),
            ],
            &problem,
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let zdd = std::fs::read_to_string(&path).unwrap();
        // dlx6 m1 prints the same lines for this input.
        assert_eq!(
            zdd,
            "2: (~6?0:1)\n3: (~5?0:2)\n4: (~1?0:3)\n5: (~7?0:1)\n6: (~3?0:5)\n7: (~5?0:1)\n8: (~4?6:7)\n9: (~2?4:8)\na: (~0?0:9)\n"
        );
    }

    #[test]
    fn samples_and_prints_solutions_as_written() {
        let problem = gen(&["gen-xc", "domino", "4x4"]);
        let out = dlxlab(
            &[
                "xc", "-", "--engine", "memo", "--sample", "5", "--seed", "3",
            ],
            &problem,
        );
        assert_eq!(out.status.code(), Some(0));
        let printed = text(&out.stdout);
        let blocks: Vec<&str> = printed.trim_end().split("\n\n").collect();
        assert_eq!(blocks.len(), 5);
        for b in blocks {
            assert_eq!(b.lines().count(), 8, "{b}");
        }
        let again = dlxlab(
            &[
                "xc", "-", "--engine", "memo", "--sample", "5", "--seed", "3",
            ],
            &problem,
        );
        assert_eq!(text(&again.stdout), printed, "the seed fixes the draws");
        let all = dlxlab(&["xc", "-", "--engine", "memo", "--max", "0"], &problem);
        assert_eq!(text(&all.stdout).trim_end().split("\n\n").count(), 36);
    }

    #[test]
    fn refuses_what_it_cannot_do() {
        let problem = gen(&["gen-xc", "domino", "4x4"]);
        for line in [
            "xc - --count --zdd x.zdd",
            "xc - --count --sample 3",
            "xc - --engine memo --threads 2",
            "xc - --engine memo --count --threads 2 --zdd x.zdd",
            "xc - --engine memo --count --threads 2 --sample 1",
            "xc - --engine memo --count --memo-cache shared",
            "xc - --count --threads 2 --memo-cache shared",
            "xc - --engine memo --count --policy first",
        ] {
            let args: Vec<&str> = line.split(' ').collect();
            let out = dlxlab(&args, &problem);
            assert_eq!(out.status.code(), Some(2), "{line}");
            assert!(!text(&out.stderr).is_empty());
        }
        let out = dlxlab(
            &[
                "xc",
                "-",
                "--engine",
                "memo",
                "--count",
                "--limit-nodes",
                "10",
            ],
            &problem,
        );
        assert_eq!(out.status.code(), Some(3));
        let none = gen(&["gen-xc", "domino", "3x3"]);
        let out = dlxlab(&["xc", "-", "--engine", "memo", "--count"], &none);
        // A count of 0 is an answer (issue 38).
        assert_eq!(
            (out.status.code(), text(&out.stdout)),
            (Some(0), "0\n".to_string())
        );
    }

    #[test]
    fn a_tiny_budget_gives_the_same_count() {
        let problem = gen(&["gen-xc", "domino", "6x6"]);
        let out = dlxlab(
            &[
                "xc",
                "-",
                "--engine",
                "memo",
                "--count",
                "--memo-mb",
                "0",
                "--stats",
            ],
            &problem,
        );
        assert_eq!(text(&out.stdout), "6728\n");
        assert!(text(&out.stderr).contains("refused by the budget"));
    }

    #[test]
    fn counts_on_threads() {
        let problem = gen(&["gen-xc", "domino", "6x6"]);
        for cache in ["shared", "per-thread"] {
            let out = dlxlab(
                &[
                    "xc",
                    "-",
                    "--engine",
                    "memo",
                    "--count",
                    "--threads",
                    "2",
                    "--memo-cache",
                    cache,
                    "--stats",
                ],
                &problem,
            );
            assert_eq!(text(&out.stdout), "6728\n", "{cache}");
            assert!(text(&out.stderr).contains("2 threads"), "{cache}");
        }
    }
}

/// Issue 38: past its budget the memo engine fell off a cliff without a word (subproblems
/// searched again and again), and its solution diagram grew past `--memo-mb` unannounced. The
/// budget now leaves room for the diagram, and the engine says when either binds.
#[test]
fn the_memo_engine_says_when_its_budget_binds() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("queens11.dlx");
    let problem = crate::support::dlxlab(dir.path())
        .args(["gen-xc", "queens", "11"])
        .output()
        .unwrap();
    std::fs::write(&file, &problem.stdout).unwrap();
    let run = |mb: &str| {
        let out = crate::support::dlxlab(dir.path())
            .args([
                "xc",
                "--engine",
                "memo",
                "--count",
                "--stats",
                "--memo-mb",
                mb,
            ])
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success());
        (
            String::from_utf8_lossy(&out.stdout).trim().to_string(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (count, err) = run("1");
    assert_eq!(count, "2680");
    assert!(err.contains("memoisation stopped paying"), "{err}");
    assert!(err.contains("the solution diagram"), "{err}");
    // The cache stopped growing where the diagram and the cache together reached the budget.
    let memory = err.lines().find(|l| l.starts_with("memory: ")).unwrap();
    let field = |name: &str| -> u64 {
        let at = memory.find(&format!("{name} ")).unwrap() + name.len() + 1;
        memory[at..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(field("cache") < 1 << 20, "{memory}");
    // With room enough, nothing to say.
    let (count, err) = run("64");
    assert_eq!(count, "2680");
    assert!(!err.contains("dlxlab: memo:"), "{err}");
}
