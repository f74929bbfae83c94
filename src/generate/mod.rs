//! `generate`, whatever the kind: the registry's generators (a kind declares one in its
//! reader), each puzzle read back by the kind's own reader before it is handed on, so what
//! `generate` writes is what `solve` reads. The generators themselves, and their proofs of
//! uniqueness, are the kinds' (`src/puzzles/<kind>/generate.rs`).

use crate::puzzle::{Generate, Kind, Made, Summary};
use crate::registry::{self, READERS};

pub use crate::puzzle::{GenerateError, GenerateRequest};

/// The kinds that generate puzzles, in the order of [`registry::KINDS`].
pub fn kinds() -> Vec<Kind> {
    READERS
        .iter()
        .filter(|r| r.generator.is_some())
        .map(|r| r.kind)
        .collect()
}

/// The generator of the kind named `name`, or why there is none (an unknown kind, a kind
/// that does not generate), naming the kinds that do.
pub fn generator(name: &str) -> Result<(Kind, &'static dyn Generate), String> {
    let which = || format!("the kinds that generate: {}", registry::kind_list(&kinds()));
    let Some(reader) = READERS.iter().find(|r| r.kind.name() == name) else {
        return Err(format!("`{name}` is not a kind; {}", which()));
    };
    match reader.generator {
        Some(generator) => Ok((reader.kind, generator)),
        None => Err(format!("{name} does not generate puzzles; {}", which())),
    }
}

/// Makes `request.count` puzzles of `kind` from `params`, handing each to `each` once
/// the kind's reader has read it back as one puzzle of the kind.
pub fn generate(
    kind: Kind,
    generator: &dyn Generate,
    params: &[String],
    request: &GenerateRequest,
    each: &mut dyn FnMut(Made) -> Result<(), GenerateError>,
) -> Result<Summary, GenerateError> {
    let reader = registry::reader(kind).expect("a registered kind");
    generator.generate(params, request, &mut |made| {
        let read = (reader.read)("generated", &made.text);
        match read.as_slice() {
            [(_, Ok(puzzle))] if puzzle.kind() == kind => each(made),
            [(_, Err(e))] => Err(GenerateError::Bug(format!(
                "the generated {kind} puzzle does not read back: {e}: {}",
                made.text.trim_end()
            ))),
            _ => Err(GenerateError::Bug(format!(
                "the generated text is not one {kind} puzzle: {}",
                made.text.trim_end()
            ))),
        }
    })
}
