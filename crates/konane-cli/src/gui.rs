//! `konane gui`: the board in the browser (crate konane-gui). Reads the flags, starts
//! the server and prints its address, token included; `--open` opens it in the default
//! browser.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_engine::Options;
use konane_gui::GuiConfig;

use crate::match_cmd::{parse_engines, stall_timeout};

/// Arguments of `konane gui`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    konane gui --open\n  \
    konane gui --engine \"name=old cmd=./konane-main\" --engine \"name=other cmd=other-engine proto=ugi\"\n\n\
    The page offers the built-in engine and every --engine (same description as in\n\
    `konane match`): play against one, watch two play, analyse positions, load records.\n\
    The printed address carries a random token that every request must show; the server\n\
    listens on 127.0.0.1 only unless --listen says otherwise.")]
pub struct GuiArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8357)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address lets other machines reach
    /// the board (with the token); a warning is printed.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub listen: IpAddr,
    /// An engine program to offer: "name=A cmd=PROGRAM [proto=ugi] [option.NAME=VALUE …]".
    #[arg(long = "engine", num_args = 1)]
    pub engines: Vec<String>,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Seconds an engine program may stay silent (its handshake, a move without a clock).
    #[arg(long, default_value_t = 30.0)]
    pub stall_timeout: f64,
}

/// Runs `konane gui` with the built-in engine's `options`.
pub fn run(args: &GuiArgs, options: Options) -> Result<()> {
    let engines = parse_engines(&args.engines)?;
    let mut names = vec![konane_gui::BUILTIN_NAME];
    for spec in &engines {
        if names.contains(&spec.name.as_str()) {
            bail!("two engines are named '{}': give each a name=", spec.name);
        }
        names.push(&spec.name);
    }
    let stall = stall_timeout(args.stall_timeout)?;
    let listen = SocketAddr::new(args.listen, args.port);
    if !args.listen.is_loopback() {
        eprintln!(
            "warning: listening on {listen}: other machines can reach the board; anyone with \
             the address (and its token) can use it and the engines"
        );
    }
    let config = GuiConfig {
        listen,
        engines,
        options,
        stall,
    };
    let open = args.open;
    konane_gui::run(config, |url| {
        println!("Konane board: {url}");
        println!("Open it in a browser; Ctrl-C stops the server.");
        let _ = std::io::stdout().flush();
        if open {
            if let Err(error) = webbrowser::open(url) {
                eprintln!("could not open a browser ({error}): open the address by hand");
            }
        }
    })
    .with_context(|| format!("cannot serve on {listen}"))
}
