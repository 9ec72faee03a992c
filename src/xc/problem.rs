//! Exact-cover problems and their builder.
//!
//! Items get dense ids in declaration order: all primary items first (`0..n_primary`), then the
//! secondary ones. Names live in a side table used for parsing and printing only; hot and build paths
//! use [`ItemId`] and [`OptionId`]. Name lookups go through a hash map, so building is linear in the
//! size of the input.

use std::collections::HashMap;
use std::fmt;

/// Dense id of an item: primary items are `0..n_primary`, secondary items follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub u32);

/// Dense id of an option, in the order the options were accepted by the builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(pub u32);

/// Dense id of a colour (Knuth's `COLOR` values are these plus one; zero means "no colour").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColorId(pub u32);

/// Whether an item must be covered or may be covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered exactly once (or between its bounds, with multiplicities).
    Primary,
    /// Covered at most once, or by any number of options that give it the same colour.
    Secondary,
}

/// One item: its name, kind and multiplicity bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The name as written in Knuth's format.
    pub name: String,
    /// Primary or secondary.
    pub kind: ItemKind,
    /// Covered at least `lo` times (primary items only; 1 by default).
    pub lo: u32,
    /// Covered at most `hi` times (primary items only; 1 by default).
    pub hi: u32,
}

impl Item {
    /// True when the item's bounds differ from "exactly once" (Knuth's Algorithm M is needed).
    pub fn has_multiplicity(&self) -> bool {
        self.kind == ItemKind::Primary && (self.lo, self.hi) != (1, 1)
    }
}

/// One item of an option, with its colour when the item is a coloured secondary item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item.
    pub item: ItemId,
    /// Its colour in this option, if any.
    pub color: Option<ColorId>,
}

/// Something the builder accepted but changed, as Knuth's programs warn about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The option (0-based, in the order it was given to the builder) has no primary item and was
    /// dropped, as dlx1 does.
    OptionWithoutPrimary {
        /// Index among all options given to the builder, dropped ones included.
        input_index: usize,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::OptionWithoutPrimary { input_index } => write!(
                f,
                "option {} has no primary item and was dropped",
                input_index + 1
            ),
        }
    }
}

/// Errors in building a problem. Options are numbered from 1 in the order given to the builder.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XcError {
    /// The problem declares no items at all.
    #[error("the problem has no items")]
    NoItems,
    /// Two items share a name.
    #[error("item `{0}` is declared twice")]
    DuplicateItem(String),
    /// An option or lookup names an item that was not declared.
    #[error("unknown item `{0}`")]
    UnknownItem(String),
    /// An item name that Knuth's format cannot carry.
    #[error(
        "invalid item name `{0}`: names must be non-empty and contain no white space, `:` or `|`"
    )]
    InvalidName(String),
    /// An invalid colour name.
    #[error(
        "invalid colour `{0}`: colours must be non-empty and contain no white space, `:` or `|`"
    )]
    InvalidColor(String),
    /// A primary item was declared after a secondary item.
    #[error("primary item `{0}` declared after a secondary item")]
    PrimaryAfterSecondary(String),
    /// The same item appears twice in one option.
    #[error("option {option}: item `{item}` appears more than once")]
    RepeatedItem {
        /// 1-based option number.
        option: usize,
        /// The repeated item's name.
        item: String,
    },
    /// An option with no items.
    #[error("option {option} is empty")]
    EmptyOption {
        /// 1-based option number.
        option: usize,
    },
    /// A primary item was given a colour.
    #[error("option {option}: primary item `{item}` cannot have a colour")]
    ColorOnPrimary {
        /// 1-based option number.
        option: usize,
        /// The item's name.
        item: String,
    },
    /// Bounds with `lo > hi`, `hi == 0`, or bounds on a secondary item.
    #[error("item `{item}`: invalid multiplicity {lo}:{hi}")]
    BadBounds {
        /// The item's name.
        item: String,
        /// Lower bound.
        lo: u32,
        /// Upper bound.
        hi: u32,
    },
    /// More items, options or entries than 32-bit ids can address.
    #[error("the problem is too large for 32-bit node ids")]
    TooLarge,
}

/// A validated exact-cover problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    items: Vec<Item>,
    n_primary: usize,
    colors: Vec<String>,
    /// `entries[option_start[o]..option_start[o + 1]]` are option `o`'s items, in the given order.
    option_start: Vec<u32>,
    entries: Vec<Entry>,
    warnings: Vec<Warning>,
}

impl Problem {
    /// Starts a builder.
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::default()
    }

    /// All items, primary first.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// One item.
    pub fn item(&self, id: ItemId) -> &Item {
        &self.items[id.0 as usize]
    }

    /// The number of items.
    pub fn n_items(&self) -> usize {
        self.items.len()
    }

    /// The number of primary items; their ids are `0..n_primary()`.
    pub fn n_primary(&self) -> usize {
        self.n_primary
    }

    /// The number of secondary items.
    pub fn n_secondary(&self) -> usize {
        self.items.len() - self.n_primary
    }

    /// The number of options.
    pub fn n_options(&self) -> usize {
        self.option_start.len() - 1
    }

    /// The total number of entries (item occurrences) over all options.
    pub fn n_entries(&self) -> usize {
        self.entries.len()
    }

    /// Option `o`'s entries in the order they were given.
    pub fn option(&self, o: OptionId) -> &[Entry] {
        let o = o.0 as usize;
        &self.entries[self.option_start[o] as usize..self.option_start[o + 1] as usize]
    }

    /// Iterates over all option ids.
    pub fn option_ids(&self) -> impl Iterator<Item = OptionId> + '_ {
        (0..self.n_options() as u32).map(OptionId)
    }

    /// The colour names, indexed by [`ColorId`].
    pub fn colors(&self) -> &[String] {
        &self.colors
    }

    /// A colour's name.
    pub fn color_name(&self, c: ColorId) -> &str {
        &self.colors[c.0 as usize]
    }

    /// True when some option gives a secondary item a colour.
    pub fn has_colors(&self) -> bool {
        !self.colors.is_empty()
    }

    /// True when some primary item has bounds other than 1:1 (Algorithm M is needed).
    pub fn has_multiplicities(&self) -> bool {
        self.items.iter().any(Item::has_multiplicity)
    }

    /// Warnings collected while building.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Looks an item up by name (linear scan: for printing and tests, not for hot paths).
    pub fn item_by_name(&self, name: &str) -> Option<ItemId> {
        self.items
            .iter()
            .position(|i| i.name == name)
            .map(|i| ItemId(i as u32))
    }

    /// Formats an option as Knuth writes it: item names separated by spaces, `item:colour`.
    pub fn option_to_string(&self, o: OptionId) -> String {
        let mut s = String::new();
        for (k, e) in self.option(o).iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            s.push_str(&self.item(e.item).name);
            if let Some(c) = e.color {
                s.push(':');
                s.push_str(self.color_name(c));
            }
        }
        s
    }
}

/// Builds a [`Problem`] with dense ids. Declare all primary items, then secondary items, then
/// options.
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    items: Vec<Item>,
    by_name: HashMap<String, ItemId>,
    n_primary: usize,
    colors: Vec<String>,
    color_by_name: HashMap<String, ColorId>,
    option_start: Vec<u32>,
    entries: Vec<Entry>,
    warnings: Vec<Warning>,
    options_given: usize,
    /// Scratch: the option number (1-based) that last used each item, to find repeats in O(1).
    last_seen: Vec<usize>,
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == ':' || c == '|')
}

impl ProblemBuilder {
    /// A new, empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    fn add_item(
        &mut self,
        name: String,
        kind: ItemKind,
        lo: u32,
        hi: u32,
    ) -> Result<ItemId, XcError> {
        if !valid_name(&name) {
            return Err(XcError::InvalidName(name));
        }
        if self.by_name.contains_key(&name) {
            return Err(XcError::DuplicateItem(name));
        }
        if kind == ItemKind::Primary && self.n_primary != self.items.len() {
            return Err(XcError::PrimaryAfterSecondary(name));
        }
        if kind == ItemKind::Primary && (lo > hi || hi == 0) {
            return Err(XcError::BadBounds { item: name, lo, hi });
        }
        let id = u32::try_from(self.items.len()).map_err(|_| XcError::TooLarge)?;
        let id = ItemId(id);
        self.by_name.insert(name.clone(), id);
        self.items.push(Item { name, kind, lo, hi });
        self.last_seen.push(0);
        if kind == ItemKind::Primary {
            self.n_primary += 1;
        }
        Ok(id)
    }

    /// Declares a primary item, to be covered exactly once.
    pub fn primary(&mut self, name: impl Into<String>) -> Result<ItemId, XcError> {
        self.add_item(name.into(), ItemKind::Primary, 1, 1)
    }

    /// Declares a primary item to be covered at least `lo` and at most `hi` times (Algorithm M).
    pub fn primary_with_bounds(
        &mut self,
        name: impl Into<String>,
        lo: u32,
        hi: u32,
    ) -> Result<ItemId, XcError> {
        self.add_item(name.into(), ItemKind::Primary, lo, hi)
    }

    /// Declares a secondary item, covered at most once unless options agree on its colour.
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<ItemId, XcError> {
        self.add_item(name.into(), ItemKind::Secondary, 0, 1)
    }

    /// Interns a colour name.
    pub fn color(&mut self, name: &str) -> Result<ColorId, XcError> {
        if let Some(&c) = self.color_by_name.get(name) {
            return Ok(c);
        }
        if !valid_name(name) {
            return Err(XcError::InvalidColor(name.to_string()));
        }
        let c = ColorId(u32::try_from(self.colors.len()).map_err(|_| XcError::TooLarge)?);
        self.colors.push(name.to_string());
        self.color_by_name.insert(name.to_string(), c);
        Ok(c)
    }

    /// The id of a declared item.
    pub fn item_id(&self, name: &str) -> Result<ItemId, XcError> {
        self.by_name
            .get(name)
            .copied()
            .ok_or_else(|| XcError::UnknownItem(name.to_string()))
    }

    /// The number of items declared so far.
    pub fn n_items(&self) -> usize {
        self.items.len()
    }

    /// Adds an option of uncoloured items.
    pub fn option(&mut self, items: &[ItemId]) -> Result<Option<OptionId>, XcError> {
        let entries: Vec<Entry> = items
            .iter()
            .map(|&item| Entry { item, color: None })
            .collect();
        self.option_entries(&entries)
    }

    /// Adds an option given by item names, each optionally `name:colour`.
    pub fn option_named(&mut self, words: &[&str]) -> Result<Option<OptionId>, XcError> {
        let mut entries = Vec::with_capacity(words.len());
        for w in words {
            let (name, color) = match w.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (*w, None),
            };
            let resolved = self.item_id(name).and_then(|item| {
                Ok(Entry {
                    item,
                    color: color.map(|c| self.color(c)).transpose()?,
                })
            });
            match resolved {
                Ok(e) => entries.push(e),
                Err(err) => {
                    // A rejected option still takes its number, so later errors name the right one.
                    self.options_given += 1;
                    return Err(err);
                }
            }
        }
        self.option_entries(&entries)
    }

    /// Adds an option. Returns `Ok(None)` when the option has no primary item: it is dropped and a
    /// [`Warning`] recorded, as dlx1 does.
    pub fn option_entries(&mut self, entries: &[Entry]) -> Result<Option<OptionId>, XcError> {
        self.options_given += 1;
        let number = self.options_given;
        if entries.is_empty() {
            return Err(XcError::EmptyOption { option: number });
        }
        let mut has_primary = false;
        for e in entries {
            let Some(item) = self.items.get(e.item.0 as usize) else {
                return Err(XcError::UnknownItem(format!("#{}", e.item.0)));
            };
            if self.last_seen[e.item.0 as usize] == number {
                return Err(XcError::RepeatedItem {
                    option: number,
                    item: item.name.clone(),
                });
            }
            self.last_seen[e.item.0 as usize] = number;
            if let Some(c) = e.color {
                if c.0 as usize >= self.colors.len() {
                    return Err(XcError::InvalidColor(format!("#{}", c.0)));
                }
            }
            if item.kind == ItemKind::Primary {
                has_primary = true;
                if e.color.is_some() {
                    return Err(XcError::ColorOnPrimary {
                        option: number,
                        item: item.name.clone(),
                    });
                }
            }
        }
        if !has_primary {
            self.warnings.push(Warning::OptionWithoutPrimary {
                input_index: number - 1,
            });
            return Ok(None);
        }
        if self.option_start.is_empty() {
            self.option_start.push(0);
        }
        let id =
            OptionId(u32::try_from(self.option_start.len() - 1).map_err(|_| XcError::TooLarge)?);
        self.entries.extend_from_slice(entries);
        let end = u32::try_from(self.entries.len()).map_err(|_| XcError::TooLarge)?;
        self.option_start.push(end);
        Ok(Some(id))
    }

    /// Validates and returns the problem.
    pub fn build(mut self) -> Result<Problem, XcError> {
        if self.items.is_empty() {
            return Err(XcError::NoItems);
        }
        if self.option_start.is_empty() {
            self.option_start.push(0);
        }
        // Node ids in an arena: one header per item, one node per entry, one spacer per option.
        let nodes = self.items.len() as u64
            + self.entries.len() as u64
            + self.option_start.len() as u64
            + 2;
        if nodes > u32::MAX as u64 / 2 {
            return Err(XcError::TooLarge);
        }
        Ok(Problem {
            items: self.items,
            n_primary: self.n_primary,
            colors: self.colors,
            option_start: self.option_start,
            entries: self.entries,
            warnings: self.warnings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_with_dense_ids() {
        let mut b = Problem::builder();
        let a = b.primary("a").unwrap();
        let x = b.secondary("x").unwrap();
        assert_eq!((a, x), (ItemId(0), ItemId(1)));
        let red = b.color("red").unwrap();
        let o = b
            .option_entries(&[
                Entry {
                    item: a,
                    color: None,
                },
                Entry {
                    item: x,
                    color: Some(red),
                },
            ])
            .unwrap();
        assert_eq!(o, Some(OptionId(0)));
        let p = b.build().unwrap();
        assert_eq!(p.option_to_string(OptionId(0)), "a x:red");
        assert!(p.has_colors());
        assert!(!p.has_multiplicities());
    }

    #[test]
    fn rejects_malformed_input() {
        assert_eq!(Problem::builder().build(), Err(XcError::NoItems));
        let mut b = Problem::builder();
        b.primary("a").unwrap();
        assert_eq!(b.primary("a"), Err(XcError::DuplicateItem("a".into())));
        assert_eq!(b.primary("a b"), Err(XcError::InvalidName("a b".into())));
        assert_eq!(
            b.option_named(&["zz"]),
            Err(XcError::UnknownItem("zz".into()))
        );
        assert_eq!(
            b.option_named(&["a", "a"]),
            Err(XcError::RepeatedItem {
                option: 2,
                item: "a".into()
            })
        );
        assert_eq!(b.option(&[]), Err(XcError::EmptyOption { option: 3 }));
        assert_eq!(
            b.option_named(&["a:red"]),
            Err(XcError::ColorOnPrimary {
                option: 4,
                item: "a".into()
            })
        );
        b.secondary("s").unwrap();
        assert_eq!(
            b.primary("late"),
            Err(XcError::PrimaryAfterSecondary("late".into()))
        );
        assert_eq!(
            b.primary_with_bounds("m", 3, 2),
            Err(XcError::PrimaryAfterSecondary("m".into()))
        );
    }

    #[test]
    fn drops_option_without_primary_with_warning() {
        let mut b = Problem::builder();
        b.primary("a").unwrap();
        b.secondary("s").unwrap();
        assert_eq!(b.option_named(&["s"]), Ok(None));
        assert_eq!(b.option_named(&["a", "s"]), Ok(Some(OptionId(0))));
        let p = b.build().unwrap();
        assert_eq!(p.n_options(), 1);
        assert_eq!(
            p.warnings(),
            &[Warning::OptionWithoutPrimary { input_index: 0 }]
        );
    }

    #[test]
    fn bad_bounds() {
        let mut b = Problem::builder();
        assert!(matches!(
            b.primary_with_bounds("m", 3, 2),
            Err(XcError::BadBounds { .. })
        ));
        assert!(matches!(
            b.primary_with_bounds("m", 0, 0),
            Err(XcError::BadBounds { .. })
        ));
        assert!(b.primary_with_bounds("m", 0, 2).unwrap().0 == 0);
    }
}
