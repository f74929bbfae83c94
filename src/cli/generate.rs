//! `satcover generate KIND [PARAMS]`: puzzles with exactly one solution, from the kind's
//! generator (the registry's); the options every kind shares are taken here, the rest
//! are the kind's.

use std::io::{BufWriter, Write};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};

use satcover::generate::{self as service, GenerateError, GenerateRequest};
use satcover::puzzle::{Generate, Param, Params};
use satcover::registry::kind_list;
use satcover::stop::Stop;

use super::{EXIT_OK, EXIT_UNKNOWN};

#[derive(Args, Debug)]
#[command(
    subcommand_required = true,
    arg_required_else_help = true,
    override_usage = "satcover generate KIND [PARAMS] [--count K] [--seed S] [--timeout S] [--stats] [-o OUT]",
    after_help = after_help()
)]
pub struct GenerateArgs {
    /// How many puzzles [default: 1].
    #[arg(long, value_name = "K")]
    pub count: Option<u64>,
    /// The random seed: the same seed gives the same puzzles [default: 1].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Give up after S seconds (exit 30).
    #[arg(long, value_name = "S")]
    pub timeout: Option<f64>,
    /// Report time and rate on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Write the puzzles here instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<std::path::PathBuf>,
    #[command(subcommand)]
    pub what: What,
}

#[derive(Subcommand, Debug)]
pub enum What {
    /// The kind, then its parameters and the options above.
    #[command(external_subcommand)]
    Kind(Vec<String>),
}

/// The kinds that generate, for `generate --help`.
fn after_help() -> String {
    format!(
        "KIND is one of the kinds that generate: {}. `satcover generate KIND --help` lists its parameters.",
        kind_list(&service::kinds())
    )
}

/// The options every kind shares, written after the kind or before it.
struct Shared {
    count: u64,
    seed: u64,
    timeout: Option<f64>,
    stats: bool,
    output: Option<std::path::PathBuf>,
}

const SHARED: &[Param] = &[
    Param {
        usage: "--count K",
        help: "How many puzzles [default: 1]",
        required: false,
    },
    Param {
        usage: "--seed S",
        help: "The random seed: the same seed gives the same puzzles [default: 1]",
        required: false,
    },
    Param {
        usage: "--timeout S",
        help: "Give up after S seconds (exit 30)",
        required: false,
    },
    Param {
        usage: "--stats",
        help: "Report time and rate on standard error",
        required: false,
    },
    Param {
        usage: "-o, --output OUT",
        help: "Write the puzzles here instead of standard output",
        required: false,
    },
];

/// `value` from before the kind or after it, not both.
fn once<T>(name: &str, before: Option<T>, after: Option<T>) -> Result<Option<T>> {
    if before.is_some() && after.is_some() {
        bail!("{name} is given twice");
    }
    Ok(before.or(after))
}

/// A number from the words after the kind.
fn number<T: std::str::FromStr>(p: &mut Params, name: &str) -> Result<Option<T>> {
    match p.value(name)? {
        None => Ok(None),
        Some(v) => match v.parse() {
            Ok(n) => Ok(Some(n)),
            Err(_) => bail!("{name} {v}: not a number"),
        },
    }
}

/// `satcover generate KIND --help`.
fn help(kind: &str, generator: &dyn Generate) -> String {
    let params = generator.params();
    let mut usage = format!("Usage: satcover generate {kind}");
    for p in params.iter().chain(SHARED) {
        let u = p.usage.replace("-o, --output", "-o");
        if p.required {
            usage.push_str(&format!(" {u}"));
        } else {
            usage.push_str(&format!(" [{u}]"));
        }
    }
    // Long options indented past where a short one stands, as clap does.
    let lines: Vec<(String, &str)> = params
        .iter()
        .chain(SHARED)
        .map(|p| (p.usage, p.help))
        .chain([("-h, --help", "Print help")])
        .map(|(u, h)| {
            let pad = if u.starts_with("--") { "      " } else { "  " };
            (format!("{pad}{u}"), h)
        })
        .collect();
    let wide = lines.iter().map(|(u, _)| u.len()).max().unwrap_or(0);
    let mut text = format!("{}\n\n{usage}\n\nOptions:\n", generator.about());
    for (u, h) in lines {
        text.push_str(&format!("{u:<wide$}  {h}\n"));
    }
    text
}

pub fn run(args: &GenerateArgs) -> Result<u8> {
    let What::Kind(words) = &args.what;
    let (name, rest) = words.split_first().context("generate needs a kind")?;
    let (kind, generator) = service::generator(name).map_err(anyhow::Error::msg)?;
    let mut p = Params::new(rest);
    if p.flag("--help")? | p.flag("-h")? {
        print!("{}", help(name, generator));
        return Ok(EXIT_OK);
    }
    let output = match (p.value("--output")?, p.value("-o")?) {
        (Some(_), Some(_)) => bail!("--output is given twice"),
        (a, b) => a.or(b).map(std::path::PathBuf::from),
    };
    let shared = Shared {
        count: once("--count", args.count, number(&mut p, "--count")?)?.unwrap_or(1),
        seed: once("--seed", args.seed, number(&mut p, "--seed")?)?.unwrap_or(1),
        timeout: once("--timeout", args.timeout, number(&mut p, "--timeout")?)?,
        stats: args.stats | p.flag("--stats")?,
        output: once("--output", args.output.clone(), output)?,
    };
    if shared.count == 0 {
        bail!("--count 0: ask for at least one puzzle");
    }
    let stop = match shared.timeout {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            bail!("--timeout {t}: give a positive number of seconds")
        }
        Some(t) => Stop::after(Some(Duration::from_secs_f64(t))),
        None => Stop::never(),
    };
    let request = GenerateRequest {
        count: shared.count,
        seed: shared.seed,
        stop,
    };
    let params = p.rest();
    let mut made = 0u64;
    let mut write = |out: &mut dyn Write| {
        service::generate(kind, generator, &params, &request, &mut |m| {
            out.write_all(m.text.as_bytes())?;
            if let Some(note) = &m.note {
                eprintln!("{note}");
            }
            made += 1;
            Ok(())
        })
    };
    let result = match &shared.output {
        Some(path) => {
            let mut text = Vec::new();
            let result = write(&mut text);
            // Bad parameters, or a failure, leave no file; a stopped run writes what it made.
            if matches!(result, Ok(_) | Err(GenerateError::Stopped)) {
                std::fs::write(path, &text)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
            result
        }
        None => {
            let stdout = std::io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            let result = write(&mut out);
            out.flush()?;
            result
        }
    };
    match result {
        Ok(summary) => {
            if shared.stats && !summary.is_empty() {
                eprintln!("{summary}");
            }
            Ok(EXIT_OK)
        }
        Err(GenerateError::Stopped) => {
            eprintln!(
                "satcover: generate {kind}: stopped after {made} of {} puzzles (--timeout)",
                shared.count
            );
            Ok(EXIT_UNKNOWN)
        }
        Err(e) => Err(e.into()),
    }
}
