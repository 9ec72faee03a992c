//! What a technique finds: the [`Technique`] (with SE's score and name) and the [`Step`] it makes.

use std::fmt;

use super::geometry::*;

/// Every technique this module knows, with its SE name and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a unit (1.0).
    FullHouse,
    /// A digit with one place left in a box (1.2).
    HiddenSingleBox,
    /// A digit with one place left in a row or column (1.5).
    HiddenSingleLine,
    /// A pointing whose eliminations leave a hidden single in a box (1.7).
    DirectPointing,
    /// A claiming whose eliminations leave a hidden single in a line (1.9).
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single in its unit (2.0).
    DirectHiddenPair,
    /// A cell with one candidate (2.3).
    NakedSingle,
    /// A hidden triplet whose eliminations leave a hidden single in its unit (2.5).
    DirectHiddenTriplet,
    /// Box-line intersection: a digit confined to one line inside a box (2.6).
    Pointing,
    /// Line-box intersection: a digit confined to one box inside a line (2.8).
    Claiming,
    /// Two cells of a unit with the same two candidates (3.0).
    NakedPair,
    /// Basic fish of size 2 (3.2).
    XWing,
    /// Two digits confined to the same two cells of a unit (3.4).
    HiddenPair,
    /// Three cells of a unit with three candidates between them (3.6).
    NakedTriplet,
    /// Basic fish of size 3 (3.8).
    Swordfish,
    /// Three digits confined to the same three cells of a unit (4.0).
    HiddenTriplet,
    /// Two parallel conjugate lines joined by a weak link in a crossing line (4.0).
    Skyscraper,
    /// A conjugate row and a conjugate column joined in a box (4.1).
    TwoStringKite,
    /// Two conjugate pairs joined by a weak link, with a box as one link (4.2).
    TurbotFish,
    /// A conjugate pair and a box whose candidates lie on one row and one column (4.3).
    EmptyRectangle,
    /// Two strong links joined by a weak one, some nodes being groups of a box and a line (4.3).
    GroupedTurbotFish,
    /// Pivot xy with pincers xz and yz (4.2).
    XYWing,
    /// Pivot xyz with pincers xz and yz (4.4).
    XYZWing,
    /// Unique rectangle or loop type 1 (4.5 and up with the loop size).
    UniqueRectangle1,
    /// Unique rectangle or loop type 2 (4.5 and up).
    UniqueRectangle2,
    /// Unique rectangle or loop type 3, with a naked or hidden set (4.5 and up).
    UniqueRectangle3,
    /// Unique rectangle or loop type 4 (4.5 and up).
    UniqueRectangle4,
    /// Four cells of a unit with four candidates between them (5.0).
    NakedQuad,
    /// Basic fish of size 4 (5.2).
    Jellyfish,
    /// Four digits confined to the same four cells of a unit (5.4).
    HiddenQuad,
    /// Three strong links in rows only or columns only (5.4).
    ThreeSkyscrapers,
    /// Three strong links, one in a box, the lines all rows or all columns (5.5).
    ThreeTurbotFish,
    /// Three strong links in rows and columns (5.6).
    ThreeStringKite,
    /// Three strong links with a group node (5.7).
    ThreeStrongLinksGrouped,
    /// Four strong links in rows only or columns only (5.8).
    FourSkyscrapers,
    /// Four strong links with a box among them, or with rows and columns but no box (5.9).
    FourStrongLinks,
    /// Four strong links in a box, a row and a column at least (6.0).
    FourStrongLinksBoxAndLines,
    /// Four strong links with a group node (6.1).
    FourStrongLinksGrouped,
    /// A three-cell almost locked set and a bivalue cell (5.5 or 5.6).
    WXYZWing,
    /// Bivalue universal grave type 1 (5.6).
    Bug1,
    /// Bivalue universal grave type 2 (5.7).
    Bug2,
    /// Bivalue universal grave type 3, with a naked set (5.7 plus 0.1 per digit of the set
    /// beyond the first).
    Bug3,
    /// Bivalue universal grave type 4, with a conjugate pair (5.7).
    Bug4,
    /// A four-cell almost locked set and a bivalue cell (6.2 to 6.4).
    VWXYZWing,
    /// Aligned pair exclusion (6.2).
    AlignedPairExclusion,
    /// A five-cell almost locked set and a bivalue cell (6.6).
    UVWXYZWing,
    /// A six-cell almost locked set and a bivalue cell (7.5).
    TUVWXYZWing,
    /// Aligned triplet exclusion (7.5).
    AlignedTripletExclusion,
    /// Bidirectional X-cycle (6.5 plus a length bonus).
    XCycle,
    /// Bidirectional Y-cycle (6.5 plus a length bonus).
    YCycle,
    /// Forcing X-chain (6.6 plus a length bonus).
    ForcingXChain,
    /// Bidirectional cycle mixing X- and Y-links (7.0 plus a length bonus).
    Cycle,
    /// Forcing chain mixing X- and Y-links (7.0 plus a length bonus).
    ForcingChain,
    /// Nishio forcing chain: an assumption that leads to a contradiction along X-links, followed
    /// dynamically (7.5 plus a length bonus).
    NishioForcingChain,
    /// Cell forcing chains: every candidate of a cell implies the same (8.0 plus a length bonus).
    CellForcingChains,
    /// Region forcing chains: every place of a digit in a unit implies the same (8.0 plus).
    RegionForcingChains,
    /// Dynamic forcing chains: contradiction, double, cell or region forcing with chains followed
    /// dynamically (8.5 plus a length bonus).
    DynamicForcingChains,
    /// Dynamic forcing chains (+): dynamic forcing chains whose chains also use intersections,
    /// hidden and naked pairs and X-wings (9.0 plus a length bonus).
    DynamicForcingChainsPlus,
    /// Nested forcing chains, level 2: dynamic forcing chains (+) whose chains also use static
    /// forcing chains and cycles (9.5 plus a length bonus).
    NestedForcingChains,
    /// Nested forcing chains, level 3: level 2 plus static multiple forcing chains inside
    /// (10.0 plus a length bonus).
    NestedMultipleForcingChains,
    /// Nested forcing chains, level 4: dynamic forcing chains with whole dynamic forcing chain
    /// searches inside (10.5 plus a length bonus).
    NestedDynamicForcingChains,
}

impl Technique {
    /// The technique's name as SE prints it.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full House",
            HiddenSingleBox => "Hidden Single (box)",
            HiddenSingleLine => "Hidden Single (line)",
            DirectPointing => "Direct Pointing",
            DirectClaiming => "Direct Claiming",
            DirectHiddenPair => "Direct Hidden Pair",
            NakedSingle => "Naked Single",
            DirectHiddenTriplet => "Direct Hidden Triplet",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked Pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden Pair",
            NakedTriplet => "Naked Triplet",
            Swordfish => "Swordfish",
            HiddenTriplet => "Hidden Triplet",
            Skyscraper => "Skyscraper",
            TwoStringKite => "Two-string Kite",
            TurbotFish => "Turbot Fish",
            EmptyRectangle => "Empty Rectangle",
            GroupedTurbotFish => "Grouped Turbot Fish",
            XYWing => "XY-Wing",
            XYZWing => "XYZ-Wing",
            UniqueRectangle1 => "Unique Rectangle type 1",
            UniqueRectangle2 => "Unique Rectangle type 2",
            UniqueRectangle3 => "Unique Rectangle type 3",
            UniqueRectangle4 => "Unique Rectangle type 4",
            NakedQuad => "Naked Quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden Quad",
            ThreeSkyscrapers => "3 Skyscrapers",
            ThreeTurbotFish => "3-Turbot Fish",
            ThreeStringKite => "3-String Kite",
            ThreeStrongLinksGrouped => "3 Strong Links (grouped)",
            FourSkyscrapers => "4 Skyscrapers",
            FourStrongLinks => "4 Strong Links",
            FourStrongLinksBoxAndLines => "4 Strong Links (box, row and column)",
            FourStrongLinksGrouped => "Grouped 4 Strong Links",
            WXYZWing => "WXYZ-Wing",
            Bug1 => "Bivalue Universal Grave type 1",
            Bug2 => "Bivalue Universal Grave type 2",
            Bug3 => "Bivalue Universal Grave type 3",
            Bug4 => "Bivalue Universal Grave type 4",
            VWXYZWing => "VWXYZ-Wing",
            AlignedPairExclusion => "Aligned Pair Exclusion",
            UVWXYZWing => "UVWXYZ-Wing",
            TUVWXYZWing => "TUVWXYZ-Wing",
            AlignedTripletExclusion => "Aligned Triplet Exclusion",
            XCycle => "Bidirectional X-Cycle",
            YCycle => "Bidirectional Y-Cycle",
            ForcingXChain => "Forcing X-Chain",
            Cycle => "Bidirectional Cycle",
            ForcingChain => "Forcing Chain",
            NishioForcingChain => "Nishio Forcing Chain",
            CellForcingChains => "Cell Forcing Chains",
            RegionForcingChains => "Region Forcing Chains",
            DynamicForcingChains => "Dynamic Forcing Chains",
            DynamicForcingChainsPlus => "Dynamic Forcing Chains (+)",
            NestedForcingChains => "Dynamic Forcing Chains (+ Forcing Chains)",
            NestedMultipleForcingChains => "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
            NestedDynamicForcingChains => "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
        }
    }

    /// The SE score in tenths (1.5 is 15): integers, so that maxima and comparisons are exact.
    /// For chains this is the base score; a step adds its length bonus.
    pub fn score_tenths(self) -> u16 {
        use Technique::*;
        match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleLine => 15,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriplet => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriplet => 36,
            Swordfish => 38,
            HiddenTriplet => 40,
            Skyscraper => 40,
            TwoStringKite => 41,
            TurbotFish => 42,
            EmptyRectangle | GroupedTurbotFish => 43,
            XYWing => 42,
            XYZWing => 44,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => 45,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            ThreeSkyscrapers => 54,
            ThreeTurbotFish => 55,
            ThreeStringKite => 56,
            ThreeStrongLinksGrouped => 57,
            FourSkyscrapers => 58,
            FourStrongLinks => 59,
            FourStrongLinksBoxAndLines => 60,
            FourStrongLinksGrouped => 61,
            WXYZWing => 55,
            Bug1 => 56,
            Bug2 | Bug3 | Bug4 => 57,
            VWXYZWing | AlignedPairExclusion => 62,
            XCycle | YCycle => 65,
            ForcingXChain | UVWXYZWing => 66,
            Cycle | ForcingChain => 70,
            NishioForcingChain | AlignedTripletExclusion | TUVWXYZWing => 75,
            CellForcingChains | RegionForcingChains => 80,
            DynamicForcingChains => 85,
            DynamicForcingChainsPlus => 90,
            NestedForcingChains => 95,
            NestedMultipleForcingChains => 100,
            NestedDynamicForcingChains => 105,
        }
    }

    /// The SE score, e.g. `2.6`.
    pub fn score(self) -> f32 {
        self.score_tenths() as f32 / 10.0
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: the technique, what it does to the grid and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The SE score of this step in tenths (usually the technique's; a few techniques score by
    /// size).
    pub score_tenths: u16,
    /// The digit placed, as `(cell, digit)`, if any.
    pub placement: Option<(u8, u8)>,
    /// The candidates removed, as `(cell, digit)`.
    pub eliminations: Vec<(u8, u8)>,
    /// What the technique saw, in words, with cells as `r1c2`.
    pub explanation: String,
}

impl Step {
    /// A step that places `d` in `cell`.
    pub fn placement(technique: Technique, cell: usize, d: u8, explanation: String) -> Step {
        Step {
            technique,
            score_tenths: technique.score_tenths(),
            placement: Some((cell as u8, d)),
            eliminations: Vec::new(),
            explanation,
        }
    }

    /// A step that removes candidates.
    pub fn eliminations(technique: Technique, elims: Vec<(u8, u8)>, explanation: String) -> Step {
        Step {
            technique,
            score_tenths: technique.score_tenths(),
            placement: None,
            eliminations: elims,
            explanation,
        }
    }

    /// The eliminations written as `r1c2<>5, r3c4<>5`.
    pub fn eliminations_text(&self) -> String {
        self.eliminations
            .iter()
            .map(|&(c, d)| format!("{}<>{}", cell_name(c as usize), d))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The whole step on one line: explanation and effect.
    pub fn describe(&self) -> String {
        match self.placement {
            Some((c, d)) => format!("{} => {}={}", self.explanation, cell_name(c as usize), d),
            None => format!("{} => {}", self.explanation, self.eliminations_text()),
        }
    }
}
