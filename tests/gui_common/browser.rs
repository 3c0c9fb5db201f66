//! Drives Debian's headless Chromium through chromedriver (fantoccini) for the browser
//! tests: a fresh browser and server per scenario, a screenshot when one fails, and the
//! page's helpers (run a script, wait for a condition, click, drag, play a move).

use std::future::Future;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

use super::Server;

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn screenshots() -> PathBuf {
    let dir = repository().join("target/gui-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A chromedriver with one headless Chromium session, ended when dropped: the driver
/// is stopped first, then the browser's profile folder removed (fields drop in order).
struct Browser {
    _driver: Driver,
    client: Client,
    _profile: Profile,
}

/// A running chromedriver, stopped when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A browser profile folder, removed when dropped.
struct Profile(PathBuf);

impl Drop for Profile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Starts chromedriver and a session, trying again with a fresh driver on a fresh port
/// when the first attempt fails (a loaded machine sometimes resets the driver's first
/// connection); fails naming the last error after three attempts.
async fn start_browser(name: &str, extra: &[&str]) -> Browser {
    for program in [CHROMIUM, CHROMEDRIVER] {
        assert!(
            Path::new(program).exists(),
            "{program} is missing: the browser tests need Debian's Chromium and its driver \
             (apt-get update && apt-get install -y chromium chromium-driver; scripts/test.sh \
             installs them)"
        );
    }
    let mut last_error = String::new();
    for _attempt in 0..3 {
        match try_start_browser(name, extra).await {
            Ok(browser) => return browser,
            Err(error) => last_error = format!("{error:#}"),
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("a Chromium session does not start (three attempts): {last_error}");
}

async fn try_start_browser(name: &str, extra: &[&str]) -> Result<Browser> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let driver = Driver(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .context("chromedriver starts")?,
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() >= deadline {
            return Err(anyhow!("chromedriver does not listen on port {port}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let profile = std::env::temp_dir().join(format!("konane-gui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let mut args = vec![
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--window-size=1280,900",
    ];
    let profile_arg = format!("--user-data-dir={}", profile.display());
    args.push(&profile_arg);
    args.extend_from_slice(extra);
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_string(),
        json!({"binary": CHROMIUM, "args": args}),
    );
    let profile = Profile(profile);
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .map_err(|error| anyhow!("chromedriver on port {port}: {error:?}"))?;
    Ok(Browser {
        _driver: driver,
        client,
        _profile: profile,
    })
}

/// Runs `scenario` in a fresh browser against a fresh server; on failure saves a
/// screenshot and fails with the scenario's error.
pub fn in_browser<F, Fut>(name: &str, server_args: &[&str], scenario: F)
where
    F: FnOnce(Client, Server) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    in_browser_with(name, server_args, &[], scenario)
}

/// [`in_browser`] with more Chromium switches (`--force-dark-mode`).
pub fn in_browser_with<F, Fut>(name: &str, server_args: &[&str], chromium: &[&str], scenario: F)
where
    F: FnOnce(Client, Server) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let browser = start_browser(name, chromium).await;
        let server = Server::start(server_args);
        let client = browser.client.clone();
        let outcome = scenario(client.clone(), server).await;
        if let Err(error) = outcome {
            let shot = screenshots().join(format!("{name}-failure.png"));
            if let Ok(png) = client.screenshot().await {
                let _ = std::fs::write(&shot, png);
            }
            let _ = client.close().await;
            panic!("{name}: {error:#}\n(screenshot: {})", shot.display());
        }
        let _ = client.close().await;
        drop(browser);
    });
}

pub async fn js(client: &Client, script: &str) -> Result<Value> {
    client
        .execute(script, vec![])
        .await
        .with_context(|| format!("script: {script}"))
}

/// Waits until the script's value is truthy; gives it.
pub async fn wait(client: &Client, what: &str, script: &str) -> Result<Value> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let value = js(client, script).await?;
        let truthy = !matches!(value, Value::Null | Value::Bool(false))
            && value != json!(0)
            && value != json!("");
        if truthy {
            return Ok(value);
        }
        if Instant::now() > deadline {
            let state = js(client, "return window.konane && window.konane.view.state").await?;
            return Err(anyhow!(
                "timed out waiting for {what} ({script}); state: {state}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

pub async fn state(client: &Client) -> Result<Value> {
    js(client, "return window.konane.view.state").await
}

pub async fn click(client: &Client, css: &str) -> Result<()> {
    // The page redraws the board whenever an engine line arrives, so an element found
    // a moment ago may be gone: find it again.
    for _ in 0..20 {
        let element = client
            .find(Locator::Css(css))
            .await
            .with_context(|| format!("find {css}"))?;
        match element.click().await {
            Err(error) if error.is_stale_element_reference() => continue,
            outcome => return outcome.with_context(|| format!("click {css}")),
        }
    }
    Err(anyhow!("{css} was redrawn under every click"))
}

/// How a test enters a jump on the board.
#[derive(Copy, Clone, PartialEq)]
pub enum Gesture {
    /// Click the piece, then its landing.
    Click,
    /// Press on the piece, move to the landing, release.
    Drag,
}

/// Drags from square `from` to square `to` with the mouse (by their places on the
/// screen: the page redraws the board while the button is down).
pub async fn drag(client: &Client, from: &str, to: &str) -> Result<()> {
    let mut points = Vec::new();
    for name in [from, to] {
        let script = format!(
            "const box = document.querySelector('rect[data-square=\"{name}\"]')\
             .getBoundingClientRect(); return [box.x + box.width / 2, box.y + box.height / 2]"
        );
        let point = js(client, &script).await?;
        let coordinate = |i: usize| point[i].as_f64().context("a square's place");
        points.push((coordinate(0)?, coordinate(1)?));
    }
    let at = |(x, y): (f64, f64), duration| PointerAction::MoveTo { duration, x, y };
    let mouse = MouseActions::new("mouse".to_string())
        .then(at(points[0], None))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(at(points[1], Some(Duration::from_millis(150))))
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(mouse).await.context("drag")?;
    client.release_actions().await.context("release the mouse")
}

/// Plays `mv` on the board: a removal by clicking its square, a jump by `gesture`.
pub async fn play(client: &Client, mv: &str, gesture: Gesture) -> Result<()> {
    let split = mv[1..]
        .find(|c: char| c.is_ascii_alphabetic())
        .map(|i| i + 1);
    match split {
        None => click(client, &format!("rect[data-square=\"{mv}\"]")).await,
        Some(i) if gesture == Gesture::Drag => drag(client, &mv[..i], &mv[i..]).await,
        Some(i) => {
            click(client, &format!("rect[data-square=\"{}\"]", &mv[..i])).await?;
            client
                .find(Locator::Css("circle.landing"))
                .await
                .context("landings are shown")?;
            click(client, &format!("rect[data-square=\"{}\"]", &mv[i..])).await
        }
    }
}

pub async fn open(client: &Client, server: &Server) -> Result<f64> {
    client.goto(&server.url).await?;
    wait(
        client,
        "the page is ready",
        "return document.body.dataset.ready === '1'",
    )
    .await?;
    let ready = js(client, "return window.konane.stats.readyAt").await?;
    ready.as_f64().context("readyAt")
}

pub fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|m| m.as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Prints a measured figure and appends it to `target/gui-screenshots/figures.txt`.
pub fn report(figure: &str) {
    println!("FIGURE {figure}");
    let path = screenshots().join("figures.txt");
    let mut text = std::fs::read_to_string(&path).unwrap_or_default();
    text.push_str(figure);
    text.push('\n');
    let _ = std::fs::write(path, text);
}

/// Types `mv` into the move box under the board, then Enter.
pub async fn type_move(client: &Client, mv: &str) -> Result<()> {
    let input = client.find(Locator::Css("#move-input")).await?;
    input.send_keys(&format!("{mv}\u{E007}")).await?;
    Ok(())
}

/// The text of the message shown over the page, once one is.
pub async fn message(client: &Client, what: &str) -> Result<String> {
    let text = wait(
        client,
        what,
        "return !document.getElementById('message').hidden && document.getElementById('message-text').textContent",
    )
    .await?;
    Ok(text.as_str().unwrap_or("").to_string())
}
