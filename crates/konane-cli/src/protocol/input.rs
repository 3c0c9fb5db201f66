//! Reads the engine's input on its own thread: bytes to lines (decoded lossily, so any
//! bytes are accepted), each line bounded in size, then an end-of-input event.

use std::io::{BufRead, ErrorKind};
use std::sync::mpsc::Sender;

/// The longest line kept; the rest of a longer line is read and dropped.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// What the command loop waits for: input, or the end of a job.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Event {
    /// A line, without its line ending.
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`], of this many bytes; it is ignored.
    TooLong(usize),
    /// The end of input (or a read error).
    End,
    /// A job (a search, perft, the bench) has given its answer.
    JobDone,
}

/// Reads the next line into `buf`; `None` at end of input. Returns the line's full length.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> Option<usize> {
    buf.clear();
    let mut length = 0;
    let mut read_any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return read_any.then_some(length),
        };
        if available.is_empty() {
            return read_any.then_some(length);
        }
        read_any = true;
        let (chunk, consumed, ended) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len();
        reader.consume(consumed);
        if ended {
            return Some(length);
        }
    }
}

/// Starts the reader thread, which sends each line and then [`Event::End`].
pub fn spawn(mut reader: impl BufRead + Send + 'static, sender: Sender<Event>) {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        while let Some(length) = read_line(&mut reader, &mut buf) {
            let event = if length > MAX_LINE_BYTES {
                Event::TooLong(length)
            } else {
                let text = String::from_utf8_lossy(&buf);
                Event::Line(text.trim_end_matches('\r').to_string())
            };
            if sender.send(event).is_err() {
                return;
            }
        }
        let _ = sender.send(Event::End);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_decodes_lossily_and_bounds_length() {
        let mut bytes = b"uci\r\n\xff\xfeisready\nlast".to_vec();
        bytes.push(b'\n');
        bytes.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
        bytes.extend_from_slice(b"\nquit");
        let (sender, receiver) = std::sync::mpsc::channel();
        spawn(std::io::Cursor::new(bytes), sender);
        let events: Vec<Event> = receiver.into_iter().collect();
        assert_eq!(
            events,
            [
                Event::Line("uci".into()),
                Event::Line("\u{fffd}\u{fffd}isready".into()),
                Event::Line("last".into()),
                Event::TooLong(MAX_LINE_BYTES + 10),
                Event::Line("quit".into()),
                Event::End,
            ]
        );
    }
}
