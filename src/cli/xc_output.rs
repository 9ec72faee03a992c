//! The printing that `dlxlab xc` shares between its engines (dancing links and cells, and the
//! memo engine of `xc_memo`): the solutions as the input wrote them, and the `--stats` tail.

use std::io::{self, Write};

use dlxlab::xc::{format, OptionId};

/// Writes one solution, its options as written in the input, after a blank line unless it is
/// the first.
pub fn write_solution(
    out: &mut dyn Write,
    parsed: &format::Parsed,
    lines: &[&str],
    blank_before: bool,
    solution: &[OptionId],
) -> io::Result<()> {
    if blank_before {
        writeln!(out)?;
    }
    for o in solution {
        writeln!(
            out,
            "{}",
            lines[parsed.option_lines[o.0 as usize] - 1].trim()
        )?;
    }
    Ok(())
}

/// The last two lines of `--stats`: the nodes per level and the search time.
pub fn write_profile_and_time(
    err: &mut dyn Write,
    profile: &[u64],
    elapsed: std::time::Duration,
) -> io::Result<()> {
    let profile: Vec<String> = profile.iter().map(u64::to_string).collect();
    writeln!(err, "profile: {}", profile.join(" "))?;
    writeln!(
        err,
        "time: {:.3} ms (search only)",
        elapsed.as_secs_f64() * 1e3
    )
}
