//! The engine protocol (UCI, also UGI) on stdin/stdout: the command loop joining the
//! input thread, the parser, the state machine and the output.

pub mod command;
pub mod engine;
pub mod input;
pub mod options;
pub mod output;
pub mod search_job;

use std::io::IsTerminal;
use std::sync::mpsc::channel;
use std::sync::Arc;

use engine::{Engine, Flow};
use input::Event;
use options::EngineOptions;
use output::Output;

/// Speaks the protocol until `quit` or the end of input.
pub fn run(options: EngineOptions) {
    let out = Output::stdout();
    if std::io::stdin().is_terminal() {
        out.line(&format!(
            "Konane {} engine: type 'help' for the commands, 'quit' to leave",
            env!("CARGO_PKG_VERSION")
        ));
    }
    let (sender, events) = channel();
    input::spawn(std::io::BufReader::new(std::io::stdin()), sender.clone());
    let on_search_done = Arc::new(move || {
        let _ = sender.send(Event::SearchDone);
    });
    let mut engine = Engine::new(options, out, on_search_done);
    for event in events {
        let flow = match event {
            Event::Line(text) => engine.handle_line(&text),
            Event::TooLong(bytes) => engine.line_too_long(bytes),
            Event::SearchDone => engine.search_done(),
            Event::End => engine.input_ended(),
        };
        if flow == Flow::Quit {
            break;
        }
    }
    engine.shutdown();
}
