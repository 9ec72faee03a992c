//! The ZDD of all solutions: the node table with hash-consing, exact counts, per-option counts,
//! uniform sampling, enumeration and Knuth's ZDDREAD text format.
//!
//! Node 0 is the empty family (⊥), node 1 the family holding only the empty set (⊤). Every other
//! node `(option, lo, hi)` stands for the solutions in `lo` together with those of `hi`, each with
//! `option` added. Nodes are made bottom-up by the search, so both children of a node have
//! smaller numbers than the node itself: counting goes up the numbers, anything that flows from
//! the root goes down them. [`Zdd::make`] returns the existing node when the same triple was made
//! before (hash-consing), so the table never holds two equal nodes.
//!
//! # Counting
//!
//! `count(⊥) = 0`, `count(⊤) = 1`, `count(z) = count(lo) + count(hi)`. Counts are `u128` while
//! they fit and arbitrary-precision integers (`num-bigint`) from the first overflow on; either way
//! they are exact ([`SolutionCount`]). The number of solutions that contain option `o` is the sum,
//! over the nodes `z` labelled `o`, of `paths(z) · count(hi(z))`, where `paths(z)` counts the ways
//! from the root down to `z` (`paths(root) = 1`, each node passing its paths to both children).
//!
//! # Text format
//!
//! [`Zdd::write`] prints one line per node, children first, as DLX6 does for Knuth's ZDDREAD
//! programs: `ID: (~V?LO:HI)` with `ID`, `LO`, `HI` in hexadecimal and `V` the option's number
//! counted from 1 in input order, then a dummy root line `ID: (~0?0:ROOT)`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Write};

use num_bigint::BigUint;
use rand::Rng;

use crate::xc::OptionId;

/// One node: the option it adds on its `hi` branch, and its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZddNode {
    /// The option (0-based).
    pub option: u32,
    /// The solutions without this option.
    pub lo: u32,
    /// The solutions with it (the option left out).
    pub hi: u32,
}

/// The ZDD table would need more memory than the machine gives, or more than 2³² nodes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the ZDD outgrew memory at {nodes} nodes ({bytes} bytes): no room for the result")]
pub struct ZddFull {
    /// Nodes made so far.
    pub nodes: usize,
    /// Bytes held by the table.
    pub bytes: usize,
}

/// The hash of the unique table: a multiply-rotate of the node's three words, FxHash's
/// recipe. The keys are node triples made by our own search, not chosen by an adversary, so
/// SipHash's protection buys nothing, and its cost was most of `make` (callgrind,
/// docs/counting.md).
#[derive(Clone, Copy, Debug, Default)]
struct NodeHasher(u64);

impl Hasher for NodeHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(u32::from(b));
        }
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(n)).wrapping_mul(0xf135_7aea_2e62_a9c5);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The multiply leaves its best bits at the top; the table indexes with the low ones.
        self.0.rotate_left(26)
    }
}

/// A ZDD of all solutions of an exact-cover problem.
#[derive(Clone, Debug)]
pub struct Zdd {
    nodes: Vec<ZddNode>,
    unique: HashMap<ZddNode, u32, BuildHasherDefault<NodeHasher>>,
    root: u32,
    made: u64,
}

impl Default for Zdd {
    fn default() -> Self {
        Zdd::new()
    }
}

/// The sinks ⊥ and ⊤, as nodes 0 and 1 (their fields are not used).
const SINKS: [ZddNode; 2] = [
    ZddNode {
        option: u32::MAX,
        lo: 0,
        hi: 0,
    },
    ZddNode {
        option: u32::MAX,
        lo: 1,
        hi: 1,
    },
];

impl Zdd {
    /// The table with the two sinks and the root ⊥.
    pub fn new() -> Zdd {
        Zdd {
            nodes: SINKS.to_vec(),
            unique: HashMap::default(),
            root: 0,
            made: 0,
        }
    }

    /// The node `(option, lo, hi)`: the existing one when it was made before. `hi` must not be
    /// ⊥ (no such node is ever needed).
    pub fn make(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, ZddFull> {
        debug_assert!(
            hi != 0 && (lo as usize) < self.nodes.len() && (hi as usize) < self.nodes.len()
        );
        self.made += 1;
        let node = ZddNode { option, lo, hi };
        if let Some(&z) = self.unique.get(&node) {
            return Ok(z);
        }
        let full = |z: &Zdd| ZddFull {
            nodes: z.nodes.len(),
            bytes: z.bytes(),
        };
        let id = u32::try_from(self.nodes.len()).map_err(|_| full(self))?;
        if self.nodes.try_reserve(1).is_err() || self.unique.try_reserve(1).is_err() {
            return Err(full(self));
        }
        self.nodes.push(node);
        self.unique.insert(node, id);
        Ok(id)
    }

    /// Sets the root.
    pub fn set_root(&mut self, root: u32) {
        self.root = root;
    }

    /// The root (0 when there is no solution, 1 when the empty set is the only one).
    pub fn root(&self) -> u32 {
        self.root
    }

    /// Nodes in the table, the two sinks excluded.
    pub fn len(&self) -> usize {
        self.nodes.len() - 2
    }

    /// Whether the table holds no node but the sinks.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls of [`Zdd::make`], hash-consed ones included (DLX6 makes a new node for each).
    pub fn made(&self) -> u64 {
        self.made
    }

    /// Node `z` (not a sink).
    pub fn node(&self, z: u32) -> ZddNode {
        self.nodes[z as usize]
    }

    /// Bytes held by the table and its hash-consing index (an estimate of the latter).
    pub fn bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<ZddNode>()
            + self.unique.capacity() * (std::mem::size_of::<(ZddNode, u32)>() + 1)
    }

    /// The number of solutions.
    pub fn count(&self) -> SolutionCount {
        match counts::<u128>(&self.nodes) {
            Some(c) => SolutionCount::Small(c[self.root as usize]),
            None => SolutionCount::Big(
                counts::<BigUint>(&self.nodes).expect("big integers do not overflow")
                    [self.root as usize]
                    .clone(),
            ),
        }
    }

    /// For each of `n_options` options, the number of solutions that contain it.
    pub fn option_counts(&self, n_options: usize) -> Vec<SolutionCount> {
        match option_counts::<u128>(&self.nodes, self.root, n_options) {
            Some(v) => v.into_iter().map(SolutionCount::Small).collect(),
            None => option_counts::<BigUint>(&self.nodes, self.root, n_options)
                .expect("big integers do not overflow")
                .into_iter()
                .map(SolutionCount::Big)
                .collect(),
        }
    }

    /// Draws `n` solutions independently and uniformly at random from all solutions (none when
    /// there is none). Each solution lists its options from the root down.
    pub fn sample<R: Rng>(&self, n: usize, rng: &mut R) -> Vec<Vec<OptionId>> {
        if self.root == 0 {
            return Vec::new();
        }
        match counts::<u128>(&self.nodes) {
            Some(c) => (0..n)
                .map(|_| {
                    let r = rng.random_range(0..c[self.root as usize]);
                    self.unrank(&c, r)
                })
                .collect(),
            None => {
                let c = counts::<BigUint>(&self.nodes).expect("big integers do not overflow");
                (0..n)
                    .map(|_| {
                        let r = random_below(&c[self.root as usize], rng);
                        self.unrank(&c, r)
                    })
                    .collect()
            }
        }
    }

    /// The solution of rank `r` (`r < count(root)`): at each node, ranks below `count(hi)` take
    /// the option, the others go to `lo` less `count(hi)`.
    fn unrank<N: CountNum>(&self, c: &[N], mut r: N) -> Vec<OptionId> {
        let mut out = Vec::new();
        let mut z = self.root;
        while z > 1 {
            let node = self.nodes[z as usize];
            let above = &c[node.hi as usize];
            if r.less(above) {
                out.push(OptionId(node.option));
                z = node.hi;
            } else {
                r = r.minus(above);
                z = node.lo;
            }
        }
        debug_assert_eq!(z, 1);
        out
    }

    /// Visits every solution (options from the root down) in the order the search found them,
    /// until `visit` returns `false`.
    pub fn for_each_solution(&self, mut visit: impl FnMut(&[OptionId]) -> bool) {
        // (node, path length to restore, option to push first)
        let mut stack: Vec<(u32, usize, Option<u32>)> = vec![(self.root, 0, None)];
        let mut path: Vec<OptionId> = Vec::new();
        while let Some((z, len, push)) = stack.pop() {
            path.truncate(len);
            if let Some(o) = push {
                path.push(OptionId(o));
            }
            match z {
                0 => {}
                1 => {
                    if !visit(&path) {
                        return;
                    }
                }
                _ => {
                    let node = self.nodes[z as usize];
                    // The search made `lo` from the options it tried first.
                    stack.push((node.hi, path.len(), Some(node.option)));
                    stack.push((node.lo, path.len(), None));
                }
            }
        }
    }

    /// Writes the ZDD in the ZDDREAD layout DLX6 prints (module documentation).
    pub fn write<W: Write>(&self, out: &mut W) -> io::Result<()> {
        for (z, node) in self.nodes.iter().enumerate().skip(2) {
            writeln!(
                out,
                "{z:x}: (~{}?{:x}:{:x})",
                node.option + 1,
                node.lo,
                node.hi
            )?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.nodes.len(), self.root)
    }
}

/// An exact solution count: `u128` while it fits, arbitrary precision beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolutionCount {
    /// A count that fits in 128 bits.
    Small(u128),
    /// A larger count.
    Big(BigUint),
}

impl SolutionCount {
    /// The count as `u128`, when it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self {
            SolutionCount::Small(n) => Some(*n),
            SolutionCount::Big(_) => None,
        }
    }
}

impl std::fmt::Display for SolutionCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolutionCount::Small(n) => write!(f, "{n}"),
            SolutionCount::Big(n) => write!(f, "{n}"),
        }
    }
}

/// The arithmetic counting needs, checked where it can overflow.
trait CountNum: Clone {
    fn zero() -> Self;
    fn one() -> Self;
    fn plus(&self, other: &Self) -> Option<Self>;
    fn times(&self, other: &Self) -> Option<Self>;
    fn less(&self, other: &Self) -> bool;
    fn minus(&self, other: &Self) -> Self;
}

impl CountNum for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
    fn times(&self, other: &Self) -> Option<Self> {
        self.checked_mul(*other)
    }
    fn less(&self, other: &Self) -> bool {
        self < other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
}

impl CountNum for BigUint {
    fn zero() -> Self {
        BigUint::ZERO
    }
    fn one() -> Self {
        BigUint::from(1u8)
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn times(&self, other: &Self) -> Option<Self> {
        Some(self * other)
    }
    fn less(&self, other: &Self) -> bool {
        self < other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
}

/// The count of every node; `None` on overflow.
fn counts<N: CountNum>(nodes: &[ZddNode]) -> Option<Vec<N>> {
    let mut c: Vec<N> = Vec::with_capacity(nodes.len());
    c.push(N::zero());
    c.push(N::one());
    for node in &nodes[2..] {
        let v = c[node.lo as usize].plus(&c[node.hi as usize])?;
        c.push(v);
    }
    Some(c)
}

/// Solutions per option (module documentation); `None` on overflow.
fn option_counts<N: CountNum>(nodes: &[ZddNode], root: u32, n_options: usize) -> Option<Vec<N>> {
    let c = counts::<N>(nodes)?;
    let mut paths = vec![N::zero(); nodes.len()];
    paths[root as usize] = N::one();
    let mut per_option = vec![N::zero(); n_options];
    for z in (2..nodes.len()).rev() {
        let node = nodes[z];
        let p = paths[z].clone();
        let o = node.option as usize;
        per_option[o] = per_option[o].plus(&p.times(&c[node.hi as usize])?)?;
        paths[node.lo as usize] = paths[node.lo as usize].plus(&p)?;
        paths[node.hi as usize] = paths[node.hi as usize].plus(&p)?;
    }
    Some(per_option)
}

/// A uniform random number below `n > 0`, by rejection from random words of `n`'s bit length.
fn random_below<R: Rng>(n: &BigUint, rng: &mut R) -> BigUint {
    let bits = n.bits();
    let words = bits.div_ceil(32) as usize;
    let top = bits - 32 * (words as u64 - 1);
    loop {
        let mut digits: Vec<u32> = (0..words).map(|_| rng.random::<u32>()).collect();
        if top < 32 {
            digits[words - 1] &= (1u32 << top) - 1;
        }
        let r = BigUint::new(digits);
        if &r < n {
            return r;
        }
    }
}
