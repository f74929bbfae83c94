//! Generation, a capability a kind declares in its reader (`generator` in
//! `puzzles::Reader`): puzzles with exactly one solution, proved by the kind's engines,
//! written in the kind's own format, so that `solve` reads them back.
//!
//! The command line and the page know no kind's parameters: they hand the kind its words
//! (`--size 9 --minimal`, Tatham-style `6`) and a [`GenerateRequest`], and print what it
//! makes. The same seed gives the same puzzles.

use crate::sat::SatError;
use crate::stop::Stop;

use super::SolveError;

/// One parameter a kind's generator takes, for help.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// As a synopsis shows it: `--size N`, `--minimal`, `--checker auto|native|sat`.
    pub usage: &'static str,
    /// What it does, one line (defaults in brackets).
    pub help: &'static str,
    /// Whether the generator needs it (else it has a default or is a flag).
    pub required: bool,
}

/// What `generate` asks of a kind, besides its own parameters.
#[derive(Clone, Debug)]
pub struct GenerateRequest {
    /// How many puzzles (at least one).
    pub count: u64,
    /// The random seed: the same seed, the same puzzles.
    pub seed: u64,
    /// When to give up (a time limit, a client that left): the generator returns
    /// [`GenerateError::Stopped`].
    pub stop: Stop,
}

/// One puzzle made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The puzzle in the kind's own format, which the kind's reader takes back, ending
    /// with a newline (one line for line formats; a whole file for others).
    pub text: String,
    /// A line about this puzzle for standard error (how it was made), if the kind says one.
    pub note: Option<String>,
}

/// Why a generator could not finish.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// A parameter the kind does not take, or a value it cannot meet: the message names
    /// the parameter (`--size 7: ...`).
    #[error("{0}")]
    Params(String),
    /// The SAT engine failed.
    #[error("SAT engine: {0}")]
    Sat(#[from] SatError),
    /// The kind's solver failed.
    #[error("{0}")]
    Solve(#[from] SolveError),
    /// A puzzle made that fails a check (it does not read back, it is not unique): a bug.
    #[error("{0} (a bug)")]
    Bug(String),
    /// The request's stop fired before the puzzles were made.
    #[error("stopped before the puzzles were made")]
    Stopped,
    /// Handing a puzzle on failed (writing it out).
    #[error(transparent)]
    Output(#[from] std::io::Error),
}

/// What a kind's generator reports when it is done: one line for `--stats` (time, rate,
/// checks), or empty.
pub type Summary = String;

/// A kind's generator.
pub trait Generate: Sync {
    /// What it makes, in one line (`satcover generate KIND --help`).
    fn about(&self) -> &'static str;

    /// The parameters it takes (beside the request's count and seed).
    fn params(&self) -> &'static [Param];

    /// Parameters of a small puzzle made in well under a second (the agreement test
    /// generates with them; a page may offer them).
    fn example(&self) -> &'static [&'static str];

    /// Makes `request.count` puzzles from `params` (the words after the kind), handing
    /// each to `each` as it is made. Bad parameters are [`GenerateError::Params`], before
    /// any puzzle is made.
    fn generate(
        &self,
        params: &[String],
        request: &GenerateRequest,
        each: &mut dyn FnMut(Made) -> Result<(), GenerateError>,
    ) -> Result<Summary, GenerateError>;
}

/// A generator's words, taken one option at a time: `--name VALUE` or `--name=VALUE`,
/// flags `--name`, and bare words (Tatham-style parameters). [`Params::finish`] refuses
/// what no one took.
#[derive(Clone, Debug)]
pub struct Params {
    words: Vec<Option<String>>,
}

impl Params {
    /// The words after the kind.
    pub fn new(words: &[String]) -> Params {
        Params {
            words: words.iter().cloned().map(Some).collect(),
        }
    }

    /// Whether the flag `name` is there (taken).
    pub fn flag(&mut self, name: &str) -> Result<bool, GenerateError> {
        let mut found = false;
        for word in &mut self.words {
            if let Some(w) = word {
                if w == name {
                    *word = None;
                    found = true;
                } else if let Some(value) = w.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
                    return Err(GenerateError::Params(format!(
                        "{name}={value}: {name} is a flag and takes no value"
                    )));
                }
            }
        }
        Ok(found)
    }

    /// The value of the option `name`, if given (taken); given twice or without a value
    /// is an error.
    pub fn value(&mut self, name: &str) -> Result<Option<String>, GenerateError> {
        let mut found: Option<String> = None;
        let mut i = 0;
        while i < self.words.len() {
            let Some(word) = self.words[i].clone() else {
                i += 1;
                continue;
            };
            let value = if word == name {
                self.words[i] = None;
                match self.words.get(i + 1).cloned().flatten() {
                    Some(v) if !v.starts_with("--") => {
                        self.words[i + 1] = None;
                        i += 1;
                        v
                    }
                    _ => {
                        return Err(GenerateError::Params(format!("{name} needs a value")));
                    }
                }
            } else if let Some(v) = word.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
                self.words[i] = None;
                v.to_string()
            } else {
                i += 1;
                continue;
            };
            if found.is_some() {
                return Err(GenerateError::Params(format!("{name} is given twice")));
            }
            found = Some(value);
            i += 1;
        }
        Ok(found)
    }

    /// The value of `name` as a number, `default` when not given.
    pub fn number<T: std::str::FromStr>(
        &mut self,
        name: &str,
        default: T,
    ) -> Result<T, GenerateError> {
        match self.value(name)? {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| GenerateError::Params(format!("{name} {v}: not a number"))),
        }
    }

    /// The next bare word (not an option), if any (taken): ask after the options, whose
    /// values are bare words too.
    pub fn bare(&mut self) -> Option<String> {
        let word = self
            .words
            .iter_mut()
            .find(|w| w.as_ref().is_some_and(|w| !w.starts_with('-')))?;
        word.take()
    }

    /// The words no one took yet, in their order (the command line takes its own options
    /// and hands the rest to the kind).
    pub fn rest(self) -> Vec<String> {
        self.words.into_iter().flatten().collect()
    }

    /// Refuses words no one took: `what` names the generator (`sudoku`).
    pub fn finish(self, what: &str, params: &[Param]) -> Result<(), GenerateError> {
        match self.words.into_iter().flatten().next() {
            None => Ok(()),
            Some(word) => {
                let takes: Vec<&str> = params.iter().map(|p| p.usage).collect();
                Err(GenerateError::Params(format!(
                    "`{word}`: generate {what} takes {}",
                    if takes.is_empty() {
                        "no parameters".to_string()
                    } else {
                        takes.join(", ")
                    }
                )))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn options_flags_and_bare_words() {
        let mut p = Params::new(&words("6 --size 9 --minimal --checker=sat"));
        assert_eq!(p.number("--size", 4).unwrap(), 9);
        assert!(p.flag("--minimal").unwrap());
        assert!(!p.flag("--symmetric").unwrap());
        assert_eq!(p.value("--checker").unwrap().as_deref(), Some("sat"));
        assert_eq!(p.bare().as_deref(), Some("6"));
        p.finish("sudoku", &[]).unwrap();

        let mut p = Params::new(&words("--size"));
        assert!(
            p.value("--size")
                .unwrap_err()
                .to_string()
                .contains("needs a value")
        );
        let mut p = Params::new(&words("--size 4 --size 9"));
        assert!(p.value("--size").unwrap_err().to_string().contains("twice"));
        let mut p = Params::new(&words("--size x"));
        assert_eq!(
            p.number("--size", 4usize).unwrap_err().to_string(),
            "--size x: not a number"
        );
        let p = Params::new(&words("--bogus"));
        let params = [Param {
            usage: "--size N",
            help: "",
            required: false,
        }];
        assert_eq!(
            p.finish("towers", &params).unwrap_err().to_string(),
            "`--bogus`: generate towers takes --size N"
        );
        let mut p = Params::new(&words("--minimal=yes"));
        assert!(p.flag("--minimal").is_err());
    }
}
