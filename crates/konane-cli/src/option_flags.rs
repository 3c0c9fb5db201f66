//! The command-line flags of the option table (`--hash`, `--threads`, `--multipv`,
//! `--move-overhead`): the table declares them, reads and checks their values, so their
//! help and errors are those of `setoption` and engine.toml.

use std::fmt;

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use konane_engine::options::{Kind, OptionSpec, Value, OPTIONS};
use konane_engine::{OptionError, Options};

/// The option values given on the command line, checked.
#[derive(Clone, Default)]
pub struct OptionFlags(Vec<(&'static OptionSpec, Value)>);

impl fmt::Debug for OptionFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.0.iter().map(|(spec, value)| (spec.name, value)))
            .finish()
    }
}

impl OptionFlags {
    /// Sets the given options in `options`, above engine.toml's values.
    pub fn apply(&self, options: &mut Options) -> Result<(), OptionError> {
        for (spec, value) in &self.0 {
            spec.apply(options, value.clone())?;
        }
        Ok(())
    }
}

/// The options that have a flag, with it.
fn flagged() -> impl Iterator<Item = (&'static OptionSpec, &'static str)> {
    OPTIONS.iter().filter_map(|spec| Some((spec, spec.flag?)))
}

/// The flag of `spec`: its help from the table, its value read by the table.
fn flag_arg(spec: &'static OptionSpec, flag: &'static str) -> Arg {
    let mut chars = spec.help.chars();
    let mut help: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .collect();
    help.extend(chars);
    if let Kind::Spin { min, max, .. } = spec.kind {
        help.push_str(&format!(" ({min} to {max})"));
    }
    if spec.in_protocol {
        help.push_str(&format!("; option {}", spec.name));
    }
    Arg::new(flag)
        .long(flag)
        .help(help)
        .value_name(match spec.kind {
            Kind::Spin { .. } => "N",
            _ => "VALUE",
        })
        .value_parser(move |text: &str| spec.parse(Some(text)))
}

impl Args for OptionFlags {
    fn augment_args(command: Command) -> Command {
        flagged().fold(command, |command, (spec, flag)| {
            command.arg(flag_arg(spec, flag))
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

impl FromArgMatches for OptionFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(OptionFlags(
            flagged()
                .filter_map(|(spec, flag)| Some((spec, matches.get_one::<Value>(flag)?.clone())))
                .collect(),
        ))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}
