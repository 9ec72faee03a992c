//! Tests of `dlx`.

use super::*;
use crate::xc::engine::EngineError;
use crate::xc::Problem;

/// The matrix drawn in the module documentation.
fn doc_example() -> Problem {
    let mut b = Problem::builder();
    for name in ["a", "b", "c"] {
        b.primary(name).unwrap();
    }
    b.secondary("x").unwrap();
    b.option_named(&["a", "c", "x:R"]).unwrap();
    b.option_named(&["b", "x:G"]).unwrap();
    b.option_named(&["a", "b", "c"]).unwrap();
    b.build().unwrap()
}

#[test]
fn layout_matches_the_drawing() {
    let dlx = Dlx::new(&doc_example()).unwrap();
    let tops: Vec<i32> = dlx.nd.iter().map(|n| n.top).collect();
    assert_eq!(
        tops,
        vec![0, 2, 2, 2, 2, 0, 1, 3, 4, -1, 2, 4, -2, 1, 2, 3, -3]
    );
    assert_eq!((dlx.last_itm, dlx.second), (5, 4));
    // Spacers point at the first node of the option before and the last of the option after.
    assert_eq!((dlx.nd[9].ulink, dlx.nd[9].dlink), (6, 11));
    assert_eq!(dlx.option_of(14), OptionId(2));
    assert_eq!(dlx.nd[8].color, 1);
    assert_eq!(dlx.nd[11].color, 2);
    // Item `a`'s list: header 1 → node 6 → node 13 → header.
    assert_eq!(
        (dlx.nd[1].dlink, dlx.nd[6].dlink, dlx.nd[13].dlink),
        (6, 13, 1)
    );
    // The item lists: 0 → a → b → c → 0 and 5 → x → 5.
    assert_eq!(
        (dlx.rlink[0], dlx.rlink[3], dlx.rlink[5], dlx.rlink[4]),
        (1, 0, 4, 5)
    );
    dlx.check_invariants().unwrap();
}

#[test]
fn cover_counts_updates_and_restores() {
    let mut dlx = Dlx::new(&doc_example()).unwrap();
    let before = dlx.clone();
    // Covering `a` removes it (1) and hides options 0 and 2 from c, x, b and c (4 nodes).
    dlx.cover::<true>(1);
    assert_eq!(dlx.updates, 5);
    assert_eq!(dlx.nd[3].top, 0);
    assert!(
        dlx.check_invariants().is_err(),
        "an item is out while nothing is forced"
    );
    dlx.uncover::<true>(1);
    assert_eq!(dlx.nd, before.nd);
    assert_eq!(
        (dlx.llink.clone(), dlx.rlink.clone()),
        (before.llink, before.rlink)
    );
}

#[test]
fn multiplicities_are_refused() {
    let mut b = Problem::builder();
    let m = b.primary_with_bounds("m", 1, 2).unwrap();
    b.option(&[m]).unwrap();
    assert!(matches!(
        Dlx::new(&b.build().unwrap()),
        Err(EngineError::Multiplicities { .. })
    ));
}
