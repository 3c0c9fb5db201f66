//! Runs `konane gui` for a test: starts the binary on a free port, reads the address it
//! prints (token included), speaks raw HTTP to it (to control every header) and opens
//! tabs over WebSocket with a real client. A test file that uses it also declares
//! `mod common;` (tests/common: `run_ok` runs `konane` to make record files).

#![allow(dead_code)] // Each test file uses a different part of this helper.

pub mod browser;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;

/// Writes a record file of `games` self-play games (greedy against random) on `size`
/// to `path`, with `konane selfplay`.
pub fn selfplay_record(size: &str, games: u32, path: &std::path::Path) {
    let games = games.to_string();
    let path = path.to_str().expect("a UTF-8 temporary path");
    crate::common::run_ok(&[
        "--config",
        "/dev/null",
        "selfplay",
        "--player",
        "greedy",
        "--opponent",
        "random",
        "--depth",
        "1",
        "--size",
        size,
        "--games",
        &games,
        "--record",
        path,
    ]);
}

/// A running `konane gui`, ended when dropped.
pub struct Server {
    child: Child,
    /// The printed address: `http://127.0.0.1:PORT/TOKEN/`.
    pub url: String,
    pub port: u16,
    pub token: String,
}

impl Server {
    /// Starts `konane gui --port 0` with `args`.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
            .args(["--config", "/dev/null", "gui", "--port", "0"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR").to_string() + "/../..")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("konane starts");
        let watchdog = crate::common::Watchdog::new(child.id(), crate::common::COMMAND_LIMIT);
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout
            .read_line(&mut line)
            .expect("konane gui prints its address");
        watchdog.check("konane gui's start");
        drop(watchdog);
        let url = line
            .trim()
            .strip_prefix("Konane board: ")
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .to_string();
        // Keep reading (and dropping) the rest so that the server never blocks on stdout.
        std::thread::spawn(move || for _ in stdout.lines() {});
        let rest = url
            .strip_prefix("http://127.0.0.1:")
            .expect("a loopback address");
        let (port, token) = rest.split_once('/').unwrap();
        Server {
            port: port.parse().unwrap(),
            token: token.trim_end_matches('/').to_string(),
            url,
            child,
        }
    }

    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// `GET path` with these extra headers (Host is the server's unless given):
    /// the status code, the headers (lower-case names) and the body.
    pub fn get(&self, path: &str, headers: &[(&str, &str)]) -> (u16, String, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut request = format!("GET {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("host"))
        {
            request.push_str(&format!("Host: {}\r\n", self.host()));
        }
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, head.to_ascii_lowercase(), body.to_string())
    }

    /// The server's counts of tabs and searches.
    pub fn status(&self) -> Value {
        let (code, _, body) = self.get(&format!("/{}/status", self.token), &[]);
        assert_eq!(code, 200, "{body}");
        // A chunked body would need decoding; the status is short and sent whole.
        let json = body
            .find('{')
            .map(|start| &body[start..=body.rfind('}').unwrap()])
            .unwrap();
        serde_json::from_str(json).unwrap()
    }

    /// Waits until `f(status)` holds, or panics with the last status.
    pub fn wait_status(&self, what: &str, f: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let status = self.status();
            if f(&status) {
                return status;
            }
            assert!(Instant::now() < deadline, "{what}: status {status}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The server's resident memory in KiB (`VmRSS` of /proc).
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server runs");
        let line = status
            .lines()
            .find(|l| l.starts_with("VmRSS:"))
            .expect("a VmRSS line");
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// The WebSocket address of a tab, with `token`.
    pub fn ws_url(&self, token: &str) -> String {
        format!("ws://127.0.0.1:{}/{token}/ws", self.port)
    }

    /// Opens a tab as the page does (the server's own Origin).
    pub async fn tab(&self) -> Tab {
        let origin = format!("http://{}", self.host());
        Tab::open(&self.ws_url(&self.token), Some(&origin))
            .await
            .expect("the tab opens")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One tab: a WebSocket and every message received so far.
pub struct Tab {
    socket: Socket,
    pub seen: Vec<Value>,
}

/// A generous deadline for answers on the loaded machine.
pub const DEADLINE: Duration = Duration::from_secs(20);

impl Tab {
    /// Opens a WebSocket at `url` with `origin`; the handshake's error when refused.
    pub async fn open(url: &str, origin: Option<&str>) -> Result<Tab, String> {
        let mut request = url.into_client_request().unwrap();
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("Origin", HeaderValue::from_str(origin).unwrap());
        }
        match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => Ok(Tab {
                socket,
                seen: Vec::new(),
            }),
            Err(error) => Err(error.to_string()),
        }
    }

    pub async fn send(&mut self, request: Value) {
        self.send_text(request.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .expect("the server reads");
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.socket
            .send(Message::Binary(bytes.into()))
            .await
            .expect("the server reads");
    }

    /// The next message, or `None` when the server closed the socket.
    pub async fn next(&mut self, deadline: Instant) -> Option<Value> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = tokio::time::timeout(left, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("no message in time; seen: {}", self.transcript()));
            match message {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(text.as_str()).unwrap();
                    self.seen.push(value.clone());
                    return Some(value);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Sends `text` while reading what the server says, until it closes the socket (as
    /// a browser does, which reads while it sends): the messages, and the close frame's
    /// code (`None` when the connection ended without one).
    pub async fn send_reading_until_close(self, text: String) -> (Vec<Value>, Option<u16>) {
        let (mut sink, mut stream) = self.socket.split();
        // The server may stop reading a message it refuses: the rest of it is not sent.
        let sender = tokio::spawn(async move {
            let _ = sink.send(Message::Text(text.into())).await;
        });
        let mut seen = Vec::new();
        let deadline = Instant::now() + DEADLINE;
        let code = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = tokio::time::timeout(left, stream.next())
                .await
                .unwrap_or_else(|_| panic!("no close in time; seen: {seen:?}"));
            match message {
                Some(Ok(Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
                Some(Ok(Message::Text(text))) => {
                    seen.push(serde_json::from_str(text.as_str()).unwrap());
                }
                Some(Ok(_)) => {}
                None | Some(Err(_)) => break None,
            }
        };
        sender.abort();
        (seen, code)
    }

    /// Waits for a message that satisfies `wanted` (within [`DEADLINE`]).
    pub async fn wait_for(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + DEADLINE;
        loop {
            match self.next(deadline).await {
                Some(value) if wanted(&value) => return value,
                Some(_) => {}
                None => panic!(
                    "closed while waiting for {what}; seen: {}",
                    self.transcript()
                ),
            }
        }
    }

    /// The next message of type `kind`.
    pub async fn wait_type(&mut self, kind: &str) -> Value {
        self.wait_for(kind, |v| v["type"] == kind).await
    }

    /// The next state that satisfies `wanted`.
    pub async fn wait_state(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        self.wait_for(what, |v| v["type"] == "state" && wanted(v))
            .await
    }

    /// The next error; its message.
    pub async fn error(&mut self) -> String {
        self.wait_type("error").await["message"]
            .as_str()
            .unwrap()
            .to_string()
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }

    /// The last messages, shortened, for failure messages.
    pub fn transcript(&self) -> String {
        let start = self.seen.len().saturating_sub(12);
        self.seen[start..]
            .iter()
            .map(|v| {
                let text = v.to_string();
                text.chars().take(300).collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}
