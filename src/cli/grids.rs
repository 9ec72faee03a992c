//! `dlxlab grids`: every Sudoku grid of a box shape counted from first principles, or the
//! essentially different ones (Burnside). The logic is `dlxlab::grids`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};

use dlxlab::grids::{self, burnside, check, twoband, Route};
use dlxlab::harness::output::write_atomic;
use dlxlab::sudoku::Shape;

/// Count every Sudoku grid of a box shape (Felgenhauer–Jarvis's band classes), or with
/// `--essentially-different` the grids up to symmetry and relabelling (Burnside's lemma). The
/// first line printed is the number alone.
#[derive(Args, Debug)]
pub struct GridsArgs {
    /// Box shape, rows x columns (3x3 for 9x9, 2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", default_value = "3x3")]
    box_shape: String,
    /// Count the essentially different grids: Burnside's lemma over the grid symmetry group with
    /// relabelling (Russell–Jarvis).
    #[arg(long)]
    essentially_different: bool,
    /// How the grids are counted: by band classes, `structure` (one band per class of equal
    /// column-set structure, the fewest) or `columns` (one per column-set class, which also checks
    /// that each structure class holds one count); or `two-band` (boxes with a side of 2: a sum of
    /// squares over the top band's column sets). Default: `two-band` for boxes with a side of 2
    /// and the other at most 6, else `structure`.
    #[arg(long, value_enum)]
    route: Option<RouteArg>,
    /// Also count by the second route, the exact-cover engines, and fail unless both agree: the
    /// total for small shapes, else the completions of this many sampled band classes (with
    /// `--route two-band`: the arrangements of this many sampled classes).
    #[arg(long, value_name = "CLASSES")]
    check: Option<usize>,
    /// Write the class table to this CSV (atomically): band classes, or with
    /// `--essentially-different` the conjugacy classes.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: one per CPU).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print the number only.
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum RouteArg {
    Structure,
    Columns,
    TwoBand,
}

pub fn run(args: GridsArgs) -> anyhow::Result<ExitCode> {
    let shape = parse_box(&args.box_shape)?;
    let pool = super::progress::thread_pool(Some(args.threads))?;
    let threads = pool.current_num_threads();
    let start = Instant::now();
    if args.essentially_different {
        return essentially_different(&args, shape, &pool);
    }
    let route = match args.route {
        Some(RouteArg::Structure) => Route::Structure,
        Some(RouteArg::Columns) => Route::Columns,
        Some(RouteArg::TwoBand) => return run_two_band(&args, shape, &pool),
        None if twoband::applies(shape) => return run_two_band(&args, shape, &pool),
        None => Route::Structure,
    };
    let result = pool.install(|| grids::count(shape, route))?;
    let secs = start.elapsed().as_secs_f64();
    println!("{}", result.total);
    if let Some(path) = &args.out {
        write_atomic(path, &grids::table_csv(&result)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if !args.quiet {
        println!(
            "{}x{} grids; {} reduced top bands in {} symmetry classes, {} column-set classes, {} structure classes; {} distinct completion counts",
            shape.box_rows(),
            shape.box_cols(),
            result.reduced_bands,
            result.classes.len(),
            result.column_classes,
            result.structure_classes,
            result.distinct_counts
        );
        println!(
            "S = {} (completions per reduced band / M2, summed); grids = {}! x M1 {} x M2 {} x S",
            result.s,
            shape.side(),
            result.m1,
            result.m2
        );
        println!(
            "{} band completions counted in {secs:.2} s on {threads} threads",
            result.counted
        );
    }
    if let Some(samples) = args.check {
        let start = Instant::now();
        let report = pool.install(|| check::cross_check(&result, samples))?;
        println!(
            "second route (exact-cover engines): {} in {:.2} s",
            report,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The two-band route: the count, the class table, the second route when asked.
fn run_two_band(
    args: &GridsArgs,
    shape: Shape,
    pool: &rayon::ThreadPool,
) -> anyhow::Result<ExitCode> {
    let threads = pool.current_num_threads();
    let start = Instant::now();
    let result = pool.install(|| twoband::count(shape))?;
    let secs = start.elapsed().as_secs_f64();
    println!("{}", result.total);
    if let Some(path) = &args.out {
        write_atomic(path, &twoband::table_csv(&result)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if !args.quiet {
        let n = 2 * result.rows;
        println!(
            "{}x{} grids by two bands of a {}x2 box: {} classes of the C({n},{})^{} = {} tuples of first-column sets; {} distinct arrangement counts E",
            shape.box_rows(),
            shape.box_cols(),
            result.rows,
            result.classes.len(),
            result.rows,
            result.rows,
            result.tuples,
            result.distinct
        );
        println!(
            "grids = sum of weight x E^2; {} values of E counted in {secs:.2} s on {threads} threads",
            result.classes.len()
        );
    }
    if let Some(samples) = args.check {
        let start = Instant::now();
        let report = pool.install(|| twoband::check::cross_check(&result, samples))?;
        println!(
            "second route (exact-cover memo engine): {} in {:.2} s",
            report,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `grids --essentially-different`: the count, the classes that fix some grid, the table.
fn essentially_different(
    args: &GridsArgs,
    shape: Shape,
    pool: &rayon::ThreadPool,
) -> anyhow::Result<ExitCode> {
    let threads = pool.current_num_threads();
    let start = Instant::now();
    let check = match args.check {
        None => burnside::Check::None,
        Some(_) if shape.side() <= 6 => burnside::Check::All,
        Some(k) => burnside::Check::Sample(k),
    };
    let bar = super::progress::progress_bar(args.quiet, None, "conjugacy classes");
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let result = pool.install(|| burnside::essentially_different(shape, check, &progress))?;
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    println!("{}", result.count);
    if let Some(path) = &args.out {
        write_atomic(path, &burnside::table_csv(&result)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if args.quiet {
        return Ok(ExitCode::SUCCESS);
    }
    let fixing: Vec<_> = result
        .classes
        .iter()
        .filter(|c| c.fixed > 0u32.into())
        .collect();
    println!(
        "essentially different {}x{} grids; group order {}, {} conjugacy classes, {} fix some grid; {secs:.2} s on {threads} threads",
        shape.box_rows(),
        shape.box_cols(),
        result.group_order,
        result.classes.len(),
        fixing.len(),
    );
    println!("class  size  fixed up to relabelling  second route  kind");
    for c in &fixing {
        println!(
            "{:>5}  {:>4}  {:>23}  {:>12}  {}",
            c.class,
            c.size,
            c.fixed_up_to_relabelling,
            c.second_route.as_str(),
            c.kind
        );
    }
    let checked = result
        .classes
        .iter()
        .filter(|c| c.second_route != burnside::SecondRoute::NotRun)
        .count();
    if checked > 0 {
        let over = result
            .classes
            .iter()
            .filter(|c| c.second_route == burnside::SecondRoute::OverBudget)
            .count();
        println!(
            "second route (by cycle types, without fixing the first row): {} classes agree, {over} over its budget",
            checked - over
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Parses `--box RxC` into a shape.
fn parse_box(text: &str) -> anyhow::Result<Shape> {
    let parse = |s: &str| s.trim().parse::<usize>().ok().filter(|&v| v > 0);
    let Some((r, c)) = text
        .split_once(['x', 'X'])
        .and_then(|(a, b)| Some((parse(a)?, parse(b)?)))
    else {
        bail!("box `{text}`: expected two positive numbers like 3x3");
    };
    match Shape::new(r, c) {
        Some(shape) => Ok(shape),
        None => bail!("box {r}x{c}: the side must be at most {}", Shape::MAX_SIDE),
    }
}
