//! The `satcover` command line: parse arguments, call the library, print.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
