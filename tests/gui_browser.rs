//! `konane gui` in a real headless Chromium (Debian's `chromium` and `chromium-driver`),
//! driven through WebDriver: play a game against the engine by clicking and dragging
//! (removals and jumps) to its end, flip the board, analyse (lines appear, the graph
//! grows, a line is previewed), import a FEN and a record, see a bad move's error on the
//! page, and use it at phone width. Each test saves a screenshot under
//! `target/gui-screenshots/` when it fails; the analysis test also saves the README's
//! screenshot there (and into `docs/gui-analysis.png` with `KONANE_UPDATE_SCREENSHOT=1`).
//! The figures of docs/gui.md (time to interactive, move-to-info latency, updates per
//! second and the tab's CPU) are printed: `cargo test --test gui_browser -- --nocapture`.
//!
//! Without Chromium these tests fail and say how to install it: `scripts/test.sh`
//! installs it on a fresh machine.

mod common;
mod gui_common;

use std::future::Future;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, ensure, Context, Result};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use gui_common::Server;
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn screenshots() -> PathBuf {
    let dir = repository().join("target/gui-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A chromedriver with one headless Chromium session, ended when dropped.
struct Browser {
    driver: Child,
    client: Client,
    profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

async fn start_browser(name: &str) -> Browser {
    for program in [CHROMIUM, CHROMEDRIVER] {
        assert!(
            Path::new(program).exists(),
            "{program} is missing: the browser tests need Debian's Chromium and its driver \
             (apt-get update && apt-get install -y chromium chromium-driver; scripts/test.sh \
             installs them)"
        );
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let driver = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver does not listen");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let profile = std::env::temp_dir().join(format!("konane-gui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let args = [
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
        &format!("--user-data-dir={}", profile.display()),
    ];
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_string(),
        json!({"binary": CHROMIUM, "args": args}),
    );
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a Chromium session starts");
    Browser {
        driver,
        client,
        profile,
    }
}

/// Runs `scenario` in a fresh browser against a fresh server; on failure saves a
/// screenshot and fails with the scenario's error.
fn in_browser<F, Fut>(name: &str, server_args: &[&str], scenario: F)
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
        let browser = start_browser(name).await;
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

async fn js(client: &Client, script: &str) -> Result<Value> {
    client
        .execute(script, vec![])
        .await
        .with_context(|| format!("script: {script}"))
}

/// Waits until the script's value is truthy; gives it.
async fn wait(client: &Client, what: &str, script: &str) -> Result<Value> {
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

async fn state(client: &Client) -> Result<Value> {
    js(client, "return window.konane.view.state").await
}

async fn click(client: &Client, css: &str) -> Result<()> {
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
enum Gesture {
    /// Click the piece, then its landing.
    Click,
    /// Press on the piece, move to the landing, release.
    Drag,
}

/// Drags from square `from` to square `to` with the mouse (by their places on the
/// screen: the page redraws the board while the button is down).
async fn drag(client: &Client, from: &str, to: &str) -> Result<()> {
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
async fn play(client: &Client, mv: &str, gesture: Gesture) -> Result<()> {
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

async fn open(client: &Client, server: &Server) -> Result<f64> {
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

fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|m| m.as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// CPU seconds used so far by the renderer processes under chromedriver `driver`.
fn renderer_cpu_seconds(driver: u32) -> f64 {
    let mut parents = std::collections::HashMap::new();
    let mut renderers = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
        let parent: u32 = fields[1].parse().unwrap_or(0);
        let ticks: u64 =
            fields[11].parse::<u64>().unwrap_or(0) + fields[12].parse::<u64>().unwrap_or(0);
        parents.insert(pid, parent);
        let cmdline = std::fs::read_to_string(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if cmdline.contains("--type=renderer") {
            renderers.push((pid, ticks));
        }
    }
    let under_driver = |mut pid: u32| {
        while let Some(&parent) = parents.get(&pid) {
            if parent == driver {
                return true;
            }
            if parent <= 1 {
                return false;
            }
            pid = parent;
        }
        false
    };
    let hz = 100.0; // USER_HZ on Linux
    renderers
        .iter()
        .filter(|(pid, _)| under_driver(*pid))
        .map(|(_, ticks)| *ticks as f64 / hz)
        .sum()
}

fn report(figure: &str) {
    println!("FIGURE {figure}");
    let path = screenshots().join("figures.txt");
    let mut text = std::fs::read_to_string(&path).unwrap_or_default();
    text.push_str(figure);
    text.push('\n');
    let _ = std::fs::write(path, text);
}

#[test]
fn play_the_engine_by_clicking_to_the_end() {
    in_browser("play", &[], |client, server| async move {
        let ready_ms = open(&client, &server).await?;
        report(&format!(
            "page interactive after {ready_ms:.0} ms (play test)"
        ));
        click(&client, "#mode-human-engine").await?;
        client
            .find(Locator::Css("#setup-size"))
            .await?
            .select_by_value("6x6")
            .await?;
        client
            .find(Locator::Css("#setup-time"))
            .await?
            .select_by_value("movetime:200")
            .await?;
        client
            .find(Locator::Css("#setup-human"))
            .await?
            .select_by_value("black")
            .await?;
        click(&client, "#setup-start").await?;
        wait(&client, "the new game", "const s = window.konane.view.state; return s.mode === 'human_engine' && s.board === '6x6' && s.moves.length === 0 && s.human_to_move").await?;
        let mut jumps = 0;
        loop {
            let now = state(&client).await?;
            if !now["result"].is_null() {
                break;
            }
            ensure!(now["human_to_move"] == true, "not my turn: {now}");
            let legal: Vec<String> = now["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            let mv = legal.last().context("a legal move")?.clone();
            let before = moves(&now).len();
            // Every other jump is dragged, the others clicked.
            let gesture = match jumps % 2 {
                0 => Gesture::Click,
                _ => Gesture::Drag,
            };
            play(&client, &mv, gesture).await?;
            jumps += usize::from(mv.len() > 2);
            let played = wait(&client, "my move and the engine's answer", &format!(
                "const s = window.konane.view.state; return (s.moves.length >= {} && s.human_to_move) || s.result !== null", before + 2)).await?;
            ensure!(played == json!(true), "{played}");
            let after = state(&client).await?;
            ensure!(moves(&after)[before] == mv, "my click played {mv}: {after}");
        }
        let end = state(&client).await?;
        ensure!(jumps >= 3, "only {jumps} jumps were played");
        let mut position = konane_core::Position::from_fen(end["start"].as_str().unwrap())?;
        for mv in moves(&end) {
            let mv = position.parse_move(&mv).map_err(|e| anyhow!("{e}"))?;
            position.play(mv);
        }
        ensure!(
            position.is_game_over(),
            "the game did not end by the rules: {}",
            end["result"]
        );
        let result = client.find(Locator::Css("#result")).await?.text().await?;
        ensure!(result.contains("wins"), "result shown: {result}");
        let status = client.find(Locator::Css("#status")).await?.text().await?;
        ensure!(status.starts_with("Game over"), "status: {status}");
        let latencies = js(&client, "return window.konane.stats.moveToInfoMs").await?;
        let latencies: Vec<f64> = latencies
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_f64)
            .collect();
        ensure!(!latencies.is_empty(), "no engine line followed a move");
        let mut sorted = latencies.clone();
        sorted.sort_by(f64::total_cmp);
        report(&format!(
            "move to the engine's first info on the page: median {:.0} ms, max {:.0} ms over {} moves (6x6, 0.2 s a move)",
            sorted[sorted.len() / 2], sorted[sorted.len() - 1], sorted.len()
        ));
        // Flip: a1 moves to the top row, and back.
        ensure!(
            js(
                &client,
                "return document.querySelector('rect[data-square=\"a1\"]').getAttribute('y')"
            )
            .await?
                == json!("500"),
            "a1 starts at the bottom"
        );
        click(&client, "#flip").await?;
        ensure!(
            js(
                &client,
                "return document.querySelector('rect[data-square=\"a1\"]').getAttribute('y')"
            )
            .await?
                == json!("0"),
            "a1 is at the top after a flip"
        );
        ensure!(
            js(
                &client,
                "return document.getElementById('bottom-name').textContent"
            )
            .await?
                == json!("Konane (built-in)")
        );
        // Take the last move back, then step with the keyboard.
        client
            .find(Locator::Css("body"))
            .await?
            .send_keys("\u{E012}")
            .await?;
        wait(
            &client,
            "one step back by the left arrow",
            &format!(
                "return window.konane.view.state.ply === {}",
                moves(&end).len() - 1
            ),
        )
        .await?;
        Ok(())
    });
}

#[test]
fn analyse_import_and_use_at_phone_width() {
    let record =
        std::env::temp_dir().join(format!("konane-gui-browser-{}.txt", std::process::id()));
    gui_common::selfplay_record("6x6", 2, &record);
    let record_path = record.display().to_string();
    in_browser("analysis", &[], |client, server| async move {
        let ready_ms = open(&client, &server).await?;
        report(&format!(
            "page interactive after {ready_ms:.0} ms (analysis test)"
        ));
        wait(
            &client,
            "engine lines",
            "return document.querySelectorAll('#lines li').length >= 3",
        )
        .await?;
        // The two removals and three jumps, each followed by the analysis.
        for step in 0..5 {
            let now = state(&client).await?;
            let legal: Vec<String> = now["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            let mv = match step {
                0 => "d5".to_string(),
                1 => "d4".to_string(),
                _ => legal
                    .iter()
                    .find(|m| m.len() > 2)
                    .context("a jump")?
                    .clone(),
            };
            play(&client, &mv, Gesture::Click).await?;
            wait(
                &client,
                "the move",
                &format!(
                    "return window.konane.view.state.moves.length === {}",
                    step + 1
                ),
            )
            .await?;
            wait(&client, "lines about the new position", &format!(
                "return window.konane.view.searchPly === {} && document.querySelectorAll('#lines li').length > 0", step + 1)).await?;
        }
        wait(
            &client,
            "the graph to grow to six points",
            "return Number(document.body.dataset.graphPoints) >= 6",
        )
        .await?;
        // Updates and the tab's CPU over three seconds of analysis.
        let driver = server_driver_pid();
        let updates0 = js(&client, "return window.konane.stats.updates")
            .await?
            .as_f64()
            .unwrap();
        let cpu0 = renderer_cpu_seconds(driver);
        let started = Instant::now();
        tokio::time::sleep(Duration::from_secs(3)).await;
        let seconds = started.elapsed().as_secs_f64();
        let updates1 = js(&client, "return window.konane.stats.updates")
            .await?
            .as_f64()
            .unwrap();
        let cpu1 = renderer_cpu_seconds(driver);
        report(&format!(
            "running analysis: {:.1} page updates a second, renderer CPU {:.1}% of one core (8x8, 3 lines, {seconds:.1} s)",
            (updates1 - updates0) / seconds,
            100.0 * (cpu1 - cpu0) / seconds
        ));
        client.set_window_size(1360, 1000).await?;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let shot = client.screenshot().await?;
        std::fs::write(screenshots().join("analysis.png"), &shot)?;
        if std::env::var_os("KONANE_UPDATE_SCREENSHOT").is_some() {
            std::fs::write(repository().join("docs/gui-analysis.png"), &shot)?;
        }
        // Clicking a line previews it; Esc returns.
        click(&client, "#lines li").await?;
        let status = client.find(Locator::Css("#status")).await?.text().await?;
        ensure!(status.starts_with("Previewing"), "status: {status}");
        client
            .find(Locator::Css("body"))
            .await?
            .send_keys("\u{E00C}")
            .await?;
        wait(
            &client,
            "the preview to end",
            "return !document.getElementById('status').textContent.startsWith('Previewing')",
        )
        .await?;
        // Clicking a point of the graph goes to that move; the first-move button to the
        // start.
        click(&client, "#graph circle.graph-point[data-ply=\"2\"]").await?;
        wait(
            &client,
            "the position after two moves",
            "return window.konane.view.state.ply === 2",
        )
        .await?;
        click(&client, "#nav-first").await?;
        wait(
            &client,
            "the start",
            "return window.konane.view.state.ply === 0",
        )
        .await?;
        // A bad move typed by keyboard: the error is shown, nothing changes.
        let input = client.find(Locator::Css("#move-input")).await?;
        input.send_keys("hello\u{E007}").await?;
        wait(&client, "the error", "return !document.getElementById('error').hidden && document.getElementById('error-text').textContent.includes('not a move')").await?;
        ensure!(
            moves(&state(&client).await?).len() == 5,
            "the game is unchanged"
        );
        // Import a FEN.
        click(&client, "#io-panel summary").await?;
        let fen = "b1b1bw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb w";
        let field = client.find(Locator::Css("#fen")).await?;
        field.clear().await?;
        field.send_keys(fen).await?;
        click(&client, "#fen-load").await?;
        wait(
            &client,
            "the FEN",
            &format!("return window.konane.view.state.fen === '{fen}'"),
        )
        .await?;
        // Import a record, pick its second game, step through it.
        client
            .find(Locator::Css("#record-file"))
            .await?
            .send_keys(&record_path)
            .await?;
        wait(&client, "the record's games", "return document.querySelectorAll('#record-games li').length === 2 && window.konane.view.state.record_game === 0").await?;
        click(&client, "#record-games li[data-game=\"1\"]").await?;
        wait(
            &client,
            "game 2",
            "return window.konane.view.state.record_game === 1",
        )
        .await?;
        click(&client, "#nav-next").await?;
        wait(
            &client,
            "a step into game 2",
            "return window.konane.view.state.ply === 1",
        )
        .await?;
        // Phone width: one column, nothing wider than the screen.
        client.set_window_size(390, 844).await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let fits = js(
            &client,
            "return document.documentElement.scrollWidth <= window.innerWidth + 1",
        )
        .await?;
        std::fs::write(screenshots().join("phone.png"), client.screenshot().await?)?;
        ensure!(fits == json!(true), "the page is wider than a phone");
        Ok(())
    });
    let _ = std::fs::remove_file(record);
}

/// The chromedriver started by this test process (the parent of its Chromium).
fn server_driver_pid() -> u32 {
    let me = std::process::id();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let cmdline = std::fs::read_to_string(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if let Some(end) = stat.rfind(')') {
            let parent: u32 = stat[end + 2..]
                .split(' ')
                .nth(1)
                .and_then(|p| p.parse().ok())
                .unwrap_or(0);
            if parent == me && cmdline.starts_with(CHROMEDRIVER) {
                return pid;
            }
        }
    }
    0
}
