//! The browser board's page in headless Chromium, as a user meets it: the board fits
//! the window (1400x900, 800x600, 400x800, and a 5x7 board) and the page never scrolls
//! itself; playing White turns the board, with the engine's help hidden; moves by
//! keyboard (a square's name, or arrows and Enter); a reload, a dropped connection and a
//! forgotten session keep the game; an oversized paste is refused on the page; light and
//! dark themes follow the system. With `KONANE_UPDATE_SCREENSHOT=1` the tests write
//! docs/gui.md's screenshots.

mod common;
mod gui_common;

use std::time::Duration;

use anyhow::{ensure, Context, Result};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, Locator};
use gui_common::browser::{
    click, in_browser, in_browser_with, js, message, moves, open, play, repository, screenshots,
    state, type_move, wait, Gesture,
};
use serde_json::Value;

const ARROW_LEFT: &str = "\u{E012}";
const ARROW_UP: &str = "\u{E013}";
const ARROW_RIGHT: &str = "\u{E014}";
const ARROW_DOWN: &str = "\u{E015}";
const ENTER: &str = "\u{E007}";

/// Saves a screenshot under target/gui-screenshots, and into docs/ when asked.
async fn screenshot(client: &Client, name: &str) -> Result<()> {
    let shot = look(client, name).await?;
    if std::env::var_os("KONANE_UPDATE_SCREENSHOT").is_some() {
        std::fs::write(repository().join("docs").join(name), &shot)?;
    }
    Ok(())
}

/// Saves a screenshot under target/gui-screenshots only (to look at), and gives it.
async fn look(client: &Client, name: &str) -> Result<Vec<u8>> {
    // WebDriver scrolls to what it clicks: the picture shows the page from its top.
    js(client, "window.scrollTo(0, 0); return 1").await?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let shot = client.screenshot().await?;
    std::fs::write(screenshots().join(name), &shot)?;
    Ok(shot)
}

/// Checks that the page has not scrolled, the whole board is in the window and uses
/// the room it has, and nothing is wider than the window.
async fn check_fit(client: &Client, what: &str) -> Result<()> {
    let m = js(
        client,
        "const b = document.getElementById('board').getBoundingClientRect(); \
         return {scroll: window.scrollY, top: b.top, bottom: b.bottom, left: b.left, \
         right: b.right, width: b.width, height: b.height, vw: window.innerWidth, \
         vh: window.innerHeight, docw: document.documentElement.scrollWidth}",
    )
    .await?;
    let f = |key: &str| m[key].as_f64().unwrap_or(f64::NAN);
    ensure!(f("scroll") == 0.0, "{what}: the page scrolled itself: {m}");
    ensure!(
        f("top") >= 0.0 && f("bottom") <= f("vh") + 1.0,
        "{what}: the board is not within the window's height: {m}"
    );
    ensure!(
        f("left") >= 0.0 && f("right") <= f("vw") + 1.0 && f("docw") <= f("vw") + 1.0,
        "{what}: wider than the window: {m}"
    );
    ensure!(
        f("width") >= 0.5 * f("vw") || f("height") >= 0.5 * f("vh"),
        "{what}: the board leaves most of the room unused: {m}"
    );
    Ok(())
}

/// The legal moves of the state shown.
fn legal(state: &Value) -> Vec<String> {
    state["legal"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| Some(m.as_str()?.to_string()))
                .collect()
        })
        .unwrap_or_default()
}

/// Plays a removal, the other removal and a jump on the board by clicking.
async fn play_three(client: &Client) -> Result<()> {
    for step in 0..3 {
        let now = state(client).await?;
        let before = moves(&now).len();
        let options = legal(&now);
        let mv = match step {
            2 => options.iter().find(|m| m.len() > 2).context("a jump")?,
            _ => options.first().context("a removal")?,
        };
        play(client, mv, Gesture::Click).await?;
        wait(
            client,
            "the move",
            &format!(
                "return window.konane.view.state.moves.length === {}",
                before + 1
            ),
        )
        .await?;
    }
    Ok(())
}

#[test]
fn the_board_fits_the_window_and_the_page_keeps_its_scroll() {
    in_browser("fit", &[], |client, server| async move {
        for (width, height) in [(1400, 900), (800, 600), (400, 800)] {
            client.set_window_size(width, height).await?;
            open(&client, &server).await?;
            click(&client, "#mode-analysis").await?;
            wait(
                &client,
                "a fresh analysis",
                "return window.konane.view.state.moves.length === 0",
            )
            .await?;
            tokio::time::sleep(Duration::from_millis(300)).await;
            let size = format!("{width}x{height}");
            check_fit(&client, &format!("{size} after loading")).await?;
            play_three(&client).await?;
            tokio::time::sleep(Duration::from_millis(300)).await;
            check_fit(&client, &format!("{size} after three moves")).await?;
            if width == 400 {
                screenshot(&client, "gui-phone.png").await?;
            }
        }
        // A board taller than wide keeps its bottom rank in the window.
        client.set_window_size(1400, 900).await?;
        click(&client, "#setup-panel summary").await?;
        client
            .find(Locator::Css("#setup-size"))
            .await?
            .select_by_value("5x7")
            .await?;
        click(&client, "#setup-start").await?;
        wait(
            &client,
            "the 5x7 board",
            "return window.konane.view.state.board === '5x7'",
        )
        .await?;
        click(&client, "#setup-panel summary").await?;
        js(&client, "window.scrollTo(0, 0); return 1").await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        check_fit(&client, "5x7 at 1400x900").await
    });
}

/// The arrow key that moves the keyboard's ring by one file or rank on the screen.
fn arrow(flipped: bool, files: i32, ranks: i32) -> &'static str {
    let sign = if flipped { -1 } else { 1 };
    match (files * sign, ranks * sign) {
        (1, _) => ARROW_RIGHT,
        (-1, _) => ARROW_LEFT,
        (_, 1) => ARROW_UP,
        _ => ARROW_DOWN,
    }
}

#[test]
fn playing_white_turns_the_board_hides_the_help_and_takes_keyboard_moves() {
    in_browser("white", &[], |client, server| async move {
        client.set_window_size(1400, 900).await?;
        open(&client, &server).await?;
        click(&client, "#mode-human-engine").await?;
        for (select, value) in [
            ("#setup-size", "6x6"),
            ("#setup-human", "white"),
            ("#setup-level", "random"),
            ("#setup-time", "movetime:200"),
        ] {
            client
                .find(Locator::Css(select))
                .await?
                .select_by_value(value)
                .await?;
        }
        click(&client, "#setup-start").await?;
        wait(&client, "the engine's removal", "const s = window.konane.view.state; return s.mode === 'human_engine' && s.moves.length === 1 && s.human_to_move").await?;
        // White at the bottom: a1 on the top row, "You" below the board.
        let a1 = js(
            &client,
            "return document.querySelector('rect[data-square=\"a1\"]').getAttribute('y')",
        )
        .await?;
        ensure!(
            a1 == "0",
            "a1 is at y {a1}: the board is not turned to White"
        );
        let bottom = js(
            &client,
            "return document.getElementById('bottom-name').textContent",
        )
        .await?;
        ensure!(bottom == "You", "the bottom player is {bottom}");
        // No engine help: no lines, no arrow, the bar and graph hidden.
        let help = js(&client, "return [document.querySelectorAll('#lines li').length, document.querySelectorAll('#board .arrow, #board .arrow-ring').length, document.body.dataset.help, getComputedStyle(document.querySelector('.graph-panel')).display]").await?;
        ensure!(
            help == serde_json::json!([0, 0, "0", "none"]),
            "engine help shows: {help}"
        );
        // A removal by typing its square's name on the focused board.
        let now = state(&client).await?;
        let removal = legal(&now).first().context("a removal")?.clone();
        let board = client.find(Locator::Css("#board")).await?;
        js(
            &client,
            "document.getElementById('board').focus(); return 1",
        )
        .await?;
        board.send_keys(&removal).await?;
        wait(&client, "my typed removal and the engine's jump", &format!(
            "const s = window.konane.view.state; return s.moves.length >= 3 && s.moves[1] === '{removal}' && s.human_to_move")).await?;
        // A jump by arrows and Enter: to the piece, Enter, to the landing, Enter.
        let now = state(&client).await?;
        let jump = legal(&now)
            .into_iter()
            .find(|m| m.len() > 2)
            .context("a jump")?;
        let split = jump[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
        let square = |name: &str| {
            let file = i32::from(name.as_bytes()[0] - b'a');
            let rank: i32 = name[1..].parse().unwrap();
            (file, rank - 1)
        };
        let (from, to) = (square(&jump[..split]), square(&jump[split..]));
        let mut at = square(&removal);
        let mut keys = String::new();
        for target in [from, to] {
            while at.0 != target.0 {
                let step = (target.0 - at.0).signum();
                keys.push_str(arrow(true, step, 0));
                at.0 += step;
            }
            while at.1 != target.1 {
                let step = (target.1 - at.1).signum();
                keys.push_str(arrow(true, 0, step));
                at.1 += step;
            }
            keys.push_str(ENTER);
        }
        js(
            &client,
            "document.getElementById('board').focus(); return 1",
        )
        .await?;
        board.send_keys(&keys).await?;
        wait(
            &client,
            "my jump by the arrow keys",
            &format!("return window.konane.view.state.moves[3] === '{jump}'"),
        )
        .await?;
        screenshot(&client, "gui-play-white.png").await?;
        Ok(())
    });
}

#[test]
fn a_reload_and_a_dropped_connection_keep_the_game() {
    in_browser("reconnect", &[], |client, server| async move {
        open(&client, &server).await?;
        type_move(&client, "d5").await?;
        wait(
            &client,
            "d5",
            "return window.konane.view.state.moves.length === 1",
        )
        .await?;
        type_move(&client, "d4").await?;
        wait(
            &client,
            "d4",
            "return window.konane.view.state.moves.length === 2",
        )
        .await?;
        // A reload finds the game again.
        client.refresh().await?;
        wait(
            &client,
            "the page again",
            "return document.body.dataset.ready === '1'",
        )
        .await?;
        let again = state(&client).await?;
        ensure!(moves(&again) == ["d5", "d4"], "after a reload: {again}");
        // A dropped connection comes back by itself, to the same game.
        js(&client, "window.konane.socket().close(); return 1").await?;
        wait(&client, "the reconnection", "return window.konane.stats.connections === 2 && !document.body.classList.contains('offline')").await?;
        let text = message(&client, "the notice").await?;
        ensure!(text.contains("Reconnected"), "{text}");
        type_move(&client, "b5d5").await?;
        wait(
            &client,
            "a move after reconnecting",
            "return window.konane.view.state.moves.length === 3",
        )
        .await?;
        // A session the server no longer knows: the page restores the moves it kept,
        // and says so.
        js(
            &client,
            "sessionStorage.setItem('konane-session', 'forgotten'); return 1",
        )
        .await?;
        client.refresh().await?;
        wait(
            &client,
            "the restored game",
            "const s = window.konane.view.state; return s && s.moves.length === 3",
        )
        .await?;
        let text = message(&client, "the notice").await?;
        ensure!(text.contains("no longer had"), "{text}");
        // A paste larger than the server reads is refused on the page: the socket stays.
        let connections = js(&client, "return window.konane.stats.connections").await?;
        js(
            &client,
            "document.getElementById('game-text').value = 'd5 '.repeat(3500000); return 1",
        )
        .await?;
        click(&client, "#io-panel summary").await?;
        click(&client, "#game-load").await?;
        let text = message(&client, "the refusal").await?;
        ensure!(text.contains("too large"), "{text}");
        tokio::time::sleep(Duration::from_millis(500)).await;
        let after = js(
            &client,
            "return [window.konane.stats.connections, window.konane.socket().readyState]",
        )
        .await?;
        ensure!(
            after == serde_json::json!([connections, 1]),
            "the socket dropped: {after}"
        );
        Ok(())
    });
}

#[test]
fn variations_show_under_their_move_and_are_entered_and_promoted() {
    in_browser("variations", &[], |client, server| async move {
        client.set_window_size(1400, 900).await?;
        open(&client, &server).await?;
        // A game with a branch at White's first move and one inside it, by import.
        let game = "[Event \"study\"]\n\n1. d5 d4 (1... d6 2. b5d5 (2. d3d5 d8d6) 2... c3c5) 2. b5d5 d2d4 *";
        click(&client, "#io-panel summary").await?;
        let field = client.find(Locator::Css("#game-text")).await?;
        field.clear().await?;
        field.send_keys(game).await?;
        click(&client, "#game-load").await?;
        wait(
            &client,
            "the game",
            "return window.konane.view.state.moves.join(' ') === 'd5 d4 b5d5 d2d4'",
        )
        .await?;
        let branches = js(&client, "return [...document.querySelectorAll('#moves li.branches')].map(b => b.textContent.replace(/\\s+/g, ' ').trim())").await?;
        ensure!(
            branches == serde_json::json!(["1... d6 2. b5d5 (2. d3d5 d8d6) 2... c3c5"]),
            "branches shown: {branches}"
        );
        // Click the nested branch's move: the board shows its line.
        click(&client, "#moves li.branches .branch .branch .move").await?;
        wait(
            &client,
            "the nested branch",
            "return window.konane.view.state.moves.join(' ') === 'd5 d6 d3d5 d8d6'",
        )
        .await?;
        click(&client, "#promote").await?;
        wait(&client, "the promoted line", "const s = window.konane.view.state; return s.export.includes('1. d5 d6 (1... d4 2. b5d5 d2d4) 2. d3d5 (2. b5d5 c3c5) 2... d8d6 *')").await?;
        screenshot(&client, "gui-variations.png").await?;
        click(&client, "#delete").await?;
        wait(&client, "the deleted move", "const s = window.konane.view.state; return s.moves.join(' ') === 'd5 d6 b5d5 c3c5' && s.ply === 2").await?;
        Ok(())
    });
}

#[test]
fn errors_float_and_go_and_a_dragged_piece_follows_the_pointer() {
    in_browser("small", &[], |client, server| async move {
        client.set_window_size(1400, 900).await?;
        open(&client, &server).await?;
        let board_box = "const b = document.getElementById('board').getBoundingClientRect(); return [b.top, b.height]";
        let before = js(&client, board_box).await?;
        // A bad move: the message floats over the page, the board does not move.
        type_move(&client, "zz").await?;
        wait(
            &client,
            "the error",
            "return !document.getElementById('message').hidden",
        )
        .await?;
        let during = js(&client, board_box).await?;
        ensure!(
            during == before,
            "the error moved the board: {before} -> {during}"
        );
        // The next request takes it away.
        type_move(&client, "d5").await?;
        wait(&client, "the error gone", "return document.getElementById('message').hidden && window.konane.view.state.moves.length === 1").await?;
        type_move(&client, "d4").await?;
        wait(&client, "d4 and a best-move arrow", "return window.konane.view.state.moves.length === 2 && document.querySelector('#board .arrow') !== null").await?;
        // Landing dots are drawn over the arrow.
        let order = js(&client, "const g = [...document.getElementById('board').children].map(c => c.getAttribute('class')); return g.indexOf('dots') > g.indexOf('arrows')").await?;
        ensure!(order == true, "the arrow covers the landing dots");
        // A drag: the piece follows the pointer before it is dropped.
        let now = state(&client).await?;
        let jump = legal(&now)
            .into_iter()
            .find(|m| m.len() > 2)
            .context("a jump")?;
        let split = jump[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
        let centre = |name: String| {
            let client = client.clone();
            async move {
                let point = js(&client, &format!("const b = document.querySelector('rect[data-square=\"{name}\"]').getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]")).await?;
                Ok::<_, anyhow::Error>((
                    point[0].as_f64().unwrap_or(0.0),
                    point[1].as_f64().unwrap_or(0.0),
                ))
            }
        };
        let from = centre(jump[..split].to_string()).await?;
        let to = centre(jump[split..].to_string()).await?;
        let middle = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
        let at = |(x, y): (f64, f64)| PointerAction::MoveTo {
            duration: Some(Duration::from_millis(100)),
            x,
            y,
        };
        let press = MouseActions::new("mouse".to_string())
            .then(at(from))
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(at(middle));
        client.perform_actions(press).await?;
        let ghost = js(&client, "const g = document.querySelector('#board .ghost'); if (!g) return null; const b = g.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]").await?;
        let (gx, gy) = (
            ghost[0].as_f64().context("a dragged piece")?,
            ghost[1].as_f64().context("its place")?,
        );
        ensure!(
            (gx - middle.0).abs() < 8.0 && (gy - middle.1).abs() < 8.0,
            "the dragged piece is at ({gx}, {gy}), the pointer at {middle:?}"
        );
        let drop = MouseActions::new("mouse".to_string())
            .then(at(to))
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        client.perform_actions(drop).await?;
        client.release_actions().await?;
        wait(
            &client,
            "the dragged jump",
            &format!("return window.konane.view.state.moves[2] === '{jump}'"),
        )
        .await?;
        Ok(())
    });
}

#[test]
fn the_board_draws_any_size_up_to_sixteen_squares_a_side() {
    in_browser("sixteen", &[], |client, server| async move {
        open(&client, &server).await?;
        // The page's board module on a 16x16 and a 3x11 position (the server sends the
        // sizes its rules allow; the drawing must not care).
        let script = r#"
            const done = arguments[arguments.length - 1];
            import('./board.js').then(({ Board }) => {
              const out = [];
              for (const [width, height] of [[16, 16], [3, 11]]) {
                const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
                document.body.appendChild(svg);
                const board = new Board(svg, () => {});
                const rows = [];
                for (let r = 0; r < height; r++) rows.push(Array.from({ length: width }, (_, f) => ((f + r) % 2 ? 'w' : 'b')).join(''));
                const top = String.fromCharCode(96 + width) + height;
                board.show({ fen: rows.join('/') + ' b', legal: [top], lastMove: null, interactive: true });
                out.push([svg.querySelectorAll('rect[data-square]').length, svg.querySelectorAll('.piece').length,
                  svg.querySelectorAll('.removable').length, !!svg.querySelector(`rect[data-square="${top}"]`),
                  [...svg.querySelectorAll('.coord')].map((t) => t.textContent).join(' '), svg.getAttribute('viewBox')]);
                svg.remove();
              }
              done(out);
            });
        "#;
        let drawn = client.execute_async(script, vec![]).await?;
        let files: Vec<String> = (0..16).map(|f| ((b'a' + f) as char).to_string()).collect();
        let ranks: Vec<String> = (1..=16).map(|r| r.to_string()).collect();
        let labels = |files: &[String], ranks: &[String]| {
            // Rank numbers down the left column from the bottom, file letters along the
            // bottom row, as the board draws them (rank by rank, file by file).
            let mut out = Vec::new();
            for (r, rank) in ranks.iter().enumerate() {
                for (f, file) in files.iter().enumerate() {
                    if r == 0 {
                        out.push(file.clone());
                    }
                    if f == 0 {
                        out.push(rank.clone());
                    }
                }
            }
            out.join(" ")
        };
        let expected = serde_json::json!([
            [256, 256, 1, true, labels(&files, &ranks), "0 0 1600 1600"],
            [
                33,
                33,
                1,
                true,
                labels(&files[..3], &ranks[..11]),
                "0 0 300 1100"
            ],
        ]);
        ensure!(drawn == expected, "drawn: {drawn}\nexpected: {expected}");
        Ok(())
    });
}

/// The page's background brightness (0 to 255).
async fn background(client: &Client) -> Result<f64> {
    let colour = js(
        client,
        "return getComputedStyle(document.body).backgroundColor",
    )
    .await?;
    let text = colour.as_str().unwrap_or("");
    let parts: Vec<f64> = text
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .filter_map(|p| p.trim().parse().ok())
        .collect();
    ensure!(parts.len() == 3, "colour {text}");
    Ok((parts[0] + parts[1] + parts[2]) / 3.0)
}

#[test]
fn the_page_follows_the_system_s_light_or_dark_theme() {
    for (name, switches, dark) in [
        (
            "light",
            &["--blink-settings=preferredColorScheme=1"][..],
            false,
        ),
        ("dark", &["--force-dark-mode"][..], true),
    ] {
        in_browser_with(name, &[], switches, |client, server| async move {
            client.set_window_size(1400, 900).await?;
            open(&client, &server).await?;
            let prefers = js(
                &client,
                "return matchMedia('(prefers-color-scheme: dark)').matches",
            )
            .await?;
            ensure!(prefers == dark, "{name}: prefers dark is {prefers}");
            let brightness = background(&client).await?;
            ensure!(
                if dark {
                    brightness < 80.0
                } else {
                    brightness > 180.0
                },
                "{name}: background brightness {brightness}"
            );
            wait(
                &client,
                "engine lines",
                "return document.querySelectorAll('#lines li').length >= 3",
            )
            .await?;
            screenshot(&client, &format!("gui-{name}.png")).await?;
            Ok(())
        });
    }
}

/// Where the parts of the page are: each element's box, and the window's size.
async fn boxes(client: &Client, ids: &[&str]) -> Result<Value> {
    let list = serde_json::to_string(ids)?;
    js(
        client,
        &format!(
            "const out = {{vw: window.innerWidth, vh: window.innerHeight, scroll: window.scrollY}}; \
             for (const id of {list}) {{ const e = document.getElementById(id); \
             if (!e || e.offsetParent === null) {{ out[id] = null; continue; }} \
             const b = e.getBoundingClientRect(); out[id] = {{top: b.top, bottom: b.bottom, left: b.left, right: b.right, height: b.height}}; }} \
             return out"
        ),
    )
    .await
}

#[test]
fn the_badge_the_buttons_and_the_lines_are_in_the_window_and_messages_cover_no_mode() {
    in_browser("layout", &[], |client, server| async move {
        for (width, height) in [(1400, 900), (800, 600), (400, 800)] {
            client.set_window_size(width, height).await?;
            open(&client, &server).await?;
            // 4x4: the solver settles the start at once, so the badge shows.
            js(&client, "window.konane.socket().send(JSON.stringify({type: 'new_game', mode: 'analysis', size: '4x4'})); return 1").await?;
            wait(&client, "the badge", "return !document.getElementById('solved').hidden && window.konane.view.state.board === '4x4'").await?;
            wait(
                &client,
                "a line",
                "return document.querySelectorAll('#lines li').length > 0",
            )
            .await?;
            tokio::time::sleep(Duration::from_millis(300)).await;
            let size = format!("{width}x{height}");
            look(&client, &format!("layout-{size}.png")).await?;
            let b = boxes(&client, &["solved", "status", "lines", "moves"]).await?;
            let vh = b["vh"].as_f64().unwrap_or(0.0);
            let bottom = |id: &str| b[id]["bottom"].as_f64().unwrap_or(f64::INFINITY);
            let top = |id: &str| b[id]["top"].as_f64().unwrap_or(f64::INFINITY);
            ensure!(b["scroll"] == 0, "{size}: the page scrolled: {b}");
            if width > 700 {
                ensure!(
                    bottom("solved") <= vh && bottom("status") <= vh,
                    "{size}: the badge or the status line is below the window: {b}"
                );
                ensure!(
                    top("lines") < vh - 20.0 && top("moves") < vh - 20.0,
                    "{size}: the lines or the moves are below the fold: {b}"
                );
            }
        }
        // 3x11: one row of buttons, the status line in the window.
        client.set_window_size(1400, 900).await?;
        js(&client, "window.konane.socket().send(JSON.stringify({type: 'new_game', mode: 'analysis', size: '3x11'})); return 1").await?;
        wait(
            &client,
            "the 3x11 board",
            "return window.konane.view.state.board === '3x11'",
        )
        .await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        look(&client, "layout-3x11.png").await?;
        let b = boxes(&client, &["status", "flip", "takeback"]).await?;
        ensure!(
            b["status"]["bottom"].as_f64().unwrap_or(f64::INFINITY)
                <= b["vh"].as_f64().unwrap_or(0.0),
            "3x11: the status line is below the window: {b}"
        );
        let rows = js(&client, "const tops = new Set([...document.querySelectorAll('.controls > *')].filter(e => e.offsetParent !== null).map(e => Math.round(e.getBoundingClientRect().top / 10))); return tops.size").await?;
        ensure!(rows == 1, "3x11: the buttons wrap into {rows} rows: {b}");
        // 16x16: the square labels are readable (at least 12 pixels).
        js(&client, "window.konane.socket().send(JSON.stringify({type: 'new_game', mode: 'analysis', size: '16x16'})); return 1").await?;
        wait(
            &client,
            "the 16x16 board",
            "return window.konane.view.state.board === '16x16'",
        )
        .await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        look(&client, "layout-16x16.png").await?;
        let label = js(&client, "const svg = document.getElementById('board'); const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width; const t = svg.querySelector('.coord'); return parseFloat(getComputedStyle(t).fontSize) * scale").await?;
        let label = label.as_f64().context("a label's size")?;
        ensure!(label >= 12.0, "16x16: labels of {label:.1} px");
        // An error message covers none of the mode buttons, and a click on one works.
        type_move(&client, "zz").await?;
        message(&client, "the error").await?;
        let covered = js(&client, "const m = document.getElementById('message').getBoundingClientRect(); return [...document.querySelectorAll('.modes button')].filter(e => { const b = e.getBoundingClientRect(); return b.left < m.right && m.left < b.right && b.top < m.bottom && m.top < b.bottom; }).map(e => e.id)").await?;
        ensure!(
            covered == serde_json::json!([]),
            "the message covers {covered}"
        );
        click(&client, "#mode-human-human").await?;
        wait(&client, "the New game panel", "return document.getElementById('setup-panel').open && document.getElementById('setup-mode').value === 'human_human'").await?;
        Ok(())
    });
}
