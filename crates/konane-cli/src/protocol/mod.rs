//! The engine protocol (UCI, also UGI) on stdin/stdout: the command loop joining the
//! input thread, the parser, the session over the engine layer and the output.

pub mod command;
pub mod input;
pub mod output;
pub mod progress;
pub mod session;

use std::io::IsTerminal;
use std::sync::mpsc::channel;
use std::sync::Arc;

use input::Event;
use konane_engine::Options;
use output::Output;
use session::{Flow, Session};

/// Speaks the protocol until `quit` or the end of input.
pub fn run(options: Options) {
    let out = Output::stdout();
    if std::io::stdin().is_terminal() {
        out.line(&format!(
            "Konane {} engine: type 'help' for the commands, 'quit' to leave",
            env!("CARGO_PKG_VERSION")
        ));
    }
    let (sender, events) = channel();
    input::spawn(std::io::BufReader::new(std::io::stdin()), sender.clone());
    let on_job_done = Arc::new(move || {
        let _ = sender.send(Event::JobDone);
    });
    let mut session = Session::new(options, out, on_job_done);
    for event in events {
        let flow = match event {
            Event::Line(text) => session.handle_line(&text),
            Event::TooLong(bytes) => session.line_too_long(bytes),
            Event::JobDone => session.job_done(),
            Event::End => session.input_ended(),
        };
        if flow == Flow::Quit {
            break;
        }
    }
    session.shutdown();
}
