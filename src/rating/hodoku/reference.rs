//! HoDoKu's own solution paths, read from its batch output (`java -jar hodoku.jar /bs FILE /vp`
//! writes `FILE.out.txt`), and compared with this module's path step by step: the check behind
//! every step reproduced here (`examples/hodoku_check.rs` runs it over a whole file).
//!
//! The batch output holds, for each puzzle, a line `PUZZLE #n Level (score)` and then one line per
//! step, indented by three spaces: `Hidden Single: r1c6=2`, `Hidden Pair: 3,4 in r1c89 =>
//! r1c89<>7, r1c89<>8`, `Bivalue Universal Grave + 1 => r1c1<>2`. Lines indented by two spaces
//! detail a forcing chain's branches and are skipped.

use super::board::Board;
use super::{
    find, nine_by_nine, play, rate, HodokuRating, Kind, Level, StepConfig, StepFound, STEPS,
};
use crate::sudoku::Grid;

/// One puzzle of HoDoKu's batch output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferencePuzzle {
    /// The line of the batch output that names the puzzle (1-based).
    pub line: usize,
    /// The puzzle as HoDoKu printed it (81 characters).
    pub puzzle: String,
    /// HoDoKu's level, when the line names one.
    pub level: Option<Level>,
    /// HoDoKu's score, when the line gives one.
    pub score: Option<u32>,
    /// The steps HoDoKu played, in order.
    pub steps: Vec<ReferenceStep>,
}

/// One step of HoDoKu's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceStep {
    /// The line of the batch output (1-based).
    pub line: usize,
    /// The step's printed name (`Hidden Single`, `Continuous Nice Loop`, `Forcing Chain
    /// Contradiction in r8`).
    pub name: String,
    /// What the step does, as sorted (cell, digit) pairs: cells set, then candidates removed;
    /// `Err` with the reason when the line's effect could not be read.
    pub effect: Result<Effect, String>,
    /// The whole line, trimmed.
    pub text: String,
}

/// A step's effect: the cells set and the candidates removed, each sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// (cell 0..81, digit) set.
    pub placements: Vec<(usize, u8)>,
    /// (cell 0..81, digit) removed.
    pub eliminations: Vec<(usize, u8)>,
}

impl Effect {
    /// The effect of a step of this module's path.
    pub fn of(step: &StepFound) -> Effect {
        let mut e = Effect {
            placements: step.placement.into_iter().collect(),
            eliminations: step.eliminations.clone(),
        };
        e.placements.sort_unstable();
        e.placements.dedup();
        e.eliminations.sort_unstable();
        e.eliminations.dedup();
        e
    }
}

/// Reads HoDoKu's batch output. Lines that are neither a puzzle nor a step are skipped; a step
/// line before any puzzle is ignored.
pub fn parse_log(text: &str) -> Vec<ReferencePuzzle> {
    let mut puzzles: Vec<ReferencePuzzle> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        if !raw.starts_with(' ') {
            if let Some(p) = parse_puzzle_line(raw, line) {
                puzzles.push(p);
            }
        } else if raw.starts_with("   ") && !raw.starts_with("    ") {
            if let Some(p) = puzzles.last_mut() {
                p.steps.push(parse_step_line(raw.trim(), line));
            }
        }
    }
    puzzles
}

fn parse_puzzle_line(raw: &str, line: usize) -> Option<ReferencePuzzle> {
    let mut words = raw.split_whitespace();
    let puzzle = words.next()?;
    if puzzle.chars().count() != 81 {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    let level = rest.iter().find_map(|w| {
        Level::ALL
            .iter()
            .copied()
            .find(|l| l.name().eq_ignore_ascii_case(w))
    });
    let score = rest.iter().find_map(|w| {
        w.strip_prefix('(')
            .and_then(|w| w.strip_suffix(')'))
            .and_then(|n| n.parse().ok())
    });
    Some(ReferencePuzzle {
        line,
        puzzle: puzzle.to_string(),
        level,
        score,
        steps: Vec::new(),
    })
}

fn parse_step_line(text: &str, line: usize) -> ReferenceStep {
    let (head, effect) = match text.rfind(" => ") {
        Some(at) => (&text[..at], &text[at + 4..]),
        None => match text.find(": ") {
            Some(at) => (&text[..at], &text[at + 2..]),
            None => (text, ""),
        },
    };
    let name = match head.find(':') {
        Some(at) => &head[..at],
        None => head,
    };
    ReferenceStep {
        line,
        name: name.trim().to_string(),
        effect: parse_effect(effect),
        text: text.to_string(),
    }
}

/// Reads `r1c89<>7, r1c89,r3c89<>5, r5c1=4` into sorted placements and eliminations.
pub fn parse_effect(text: &str) -> Result<Effect, String> {
    let mut e = Effect::default();
    if text.trim().is_empty() {
        return Err("no effect on the line".to_string());
    }
    for item in text.split(", ") {
        let item = item.trim();
        let (cells, digits, removes) = if let Some(at) = item.find("<>") {
            (&item[..at], &item[at + 2..], true)
        } else if let Some(at) = item.find('=') {
            (&item[..at], &item[at + 1..], false)
        } else {
            return Err(format!("`{item}` is neither `CELLS<>D` nor `CELLS=D`"));
        };
        let cells = parse_cells(cells).ok_or_else(|| format!("`{item}`: unreadable cells"))?;
        if digits.is_empty() || !digits.bytes().all(|b| (b'1'..=b'9').contains(&b)) {
            return Err(format!("`{item}`: unreadable digits"));
        }
        for c in &cells {
            for d in digits.bytes() {
                let pair = (*c, d - b'0');
                if removes {
                    e.eliminations.push(pair);
                } else {
                    e.placements.push(pair);
                }
            }
        }
    }
    e.placements.sort_unstable();
    e.placements.dedup();
    e.eliminations.sort_unstable();
    e.eliminations.dedup();
    Ok(e)
}

/// `r1c89,r3c89` → the cells r1c8, r1c9, r3c8, r3c9.
fn parse_cells(text: &str) -> Option<Vec<usize>> {
    let mut cells = Vec::new();
    for group in text.split(',') {
        let group = group.strip_prefix('r')?;
        let (rows, cols) = group.split_once('c')?;
        let digit = |b: u8| (b'1'..=b'9').contains(&b).then(|| (b - b'1') as usize);
        if rows.is_empty() || cols.is_empty() {
            return None;
        }
        for r in rows.bytes() {
            for c in cols.bytes() {
                cells.push(digit(r)? * 9 + digit(c)?);
            }
        }
    }
    Some(cells)
}

/// How this module's path compares with HoDoKu's for one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same steps, same effects, same level and score.
    Agree,
    /// The same steps as far as this module went; HoDoKu's next step (`missing`, its printed
    /// name) is one this module does not play yet, so the puzzle is not rated.
    Incomplete {
        /// The step's place in the path (0-based).
        at: usize,
        /// HoDoKu's printed name of the step.
        missing: String,
    },
    /// The paths differ at step `at`, or agree but the rating differs: a defect.
    Disagree {
        /// The step's place in the path (0-based); the path's length when only the rating differs.
        at: usize,
        /// This module's step (or rating).
        ours: String,
        /// HoDoKu's.
        theirs: String,
    },
    /// The puzzle line could not be read as a 9x9 grid.
    Unreadable(String),
}

/// Rates the reference's puzzle and compares the paths.
pub fn compare(reference: &ReferencePuzzle) -> Verdict {
    let grid = match Grid::parse(&reference.puzzle) {
        Ok(g) => g,
        Err(e) => return Verdict::Unreadable(e.to_string()),
    };
    match rate(&grid) {
        Ok(rating) => compare_rating(reference, &rating),
        Err(e) => Verdict::Unreadable(e.to_string()),
    }
}

/// Compares a rating already made with HoDoKu's path.
pub fn compare_rating(reference: &ReferencePuzzle, rating: &HodokuRating) -> Verdict {
    for (at, theirs) in reference.steps.iter().enumerate() {
        let Some(ours) = rating.steps.get(at) else {
            if rating.complete {
                return Verdict::Disagree {
                    at,
                    ours: "(path ended)".to_string(),
                    theirs: theirs.text.clone(),
                };
            }
            return Verdict::Incomplete {
                at,
                missing: theirs.name.clone(),
            };
        };
        let same_effect = match &theirs.effect {
            Ok(effect) => *effect == Effect::of(ours),
            Err(_) => false,
        };
        if !same_name(ours.name(), &theirs.name) || !same_effect {
            return Verdict::Disagree {
                at,
                ours: ours.describe(),
                theirs: theirs.text.clone(),
            };
        }
    }
    if rating.steps.len() > reference.steps.len() {
        let at = reference.steps.len();
        return Verdict::Disagree {
            at,
            ours: rating.steps[at].describe(),
            theirs: "(path ended)".to_string(),
        };
    }
    if !rating.complete {
        return Verdict::Incomplete {
            at: rating.steps.len(),
            missing: "(HoDoKu's path ended)".to_string(),
        };
    }
    let level_differs = reference.level.is_some_and(|l| Some(l) != rating.level);
    let score_differs = reference.score.is_some_and(|s| s != rating.score);
    if level_differs || score_differs {
        let show = |l: Option<Level>, s: Option<u32>| {
            format!(
                "{} ({})",
                l.map_or("-", |l| l.name()),
                s.map_or("-".to_string(), |s| s.to_string())
            )
        };
        return Verdict::Disagree {
            at: rating.steps.len(),
            ours: show(rating.level, Some(rating.score)),
            theirs: show(reference.level, reference.score),
        };
    }
    Verdict::Agree
}

/// True when two printed step names are the same step. A forcing chain's or net's contradiction
/// is compared without the house or cell HoDoKu names after "in": for a contradiction found on
/// the start candidate's own cell HoDoKu takes that cell from a scratch set left over from an
/// earlier check, and the name plays no part in the rating (score and level follow the type).
pub fn same_name(ours: &str, theirs: &str) -> bool {
    let base = |n: &str| -> String {
        if n.starts_with("Forcing ") {
            n.split(" in ").next().unwrap_or(n).to_string()
        } else {
            n.to_string()
        }
    };
    base(ours) == base(theirs)
}

/// The entry of HoDoKu's default list under which a printed step name counts (`Continuous Nice
/// Loop` → `Nice Loop/AIC`, `Multi Colors 1` → `Multi Colors`, `Forcing Chain Contradiction in
/// r8` → `Forcing Chain`, ...), as HoDoKu's `SolutionType.getStepConfig` maps them.
pub fn entry_of(printed: &str) -> Option<&'static StepConfig> {
    let base = match printed {
        "Continuous Nice Loop" | "Discontinuous Nice Loop" | "AIC" => "Nice Loop/AIC",
        "Grouped Continuous Nice Loop" | "Grouped Discontinuous Nice Loop" | "Grouped AIC" => {
            "Grouped Nice Loop/AIC"
        }
        "Simple Colors Trap" | "Simple Colors Wrap" => "Simple Colors",
        "Multi Colors 1" | "Multi Colors 2" => "Multi Colors",
        "Dual 2-String Kite" => "2-String Kite",
        "Dual Empty Rectangle" => "Empty Rectangle",
        "Almost Locked Set Chain" => "Almost Locked Set XY-Chain",
        p if p.starts_with("Forcing Chain") => "Forcing Chain",
        p if p.starts_with("Forcing Net") => "Forcing Net",
        p => p,
    };
    STEPS.iter().find(|s| s.name == base)
}

/// What a replay found at one position of HoDoKu's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// This module's finder for the step HoDoKu played found the same step.
    Matched {
        /// The list entry's name.
        entry: &'static str,
    },
    /// The step HoDoKu played is one this module does not find yet (nothing checked).
    NotReproduced {
        /// The list entry's name.
        entry: &'static str,
    },
    /// A finder of this module disagrees with HoDoKu here: it found a step earlier in the list
    /// than the one HoDoKu played, found a different instance of the played step, missed it, or
    /// a proof of absence was wrong.
    Wrong {
        /// The list entry whose finder (or proof) is wrong.
        entry: &'static str,
        /// The step's place in HoDoKu's path (0-based).
        at: usize,
        /// What this module found (or "nothing").
        ours: String,
        /// The step HoDoKu played.
        theirs: String,
    },
}

/// Follows HoDoKu's own path, playing HoDoKu's effects, and at every position asks each finder
/// this module has, in list order up to the step HoDoKu played, what it finds: the finders of
/// earlier entries must find nothing, and the played entry's finder must find HoDoKu's step.
/// Unlike [`compare`], this checks every finder on every position of every path, whether or not
/// the steps before it are reproduced. `Err` when the puzzle or a step cannot be read.
pub fn replay(reference: &ReferencePuzzle) -> Result<Vec<Finding>, String> {
    let grid = Grid::parse(&reference.puzzle).map_err(|e| e.to_string())?;
    let clues = nine_by_nine(&grid).map_err(|e| e.to_string())?;
    let mut b = Board::new(&clues);
    // HoDoKu's batch output gives a step's eliminations grouped, not in the order HoDoKu made
    // them, and that order decides which single its queues offer first. After playing a step
    // this module did not find itself, the singles' order is unknown until both queues empty,
    // so the singles' finders are not judged meanwhile (the other finders read only the
    // candidates, which are exact).
    let mut order_unknown = false;
    let mut findings = Vec::new();
    for (at, theirs) in reference.steps.iter().enumerate() {
        let effect = theirs
            .effect
            .as_ref()
            .map_err(|e| format!("line {}: {e}", theirs.line))?;
        let played = entry_of(&theirs.name)
            .ok_or_else(|| format!("line {}: unknown step `{}`", theirs.line, theirs.name))?;
        let judged = |kind: Kind| !(order_unknown && is_single(kind));
        let wrong = |entry: &'static str, ours: String| Finding::Wrong {
            entry,
            at,
            ours,
            theirs: theirs.text.clone(),
        };
        for cfg in STEPS.iter().take_while(|c| c.index < played.index) {
            if let Some(kind) = cfg.kind {
                if let Some(ours) = find(kind, &mut b) {
                    if judged(kind) {
                        findings.push(wrong(cfg.name, ours.describe()));
                    }
                }
            }
        }
        let mut ours_played = None;
        match played.kind {
            Some(kind) => match find(kind, &mut b) {
                Some(ours)
                    if same_name(ours.name(), &theirs.name) && Effect::of(&ours) == *effect =>
                {
                    findings.push(Finding::Matched { entry: played.name });
                    ours_played = Some(ours);
                }
                Some(ours) if judged(kind) => findings.push(wrong(played.name, ours.describe())),
                None if judged(kind) => findings.push(wrong(played.name, "nothing".to_string())),
                _ => {}
            },
            None => {
                if played.absent.is_some_and(|proof| proof(&b)) {
                    findings.push(wrong(played.name, "a proof that it is absent".to_string()));
                } else {
                    findings.push(Finding::NotReproduced { entry: played.name });
                }
            }
        }
        match ours_played {
            Some(step) => {
                let placement: Vec<(usize, u8)> = step.placement.into_iter().collect();
                play(&mut b, &placement, &step.eliminations);
            }
            None => {
                play(&mut b, &effect.placements, &effect.eliminations);
                order_unknown = effect.eliminations.len() > 1 || order_unknown;
            }
        }
        if b.queues_empty() {
            order_unknown = false;
        }
    }
    Ok(findings)
}

fn is_single(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::FullHouse | Kind::NakedSingle | Kind::HiddenSingle
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "\
................12..3..4........53...1..2.....67...4......8.7.....2...6.5.4...... #1 Medium (996)
   Hidden Single: r1c6=2
   Locked Candidates Type 2 (Claiming): 5 in c7 => r1c89,r3c89<>5
   Hidden Pair: 3,4 in r1c89 => r1c89<>7, r1c9<>6
   Forcing Chain Contradiction in r8 => r1c2<>8
  r1c2=8 r8c2<>8
   Bivalue Universal Grave + 1 => r1c1<>2, r1c1<>7
";

    #[test]
    fn batch_output_is_read_into_puzzles_steps_and_effects() {
        let p = parse_log(LOG);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].level, Some(Level::Medium));
        assert_eq!(p[0].score, Some(996));
        let names: Vec<&str> = p[0].steps.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Hidden Single",
                "Locked Candidates Type 2 (Claiming)",
                "Hidden Pair",
                "Forcing Chain Contradiction in r8",
                "Bivalue Universal Grave + 1",
            ]
        );
        let e = |i: usize| p[0].steps[i].effect.clone().unwrap();
        assert_eq!(e(0).placements, [(5, 2)]);
        assert_eq!(e(1).eliminations, [(7, 5), (8, 5), (25, 5), (26, 5)]);
        assert_eq!(e(2).eliminations, [(7, 7), (8, 6), (8, 7)]);
        assert_eq!(e(3).eliminations, [(1, 8)]);
        assert_eq!(e(4).eliminations, [(0, 2), (0, 7)]);
    }

    #[test]
    fn unreadable_effects_are_errors_not_panics() {
        for bad in [
            "",
            "r0c1<>2",
            "r1c1<>",
            "x",
            "r1c1<>a",
            "rc<>1",
            "r1c1",
            "r1c12,<>3",
        ] {
            assert!(parse_effect(bad).is_err(), "{bad:?}");
        }
    }

    /// HoDoKu's batch output for `puzzle` written from this module's own path.
    fn log_of(puzzle: &str) -> (String, HodokuRating) {
        let rating = rate(&Grid::parse(puzzle).unwrap()).unwrap();
        let mut log = format!(
            "{puzzle} #1 {} ({})\n",
            rating.level.unwrap().name(),
            rating.score
        );
        for step in &rating.steps {
            log += &format!("   {}\n", step.describe());
        }
        (log, rating)
    }

    const PUZZLE: &str =
        ".1...8..3..4...2686.....1...2...4..6.9.6.5.3.3..8...9...9.....7865...3..7..5...4.";

    #[test]
    fn a_path_agrees_with_itself_and_the_first_differing_step_is_named() {
        let (log, rating) = log_of(PUZZLE);
        let reference = parse_log(&log).remove(0);
        assert_eq!(reference.steps.len(), rating.steps.len());
        assert_eq!(compare(&reference), Verdict::Agree);

        let mut other = reference.clone();
        other.steps[3].effect = parse_effect("r9c9<>1");
        assert!(matches!(compare(&other), Verdict::Disagree { at: 3, .. }));

        let mut other = reference.clone();
        other.score = Some(rating.score + 1);
        assert!(matches!(compare(&other), Verdict::Disagree { .. }));

        let mut other = reference.clone();
        other.steps.pop();
        assert!(matches!(compare(&other), Verdict::Disagree { .. }));
    }

    #[test]
    fn a_replay_checks_every_finder_at_every_position() {
        let (log, _) = log_of(PUZZLE);
        let reference = parse_log(&log).remove(0);
        let findings = replay(&reference).unwrap();
        assert_eq!(findings.len(), reference.steps.len());
        assert!(
            findings
                .iter()
                .all(|f| matches!(f, Finding::Matched { .. })),
            "{findings:?}"
        );

        // A hidden single claimed where this module's finders see a naked single first (the
        // reference says step 0 is a Hidden Pair instead): the singles' finders are reported.
        let mut other = reference.clone();
        other.steps[0].name = "Hidden Pair".to_string();
        let findings = replay(&other).unwrap();
        assert!(
            matches!(findings[0], Finding::Wrong { at: 0, .. }),
            "{findings:?}"
        );
    }

    #[test]
    fn printed_variants_count_under_their_list_entry() {
        assert_eq!(
            entry_of("Continuous Nice Loop").unwrap().name,
            "Nice Loop/AIC"
        );
        assert_eq!(
            entry_of("Grouped AIC").unwrap().name,
            "Grouped Nice Loop/AIC"
        );
        assert_eq!(
            entry_of("Forcing Net Contradiction in r7c8").unwrap().name,
            "Forcing Net"
        );
        assert_eq!(entry_of("Multi Colors 1").unwrap().name, "Multi Colors");
        assert_eq!(entry_of("Hidden Single").unwrap().name, "Hidden Single");
        assert!(entry_of("Kraken Fish Type 1").is_none());
    }

    #[test]
    fn a_path_that_stops_at_a_step_not_played_is_incomplete_there() {
        let (log, mut rating) = log_of(PUZZLE);
        let reference = parse_log(&log).remove(0);
        rating.steps.truncate(5);
        rating.complete = false;
        rating.level = None;
        assert_eq!(
            compare_rating(&reference, &rating),
            Verdict::Incomplete {
                at: 5,
                missing: reference.steps[5].name.clone()
            }
        );
    }
}
