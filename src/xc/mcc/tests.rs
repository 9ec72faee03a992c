//! Tests of `mcc`.

use super::*;
use crate::xc::format;

fn solutions(text: &str) -> (Vec<Vec<String>>, SearchResult) {
    let parsed = format::parse(text).unwrap();
    let mut mcc = Mcc::new(&parsed.problem);
    let mut found = Vec::new();
    let result = mcc.search(&Limits::NONE, |sol| {
        let mut s: Vec<String> = sol
            .iter()
            .map(|&o| parsed.problem.option_to_string(o))
            .collect();
        s.sort();
        found.push(s);
        Control::Continue
    });
    mcc.check_invariants().unwrap();
    found.sort();
    (found, result)
}

#[test]
fn knuths_dlx3_example() {
    let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let (found, result) = solutions(text);
    assert_eq!(found, vec![vec!["A C X:1 Y:1", "B X:1", "C Y:1"]]);
    assert_eq!(result.end, SearchEnd::Exhausted);
}

#[test]
fn choose_two_of_four() {
    let (found, _) = solutions("2|A | x y z w\nA x\nA y\nA z\nA w\n");
    assert_eq!(found.len(), 6);
}

#[test]
fn zero_lower_bound_counts_every_subset() {
    let (found, _) = solutions("0:3|A | x y z\nA x\nA y\nA z\n");
    assert_eq!(found.len(), 8);
}

#[test]
fn an_option_is_forced_once() {
    let parsed = format::parse("0:3|A\nA\nA\n").unwrap();
    let mut mcc = Mcc::new(&parsed.problem);
    mcc.force(OptionId(0)).unwrap();
    assert!(matches!(
        mcc.force(OptionId(0)),
        Err(ForceError::ItemCovered { .. })
    ));
    mcc.force(OptionId(1)).unwrap();
    let r = mcc.search(&Limits::NONE, |sol| {
        assert_eq!(sol, [OptionId(0), OptionId(1)]);
        Control::Continue
    });
    assert_eq!(r.stats.solutions, 1);
    assert!(matches!(
        mcc.force(OptionId(2)),
        Err(ForceError::UnknownOption { options: 2, .. })
    ));
    mcc.release();
    mcc.check_invariants().unwrap();
    assert_eq!(
        mcc.search(&Limits::NONE, |_| Control::Continue)
            .stats
            .solutions,
        4
    );
}

#[test]
fn stop_and_limits_restore_the_matrix() {
    let parsed = format::parse("0:3|A 1:2|B\nA B\nA\nB\nA\n").unwrap();
    let mut mcc = Mcc::new(&parsed.problem);
    let r = mcc.search(&Limits::NONE, |_| Control::Stop);
    assert_eq!((r.end, r.stats.solutions), (SearchEnd::Stopped, 1));
    mcc.check_invariants().unwrap();
    let r = mcc.search(&Limits::nodes(3), |_| Control::Continue);
    assert_eq!(r.end, SearchEnd::Limit(crate::budget::Halt::Nodes));
    assert_eq!(r.stats.nodes, 3);
    mcc.check_invariants().unwrap();
}

/// All solutions by brute force over subsets of options, each as sorted option ids.
fn brute_force(p: &Problem) -> Vec<Vec<u32>> {
    let n = p.n_options();
    let mut out = Vec::new();
    'subsets: for mask in 0u32..(1 << n) {
        let mut count = vec![0u32; p.n_items()];
        let mut colour: Vec<Option<Option<u32>>> = vec![None; p.n_items()];
        for o in 0..n {
            if mask & (1 << o) == 0 {
                continue;
            }
            for e in p.option(OptionId(o as u32)) {
                let i = e.item.0 as usize;
                count[i] += 1;
                if i >= p.n_primary() {
                    let c = e.color.map(|c| c.0);
                    match colour[i] {
                        None => colour[i] = Some(c),
                        Some(prev) if prev.is_some() && prev == c => {}
                        Some(_) => continue 'subsets,
                    }
                }
            }
        }
        for (i, item) in p.items().iter().enumerate().take(p.n_primary()) {
            if count[i] < item.lo || count[i] > item.hi {
                continue 'subsets;
            }
        }
        out.push((0..n as u32).filter(|o| mask & (1 << o) != 0).collect());
    }
    out.sort();
    out
}

fn random_problem(seed: u64) -> Problem {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let np = rng.random_range(1..=4);
    let ns = rng.random_range(0..=3);
    let mut b = Problem::builder();
    for i in 0..np {
        let lo = rng.random_range(0..=2);
        let hi = rng.random_range(lo.max(1)..=3);
        b.primary_with_bounds(format!("p{i}"), lo, hi).unwrap();
    }
    for i in 0..ns {
        b.secondary(format!("s{i}")).unwrap();
    }
    let n_options = rng.random_range(0..=11);
    for _ in 0..n_options {
        let mut words = Vec::new();
        for i in 0..np {
            if rng.random_bool(0.45) {
                words.push(format!("p{i}"));
            }
        }
        if words.is_empty() {
            words.push(format!("p{}", rng.random_range(0..np)));
        }
        for i in 0..ns {
            if rng.random_bool(0.4) {
                match rng.random_range(0..3) {
                    0 => words.push(format!("s{i}")),
                    1 => words.push(format!("s{i}:a")),
                    _ => words.push(format!("s{i}:b")),
                }
            }
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        b.option_named(&words).unwrap();
    }
    b.build().unwrap()
}

#[test]
fn agrees_with_brute_force_on_random_problems() {
    let mut total = 0;
    let mut forced_checks = 0;
    for seed in 0..1500 {
        let p = random_problem(seed);
        let mut mcc = Mcc::new(&p);
        for policy in [ChoicePolicy::Mrv, ChoicePolicy::First] {
            mcc.set_policy(policy);
            let mut found = Vec::new();
            let r = mcc.search(&Limits::NONE, |sol| {
                let mut s: Vec<u32> = sol.iter().map(|o| o.0).collect();
                s.sort();
                found.push(s);
                Control::Continue
            });
            assert_eq!(r.end, SearchEnd::Exhausted);
            mcc.check_invariants().unwrap();
            let before = found.len();
            found.sort();
            found.dedup();
            assert_eq!(before, found.len(), "seed {seed}: a solution visited twice");
            assert_eq!(found, brute_force(&p), "seed {seed} {policy:?}");
            assert_eq!(r.stats.solutions as usize, found.len());
            total += found.len();
            assert_eq!(r.stats.profile.iter().sum::<u64>(), r.stats.nodes);
        }
        // Forcing one or two options: the solutions are those that contain them, and a
        // refused option is in no solution together with the first.
        let all = brute_force(&p);
        for o1 in 0..p.n_options() as u32 {
            let o2 = (o1 * 7 + seed as u32) % p.n_options() as u32;
            mcc.force(OptionId(o1)).unwrap();
            let both = o2 != o1 && mcc.force(OptionId(o2)).is_ok();
            let mut found = Vec::new();
            mcc.search(&Limits::NONE, |sol| {
                assert_eq!(sol[0], OptionId(o1));
                let mut s: Vec<u32> = sol.iter().map(|o| o.0).collect();
                s.sort();
                found.push(s);
                Control::Continue
            });
            found.sort();
            let want: Vec<Vec<u32>> = all
                .iter()
                .filter(|s| s.contains(&o1) && (!both || s.contains(&o2)))
                .cloned()
                .collect();
            assert_eq!(found, want, "seed {seed}: forcing {o1} and {o2} ({both})");
            if !both && o2 != o1 {
                assert!(!all.iter().any(|s| s.contains(&o1) && s.contains(&o2)));
            }
            mcc.release();
            mcc.check_invariants().unwrap();
            forced_checks += 1;
        }
        // Stopping anywhere leaves the matrix as built.
        for k in 1..4u64 {
            let mut seen = 0;
            mcc.search(&Limits::NONE, |_| {
                seen += 1;
                if seen == k {
                    Control::Stop
                } else {
                    Control::Continue
                }
            });
            mcc.check_invariants().unwrap();
            mcc.search(&Limits::nodes(k * 2), |_| Control::Continue);
            mcc.check_invariants().unwrap();
        }
    }
    // The generator must produce problems with solutions, or the test proves little.
    assert!(forced_checks > 1000, "only {forced_checks} forcing checks");
    assert!(total > 3000, "only {total} solutions over all seeds");
}
