//! Replays of HoDoKu 2.2's own paths through the harder steps (Simple and Multi Colors, grouped
//! Nice Loops and AICs, ALS chains, Forcing Chains and Nets): HoDoKu's batch output (`/c default /bs
//! FILE /vp`) for puzzles of the project's own corpora (`datasets/hard.txt`,
//! `datasets/hard-search.txt`), cut after the step under test. Every step up to it is replayed at HoDoKu's own positions;
//! the finder of the step under test must find exactly HoDoKu's step, and no earlier finder may
//! find anything (a file of its own: inside the finders' modules these tests would close an
//! import cycle through `reference`).

use super::reference::{parse_log, replay, Finding};

/// Replays `log` and checks that its last step is matched under `entry` and nothing is wrong.
fn last_step_matches(log: &str, entry: &str) {
    let reference = parse_log(log).remove(0);
    let findings = replay(&reference).expect("the log reads");
    assert!(
        !findings.iter().any(|f| matches!(f, Finding::Wrong { .. })),
        "{findings:?}"
    );
    assert!(
        matches!(findings.last(), Some(Finding::Matched { entry: e }) if *e == entry),
        "{findings:?}"
    );
}

/// datasets/hard.txt: HoDoKu's path up to its first `Simple Colors` (step 17), through two
/// Forcing Nets (steps 6 and 9).
const SIMPLE_COLORS_PATH: &str = "\
..64.15..3....9..1....3..9.2.5...7...3..4..2.67.2....8.6.9.7.8.4...5......23.49..
   Hidden Single: r5c4=7
   Locked Candidates Type 1 (Pointing): 5 in b5 => r3c6<>5
   Discontinuous Nice Loop: 7 r1c1 -7- r9c1 =7= r8c3 =9= r8c2 -9- r1c2 =9= r1c1 => r1c1<>7
   Grouped Discontinuous Nice Loop: 1 r4c2 -1- r4c45 =1= r6c5 =9= r6c3 =4= r4c2 => r4c2<>1
   Grouped Discontinuous Nice Loop: 6 r4c9 -6- r4c456 =6= r5c6 =5= r5c9 =9= r4c9 => r4c9<>6
   Forcing Net Contradiction in r8c2 => r7c1=5
   Forcing Chain Contradiction in r2 => r3c2<>8
   Forcing Chain Contradiction in r5c6 => r7c9<>3
   Forcing Net Verity => r4c2=4
   Locked Candidates Type 1 (Pointing): 8 in b4 => r5c6<>8
   Naked Pair: 1,9 in r6c35 => r6c78<>1
   2-String Kite: 1 in r6c3,r8c4 (connected by r4c4,r6c5) => r8c3<>1
   Turbot Fish: 1 r5c7 =1= r4c8 -1- r4c4 =1= r8c4 => r8c7<>1
   Empty Rectangle: 1 in b4 (r57c7) => r7c3<>1
   Naked Single: r7c3=3
   Turbot Fish: 1 r4c8 =1= r5c7 -1- r7c7 =1= r7c5 => r4c5<>1
   Simple Colors Trap: 1 (r4c4,r5c7,r6c3,r7c5) / (r4c8,r6c5,r7c7,r8c4) => r9c5<>1
";

/// `log`'s puzzle line and its first `steps` steps.
fn first_steps(log: &str, steps: usize) -> String {
    log.lines()
        .take(steps + 1)
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The whole path above: its last step is the first `Simple Colors`.
#[test]
fn simple_colors_trap_is_reproduced_at_hodokus_position() {
    last_step_matches(SIMPLE_COLORS_PATH, "Simple Colors");
}

/// datasets/hard-search.txt: HoDoKu's path up to its first `Multi Colors` (step 4).
#[test]
fn multi_colors_1_is_reproduced_at_hodokus_position() {
    const LOG: &str = "\
...6......58.3...67....18...742..5...8.....4.9..8..2.7...56.........9.38.49...7..
   Hidden Single: r4c8=8
   Locked Candidates Type 1 (Pointing): 5 in b9 => r9c1<>5
   2-String Kite: 6 in r5c7,r9c1 (connected by r8c7,r9c8) => r5c1<>6
   Multi Colors 1: 6 (r4c1) / (r4c6), (r5c7,r9c8) / (r6c8,r8c7,r9c1) => r5c6<>6
";
    last_step_matches(LOG, "Multi Colors");
}

/// datasets/hard.txt: HoDoKu's path up to its first `Grouped Nice Loop/AIC` (step 1).
#[test]
fn grouped_discontinuous_nice_loop_is_reproduced_at_hodokus_position() {
    const LOG: &str = "\
25...3.4.8....5..2...92.....4..3.6..6..5.1..4..8.6..1......2...4..3....732..7..65
   Grouped Discontinuous Nice Loop: 7 r2c2 -7- r3c1 -1- r4c1 =1= r4c3 -1- r9c3 -9- r12c3 =9= r2c2 => r2c2<>7
";
    last_step_matches(LOG, "Grouped Nice Loop/AIC");
}

/// datasets/hard.txt: HoDoKu's path up to its first `Grouped Nice Loop/AIC` (step 3).
#[test]
fn grouped_continuous_nice_loop_is_reproduced_at_hodokus_position() {
    const LOG: &str = "\
..64.15..3.45.9..1....3..9.2.5...7.....74..2.67.2....8.6.9.7.8.....5......23..9..
   Hidden Single: r4c2=4
   Locked Candidates Type 1 (Pointing): 8 in b4 => r5c6<>8
   Grouped Continuous Nice Loop: 1/3/4/5 4= r6c8 =5= r9c8 -5- r7c9 =5= r7c1 =4= r7c79 -4- r89c8 =4= r6c8 =5 => r6c8,r7c1<>1, r6c8<>3, r8c79,r9c9<>4, r9c9<>5
";
    last_step_matches(LOG, "Grouped Nice Loop/AIC");
}

/// datasets/hard.txt: HoDoKu's path up to its first `Grouped Nice Loop/AIC` (step 1).
#[test]
fn grouped_aic_is_reproduced_at_hodokus_position() {
    const LOG: &str = "\
25...3.4.8....5..2...92.....4..3.6..6..5.1.....8.6..13.....2...4..3....732..7..65
   Grouped AIC: 7 7- r6c2 -9- r2c2 =9= r12c3 -9- r9c3 -1- r4c3 =1= r4c1 -1- r3c1 -7 => r23c2,r46c1<>7
";
    last_step_matches(LOG, "Grouped Nice Loop/AIC");
}

/// datasets/hard.txt: HoDoKu's path up to its first `Almost Locked Set XY-Chain` (step 4).
#[test]
fn als_xy_chain_is_reproduced_at_hodokus_position() {
    const LOG: &str = "\
..64.15..3..5.9..1....3..9.2.5...7.4.3..4..2.67.2......6.9.7.8.....5......23.49..
   Hidden Single: r6c3=4
   Hidden Single: r5c4=7
   Almost Locked Set XY-Wing: A=r1c8 {37}, B=r7c79,r8c79,r9c89 {1234567}, C=r3c4679 {24678}, X,Y=4,7, Z=3 => r8c8<>3
   Almost Locked Set Chain: 3- r1c8 {37} -7- r3c4679 {24678} -4- r7c3579 {12345} -5- r12489c8 {134567} -3 => r6c8<>3
";
    last_step_matches(LOG, "Almost Locked Set XY-Chain");
}

/// datasets/hard.txt: HoDoKu's path up to its first `Forcing Chain` (step 2).
#[test]
fn forcing_chain_contradiction_is_reproduced_at_hodokus_position() {
    const LOG: &str = "\
..64.15..3....98.1....3..9.2.5...7...3.74..2.67......8.63..7.8.....5......23.49..
   Grouped Discontinuous Nice Loop: 6 r4c9 -6- r4c456 =6= r5c6 =5= r5c9 =9= r4c9 => r4c9<>6
   Forcing Chain Contradiction in c8 => r6c8<>3
";
    last_step_matches(LOG, "Forcing Chain");
}

/// datasets/hard.txt: HoDoKu's path up to its first `Forcing Chain` (step 3).
#[test]
fn forcing_chain_verity_is_reproduced_at_hodokus_position() {
    const LOG: &str = "\
.9..6...58....5......93..6......36..2...4.9.3..579...4.41..952.........17...2..3.
   Hidden Pair: 4,9 in r4c13 => r4c1<>1, r4c3<>7, r4c3<>8
   Forcing Chain Contradiction in r3 => r3c6<>1
   Forcing Chain Verity => r2c8<>1
";
    last_step_matches(LOG, "Forcing Chain");
}

/// The same path cut after its first `Forcing Net` (step 6, a contradiction).
#[test]
fn forcing_net_contradiction_is_reproduced_at_hodokus_position() {
    let log = first_steps(SIMPLE_COLORS_PATH, 6);
    assert!(
        log.ends_with("Forcing Net Contradiction in r8c2 => r7c1=5\n"),
        "{log}"
    );
    last_step_matches(&log, "Forcing Net");
}

/// The same path cut after its first `Forcing Net Verity` (step 9).
#[test]
fn forcing_net_verity_is_reproduced_at_hodokus_position() {
    let log = first_steps(SIMPLE_COLORS_PATH, 9);
    assert!(log.ends_with("Forcing Net Verity => r4c2=4\n"), "{log}");
    last_step_matches(&log, "Forcing Net");
}
