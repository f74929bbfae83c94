//! `satcover serve`: the local web page (`src/serve/`), on 127.0.0.1 unless told otherwise.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;

use satcover::serve::{self, Config};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one (the first line printed names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines run
    /// solves here (a warning says so).
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// The longest one solve or analysis may run, in seconds.
    #[arg(long, value_name = "S", default_value = "60", value_parser = super::parse_timeout)]
    pub time_limit: Duration,
    /// How many solves may run at once [default: one per core]. Analyses, explanations
    /// and exports count as solves.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub max_solves: Option<u16>,
    /// How many requests may wait for a solve to end when --max-solves run (first come,
    /// first served); beyond, the answer is 429 with Retry-After: 1. 0: no queue.
    #[arg(long, value_name = "N", default_value_t = serve::DEFAULT_QUEUE as u32,
          value_parser = clap::value_parser!(u32).range(0..=65_536))]
    pub queue: u32,
    /// The longest a request waits in the queue, in seconds; then 429 with Retry-After.
    // The default is `serve::DEFAULT_QUEUE_WAIT`, which a `Duration` cannot print here.
    #[arg(long, value_name = "S", default_value = "10", value_parser = super::parse_timeout)]
    pub queue_wait: Duration,
    /// A SAT solver binary the page may race as the `external` backend (as `solve
    /// --solver`); without it the page does not offer `external`.
    #[arg(long, value_name = "CMD", value_parser = super::parse_solver)]
    pub solver: Option<satcover::sat::SatBackend>,
}

pub fn run(args: &ServeArgs) -> Result<u8> {
    // Idle blocking threads (reading puzzles, analyses) end after a second, so a server at
    // rest runs its workers only: growth would show (docs/serve.md).
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .thread_keep_alive(Duration::from_secs(1))
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let wanted = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(wanted).await.with_context(|| {
            format!("cannot listen on {wanted} (is the port taken? --port 0 picks a free one)")
        })?;
        let addr = listener.local_addr()?;
        println!("listening on http://{addr}");
        std::io::stdout().flush()?;
        if !addr.ip().is_loopback() {
            eprintln!(
                "satcover: warning: listening on {addr}: any machine that reaches this address \
                 can run solves here (the default, --bind 127.0.0.1, keeps the page on this machine)"
            );
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let config = Config {
            addr,
            time_limit: args.time_limit,
            max_solves: args.max_solves.map_or(cores, usize::from),
            queue: args.queue as usize,
            queue_wait: args.queue_wait,
            solver: args.solver.clone(),
        };
        serve::serve(listener, config)
            .await
            .context("the server stopped")?;
        Ok(super::EXIT_OK)
    })
}
