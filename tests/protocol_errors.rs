//! End-to-end: a catalogue of bad inputs (tests/data/bad_inputs.txt, plus binary
//! garbage and huge lines), each answered with exactly one error line while the engine
//! stays alive and keeps its position.

mod common;

use common::{Engine, PROMPT};

/// The position set before the catalogue (after d5 d4 b5d5), checked after each input.
const MOVES: &str = "d5 d4 b5d5";

fn catalogue() -> Vec<Vec<u8>> {
    let text = include_str!("data/bad_inputs.txt");
    let mut inputs: Vec<Vec<u8>> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.as_bytes().to_vec())
        .collect();
    inputs.push(b"\x00\x01\xff\xfe\x80garbage\x1b[2J".to_vec());
    inputs.push((0u8..=255).filter(|&b| b != b'\n').collect());
    inputs.push(b"position startpos moves \xff\xfe".to_vec());
    let mut long_moves = b"position startpos moves d5 d4".to_vec();
    while long_moves.len() < 1 << 20 {
        long_moves.extend_from_slice(b" b5d5");
    }
    inputs.push(long_moves);
    inputs.push(vec![b'a'; 1 << 20]);
    inputs.push(vec![b'x'; 5 << 20]); // longer than the reader keeps
    inputs
}

#[test]
fn each_bad_input_gets_one_error_and_the_position_is_kept() {
    let inputs = catalogue();
    assert!(inputs.len() >= 30, "{} inputs", inputs.len());
    let mut engine = Engine::start(&[]);
    engine.send(&format!("position startpos moves {MOVES}"));
    let fen = engine.fen();
    for input in &inputs {
        engine.send_bytes(input);
        engine.send_bytes(b"\n");
        let lines = engine.sync();
        let errors: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string error: "))
            .collect();
        let shown = String::from_utf8_lossy(&input[..input.len().min(80)]).to_string();
        assert_eq!(errors.len(), 1, "input {shown:?} gave {lines:?}");
        assert_eq!(
            lines.len(),
            1,
            "input {shown:?} gave more than its error: {lines:?}"
        );
        assert!(errors[0].len() < 400, "error line too long: {}", errors[0]);
        assert_eq!(engine.fen(), fen, "input {shown:?} changed the position");
    }
    engine.send("uci");
    engine.until(PROMPT, |l| l == "uciok");
    engine.send("quit");
    assert!(engine.finish(PROMPT).0.success());
}

#[test]
fn errors_say_what_is_wrong_and_where() {
    let mut engine = Engine::start(&[]);
    let mut error_for = |line: &str| {
        engine.send(line);
        engine.sync().pop().unwrap_or_default()
    };
    let e = error_for("position startpos moves d5 d4 b5b6");
    assert!(e.contains("move 3") && e.contains("b5b6"), "{e}");
    let e = error_for("position startpos moves d5 d4 a1");
    assert!(e.contains("illegal move 'a1': legal moves are "), "{e}");
    assert!(
        ["d7d5", "b5d5", "f5d5"].iter().all(|m| e.contains(m)),
        "{e}"
    );
    let e = error_for("position fen bwbw/wbw/bwbw/wbwb b");
    assert!(e.contains("rank 3 has 3 squares, expected 4"), "{e}");
    let e = error_for("setoption name Hash value 0");
    assert!(e.contains("Hash") && e.contains("out of range"), "{e}");
    let e = error_for("go depth 99999999999999999999999");
    assert!(e.contains("too large"), "{e}");
    let e = error_for("setoption name Shape value 1");
    assert!(e.contains("unknown option 'Shape'"), "{e}");
}
