//! The `konane` binary: everything is in the konane-cli library.

fn main() -> std::process::ExitCode {
    konane_cli::main()
}
