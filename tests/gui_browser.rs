//! `konane gui` in a real headless Chromium (Debian's `chromium` and `chromium-driver`),
//! driven through WebDriver: play a game against the engine by clicking and dragging
//! (removals and jumps) to its end, flip the board, analyse (lines appear, the graph
//! grows, a line is previewed), import a FEN and a record, see a bad move's error on the
//! page, and use it at phone width. Each test saves a screenshot under
//! `target/gui-screenshots/` when it fails; the analysis test also saves the README's
//! screenshot there (and into `docs/gui-analysis.png` with `KONANE_UPDATE_SCREENSHOT=1`).
//! The figures of docs/gui.md (time to interactive, move-to-info latency, updates per
//! second and the tab's CPU) are printed: `cargo test --test gui_browser -- --nocapture`.
//! `gui_page.rs` checks the layout, the keyboard, themes and reconnection.
//!
//! Without Chromium these tests fail and say how to install it: `scripts/test.sh`
//! installs it on a fresh machine.

mod common;
mod gui_common;

use std::time::{Duration, Instant};

use anyhow::{anyhow, ensure, Context};
use fantoccini::Locator;
use gui_common::browser::{
    click, in_browser, js, moves, open, play, report, repository, screenshots, state, type_move,
    wait, Gesture, CHROMEDRIVER,
};
use serde_json::{json, Value};

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
        // The engine's help is off in a game: turned on, its lines show (and give the
        // move-to-info latency).
        click(&client, "#analyse-on").await?;
        wait(
            &client,
            "the help",
            "return window.konane.view.state.help === true",
        )
        .await?;
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
        wait(&client, "the error", "return !document.getElementById('message').hidden && document.getElementById('message-text').textContent.includes('not a move')").await?;
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

#[test]
fn a_built_in_level_moves_in_its_time_and_stops_with_its_tab() {
    in_browser("level", &[], |client, server| async move {
        open(&client, &server).await?;
        click(&client, "#mode-human-engine").await?;
        // The deepest level the server takes (the page offers the shallow ones).
        js(
            &client,
            "const s = document.getElementById('setup-level'); s.add(new Option('alphabeta20', 'alphabeta20')); s.value = 'alphabeta20'; return 1",
        )
        .await?;
        for (select, value) in [
            ("#setup-size", "6x6"),
            ("#setup-human", "white"),
            ("#setup-time", "movetime:200"),
        ] {
            client
                .find(Locator::Css(select))
                .await?
                .select_by_value(value)
                .await?;
        }
        let started = Instant::now();
        click(&client, "#setup-start").await?;
        let mut waits = Vec::new();
        let mut engine_moves = 0;
        while engine_moves < 3 {
            let played = wait(&client, "the engine's move", &format!(
                "const s = window.konane.view.state; return s.mode === 'human_engine' && ((s.moves.length === {} && s.human_to_move) || s.result !== null)",
                2 * engine_moves + 1)).await?;
            ensure!(played == json!(true), "{played}");
            waits.push(started.elapsed());
            let now = state(&client).await?;
            ensure!(now["result"].is_null(), "the game ended: {}", now["result"]);
            engine_moves += 1;
            let mv = now["legal"][0]
                .as_str()
                .context("a legal move")?
                .to_string();
            type_move(&client, &mv).await?;
            // At least: a forced reply comes at once, before the page is asked.
            wait(
                &client,
                "my move",
                &format!(
                    "return window.konane.view.state.moves.length >= {}",
                    2 * engine_moves
                ),
            )
            .await?;
            waits.push(Instant::now().duration_since(started));
        }
        // Each engine move came within its 0.2 s and a generous margin for the machine.
        let spans: Vec<Duration> = waits
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                pair[0]
                    - if i == 0 {
                        Duration::ZERO
                    } else {
                        waits[2 * i - 1]
                    }
            })
            .collect();
        report(&format!(
            "alphabeta20 at 0.2 s a move, time to each engine move on the page: {spans:?}"
        ));
        for span in &spans {
            ensure!(
                *span < Duration::from_millis(1500),
                "an engine move took {span:?}: {spans:?}"
            );
        }
        // Resign while the engine thinks, close the tab: no search is left running. The
        // engine may answer before the page is looked at (a poll can miss its 0.2 s on a
        // busy machine): then move again, until it is caught thinking.
        let mut tries = 0;
        loop {
            let seen = wait(
                &client,
                "the engine thinking or its answer",
                "const s = window.konane.view.state; return s.thinking !== null ? 'thinking' : (s.human_to_move && s.result === null && s.moves.length)",
            )
            .await?;
            if seen == json!("thinking") {
                break;
            }
            tries += 1;
            ensure!(tries < 10, "the engine was never seen thinking: {seen}");
            let moves = seen.as_u64().context("the moves played")?;
            let now = state(&client).await?;
            let mv = now["legal"][0]
                .as_str()
                .context("a legal move")?
                .to_string();
            type_move(&client, &mv).await?;
            wait(
                &client,
                "my move",
                &format!("return window.konane.view.state.moves.length > {moves}"),
            )
            .await?;
        }
        click(&client, "#resign").await?;
        wait(
            &client,
            "the resignation",
            "return window.konane.view.state.result !== null",
        )
        .await?;
        client.goto("about:blank").await?;
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let status = server.status();
            if status["searches"] == 0 && status["tabs"] == 0 {
                break;
            }
            ensure!(
                Instant::now() < deadline,
                "searches still run after the tab closed: {status}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Ok(())
    });
}

/// Chooses `value` in the select `css`.
async fn choose(client: &fantoccini::Client, css: &str, value: &str) -> anyhow::Result<()> {
    client
        .find(Locator::Css(css))
        .await?
        .select_by_value(value)
        .await?;
    Ok(())
}

#[test]
fn the_game_buttons_keep_the_game_and_say_what_they_did() {
    in_browser("buttons", &[], |client, server| async move {
        client.set_window_size(1400, 900).await?;
        open(&client, &server).await?;
        // Start closes the New game panel.
        click(&client, "#mode-human-engine").await?;
        choose(&client, "#setup-size", "6x6").await?;
        choose(&client, "#setup-level", "random").await?;
        choose(&client, "#setup-time", "movetime:200").await?;
        choose(&client, "#setup-human", "black").await?;
        click(&client, "#setup-start").await?;
        wait(&client, "the game", "const s = window.konane.view.state; return s.mode === 'human_engine' && s.board === '6x6' && s.human_to_move").await?;
        wait(
            &client,
            "the panel closed",
            "return !document.getElementById('setup-panel').open",
        )
        .await?;
        // Four plies, then Analysis: the game's moves are analysed, not thrown away.
        for ply in [0, 2] {
            let now = state(&client).await?;
            let mv = now["legal"][0].as_str().context("a move")?.to_string();
            play(&client, &mv, Gesture::Click).await?;
            wait(&client, "the engine's answer", &format!(
                "const s = window.konane.view.state; return s.moves.length === {} && s.human_to_move", ply + 2)).await?;
        }
        let game = moves(&state(&client).await?);
        click(&client, "#mode-analysis").await?;
        let analysed = wait(
            &client,
            "the analysis of the game",
            "const s = window.konane.view.state; return s.mode === 'analysis' && s",
        )
        .await?;
        ensure!(
            moves(&analysed) == game && analysed["ply"] == json!(game.len()),
            "the analysis holds {analysed} instead of the game's moves {game:?}"
        );
        // Copy FEN says what it did.
        click(&client, "#io-panel summary").await?;
        click(&client, "#fen-copy").await?;
        let said = wait(
            &client,
            "the copy's feedback",
            "const t = document.getElementById('copy-note').textContent; return t.length > 0 && t",
        )
        .await?;
        ensure!(
            said.as_str().unwrap_or("").contains("FEN"),
            "feedback: {said}"
        );
        // Two players: each resigns with their own button, whoever is to move.
        click(&client, "#mode-human-human").await?;
        choose(&client, "#setup-size", "6x6").await?;
        choose(&client, "#setup-time", "none").await?;
        click(&client, "#setup-start").await?;
        wait(&client, "the two-player game", "const s = window.konane.view.state; return s.mode === 'human_human' && s.moves.length === 0").await?;
        let shown = js(&client, "return [...document.querySelectorAll('.resign-side')].filter(b => !b.hidden && b.offsetParent !== null).map(b => b.id)").await?;
        ensure!(
            shown == json!(["resign-black", "resign-white"])
                || shown == json!(["resign-white", "resign-black"]),
            "resign buttons shown: {shown}"
        );
        click(&client, "#resign-white").await?;
        let over = wait(
            &client,
            "White's resignation",
            "const s = window.konane.view.state; return s.result && s.result.reason",
        )
        .await?;
        ensure!(over == json!("White resigned"), "{over}");
        // A finished game cannot be taken back.
        let takeback = js(
            &client,
            "const b = document.getElementById('takeback'); return b.hidden || b.disabled",
        )
        .await?;
        ensure!(
            takeback == json!(true),
            "Take back is offered after the end"
        );
        Ok(())
    });
}

#[test]
fn a_link_holds_the_line_and_games_download_and_upload_as_files() {
    in_browser("links", &[], |client, server| async move {
        client.set_window_size(1400, 900).await?;
        open(&client, &server).await?;
        let fen = "bwbwbw/wbwbwb/bw1wbw/wb1bwb/bwbwbw/wbwbwb b";
        let script = format!(
            "window.konane.socket().send(JSON.stringify({{type: 'load_moves', moves: 'c6c4 a3c3', fen: '{fen}'}})); return 1"
        );
        js(&client, &script).await?;
        wait(
            &client,
            "the game",
            "return window.konane.view.state.moves.length === 2",
        )
        .await?;
        js(
            &client,
            "window.konane.socket().send(JSON.stringify({type: 'goto', ply: 1})); return 1",
        )
        .await?;
        let hash = wait(
            &client,
            "the link of the move shown",
            "return location.hash.includes('ply=1') && location.hash",
        )
        .await?;
        let hash = hash.as_str().unwrap_or("").to_string();
        ensure!(hash.contains("moves=c6c4+a3c3"), "fragment: {hash}");
        // A new tab (no session) opened at the address: the same line, at the same move.
        js(
            &client,
            "sessionStorage.clear(); location.reload(); return 1",
        )
        .await?;
        wait(
            &client,
            "the page again",
            "return document.body.dataset.ready === '1'",
        )
        .await?;
        let again = wait(
            &client,
            "the linked line",
            "const s = window.konane.view.state; return s.moves.length === 2 && s.ply === 1 && s",
        )
        .await?;
        ensure!(again["start"] == json!(fen), "start: {}", again["start"]);
        ensure!(moves(&again) == ["c6c4", "a3c3"], "{again}");
        // Download: the file holds the game's text.
        js(&client, "window.konane.saved = null; const make = URL.createObjectURL; URL.createObjectURL = (blob) => { blob.text().then((t) => { window.konane.saved = t; }); return make(blob); }; return 1").await?;
        click(&client, "#io-panel summary").await?;
        click(&client, "#game-download").await?;
        let saved = wait(&client, "the downloaded text", "return window.konane.saved").await?;
        ensure!(
            saved == again["export"],
            "downloaded {saved}, the game is {}",
            again["export"]
        );
        // Upload: a game file opens in an analysis board.
        let path = std::env::temp_dir().join(format!("konane-upload-{}.txt", std::process::id()));
        std::fs::write(&path, "[Board \"6x6\"]\n\n1. c4 1... c3 2. a4c4 *\n")?;
        client
            .find(Locator::Css("#game-file"))
            .await?
            .send_keys(path.to_str().context("a UTF-8 path")?)
            .await?;
        let uploaded = wait(
            &client,
            "the uploaded game",
            "const s = window.konane.view.state; return s.moves.length === 3 && s",
        )
        .await?;
        std::fs::remove_file(&path)?;
        ensure!(moves(&uploaded) == ["c4", "c3", "a4c4"], "{uploaded}");
        Ok(())
    });
}

/// The centre of square `name` on the screen.
async fn square_point(client: &fantoccini::Client, name: &str) -> anyhow::Result<(f64, f64)> {
    let script = format!(
        "const box = document.querySelector('rect[data-square=\"{name}\"]').getBoundingClientRect(); \
         return [box.x + box.width / 2, box.y + box.height / 2]"
    );
    let point = js(client, &script).await?;
    Ok((
        point[0].as_f64().context("x")?,
        point[1].as_f64().context("y")?,
    ))
}

/// A right-button drag from square `from` to square `to` (the same square: a click).
async fn right_drag(client: &fantoccini::Client, from: &str, to: &str) -> anyhow::Result<()> {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_RIGHT};
    let (a, b) = (
        square_point(client, from).await?,
        square_point(client, to).await?,
    );
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveTo {
            duration: None,
            x: a.0,
            y: a.1,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_RIGHT,
        })
        .then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(100)),
            x: b.0,
            y: b.1,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_RIGHT,
        });
    client.perform_actions(mouse).await.context("right drag")?;
    client.release_actions().await.context("release the mouse")
}

#[test]
fn the_editor_drawings_review_comments_and_sound_on_the_page() {
    in_browser("editor", &[], |client, server| async move {
        client.set_window_size(1400, 900).await?;
        open(&client, &server).await?;
        // Sound is off under WebDriver.
        let label = js(
            &client,
            "return document.getElementById('sound').getAttribute('aria-pressed')",
        )
        .await?;
        ensure!(label == json!("false"), "{label}");
        // The editor: a 5x5 board cleared, a Black piece on a1 and a White one on b1.
        click(&client, "#mode-editor").await?;
        js(&client, "const s = document.getElementById('editor-size'); s.value = '5x5'; s.dispatchEvent(new Event('change')); return 1").await?;
        click(&client, "#editor-clear").await?;
        click(&client, "rect[data-square=\"a1\"]").await?;
        click(&client, "#editor-white").await?;
        click(&client, "rect[data-square=\"b1\"]").await?;
        let fen = js(&client, "return document.body.dataset.editorFen").await?;
        ensure!(fen == json!("5/5/5/5/bw3 b"), "{fen}");
        click(&client, "#editor-check").await?;
        let verdict = wait(
            &client,
            "the verdict",
            "return document.getElementById('editor-verdict').textContent",
        )
        .await?;
        ensure!(verdict == json!("Black to move, 1 jump"), "{verdict}");
        // A piece on a square of the other colour: the check says no game reaches it.
        click(&client, "rect[data-square=\"c1\"]").await?;
        click(&client, "#editor-check").await?;
        let stray = wait(&client, "the stray's verdict", "const t = document.getElementById('editor-verdict').textContent; return t.includes('c1') && t").await?;
        ensure!(
            stray.as_str().unwrap_or("").contains("no game reaches"),
            "{stray}"
        );
        click(&client, "rect[data-square=\"c1\"]").await?;
        click(&client, "#editor-analyse").await?;
        let analysed = wait(&client, "the edited position analysed", "const s = window.konane.view.state; return s.start === '5/5/5/5/bw3 b' && s.mode === 'analysis' && s").await?;
        ensure!(analysed["legal"] == json!(["a1c1"]), "{analysed}");
        // Drawings: a right-drag is an arrow, a right-click a circle; kept by the server.
        right_drag(&client, "a1", "c1").await?;
        right_drag(&client, "b1", "b1").await?;
        let drawn = wait(
            &client,
            "the drawings",
            "const s = window.konane.view.state; return s.shapes.length === 2 && s",
        )
        .await?;
        ensure!(
            drawn["shapes"][0] == json!({"colour": "G", "from": "a1", "to": "c1"}),
            "{drawn}"
        );
        ensure!(
            drawn["export"]
                .as_str()
                .unwrap_or("")
                .contains("[%csl Gb1] [%cal Ga1c1]"),
            "{}",
            drawn["export"]
        );
        let lines = js(
            &client,
            "return document.querySelectorAll('.user-arrow, .user-circle').length",
        )
        .await?;
        ensure!(lines == json!(2), "{lines}");
        // A hot region beside a cold one: the badge gives the mean and temperature, and
        // the hot region's squares (rank 3) are marked on the board.
        js(&client, "window.konane.socket().send(JSON.stringify({type: 'new_game', mode: 'analysis', fen: 'bw1bw2/7/bw5 b'})); return 1").await?;
        // (Waited for by its region count: the badge of the position before, also with
        // a temperature, may still show for a moment.)
        let badge = wait(&client, "the valued badge", "const b = document.getElementById('solved'); return !b.hidden && b.textContent.includes('2 regions') && b.textContent").await?;
        let badge = badge.as_str().unwrap_or("");
        ensure!(
            badge.contains("mean 3/2, temperature 1/2")
                && badge.contains("hottest region (marked): temperature 1/2"),
            "{badge}"
        );
        let hot = js(
            &client,
            "return [...document.querySelectorAll('rect.hot')].map((r) => r.dataset.hot)",
        )
        .await?;
        let hot: Vec<&str> = hot
            .as_array()
            .context("the marks")?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        ensure!(
            !hot.is_empty() && hot.iter().all(|s| s.ends_with('3')),
            "{hot:?}"
        );
        // A comment is shown after its move.
        js(&client, "window.konane.socket().send(JSON.stringify({type: 'load_moves', moves: '[Board \"5x5\"]\\n\\n1. c3 {the centre} 1... c2 *'})); return 1").await?;
        let comment = wait(
            &client,
            "the comment",
            "const c = document.querySelector('#moves .comment'); return c && c.textContent",
        )
        .await?;
        ensure!(comment == json!("the centre"), "{comment}");
        // Sound on: the next move makes one.
        click(&client, "#sound").await?;
        click(&client, "#nav-first").await?;
        wait(
            &client,
            "the start",
            "return window.konane.view.state.ply === 0",
        )
        .await?;
        js(&client, "window.konane.socket().send(JSON.stringify({type: 'load_moves', moves: 'c3', fen: 'bwbwb/wbwbw/bwbwb/wbwbw/bwbwb b'})); return 1").await?;
        wait(
            &client,
            "one move",
            "return window.konane.view.state.moves.length === 1",
        )
        .await?;
        play(&client, "c2", Gesture::Click).await?;
        let sounds = wait(
            &client,
            "a sound",
            "const s = window.konane.stats.sounds; return s.move + s.capture > 0 && s",
        )
        .await?;
        ensure!(sounds["move"] == json!(1), "{sounds}");
        // The review: every position evaluated, the graph and the accuracy filled.
        click(&client, "#review-start").await?;
        let reviewed = wait(&client, "the review's end", "const s = window.konane.view.state; return !s.review.running && s.review.points.length === 3 && s").await?;
        let points = wait(
            &client,
            "the graph's points",
            "return document.body.dataset.graphPoints === '3' && 3",
        )
        .await?;
        ensure!(points == json!(3), "{reviewed}");
        let accuracy = js(
            &client,
            "return document.getElementById('review-accuracy').textContent",
        )
        .await?;
        ensure!(
            accuracy
                .as_str()
                .unwrap_or("")
                .starts_with("Accuracy: Black"),
            "{accuracy}"
        );
        // The picture of docs/gui.md: a 6x6 game of the built-in greedy player against
        // the random one, reviewed, with an arrow and a circle drawn.
        let dir = std::env::temp_dir().join(format!("konane-review-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let record = dir.join("games.txt");
        gui_common::selfplay_record("6x6", 1, &record);
        let text = std::fs::read_to_string(&record)?;
        std::fs::remove_dir_all(&dir)?;
        let load = format!(
            "window.konane.socket().send(JSON.stringify({{type: 'load_record', text: {}}})); return 1",
            serde_json::to_string(&text)?
        );
        js(&client, &load).await?;
        wait(
            &client,
            "the record's game",
            "return window.konane.view.state.record_game === 0",
        )
        .await?;
        js(
            &client,
            "document.getElementById('review-time').value = '300'; return 1",
        )
        .await?;
        click(&client, "#review-start").await?;
        wait(&client, "the game's review", "const s = window.konane.view.state; return !s.review.running && s.review.points.length === s.moves.length + 1").await?;
        // The move shown, if judged, says what was better.
        let mark = js(&client, "const m = window.konane.view.state.review.marks[0]; window.konane.socket().send(JSON.stringify({type: 'goto_node', node: m.node})); return m").await?;
        let note = wait(&client, "the judgement's note", "const t = document.getElementById('review-note').textContent; return t.includes('was best') && t").await?;
        let judgement = mark["judgement"].as_str().unwrap_or("?");
        ensure!(
            note.as_str().unwrap_or("").contains(judgement),
            "{note} for {mark}"
        );
        let shapes = r#"[{"colour": "G", "from": "b2", "to": "b4"}, {"colour": "R", "from": "e5", "to": null}]"#;
        js(&client, &format!("window.konane.socket().send(JSON.stringify({{type: 'draw', shapes: {shapes}}})); return 1")).await?;
        wait(
            &client,
            "the drawings",
            "return window.konane.view.state.shapes.length === 2",
        )
        .await?;
        client.set_window_size(1360, 1000).await?;
        let closed =
            "return document.getElementById('setup-panel').open === false && window.scrollY === 0";
        js(&client, "window.scrollTo(0, 0); return 1").await?;
        let closed = js(&client, closed).await?;
        ensure!(
            closed == json!(true),
            "the New game panel stays shut, the page at its top"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
        let shot = client.screenshot().await?;
        std::fs::write(screenshots().join("review.png"), &shot)?;
        if std::env::var_os("KONANE_UPDATE_SCREENSHOT").is_some() {
            std::fs::write(repository().join("docs/gui-review.png"), &shot)?;
        }
        Ok(())
    });
}
