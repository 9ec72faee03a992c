//! HoDoKu 2.2's default step list ([`STEPS`]: order, score, level), the levels, and a step as
//! played ([`StepFound`]).

use std::fmt;

use super::board::Board;

/// HoDoKu's five difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Score bound 800.
    Easy,
    /// Score bound 1000.
    Medium,
    /// Score bound 1600.
    Hard,
    /// Score bound 1800.
    Unfair,
    /// No bound.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The highest score a puzzle of this level may have.
    pub fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The name HoDoKu prints (and `ratings.csv` writes).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The steps of HoDoKu's default list that this module finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The last empty cell of a house.
    FullHouse,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A naked pair inside a box and a line, eliminating in both.
    LockedPair,
    /// A naked triple inside a box and a line, eliminating in both.
    LockedTriple,
    /// Pointing: a digit of a box confined to one line.
    LockedCandidates1,
    /// Claiming: a digit of a line confined to one box.
    LockedCandidates2,
    /// Two cells of a house holding the same two digits only.
    NakedPair,
    /// Three cells of a house holding three digits only.
    NakedTriple,
    /// Two digits of a house confined to the same two cells.
    HiddenPair,
    /// Three digits of a house confined to the same three cells.
    HiddenTriple,
    /// Four cells of a house holding four digits only.
    NakedQuadruple,
    /// Four digits of a house confined to the same four cells.
    HiddenQuadruple,
    /// A digit confined to two columns in two rows (or the reverse).
    XWing,
    /// The same with three rows and columns.
    Swordfish,
    /// The same with four rows and columns.
    Jellyfish,
    /// Two parallel conjugate pairs of a digit, one end of each aligned.
    Skyscraper,
    /// A conjugate pair in a row and one in a column, joined in a box.
    TwoStringKite,
    /// A chain of bivalue cells holding the same two digits (HoDoKu's ChainSolver).
    RemotePair,
    /// Three links on one digit, strong at both ends (HoDoKu's ChainSolver).
    TurbotFish,
    /// Alternating strong and weak links on one digit (HoDoKu's ChainSolver).
    XChain,
    /// A chain of bivalue cells (HoDoKu's ChainSolver).
    XyChain,
    /// A Nice Loop or AIC of single candidates (HoDoKu's tabling solver).
    NiceLoop,
    /// Two bivalue cells x/y joined by a strong link on y: x leaves the cells seeing both.
    WWing,
    /// A bivalue pivot xy seeing bivalue pincers xz and yz: z leaves the cells seeing both.
    XyWing,
    /// A trivalue pivot xyz seeing bivalue pincers xz and yz: z leaves the cells seeing all three.
    XyzWing,
    /// A Nice Loop or AIC through group nodes (two or three cells of a line in one box).
    GroupedNiceLoop,
    /// A chain of four or more ALSs linked by restricted commons (HoDoKu's AlsSolver).
    AlsXyChain,
    /// A candidate whose truth (or falsehood) leads to a contradiction, or a conclusion every
    /// outcome of a cell, house or candidate leads to, by chains (HoDoKu's TablingSolver).
    ForcingChain,
    /// A forcing chain whose links include singles that need several candidates gone (a net:
    /// the tables are filled by playing four rounds of singles; HoDoKu's TablingSolver).
    ForcingNet,
    /// A fish whose base or cover sets include boxes (HoDoKu's FishSolver, FRANKEN).
    FrankenXWing,
    /// A three-unit fish whose base or cover sets include boxes.
    FrankenSwordfish,
    /// A Franken X-Wing with fins: eliminations must also see every fin.
    FinnedFrankenXWing,
    /// A Franken Swordfish with fins: eliminations must also see every fin.
    FinnedFrankenSwordfish,
    /// Two or three cells of a line and box intersection, with line and box cells (HoDoKu's
    /// MiscellaneousSolver).
    SueDeCoq,
    /// A cluster of conjugate pairs of one digit, two-colored: a color that sees itself goes, or
    /// cells seeing both colors lose the digit (HoDoKu's ColoringSolver).
    SimpleColors,
    /// Two clusters of one digit whose colors see each other (HoDoKu's ColoringSolver).
    MultiColors,
    /// The middle empty cell set to its value in the solution.
    BruteForce,
    /// A box whose digit lies on one row and one column, with a conjugate pair outside.
    EmptyRectangle,
    /// Bivalue Universal Grave + 1.
    BivalueUniversalGrave,
    /// Uniqueness Test 1.
    UniquenessTest1,
    /// Uniqueness Test 2.
    UniquenessTest2,
    /// Uniqueness Test 3.
    UniquenessTest3,
    /// Uniqueness Test 4.
    UniquenessTest4,
    /// Uniqueness Test 5.
    UniquenessTest5,
    /// Uniqueness Test 6.
    UniquenessTest6,
    /// Hidden Rectangle.
    HiddenRectangle,
    /// Avoidable Rectangle Type 1.
    AvoidableRectangle1,
    /// Avoidable Rectangle Type 2.
    AvoidableRectangle2,
    /// Two almost locked sets joined by a restricted common (ALS-XZ).
    AlsXz,
    /// Two almost locked sets each joined to a third by a restricted common (ALS-XY-Wing).
    AlsXyWing,
    /// An X-Wing with fins; eliminations see every fin.
    FinnedXWing,
    /// A finned X-Wing one of whose base lines is left with at most one candidate.
    SashimiXWing,
    /// A Swordfish with fins.
    FinnedSwordfish,
    /// A sashimi Swordfish.
    SashimiSwordfish,
    /// A Jellyfish with fins.
    FinnedJellyfish,
    /// A sashimi Jellyfish.
    SashimiJellyfish,
}

/// One entry of HoDoKu's default step list.
#[derive(Clone, Copy, Debug)]
pub struct StepConfig {
    /// HoDoKu's English step name.
    pub name: &'static str,
    /// Its place in the list (HoDoKu's index; lower runs first).
    pub index: u32,
    /// Points added each time the step is played.
    pub score: u32,
    /// The level a puzzle reaches by using it.
    pub level: Level,
    /// The step this module finds, or `None` when it does not find it yet.
    pub kind: Option<Kind>,
    /// For a step not found yet: a test that proves it cannot apply at a position (so the rating
    /// may go on to the next step); `None` when there is no such test. A `true` answer is a
    /// proof; a `false` one only means "perhaps", and the rating stops.
    pub absent: Option<fn(&Board) -> bool>,
}

const fn step(
    name: &'static str,
    index: u32,
    score: u32,
    level: Level,
    kind: Option<Kind>,
) -> StepConfig {
    StepConfig {
        name,
        index,
        score,
        level,
        kind,
        absent: None,
    }
}

use Level::{Easy, Extreme, Hard, Medium, Unfair};

/// HoDoKu 2.2's enabled default steps in the order it tries them, with score and level (its
/// `Options` defaults; disabled steps such as Squirmbag, Death Blossom, Kraken Fish and templates
/// are left out, as they never run in a default rating).
pub const STEPS: &[StepConfig] = &[
    step("Full House", 100, 4, Easy, Some(Kind::FullHouse)),
    step("Naked Single", 200, 4, Easy, Some(Kind::NakedSingle)),
    step("Hidden Single", 300, 14, Easy, Some(Kind::HiddenSingle)),
    step("Locked Pair", 1000, 40, Medium, Some(Kind::LockedPair)),
    step("Locked Triple", 1100, 60, Medium, Some(Kind::LockedTriple)),
    step(
        "Locked Candidates Type 1 (Pointing)",
        1200,
        50,
        Medium,
        Some(Kind::LockedCandidates1),
    ),
    step(
        "Locked Candidates Type 2 (Claiming)",
        1210,
        50,
        Medium,
        Some(Kind::LockedCandidates2),
    ),
    step("Naked Pair", 1300, 60, Medium, Some(Kind::NakedPair)),
    step("Naked Triple", 1400, 80, Medium, Some(Kind::NakedTriple)),
    step("Hidden Pair", 1500, 70, Medium, Some(Kind::HiddenPair)),
    step("Hidden Triple", 1600, 100, Medium, Some(Kind::HiddenTriple)),
    step(
        "Naked Quadruple",
        2000,
        120,
        Hard,
        Some(Kind::NakedQuadruple),
    ),
    step(
        "Hidden Quadruple",
        2100,
        150,
        Hard,
        Some(Kind::HiddenQuadruple),
    ),
    step("X-Wing", 2200, 140, Hard, Some(Kind::XWing)),
    step("Swordfish", 2300, 150, Hard, Some(Kind::Swordfish)),
    step("Jellyfish", 2400, 160, Hard, Some(Kind::Jellyfish)),
    step("Remote Pair", 2800, 110, Hard, Some(Kind::RemotePair)),
    step(
        "Bivalue Universal Grave + 1",
        2900,
        100,
        Hard,
        Some(Kind::BivalueUniversalGrave),
    ),
    step("Skyscraper", 3000, 130, Hard, Some(Kind::Skyscraper)),
    step("2-String Kite", 3100, 150, Hard, Some(Kind::TwoStringKite)),
    step("Turbot Fish", 3120, 120, Hard, Some(Kind::TurbotFish)),
    step(
        "Empty Rectangle",
        3170,
        120,
        Hard,
        Some(Kind::EmptyRectangle),
    ),
    step("W-Wing", 3200, 150, Hard, Some(Kind::WWing)),
    step("XY-Wing", 3300, 160, Hard, Some(Kind::XyWing)),
    step("XYZ-Wing", 3400, 180, Hard, Some(Kind::XyzWing)),
    step(
        "Uniqueness Test 1",
        3500,
        100,
        Hard,
        Some(Kind::UniquenessTest1),
    ),
    step(
        "Uniqueness Test 2",
        3600,
        100,
        Hard,
        Some(Kind::UniquenessTest2),
    ),
    step(
        "Uniqueness Test 3",
        3700,
        100,
        Hard,
        Some(Kind::UniquenessTest3),
    ),
    step(
        "Uniqueness Test 4",
        3800,
        100,
        Hard,
        Some(Kind::UniquenessTest4),
    ),
    step(
        "Uniqueness Test 5",
        3900,
        100,
        Hard,
        Some(Kind::UniquenessTest5),
    ),
    step(
        "Uniqueness Test 6",
        4000,
        100,
        Hard,
        Some(Kind::UniquenessTest6),
    ),
    step(
        "Hidden Rectangle",
        4010,
        100,
        Hard,
        Some(Kind::HiddenRectangle),
    ),
    step(
        "Avoidable Rectangle Type 1",
        4020,
        100,
        Hard,
        Some(Kind::AvoidableRectangle1),
    ),
    step(
        "Avoidable Rectangle Type 2",
        4030,
        100,
        Hard,
        Some(Kind::AvoidableRectangle2),
    ),
    step("Finned X-Wing", 4100, 130, Hard, Some(Kind::FinnedXWing)),
    step("Sashimi X-Wing", 4200, 150, Hard, Some(Kind::SashimiXWing)),
    step(
        "Finned Swordfish",
        4300,
        200,
        Unfair,
        Some(Kind::FinnedSwordfish),
    ),
    step(
        "Sashimi Swordfish",
        4400,
        240,
        Unfair,
        Some(Kind::SashimiSwordfish),
    ),
    step(
        "Finned Jellyfish",
        4500,
        250,
        Unfair,
        Some(Kind::FinnedJellyfish),
    ),
    step(
        "Sashimi Jellyfish",
        4600,
        260,
        Unfair,
        Some(Kind::SashimiJellyfish),
    ),
    step("Sue de Coq", 5300, 250, Unfair, Some(Kind::SueDeCoq)),
    step("Simple Colors", 5330, 150, Hard, Some(Kind::SimpleColors)),
    step("Multi Colors", 5360, 200, Hard, Some(Kind::MultiColors)),
    step("X-Chain", 5400, 260, Unfair, Some(Kind::XChain)),
    step("XY-Chain", 5500, 260, Unfair, Some(Kind::XyChain)),
    step("Nice Loop/AIC", 5600, 280, Unfair, Some(Kind::NiceLoop)),
    step(
        "Grouped Nice Loop/AIC",
        5650,
        300,
        Unfair,
        Some(Kind::GroupedNiceLoop),
    ),
    step(
        "Almost Locked Set XZ-Rule",
        5700,
        300,
        Unfair,
        Some(Kind::AlsXz),
    ),
    step(
        "Almost Locked Set XY-Wing",
        5800,
        320,
        Unfair,
        Some(Kind::AlsXyWing),
    ),
    step(
        "Almost Locked Set XY-Chain",
        5900,
        340,
        Unfair,
        Some(Kind::AlsXyChain),
    ),
    step(
        "Franken X-Wing",
        6100,
        300,
        Unfair,
        Some(Kind::FrankenXWing),
    ),
    step(
        "Franken Swordfish",
        6200,
        350,
        Unfair,
        Some(Kind::FrankenSwordfish),
    ),
    step(
        "Finned Franken X-Wing",
        6700,
        390,
        Unfair,
        Some(Kind::FinnedFrankenXWing),
    ),
    step(
        "Finned Franken Swordfish",
        6800,
        410,
        Unfair,
        Some(Kind::FinnedFrankenSwordfish),
    ),
    step(
        "Forcing Chain",
        8500,
        500,
        Extreme,
        Some(Kind::ForcingChain),
    ),
    step("Forcing Net", 8600, 700, Extreme, Some(Kind::ForcingNet)),
    step("Brute Force", 8900, 10000, Extreme, Some(Kind::BruteForce)),
];

/// A step as played: which list entry, the placement or the eliminations, in HoDoKu's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepFound {
    /// The step.
    pub kind: Kind,
    /// The cell (0..81) and digit placed, for a single.
    pub placement: Option<(usize, u8)>,
    /// The candidates removed, (cell, digit), in the order HoDoKu removes them.
    pub eliminations: Vec<(usize, u8)>,
    /// HoDoKu's printed name for this instance when it differs from the list entry's
    /// (`Continuous Nice Loop` and `AIC` under `Nice Loop/AIC`, `Multi Colors 1`,
    /// `Forcing Chain Contradiction in r8`, ...); `None` prints the entry's name.
    pub label: Option<String>,
}

impl StepFound {
    pub(super) fn place(kind: Kind, cell: usize, d: u8) -> StepFound {
        StepFound {
            kind,
            placement: Some((cell, d)),
            eliminations: Vec::new(),
            label: None,
        }
    }

    pub(super) fn eliminate(kind: Kind, eliminations: Vec<(usize, u8)>) -> StepFound {
        StepFound {
            kind,
            placement: None,
            eliminations,
            label: None,
        }
    }

    /// The name HoDoKu prints for this step: its label, or the list entry's name.
    pub fn name(&self) -> &str {
        self.label.as_deref().unwrap_or(self.config().name)
    }

    /// The list entry of this step.
    pub fn config(&self) -> &'static StepConfig {
        STEPS
            .iter()
            .find(|s| s.kind == Some(self.kind))
            .expect("every Kind has a list entry")
    }

    /// A one-line description: `Hidden Single: r1c9=2`, `Naked Pair: r8c4<>1, r8c6<>1`.
    pub fn describe(&self) -> String {
        let rc = |c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        let name = self.name();
        match self.placement {
            Some((c, d)) => format!("{name}: {}={d}", rc(c)),
            None => {
                let list: Vec<String> = self
                    .eliminations
                    .iter()
                    .map(|&(c, d)| format!("{}<>{d}", rc(c)))
                    .collect();
                format!("{name}: {}", list.join(", "))
            }
        }
    }
}

/// HoDoKu's `SolutionStep.getIndexSumme`: a weighted sum of a step's eliminations (cell, digit)
/// in list order, which its `compareTo` uses to order steps with as many eliminations.
pub(super) fn index_sum(elims: impl IntoIterator<Item = (usize, u8)>) -> i64 {
    let mut sum = 0i64;
    let mut offset = 1i64;
    for (c, d) in elims {
        sum += c as i64 * offset + d as i64;
        offset += 80;
    }
    sum
}
