//! What a puzzle is ([`Kind`]) and how it is searched for ([`Backend`]).

use std::fmt;

use serde::Serialize;

/// A kind of input satcover reads, by its lower-case name (what `--kind` and the JSON
/// output use). Each kind declares its own in its module (`Kind::SUDOKU` in
/// `puzzles::sudoku`), and registers its reader in `puzzles` (`kinds!`); the names there are
/// distinct (tested), so two kinds are equal exactly when their names are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Kind(&'static str);

impl Kind {
    /// The kind named `name`, for a kind's module to declare its constant.
    pub const fn named(name: &'static str) -> Kind {
        Kind(name)
    }

    /// The lower-case name `--kind` and the JSON output use.
    pub fn name(self) -> &'static str {
        self.0
    }
}

impl Kind {
    /// The backend used when none is named: `auto`, whose plan per kind (see
    /// `src/portfolio.rs`) runs varisat for raw CNF and our DLX engine for raw exact cover.
    pub fn default_backend(self) -> Backend {
        Backend::Auto
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One engine: how a single search for solutions runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// The puzzle's own propagation solver.
    Native,
    /// CNF solved in-process (varisat; sudoku collections by a batsat session through
    /// `sat::theory`).
    Sat,
    /// Exact cover solved by our Dancing Links engine (Knuth's Algorithm C).
    Dlx,
    /// CNF written as DIMACS and solved by a SAT binary (`--solver`).
    External,
}

impl Engine {
    /// Every engine.
    pub const ALL: [Engine; 4] = [Engine::Native, Engine::Sat, Engine::Dlx, Engine::External];

    /// The lower-case name `--backend` and the JSON output use.
    pub fn name(self) -> &'static str {
        Backend::from(self).name()
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Engine> for Backend {
    fn from(engine: Engine) -> Backend {
        match engine {
            Engine::Native => Backend::Native,
            Engine::Sat => Backend::Sat,
            Engine::Dlx => Backend::Dlx,
            Engine::External => Backend::External,
        }
    }
}

/// How a solution is searched for, as a user names it: one [`Engine`], or `auto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// The puzzle's own propagation solver.
    Native,
    /// CNF solved in-process by varisat.
    Sat,
    /// Exact cover solved by our Dancing Links engine (Knuth's Algorithm C).
    Dlx,
    /// CNF written as DIMACS and solved by a SAT binary (`--solver`).
    External,
    /// The portfolio: native alone for a short budget, then the other engines that fit race;
    /// the first checked answer wins (README: "How auto decides").
    Auto,
}

impl Backend {
    /// The single engines (not `auto`, which runs them).
    pub const ALL: [Backend; 4] = [
        Backend::Native,
        Backend::Sat,
        Backend::Dlx,
        Backend::External,
    ];

    /// The one engine this names; `None` for `auto`.
    pub fn engine(self) -> Option<Engine> {
        match self {
            Backend::Native => Some(Engine::Native),
            Backend::Sat => Some(Engine::Sat),
            Backend::Dlx => Some(Engine::Dlx),
            Backend::External => Some(Engine::External),
            Backend::Auto => None,
        }
    }

    /// The lower-case name `--backend` and the JSON output use.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Native => "native",
            Backend::Sat => "sat",
            Backend::Dlx => "dlx",
            Backend::External => "external",
            Backend::Auto => "auto",
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
