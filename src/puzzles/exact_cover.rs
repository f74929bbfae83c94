//! A raw exact-cover problem in Knuth's text format as a puzzle.
//!
//! Glossary (Knuth, TAOCP 7.2.2.1):
//! - **item**: primary (must be covered exactly once) or secondary (at most once, or by
//!   any number of options that give it the same colour).
//! - **option**: a set of items, some secondary ones with a colour (`x:A`).
//! - **solution**: a set of options covering every primary item exactly once, with
//!   consistent colours on the secondary items.
//!
//! Solved by `dlx`, and by `sat`/`external` through a CNF with one variable per option.

use std::collections::BTreeMap;

use crate::cnf::{Cnf, Lit, Var};
use crate::dlx::{Colour, ItemId, Matrix, OptionId};
use crate::puzzle::{
    Cells, CheckError, CnfEncode, CnfEncoding, CoverEncode, CoverEncoding, EncodeOptions, Engine,
    Kind, Preference, Purpose, Puzzle, SolveError,
};
use crate::render::{Picture, Rgb};

/// A matrix read from an exact-cover file.
#[derive(Clone, Debug)]
pub struct ExactCover {
    matrix: Matrix,
}

/// The chosen options, ascending.
pub type Chosen = Vec<OptionId>;

impl ExactCover {
    /// A puzzle over `matrix`: its solutions are its exact covers.
    pub fn new(matrix: Matrix) -> ExactCover {
        ExactCover { matrix }
    }

    /// The items and options.
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// An option written as in Knuth's format: `a b x:A`.
    pub fn option_text(&self, option: OptionId) -> String {
        self.matrix
            .option_items(option)
            .iter()
            .map(|&(item, colour)| match colour {
                Some(c) => format!(
                    "{}:{}",
                    self.matrix.item_name(item),
                    self.matrix.colour_name(c)
                ),
                None => self.matrix.item_name(item).to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Options containing each item, with the colour they give it.
    fn options_by_item(&self) -> Vec<Vec<(OptionId, Option<Colour>)>> {
        let mut by_item = vec![Vec::new(); self.matrix.num_items()];
        for option in 0..self.matrix.num_options() {
            for &(item, colour) in self.matrix.option_items(option) {
                by_item[item].push((option, colour));
            }
        }
        by_item
    }
}

impl Puzzle for ExactCover {
    type Solution = Chosen;

    fn kind(&self) -> Kind {
        Kind::XC
    }

    /// Knuth's definition, counted item by item (no engine code).
    fn check(&self, chosen: &Chosen) -> Result<(), CheckError> {
        let mut uses: Vec<Vec<Option<Colour>>> = vec![Vec::new(); self.matrix.num_items()];
        for &option in chosen {
            if option >= self.matrix.num_options() {
                return Err(CheckError::from(format!("option {option} does not exist")));
            }
            for &(item, colour) in self.matrix.option_items(option) {
                uses[item].push(colour);
            }
        }
        for (item, colours) in uses.iter().enumerate() {
            let name = self.matrix.item_name(item);
            if self.matrix.is_primary(item) {
                if colours.len() != 1 {
                    return Err(CheckError::from(format!(
                        "primary item {name} is covered {} times",
                        colours.len()
                    )));
                }
            } else if colours.len() > 1 {
                let first = colours[0];
                if first.is_none() || colours.iter().any(|&c| c != first) {
                    return Err(CheckError::from(format!(
                        "secondary item {name} is used by {} options without one common colour",
                        colours.len()
                    )));
                }
            }
        }
        Ok(())
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Chosen>> {
        Some(self)
    }

    fn as_cover(&self) -> Option<&dyn CoverEncode<Chosen>> {
        Some(self)
    }

    /// Raw exact cover is DLX's, whatever the request.
    fn preference(&self) -> Preference {
        Preference {
            few: vec![Engine::Dlx],
            many: vec![Engine::Dlx],
            presolve: false,
        }
    }

    /// Solutions are lists of options, not cells.
    fn cells(&self) -> Cells {
        Cells {
            refusal: Some(
                "analyze needs cells: an exact-cover file's solutions are lists of options; \
                 analyze a puzzle kind or a DIMACS formula instead",
            ),
            ..Cells::default()
        }
    }

    fn solution_json(&self, chosen: &Chosen) -> serde_json::Value {
        serde_json::Value::from(
            chosen
                .iter()
                .map(|&o| self.option_text(o))
                .collect::<Vec<_>>(),
        )
    }

    fn solution_text(&self, chosen: &Chosen) -> String {
        chosen
            .iter()
            .map(|&o| self.option_text(o))
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn differences(&self, a: &Chosen, b: &Chosen) -> String {
        let only = |x: &Chosen, y: &Chosen| -> Vec<String> {
            x.iter()
                .filter(|o| !y.contains(o))
                .map(|&o| self.option_text(o))
                .collect()
        };
        format!(
            "only in the first: {}; only in the second: {}",
            only(a, b).join(" / "),
            only(b, a).join(" / ")
        )
    }

    /// Chosen options as rows, items as columns, a filled cell where an option covers an item.
    fn picture(&self, chosen: Option<&Chosen>) -> Picture {
        let all: Vec<OptionId> = (0..self.matrix.num_options()).collect();
        let rows = chosen.unwrap_or(&all);
        let width = self.matrix.num_items().max(1);
        let mut picture = Picture::new(width, rows.len().max(1));
        for (r, &option) in rows.iter().enumerate() {
            for &(item, _) in self.matrix.option_items(option) {
                picture.fills[r * width + item] = Rgb::palette(r);
            }
        }
        picture
    }
}

impl CnfEncode<Chosen> for ExactCover {
    /// One variable per option. Primary item: exactly one of its options. Secondary item:
    /// at most one "user" among its uncoloured options and one auxiliary variable per
    /// colour, where an option giving colour c implies that colour's variable.
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Chosen>, SolveError> {
        let mut cnf = Cnf::new();
        let options: Vec<Var> = (0..self.matrix.num_options())
            .map(|o| cnf.new_named_var(format!("option{}", o + 1)))
            .collect();
        let by_item = self.options_by_item();
        cnf.begin_family("1 primary-exactly-one");
        for (item, list) in by_item.iter().enumerate() {
            if self.matrix.is_primary(item) {
                let lits: Vec<Lit> = list.iter().map(|&(o, _)| options[o].positive()).collect();
                cnf.exactly_one(&lits);
            }
        }
        cnf.begin_family("2 secondary-colour-consistent");
        for (item, list) in by_item.iter().enumerate() {
            if self.matrix.is_primary(item) || list.len() < 2 {
                continue;
            }
            let mut users: Vec<Lit> = Vec::new();
            let mut colours: BTreeMap<Colour, Vec<OptionId>> = BTreeMap::new();
            for &(option, colour) in list {
                match colour {
                    None => users.push(options[option].positive()),
                    Some(c) => colours.entry(c).or_default().push(option),
                }
            }
            for (colour, members) in colours {
                let name = format!(
                    "{}:{}",
                    self.matrix.item_name(item as ItemId),
                    self.matrix.colour_name(colour)
                );
                let chosen_colour = cnf.new_named_var(name);
                for option in members {
                    cnf.add_clause(&[options[option].negative(), chosen_colour.positive()]);
                }
                users.push(chosen_colour.positive());
            }
            cnf.at_most_one(&users);
        }
        Ok(CnfEncoding {
            cnf,
            projection: options.clone(),
            // Another exact cover cannot contain this one (a primary item would be
            // covered twice), so it drops one of these options.
            blocking: crate::sat::Blocking::TrueLiterals,
            decode: Box::new(move |model| {
                Ok((0..options.len())
                    .filter(|&o| model.value(options[o]))
                    .collect())
            }),
        })
    }
}

impl CoverEncode<Chosen> for ExactCover {
    fn encode_cover(&self, _purpose: Purpose) -> Result<CoverEncoding<'_, Chosen>, SolveError> {
        Ok(CoverEncoding {
            matrix: self.matrix.clone(),
            decode: Box::new(|chosen| {
                let mut sorted = chosen.to_vec();
                sorted.sort_unstable();
                Ok(sorted)
            }),
        })
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const XC: Kind = Kind::named("xc");
}

/// Exact-cover files in Knuth's format (as his DLX programs read them).
pub const READER: super::Reader<ExactCover> = super::Reader {
    kind: Kind::XC,
    about: "A raw exact-cover problem in Knuth's format",
    extensions: &["dlx", "xc"],
    looks_like: |_| false,
    read: |_, text| {
        super::whole(
            crate::dlx::parse_xc(text)
                .map(ExactCover::new)
                .map_err(|e| super::ParseError::new(e.line(), Some(e.column()), e.reason())),
        )
    },
    generator: None,
    examples: &[crate::puzzles::example!(
        "Exact cover: Knuth's first example",
        "xc/knuth_5.xc"
    )],
};
