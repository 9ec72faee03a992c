//! The examples really run (issue 2): each is included as a module and its entry point called.

#[allow(dead_code)]
#[path = "../../examples/queens.rs"]
mod queens;

#[allow(dead_code)]
#[path = "../../examples/pentomino.rs"]
mod pentomino;

#[allow(dead_code)]
#[path = "../../examples/knuth_format.rs"]
mod knuth_format;

#[allow(dead_code)]
#[path = "../../examples/count_cpu.rs"]
mod count_cpu;

#[allow(dead_code)]
#[path = "../../examples/dlx_instructions.rs"]
mod dlx_instructions;

#[allow(dead_code)]
#[path = "../../examples/dancing_cells.rs"]
mod dancing_cells;

#[allow(dead_code)]
#[path = "../../examples/counting_plots.rs"]
mod counting_plots;

#[test]
fn counting_plots_example() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("results.csv"),
        "problem,engine,solutions,nodes,cache_entries,zdd_nodes,seconds,max_rss_kib\n\
         queens 8,dlx,92,1101,-,-,0.002,5000\n\
         queens 8,memo,92,1101,900,467,0.003,5000\n",
    )
    .unwrap();
    let stems = counting_plots::plot(dir.path()).unwrap();
    assert_eq!(stems, ["counting-time", "counting-nodes", "counting-reuse"]);
    assert!(counting_plots::plot(&dir.path().join("none")).is_err());
}

#[test]
fn dancing_cells_example() {
    let [links, cells] = dancing_cells::compare(8);
    // dlx1's and SSXC1's own numbers for 8 queens.
    assert_eq!(links, ("dancing links", 92, 1_199, 21_375, None));
    assert_eq!(cells, ("dancing cells", 92, 890, 18_412, Some(274_959)));
}

#[test]
fn queens_example() {
    let (stats, first) = queens::solve(8);
    assert_eq!(stats.solutions, 92);
    let board = first.unwrap();
    assert_eq!(board.lines().count(), 8);
    assert_eq!(board.matches('Q').count(), 8);
}

#[test]
fn pentomino_example() {
    let (reduced, all, first) = pentomino::solve(3, 20);
    assert_eq!((reduced, all), (2, 8));
    let picture = first.unwrap();
    assert_eq!(picture.lines().count(), 3);
    assert!(picture.lines().all(|l| l.len() == 20));
}

#[test]
fn knuth_format_example() {
    let solutions = knuth_format::solve_text(knuth_format::DLX3_EXAMPLE).unwrap();
    assert_eq!(solutions.len(), 1);
    let mut s = solutions[0].clone();
    s.sort();
    assert_eq!(s, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
    assert!(knuth_format::solve_text("a\nb\n").is_err());
}

#[test]
fn count_cpu_example() {
    for (name, want) in [("queens-8", 92), ("pentomino-3x20", 8), ("grids-4x4", 288)] {
        let p = count_cpu::problem(name).unwrap();
        let (solutions, nodes, _, _) = count_cpu::dlxlab_count(&p);
        assert_eq!((solutions, count_cpu::exact_covers_count(&p)), (want, want));
        assert!(nodes > want, "{name}");
    }
    let (_, _, _, engine) = count_cpu::dlxlab_count(&count_cpu::problem("grids-4x4").unwrap());
    assert!(engine.contains("uniform"), "{engine}");
    assert!(count_cpu::problem("rooks-8").is_none());
}

#[test]
fn dlx_instructions_example() {
    use dlxlab::solvers::{all_solvers, SolveLimits};
    // Two 17-clue puzzles (the collection's first two) and the empty grid, which is not unique.
    let lines = [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        ".................................................................................",
    ];
    let grids: Vec<_> = lines
        .iter()
        .map(|l| dlxlab::sudoku::Grid::parse(l).unwrap())
        .collect();
    let dlx = all_solvers()
        .into_iter()
        .find(|s| s.name() == "dlx")
        .unwrap();
    let (unique, nodes, _) =
        dlx_instructions::solve_sample(dlx.as_ref(), &grids, &SolveLimits::default());
    assert!(nodes > 0);
    let peers: Vec<_> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
        .collect();
    assert_eq!(dlx_instructions::solve_sample_peer(&peers), unique);
    assert_eq!(unique, 2);
}
