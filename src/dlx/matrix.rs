//! The exact-cover matrix: a builder and a plain store, nothing that dances.
//!
//! Glossary (Knuth, TAOCP 7.2.2.1):
//! - **item**: a column of the matrix, named. A **primary** item must be
//!   covered exactly once; a **secondary** item at most once — or, when the
//!   options that touch it give it a **colour**, by any number of options that
//!   all agree on that colour.
//! - **option**: a row, the set of items it touches; a secondary item inside an
//!   option may carry a colour (`x:c` in Knuth's text format).
//! - **colour**: an interned name ([`Colour`] is an index into the colour table).
//!
//! Ids are handed out in insertion order: [`ItemId`] counts all items whatever
//! their kind, [`OptionId`] counts options. The engine reorders items
//! internally (primaries first, as Algorithm C wants) without changing ids.
//!
//! Every option must contain at least one primary item. Knuth's DLX1/DLX2 drop
//! such an option with a warning ("option ignored (no primary items)") because
//! Algorithm C can never choose it; we reject it instead so that the ids the
//! caller holds never silently refer to nothing.

use std::collections::HashMap;

use thiserror::Error;

/// Index of an item, in insertion order among all items (primary or secondary).
pub type ItemId = usize;
/// Index of an option, in insertion order.
pub type OptionId = usize;
/// An interned colour name; obtain one with [`Matrix::colour`].
pub type Colour = u32;

/// The engine stores links as `u32` and item/spacer tags as `i32`: a matrix
/// whose node count (items + non-zeros + options + 2) exceeds this is refused.
pub(crate) const MAX_NODES: usize = i32::MAX as usize - 1;

/// Why an option was refused by [`Matrix::add_option`] / [`Matrix::add_coloured_option`].
/// Positions are indices into the slice that was passed in.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MatrixError {
    /// An option with no item.
    #[error("an option must contain at least one item")]
    EmptyOption,
    /// An item id this matrix never handed out.
    #[error("entry {position}: item {item} does not exist (the matrix has {num_items} items)")]
    UnknownItem {
        /// Index of the entry in the slice passed in.
        position: usize,
        /// The item id.
        item: ItemId,
        /// Items in the matrix.
        num_items: usize,
    },
    /// An item named twice in one option.
    #[error("entry {position}: item {item} (`{name}`) is repeated; first at entry {first}")]
    RepeatedItem {
        /// Index of the entry in the slice passed in.
        position: usize,
        /// Index of its first entry in the slice.
        first: usize,
        /// The item id.
        item: ItemId,
        /// The item's name.
        name: String,
    },
    /// A colour on a primary item (only secondary items carry colours).
    #[error("entry {position}: item {item} (`{name}`) is primary and cannot carry a colour")]
    ColourOnPrimary {
        /// Index of the entry in the slice passed in.
        position: usize,
        /// The item id.
        item: ItemId,
        /// The item's name.
        name: String,
    },
    /// A colour id [`Matrix::colour`] never handed out.
    #[error("entry {position}: colour {colour} was never interned with Matrix::colour")]
    UnknownColour {
        /// Index of the entry in the slice passed in.
        position: usize,
        /// The colour id.
        colour: Colour,
    },
    /// An option with secondary items only.
    #[error("the option has no primary item, so no exact cover could ever choose it")]
    NoPrimaryItem,
    /// The matrix would outgrow its node indices.
    #[error("the matrix would exceed {MAX_NODES} nodes")]
    TooLarge,
}

/// Items, options and colours of an exact-cover problem with colours (XCC).
///
/// Items may be added in any order, primary or secondary, before or between
/// options; an option may only name items that already exist.
#[derive(Clone, Debug, Default)]
pub struct Matrix {
    item_names: Vec<String>,
    item_primary: Vec<bool>,
    num_primary: usize,
    colour_names: Vec<String>,
    colour_ids: HashMap<String, Colour>,
    /// All options' entries, option after option.
    entries: Vec<(ItemId, Option<Colour>)>,
    /// `option_ends[k]` is one past the last entry of option `k`.
    option_ends: Vec<usize>,
    /// Some option gives a colour to a secondary item.
    coloured: bool,
    /// Scratch for the repeated-item check: `last_seen[item]` = 1 + option
    /// count at the time the item was last seen, paired with its position.
    last_seen: Vec<(usize, usize)>,
}

impl Matrix {
    /// A matrix with no items, options or colours.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an item that every solution must cover exactly once.
    pub fn add_primary(&mut self, name: impl Into<String>) -> ItemId {
        self.num_primary += 1;
        self.push_item(name.into(), true)
    }

    /// Adds an item that solutions cover at most once (or several times with one colour).
    pub fn add_secondary(&mut self, name: impl Into<String>) -> ItemId {
        self.push_item(name.into(), false)
    }

    fn push_item(&mut self, name: String, primary: bool) -> ItemId {
        self.item_names.push(name);
        self.item_primary.push(primary);
        self.last_seen.push((0, 0));
        self.item_names.len() - 1
    }

    /// Interns a colour name: the same name always gives the same [`Colour`].
    pub fn colour(&mut self, name: &str) -> Colour {
        if let Some(&c) = self.colour_ids.get(name) {
            return c;
        }
        let c = self.colour_names.len() as Colour;
        self.colour_names.push(name.to_owned());
        self.colour_ids.insert(name.to_owned(), c);
        c
    }

    /// Looks a colour up without interning it.
    pub fn find_colour(&self, name: &str) -> Option<Colour> {
        self.colour_ids.get(name).copied()
    }

    /// Adds an option without colours.
    ///
    /// Errors: empty option, unknown item, item repeated in the option, no primary item.
    pub fn add_option(&mut self, items: &[ItemId]) -> Result<OptionId, MatrixError> {
        let start = self.entries.len();
        self.entries.extend(items.iter().map(|&i| (i, None)));
        self.finish_option(start)
    }

    /// Adds an option whose secondary items may carry colours.
    ///
    /// Errors: as [`Matrix::add_option`], plus a colour on a primary item or a
    /// colour that was not obtained from [`Matrix::colour`].
    pub fn add_coloured_option(
        &mut self,
        items: &[(ItemId, Option<Colour>)],
    ) -> Result<OptionId, MatrixError> {
        let start = self.entries.len();
        self.entries.extend_from_slice(items);
        self.finish_option(start)
    }

    /// Validates the entries pushed since `start`; on error they are removed again.
    fn finish_option(&mut self, start: usize) -> Result<OptionId, MatrixError> {
        match self.check_option(start) {
            Ok(()) => {
                self.coloured |= self.entries[start..].iter().any(|&(_, c)| c.is_some());
                self.option_ends.push(self.entries.len());
                Ok(self.option_ends.len() - 1)
            }
            Err(e) => {
                // Forget this attempt's stamps: a retry gets the same stamp.
                for &(item, _) in &self.entries[start..] {
                    if let Some(seen) = self.last_seen.get_mut(item) {
                        *seen = (0, 0);
                    }
                }
                self.entries.truncate(start);
                Err(e)
            }
        }
    }

    fn check_option(&mut self, start: usize) -> Result<(), MatrixError> {
        let entries = &self.entries[start..];
        if entries.is_empty() {
            return Err(MatrixError::EmptyOption);
        }
        let nodes = self.item_names.len() + self.entries.len() + self.option_ends.len() + 3;
        if nodes > MAX_NODES {
            return Err(MatrixError::TooLarge);
        }
        // A stamp unique to this option makes the repeat check O(len) without clearing.
        let stamp = self.option_ends.len() + 1;
        let mut has_primary = false;
        for (position, &(item, colour)) in entries.iter().enumerate() {
            let num_items = self.item_names.len();
            if item >= num_items {
                return Err(MatrixError::UnknownItem {
                    position,
                    item,
                    num_items,
                });
            }
            let (seen, first) = self.last_seen[item];
            if seen == stamp {
                return Err(MatrixError::RepeatedItem {
                    position,
                    first,
                    item,
                    name: self.item_names[item].clone(),
                });
            }
            self.last_seen[item] = (stamp, position);
            if let Some(c) = colour {
                if self.item_primary[item] {
                    return Err(MatrixError::ColourOnPrimary {
                        position,
                        item,
                        name: self.item_names[item].clone(),
                    });
                }
                if c as usize >= self.colour_names.len() {
                    return Err(MatrixError::UnknownColour {
                        position,
                        colour: c,
                    });
                }
            }
            has_primary |= self.item_primary[item];
        }
        if !has_primary {
            return Err(MatrixError::NoPrimaryItem);
        }
        Ok(())
    }

    /// Items, primary and secondary.
    pub fn num_items(&self) -> usize {
        self.item_names.len()
    }

    /// Items every solution covers exactly once.
    pub fn num_primary(&self) -> usize {
        self.num_primary
    }

    /// Items covered at most once (or by options agreeing on their colour).
    pub fn num_secondary(&self) -> usize {
        self.item_names.len() - self.num_primary
    }

    /// Options added so far.
    pub fn num_options(&self) -> usize {
        self.option_ends.len()
    }

    /// Total number of entries (item occurrences) over all options.
    pub fn num_nonzeros(&self) -> usize {
        self.entries.len()
    }

    /// Distinct colours interned with [`Matrix::colour`].
    pub fn num_colours(&self) -> usize {
        self.colour_names.len()
    }

    /// Some option gives a colour to a secondary item (interning a colour
    /// alone does not count).
    pub fn has_colours(&self) -> bool {
        self.coloured
    }

    /// The item's name. Panics if `item` is not an id this matrix handed out.
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.item_names[item]
    }

    /// Panics if `item` is not an id this matrix handed out.
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.item_primary[item]
    }

    /// The option's entries in the order they were given: `(item, colour)`,
    /// colour `None` for primary items and uncoloured secondary ones.
    /// Panics if `option` is not an id this matrix handed out.
    pub fn option_items(&self, option: OptionId) -> &[(ItemId, Option<Colour>)] {
        let start = if option == 0 {
            0
        } else {
            self.option_ends[option - 1]
        };
        &self.entries[start..self.option_ends[option]]
    }

    /// Panics if `c` is not a colour this matrix interned.
    pub fn colour_name(&self, c: Colour) -> &str {
        &self.colour_names[c as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_insertion_order_and_errors_leave_no_trace() {
        let mut m = Matrix::new();
        let x = m.add_secondary("x");
        let a = m.add_primary("a");
        let b = m.add_primary("b");
        assert_eq!((x, a, b), (0, 1, 2));
        assert_eq!((m.num_primary(), m.num_secondary()), (2, 1));
        let red = m.colour("red");
        assert_eq!(m.colour("red"), red);
        assert_eq!(m.colour_name(red), "red");

        assert_eq!(m.add_option(&[]), Err(MatrixError::EmptyOption));
        assert!(matches!(
            m.add_option(&[a, 7]),
            Err(MatrixError::UnknownItem {
                position: 1,
                item: 7,
                ..
            })
        ));
        assert!(matches!(
            m.add_option(&[a, b, a]),
            Err(MatrixError::RepeatedItem {
                position: 2,
                first: 0,
                ..
            })
        ));
        assert!(matches!(
            m.add_coloured_option(&[(a, Some(red))]),
            Err(MatrixError::ColourOnPrimary { position: 0, .. })
        ));
        assert!(matches!(
            m.add_coloured_option(&[(a, None), (x, Some(9))]),
            Err(MatrixError::UnknownColour {
                position: 1,
                colour: 9
            })
        ));
        assert_eq!(m.add_option(&[x]), Err(MatrixError::NoPrimaryItem));
        assert_eq!(m.num_options(), 0);
        assert_eq!(m.num_nonzeros(), 0);

        assert_eq!(m.add_coloured_option(&[(b, None), (x, Some(red))]), Ok(0));
        assert_eq!(m.add_option(&[a, x]), Ok(1));
        assert_eq!(m.option_items(0), &[(b, None), (x, Some(red))]);
        assert_eq!(m.option_items(1), &[(a, None), (x, None)]);
        assert_eq!(m.num_nonzeros(), 4);
    }
}
