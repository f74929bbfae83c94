//! The JSON Schemas of the commands' JSON output (`docs/schemas/NAME.json`), generated
//! from the serde types each command prints (schemars). Every printed object names its
//! schema and version in its `schema` field (`"satcover/solve/1"`); a change that breaks a
//! script bumps the number. The library types the lines embed ([`Stats`], a bench
//! [`Proved`]) are described here by shapes that mirror their serde output, checked
//! against real output by `tests/it/json_schemas.rs`.
//!
//! `SATCOVER_WRITE_SCHEMAS=1 cargo test --bin satcover schemas` rewrites `docs/schemas/`;
//! without it the test fails when a file differs from what the types generate.
//!
//! [`Stats`]: satcover::puzzle::Stats
//! [`Proved`]: satcover::bench::Proved

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

/// A unit type that serialises as one constant string (a schema name and version),
/// described as that `const`.
macro_rules! schema_tag {
    ($(#[$doc:meta])* $name:ident = $value:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub(crate) struct $name;

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str($value)
            }
        }

        impl schemars::JsonSchema for $name {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "description": "The schema of this line and its version.",
                    "const": $value,
                })
            }
        }
    };
}

schema_tag!(
    /// `solve` (and `decode`, which prints as `solve` does).
    SolveSchema = "satcover/solve/1"
);
schema_tag!(
    /// `compare`.
    CompareSchema = "satcover/compare/1"
);
schema_tag!(
    /// `bench`.
    BenchSchema = "satcover/bench/1"
);
schema_tag!(
    /// `analyze`.
    AnalyzeSchema = "satcover/analyze/1"
);
schema_tag!(
    /// `merge`.
    MergeSchema = "satcover/merge/1"
);
schema_tag!(
    /// `explain`.
    ExplainSchema = "satcover/explain/1"
);

/// `"error"`: the status of a line that reports a puzzle that could not be answered.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ErrorStatus;

impl serde::Serialize for ErrorStatus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str("error")
    }
}

impl JsonSchema for ErrorStatus {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "ErrorStatus".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"const": "error"})
    }
}

/// A puzzle kind's lower-case name (`sudoku`, `nonogram`, `cnf`, ...), as `--kind` takes.
#[derive(JsonSchema)]
#[schemars(transparent)]
pub(crate) struct KindShape(#[allow(dead_code)] String);

/// The verdict on a puzzle.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub(crate) enum StatusShape {
    /// At least one solution was found.
    Solved,
    /// The search space was exhausted without a solution.
    Unsolvable,
    /// Neither: the time budget ran out first.
    Unknown,
}

/// One engine.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub(crate) enum EngineShape {
    Native,
    Sat,
    Dlx,
    External,
}

/// One engine, or `auto`.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub(crate) enum BackendShape {
    Native,
    Sat,
    Dlx,
    External,
    Auto,
}

/// How one contender of `auto` ended.
#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub(crate) enum ContenderResultShape {
    Won,
    GaveUp,
    Cancelled,
    Late,
    Error,
}

/// What one engine did inside `auto` (`satcover::puzzle::Contender`).
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct ContenderShape {
    backend: EngineShape,
    result: ContenderResultShape,
    /// Seconds from its start to its answer (or its stop).
    time: f64,
    nodes: Option<u64>,
    guesses: Option<u64>,
    updates: Option<u64>,
    solve_calls: Option<u64>,
    decisions: Option<u64>,
    conflicts: Option<u64>,
    /// Why it failed (`result` is `error`).
    #[serde(default)]
    error: Option<String>,
}

/// What a run cost (`satcover::puzzle::Stats`): times in seconds; sizes and efforts an
/// engine cannot tell are `null`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct StatsShape {
    /// The backend that ran: `native`, `sat`, `dlx`, `auto`, ... as named, or what ran in
    /// its place (`decode`, `external `cadical``, `sat (cubes)`).
    backend: String,
    parse: f64,
    encode: f64,
    solve: f64,
    decode: f64,
    check: f64,
    proof: f64,
    variables: Option<u64>,
    clauses: Option<u64>,
    literals: Option<u64>,
    items: Option<u64>,
    options: Option<u64>,
    nonzeros: Option<u64>,
    solve_calls: Option<u64>,
    decisions: Option<u64>,
    conflicts: Option<u64>,
    propagations: Option<u64>,
    nodes: Option<u64>,
    updates: Option<u64>,
    guesses: Option<u64>,
    /// `auto` only: the engine whose answer this is.
    #[serde(default)]
    winner: Option<EngineShape>,
    /// `auto` only: every engine that ran.
    #[serde(default)]
    contenders: Vec<ContenderShape>,
}

/// What a uniqueness search settled over a collection (`satcover::bench::Proved`).
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct ProvedShape {
    unique: u64,
    not_unique: u64,
    unsolvable: u64,
    unknown: u64,
}

/// Every command's schema, by the name of its file under `docs/schemas/`, with a title.
#[cfg(test)]
pub(crate) fn schemas() -> Vec<(&'static str, Schema)> {
    let all = vec![
        (
            "solve",
            "satcover solve --format json (and decode --format json): one JSON line",
            schemars::schema_for!(super::json::SolveLine),
        ),
        (
            "compare",
            "satcover compare --format json: one JSON line a puzzle",
            schemars::schema_for!(crate::cli::compare::CompareOutput),
        ),
        (
            "bench",
            "satcover bench --format json: one JSON line a backend",
            schemars::schema_for!(crate::cli::bench::BenchLine),
        ),
        (
            "analyze",
            "satcover analyze --format json: one JSON line a puzzle",
            schemars::schema_for!(crate::cli::analyze::AnalyzeLine),
        ),
        (
            "merge",
            "satcover merge --format json: one JSON line",
            schemars::schema_for!(crate::cli::merge::MergeLine),
        ),
        (
            "explain",
            "satcover explain --format json: one JSON line a puzzle",
            schemars::schema_for!(crate::cli::explain::ExplainLine),
        ),
    ];
    all.into_iter()
        .map(|(name, title, mut schema)| {
            schema.insert("title".to_string(), title.into());
            (name, schema)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn docs_schemas_are_what_the_output_types_generate() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schemas");
        let write = std::env::var_os("SATCOVER_WRITE_SCHEMAS").is_some();
        for (name, schema) in super::schemas() {
            let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
            let path = dir.join(format!("{name}.json"));
            if write {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, &text).unwrap();
            } else {
                let written = std::fs::read_to_string(&path).unwrap_or_default();
                assert!(
                    written == text,
                    "{} differs from what the output types generate: \
                     SATCOVER_WRITE_SCHEMAS=1 cargo test --bin satcover schemas",
                    path.display()
                );
            }
        }
    }
}
