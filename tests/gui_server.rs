//! `konane gui` through HTTP and WebSocket with real clients: every route, the token,
//! Host and Origin checks, each kind of bad request (answered with an error, nothing
//! changed, no crash), the caps on tabs and searches, searches stopped when a tab goes
//! away, games against the built-in engine and an engine program, records, and the
//! solver badge.

mod common;
mod gui_common;

use gui_common::{Server, Tab};
use serde_json::{json, Value};
use std::time::Duration;

fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_page_and_its_files_need_the_token() {
    let server = Server::start(&[]);
    let token = &server.token;
    let (code, head, body) = server.get(&format!("/{token}/"), &[]);
    assert_eq!(code, 200);
    assert!(head.contains("content-type: text/html"), "{head}");
    assert!(
        head.contains("content-security-policy: default-src 'self'"),
        "{head}"
    );
    assert!(head.contains("x-frame-options: deny"), "{head}");
    assert!(head.contains("referrer-policy: no-referrer"), "{head}");
    assert!(body.contains("<svg id=\"board\""));
    for (file, kind) in [
        ("app.js", "text/javascript"),
        ("board.js", "text/javascript"),
        ("style.css", "text/css"),
        ("favicon.svg", "image/svg+xml"),
    ] {
        let (code, head, _) = server.get(&format!("/{token}/{file}"), &[]);
        assert_eq!(code, 200, "{file}");
        assert!(head.contains(kind), "{file}: {head}");
    }
    let (code, _, _) = server.get(&format!("/{token}/secret.txt"), &[]);
    assert_eq!(code, 404);
    let status = server.status();
    assert_eq!(status["tabs"], 0);
    assert_eq!(status["engines"][0]["name"], "Konane (built-in)");
    for path in [
        "/".to_string(),
        "/index.html".to_string(),
        "/app.js".to_string(),
        format!("/{}/", &token[1..]),
        format!("/{token}x/app.js"),
        format!("/{}/status", token.to_uppercase()),
    ] {
        let (code, _, body) = server.get(&path, &[]);
        assert_eq!(code, 403, "{path}");
        assert!(body.contains("token"), "{path}: {body}");
    }
}

#[test]
fn foreign_hosts_and_origins_are_refused() {
    let server = Server::start(&[]);
    let page = format!("/{}/", server.token);
    let port = server.port;
    for host in [
        "evil.example".to_string(),
        format!("evil.example:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
    ] {
        let (code, _, body) = server.get(&page, &[("Host", &host)]);
        assert_eq!(code, 403, "{host}");
        assert!(body.contains("Host"), "{body}");
    }
    let (code, _, _) = server.get(&page, &[("Host", &format!("localhost:{port}"))]);
    assert_eq!(code, 200);
    let (code, _, body) = server.get(&page, &[("Origin", "http://evil.example")]);
    assert_eq!(code, 403);
    assert!(body.contains("Origin"), "{body}");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let url = server.ws_url(&server.token);
        let own = format!("http://{}", server.host());
        for (url, origin) in [
            (url.clone(), Some("http://evil.example")),
            (url.clone(), Some("null")),
            (url.clone(), None),
            (server.ws_url("0000"), Some(own.as_str())),
        ] {
            let refused = Tab::open(&url, origin).await.err();
            let error = refused.unwrap_or_else(|| panic!("{url} {origin:?} was accepted"));
            assert!(error.contains("403"), "{url} {origin:?}: {error}");
        }
        assert_eq!(server.status()["tabs"], 0);
        server.tab().await.close().await;
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_streams_lines_and_stops_when_its_tab_goes_away() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    let welcome = tab.wait_type("welcome").await;
    assert_eq!(welcome["engines"][0]["builtin"], true);
    let state = tab.wait_type("state").await;
    assert_eq!(state["mode"], "analysis");
    assert_eq!(state["board"], "8x8");
    let mut legal = state["legal"].as_array().unwrap().clone();
    legal.sort_by_key(|m| m.as_str().unwrap().to_string());
    assert_eq!(
        legal,
        json!(["a8", "d5", "e4", "h1"]).as_array().unwrap().clone()
    );
    let info = tab.wait_type("info").await;
    assert_eq!(info["ply"], 0);
    assert_eq!(info["side"], "black");
    assert!(!info["line"]["pv"].as_array().unwrap().is_empty());
    tab.wait_type("tick").await;
    server.wait_status("one search runs", |s| s["searches"] == 1 && s["tabs"] == 1);
    // Three lines, then a move: the analysis follows the position shown.
    tab.send(json!({"type": "analyse", "on": true, "multipv": 3}))
        .await;
    tab.wait_for("a third line", |v| {
        v["type"] == "info" && v["line"]["multipv"] == 3
    })
    .await;
    tab.send(json!({"type": "play", "move": "d5"})).await;
    tab.wait_for("a line after d5", |v| v["type"] == "info" && v["ply"] == 1)
        .await;
    tab.close().await;
    server.wait_status("the search stops with its tab", |s| {
        s["searches"] == 0 && s["tabs"] == 0
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_an_error_and_change_nothing() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    tab.send(json!({"type": "play", "move": "d5"})).await;
    let before = tab.wait_state("d5 played", |s| s["ply"] == 1).await;
    let oversized = format!(
        "{{\"type\":\"load_moves\",\"moves\":\"{}\"}}",
        "d5 ".repeat(1_500_000)
    );
    let cases: Vec<(String, &str)> = vec![
        ("{not json".to_string(), "malformed request"),
        ("[1,2,3]".to_string(), "malformed request"),
        (json!({"type": "teleport"}).to_string(), "malformed request"),
        (json!({"type": "goto"}).to_string(), "malformed request"),
        (json!({"type": "goto", "ply": -1}).to_string(), "malformed request"),
        (json!({"type": "play", "move": "a1"}).to_string(), "illegal move 'a1'"),
        (json!({"type": "play", "move": "d5x"}).to_string(), "not a move"),
        (json!({"type": "play", "move": "i9"}).to_string(), "off the 8x8 board"),
        (json!({"type": "goto", "ply": 7}).to_string(), "no position after 7 moves"),
        (
            json!({"type": "new_game", "mode": "analysis", "fen": "bwx/www b"}).to_string(),
            "bad FEN",
        ),
        (
            json!({"type": "new_game", "mode": "analysis", "size": "17x9"}).to_string(),
            "bad board size '17x9'",
        ),
        (
            json!({"type": "new_game", "mode": "human_engine", "engines": [5]}).to_string(),
            "unknown engine 5",
        ),
        (
            json!({"type": "new_game", "mode": "human_engine", "level": "grandmaster"})
                .to_string(),
            "bad level 'grandmaster'",
        ),
        (
            json!({"type": "new_game", "mode": "human_engine", "human": "red"}).to_string(),
            "colour 'red'",
        ),
        (
            json!({"type": "new_game", "mode": "human_engine", "time": {"kind": "movetime", "ms": 0}})
                .to_string(),
            "out of range",
        ),
        (json!({"type": "analyse", "on": true, "engine": 3}).to_string(), "unknown engine 3"),
        (json!({"type": "analyse", "on": true, "multipv": 0}).to_string(), "multipv 0"),
        (json!({"type": "load_moves", "moves": "d5 d5"}).to_string(), "move 2 of the list"),
        (json!({"type": "load_record", "text": "hello"}).to_string(), "bad record file"),
        (json!({"type": "pick_game", "game": 0}).to_string(), "no record file"),
        (json!({"type": "pause", "on": true}).to_string(), "only a game between engines"),
        (json!({"type": "resign"}).to_string(), "only a player"),
        (oversized, "request too large"),
    ];
    for (text, expected) in cases {
        tab.send_text(text.clone()).await;
        let error = tab.error().await;
        let shown: String = text.chars().take(80).collect();
        assert!(error.contains(expected), "{shown}: {error}");
    }
    tab.send_binary(vec![1, 2, 3]).await;
    assert!(tab.error().await.contains("binary"));
    // Nothing changed: the same game, shown at the same move.
    tab.send(json!({"type": "goto", "ply": 1})).await;
    let after = tab.wait_type("state").await;
    for key in ["moves", "ply", "fen", "mode", "board", "legal"] {
        assert_eq!(after[key], before[key], "{key}");
    }
    assert_eq!(server.status()["tabs"], 1, "the tab survived every request");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hundreds_of_searches_at_once_stay_within_the_caps() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    for i in 0..300 {
        let request = json!({"type": "analyse", "on": true, "multipv": 1 + i % 3});
        tab.send(request).await;
        if i % 50 == 0 {
            let searches = server.status()["searches"].as_u64().unwrap();
            assert!(searches <= 8, "{searches} searches at once");
        }
    }
    // The last request wins: one search, with two lines... of three? 300 % 3 = 0, so
    // the last request (i = 299) asked for 1 + 299 % 3 = 3 lines.
    tab.wait_state("the last settings", |s| {
        s["multipv"] == 3 && s["analysing"] == true
    })
    .await;
    server.wait_status("one search is left", |s| s["searches"] == 1);
    // More tabs than the cap: the extra ones are told why and closed.
    let mut tabs = vec![tab];
    for _ in 1..8 {
        let mut tab = server.tab().await;
        tab.wait_type("state").await;
        tabs.push(tab);
    }
    let mut extra = server.tab().await;
    let error = extra.error().await;
    assert!(error.contains("too many tabs"), "{error}");
    let status = server.wait_status("eight tabs", |s| s["tabs"] == 8);
    assert!(status["searches"].as_u64().unwrap() <= 8);
    for tab in tabs {
        tab.close().await;
    }
    server.wait_status("every tab closed", |s| s["tabs"] == 0 && s["searches"] == 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_engine_runs_to_the_end() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    tab.send(json!({
        "type": "new_game", "mode": "human_engine", "size": "5x5", "human": "white",
        "level": "alphabeta2", "time": {"kind": "movetime", "ms": 50}
    }))
    .await;
    let mut state = tab
        .wait_state("the engine's opening removal", |s| {
            s["moves"].as_array().unwrap().len() == 1
        })
        .await;
    assert_eq!(
        state["players"],
        json!(["Konane (built-in) (alphabeta2)", "You"])
    );
    // Taking a move back while it is the engine's turn, playing out of turn, or from an
    // earlier position are refused.
    tab.send(json!({"type": "goto", "ply": 0})).await;
    let start = tab.wait_state("back at the start", |s| s["ply"] == 0).await;
    let legal = start["legal"][0].as_str().unwrap().to_string();
    tab.send(json!({"type": "play", "move": legal})).await;
    assert!(tab.error().await.contains("go to the last position"));
    tab.send(json!({"type": "goto", "ply": 1})).await;
    state = tab
        .wait_state("my turn", |s| s["human_to_move"] == true)
        .await;
    while state["result"].is_null() {
        let before = moves(&state);
        let mv = state["legal"][0].as_str().unwrap().to_string();
        tab.send(json!({"type": "play", "move": mv})).await;
        state = tab
            .wait_state("the engine's answer", |s| {
                moves(s).len() >= before.len() + 2 && s["human_to_move"] == true
                    || !s["result"].is_null()
            })
            .await;
    }
    let result = &state["result"];
    assert!(
        result["reason"].as_str().unwrap().ends_with("has no move"),
        "{result}"
    );
    // The game replays legally from the start.
    let mut position = konane_core::Position::from_fen(state["start"].as_str().unwrap()).unwrap();
    for mv in moves(&state) {
        let mv = position.parse_move(&mv).expect("every move is legal");
        position.play(mv);
    }
    assert!(position.is_game_over());
    // The result stands: a finished game is not taken back.
    tab.send(json!({"type": "takeback"})).await;
    assert!(tab.error().await.contains("the game is over"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_program_plays_the_built_in_engine() {
    let fake = "name=fake cmd='python3 tests/fixtures/fake_engine.py good'";
    let server = Server::start(&[
        "--engine",
        fake,
        "--engine",
        "name=ghost cmd=/nonexistent/engine",
    ]);
    let mut tab = server.tab().await;
    let welcome = tab.wait_type("welcome").await;
    assert_eq!(welcome["engines"][1]["name"], "fake");
    tab.send(json!({
        "type": "new_game", "mode": "engine_engine", "size": "6x6", "engines": [1, 0],
        "time": {"kind": "movetime", "ms": 30}
    }))
    .await;
    let end = tab
        .wait_state("the end of the game", |s| !s["result"].is_null())
        .await;
    assert_eq!(end["players"], json!(["fake", "Konane (built-in)"]));
    assert!(moves(&end).len() >= 4, "{end}");
    assert!(end["result"]["reason"]
        .as_str()
        .unwrap()
        .ends_with("has no move"));
    // An engine that cannot start loses its game with the reason shown.
    tab.send(json!({
        "type": "new_game", "mode": "engine_engine", "size": "4x4", "engines": [2, 0]
    }))
    .await;
    let lost = tab
        .wait_state("the ghost's loss", |s| !s["result"].is_null())
        .await;
    let reason = lost["result"]["reason"].as_str().unwrap();
    assert!(reason.contains("cannot run"), "{reason}");
    assert_eq!(lost["result"]["winner"], "white");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_load_and_small_positions_are_solved() {
    let dir = std::env::temp_dir().join(format!("konane-gui-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.txt");
    gui_common::selfplay_record("5x5", 2, &record);
    let text = std::fs::read_to_string(&record).unwrap();
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    tab.send(json!({"type": "load_record", "text": text})).await;
    let listed = tab.wait_type("record").await;
    assert_eq!(listed["games"].as_array().unwrap().len(), 2);
    let first = tab
        .wait_state("game 1 at its start", |s| s["record_game"] == 0)
        .await;
    assert_eq!(first["ply"], 0);
    assert_eq!(first["board"], "5x5");
    assert_eq!(first["players"], json!(["greedy", "random"]));
    assert!(!first["result"].is_null());
    tab.send(json!({"type": "pick_game", "game": 1})).await;
    let second = tab.wait_state("game 2", |s| s["record_game"] == 1).await;
    assert_eq!(second["players"], json!(["random", "greedy"]));
    // The record's game exports with its players and result; a branch off its moves
    // leaves the record's game.
    let export = second["export"].as_str().unwrap();
    for header in ["[Black \"random\"]", "[White \"greedy\"]", "[Round \"2\"]"] {
        assert!(export.contains(header), "{header}: {export}");
    }
    let winner = second["result"]["winner"].as_str().unwrap();
    assert!(
        export.contains(&format!("[Result \"{winner}\"]")),
        "{export}"
    );
    let first_move = moves(&second)[0].clone();
    let other = second["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .find(|m| *m != first_move)
        .unwrap();
    tab.send(json!({"type": "play", "move": other})).await;
    let branched = tab.wait_state("a branch", |s| s["ply"] == 1).await;
    assert!(
        branched["record_game"].is_null(),
        "{}",
        branched["record_game"]
    );
    assert_eq!(branched["players"], json!(["random", "greedy"]));
    tab.send(json!({"type": "pick_game", "game": 2})).await;
    assert!(tab.error().await.contains("no game 2"));
    // A 4x4 start: the solver proves White's win, with no winning move for Black.
    tab.send(json!({"type": "new_game", "mode": "analysis", "size": "4x4"}))
        .await;
    // (A proof of the branch's position may still be on its way: the 4x4 one is wanted.)
    let solved = tab
        .wait_for("4x4 solved", |v| {
            v["type"] == "solved" && v["fen"] == "bwbw/wbwb/bwbw/wbwb b"
        })
        .await;
    assert_eq!(solved["winner"], "white");
    assert_eq!(solved["winning"], json!([]));
    assert_eq!(solved["ply"], 0);
    assert_eq!(
        solved["value"],
        Value::Null,
        "no value in the opening removals"
    );
    // A move list, then the solver on a won position of 5x5.
    tab.send(
        json!({"type": "load_moves", "moves": "c3 c2", "fen": "bwbwb/wbwbw/bwbwb/wbwbw/bwbwb b"}),
    )
    .await;
    let solved = tab
        .wait_for("5x5 solved", |v| v["type"] == "solved" && v["ply"] == 2)
        .await;
    assert_eq!(solved["winner"], "black");
    assert!(!solved["winning"].as_array().unwrap().is_empty());
    // Past the removals and small: the badge carries the game value (1 + 1 = 2).
    tab.send(json!({"type": "load_moves", "moves": "", "fen": "6/6/bw4/6/6/4wb b"}))
        .await;
    let solved = tab
        .wait_for("valued", |v| {
            v["type"] == "solved" && v["fen"] == "6/6/bw4/6/6/4wb b"
        })
        .await;
    assert_eq!(solved["winner"], "black");
    let value = &solved["value"];
    assert_eq!(
        [&value["human"], &value["canonical"], &value["regions"]],
        [&json!("2"), &json!("2"), &json!(2)]
    );
    // With its mean and temperature (an integer's is -1), and of two equal regions the
    // first marked as the hottest.
    assert_eq!([&value["mean"], &value["temperature"]], ["2", "-1"]);
    assert_eq!(value["hottest"]["squares"].as_array().unwrap().len(), 3);
    // A hot region ({1|0} on rank 3) beside a cold one (1 on rank 1): the hot one.
    tab.send(json!({"type": "load_moves", "moves": "", "fen": "bw1bw2/7/bw5 b"}))
        .await;
    let solved = tab
        .wait_for("a hot region", |v| {
            v["type"] == "solved" && v["fen"] == "bw1bw2/7/bw5 b"
        })
        .await;
    let value = &solved["value"];
    assert_eq!([&value["mean"], &value["temperature"]], ["3/2", "1/2"]);
    let hottest = &value["hottest"];
    assert_eq!([&hottest["mean"], &hottest["temperature"]], ["1/2", "1/2"]);
    let squares = hottest["squares"].as_array().unwrap();
    assert!(
        squares.iter().all(|s| s.as_str().unwrap().ends_with('3')),
        "{hottest}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_branch_resign_and_lose_on_time() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    // Analysis: a move played at an earlier position starts a new branch there.
    tab.send(json!({"type": "load_moves", "moves": "d5 d4 b5d5"}))
        .await;
    tab.wait_state("three moves", |s| moves(s).len() == 3).await;
    tab.send(json!({"type": "goto", "ply": 2})).await;
    let at_two = tab
        .wait_state("the position after d4", |s| s["ply"] == 2)
        .await;
    let other = at_two["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .find(|m| m != "b5d5")
        .expect("another jump");
    tab.send(json!({"type": "play", "move": other})).await;
    let branched = tab.wait_state("the new branch", |s| s["ply"] == 3).await;
    assert_eq!(moves(&branched), ["d5", "d4", other.as_str()]);
    // Two players with a clock: the side to move's clock runs, a resignation ends it.
    let clock = json!({"kind": "clock", "base_ms": 60_000, "inc_ms": 0});
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "6x6", "time": clock}))
        .await;
    let fresh = tab
        .wait_state("a game between two people", |s| {
            s["mode"] == "human_human" && moves(s).is_empty()
        })
        .await;
    assert_eq!(fresh["human_to_move"], true);
    assert!(
        fresh["clocks"]["running"].is_null(),
        "no clock before the first move"
    );
    assert_eq!(fresh["clocks"]["white_ms"], 60_000);
    tab.send(json!({"type": "play", "move": "c4"})).await;
    let played = tab.wait_state("c4", |s| moves(s).len() == 1).await;
    assert_eq!(played["clocks"]["running"], "white");
    assert!(played["clocks"]["black_ms"].as_u64().unwrap() <= 60_000);
    tab.send(json!({"type": "resign"})).await;
    let resigned = tab
        .wait_state("White's resignation", |s| !s["result"].is_null())
        .await;
    assert_eq!(
        resigned["result"],
        json!({"winner": "black", "reason": "White resigned"})
    );
    assert!(resigned["clocks"]["running"].is_null(), "the clocks stop");
    // No move after the end: the result stands.
    tab.send(json!({"type": "play", "move": resigned["legal"][0]}))
        .await;
    let late = tab.error().await;
    assert!(late.contains("the game is over (White resigned)"), "{late}");
    tab.send(json!({"type": "goto", "ply": 1})).await;
    let after = tab.wait_type("state").await;
    assert_eq!(after["result"], resigned["result"]);
    assert_eq!(moves(&after), ["c4"]);
    // A player whose clock runs out loses (the clocks start with the first move).
    let short = json!({"kind": "clock", "base_ms": 1_000, "inc_ms": 0});
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "4x4", "time": short}))
        .await;
    let fresh = tab
        .wait_state("a one-second game", |s| {
            s["board"] == "4x4" && s["result"].is_null()
        })
        .await;
    tab.send(json!({"type": "play", "move": fresh["legal"][0]}))
        .await;
    let flagged = tab
        .wait_state("White's flag", |s| !s["result"].is_null())
        .await;
    assert_eq!(
        flagged["result"],
        json!({"winner": "black", "reason": "White lost on time"})
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_between_engines_pauses_and_resumes() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    tab.send(json!({
        "type": "new_game", "mode": "engine_engine", "size": "8x8", "engines": [0, 0],
        "time": {"kind": "movetime", "ms": 100}
    }))
    .await;
    tab.wait_state("two moves", |s| moves(s).len() >= 2).await;
    tab.send(json!({"type": "pause", "on": true})).await;
    let paused = tab.wait_state("the pause", |s| s["paused"] == true).await;
    assert!(paused["thinking"].is_null(), "{paused}");
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    tab.send(json!({"type": "goto", "ply": moves(&paused).len()}))
        .await;
    let still = tab.wait_type("state").await;
    assert_eq!(moves(&still), moves(&paused), "no move while paused");
    tab.send(json!({"type": "play", "move": still["legal"][0]}))
        .await;
    assert!(tab.error().await.contains("the engines make the moves"));
    tab.send(json!({"type": "pause", "on": false})).await;
    tab.wait_state("a move after resuming", |s| {
        s["paused"] == false && moves(s).len() > moves(&paused).len()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_runs_out_shows_zero() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    let short = json!({"kind": "clock", "base_ms": 1_000, "inc_ms": 0});
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "4x4", "time": short}))
        .await;
    let fresh = tab.wait_state("the game", |s| s["board"] == "4x4").await;
    tab.send(json!({"type": "play", "move": fresh["legal"][0]}))
        .await;
    let flagged = tab
        .wait_state("White's flag", |s| !s["result"].is_null())
        .await;
    assert_eq!(flagged["result"]["reason"], "White lost on time");
    assert_eq!(flagged["clocks"]["white_ms"], 0, "{}", flagged["clocks"]);
    assert_eq!(flagged["clocks"]["black_ms"], 1_000);
    assert!(flagged["clocks"]["running"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_help_is_hidden_in_games_with_a_person_unless_turned_on() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    // Against the engine (the person plays White): the engine's own lines stay on the
    // server while it thinks about its opening removal.
    tab.send(json!({
        "type": "new_game", "mode": "human_engine", "size": "6x6", "human": "white",
        "time": {"kind": "movetime", "ms": 300}
    }))
    .await;
    tab.wait_state("the new game", |s| s["mode"] == "human_engine")
        .await;
    let from = tab.seen.len();
    let mine = tab
        .wait_state("the engine's removal", |s| moves(s).len() == 1)
        .await;
    assert_eq!(mine["help"], false);
    assert_eq!(mine["analysis_on"], false);
    assert_eq!(
        mine["orientation"], "white",
        "the board turns to the person"
    );
    let leaked = tab.seen[from..]
        .iter()
        .filter(|v| ["info", "tick", "solved"].contains(&v["type"].as_str().unwrap_or("")))
        .count();
    assert_eq!(
        leaked,
        0,
        "engine help reached the page: {}",
        tab.transcript()
    );
    // Turned on, the help comes: lines about the person's position.
    tab.send(json!({"type": "analyse", "on": true})).await;
    let on = tab.wait_state("help on", |s| s["help"] == true).await;
    assert_eq!(on["analysis_on"], true);
    tab.wait_for("a line about my move", |v| {
        v["type"] == "info" && v["ply"] == 1
    })
    .await;
    // Two players on a board the solver proves: no badge, no lines.
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "4x4"}))
        .await;
    let two = tab
        .wait_state("two players", |s| s["mode"] == "human_human")
        .await;
    assert_eq!(two["help"], false);
    let seen = tab.seen.len();
    tab.send(json!({"type": "play", "move": two["legal"][0]}))
        .await;
    tab.wait_state("a move", |s| moves(s).len() == 1).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    tab.send(json!({"type": "goto", "ply": 1})).await;
    tab.wait_type("state").await;
    let leaked: Vec<_> = tab.seen[seen..]
        .iter()
        .filter(|v| ["info", "tick", "solved"].contains(&v["type"].as_str().unwrap_or("")))
        .collect();
    assert!(leaked.is_empty(), "help in a two-player game: {leaked:?}");
    tab.send(json!({"type": "analyse", "on": true})).await;
    tab.wait_type("solved").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tab_s_game_outlives_its_connection() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    let welcome = tab.wait_type("welcome").await;
    assert_eq!(welcome["resumed"], false);
    let session = welcome["session"].as_str().unwrap().to_string();
    assert_eq!(session.len(), 32);
    tab.send(json!({
        "type": "new_game", "mode": "human_engine", "size": "6x6", "human": "black",
        "level": "random", "time": {"kind": "clock", "base_ms": 600_000, "inc_ms": 0}
    }))
    .await;
    tab.wait_state("the game", |s| s["mode"] == "human_engine")
        .await;
    tab.send(json!({"type": "play", "move": "c4"})).await;
    let before = tab
        .wait_state("the engine's answer", |s| moves(s).len() == 2)
        .await;
    tab.close().await;
    server.wait_status("the tab is kept, its search stopped", |s| {
        s["tabs"] == 0 && s["kept"] == 1 && s["searches"] == 0
    });
    // The page comes back with its session: the same game, clocks and all.
    let origin = format!("http://{}", server.host());
    let url = format!("{}?session={session}", server.ws_url(&server.token));
    let mut again = Tab::open(&url, Some(&origin)).await.unwrap();
    let welcome = again.wait_type("welcome").await;
    assert_eq!(welcome["resumed"], true);
    assert_eq!(welcome["session"], session.as_str());
    let state = again.wait_type("state").await;
    for key in ["mode", "moves", "players", "fen", "game"] {
        assert_eq!(state[key], before[key], "{key}");
    }
    assert_eq!(state["human_to_move"], true);
    assert_eq!(state["clocks"]["running"], "black");
    assert_eq!(server.status()["kept"], 0);
    again
        .send(json!({"type": "play", "move": state["legal"][0]}))
        .await;
    again
        .wait_state("the game goes on", |s| moves(s).len() == 4)
        .await;
    // An unknown or expired session: a fresh tab, and the page is told.
    let url = format!("{}?session=0123", server.ws_url(&server.token));
    let mut stranger = Tab::open(&url, Some(&origin)).await.unwrap();
    let welcome = stranger.wait_type("welcome").await;
    assert_eq!(welcome["resumed"], false);
    assert_ne!(welcome["session"], session.as_str());
    assert_eq!(stranger.wait_type("state").await["mode"], "analysis");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variations_branch_promote_delete_and_export_round_trip() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    // The case: a game from a FEN, exported and loaded back.
    let fen = "bwbwbw/wbwbwb/bw1wbw/wb1bwb/bwbwbw/wbwbwb b";
    tab.send(json!({"type": "new_game", "mode": "analysis", "fen": fen}))
        .await;
    tab.wait_state("the FEN", |s| s["start"] == fen).await;
    tab.send(json!({"type": "play", "move": "c6c4"})).await;
    tab.send(json!({"type": "play", "move": "a3c3"})).await;
    let two = tab.wait_state("two moves", |s| moves(s).len() == 2).await;
    // A branch at the first move, then one inside it.
    tab.send(json!({"type": "goto", "ply": 0})).await;
    tab.send(json!({"type": "play", "move": "a4c4"})).await;
    let branch = tab.wait_state("the branch", |s| moves(s) == ["a4c4"]).await;
    assert_eq!(branch["roots"].as_array().unwrap().len(), 2);
    let branch_node = branch["node"].as_u64().unwrap();
    tab.send(json!({"type": "play", "move": "b2b4"})).await;
    tab.wait_state("in the branch", |s| moves(s) == ["a4c4", "b2b4"])
        .await;
    tab.send(json!({"type": "goto_node", "node": two["line"][1]}))
        .await;
    let back = tab
        .wait_state("the main line again", |s| moves(s) == ["c6c4", "a3c3"])
        .await;
    let export = back["export"].as_str().unwrap().to_string();
    assert!(export.contains(&format!("[FEN \"{fen}\"]")), "{export}");
    assert!(
        export.contains("1. c6c4 (1. a4c4 b2b4) 1... a3c3 *"),
        "{export}"
    );
    for header in [
        "[Event ",
        "[Date ",
        "[Black \"Black\"]",
        "[White \"White\"]",
        "[Result \"*\"]",
    ] {
        assert!(export.contains(header), "{header}: {export}");
    }
    // Loaded back: the same tree and text.
    tab.send(json!({"type": "load_moves", "moves": export}))
        .await;
    let loaded = tab.wait_type("state").await;
    assert_eq!(loaded["export"], back["export"]);
    assert_eq!(loaded["start"], fen);
    assert_eq!(moves(&loaded), ["c6c4", "a3c3"]);
    // A bare move list reads from the start the page sends (the game's).
    tab.send(json!({"type": "load_moves", "moves": "c6c4", "fen": fen}))
        .await;
    let bare = tab
        .wait_state("c6c4 from the FEN", |s| moves(s) == ["c6c4"])
        .await;
    assert_eq!(bare["start"], fen);
    // Promote the branch, then delete it.
    tab.send(json!({"type": "load_moves", "moves": export}))
        .await;
    let loaded = tab.wait_type("state").await;
    let second_root = loaded["roots"][1].as_u64().unwrap();
    tab.send(json!({"type": "promote", "node": second_root}))
        .await;
    let promoted = tab.wait_type("state").await;
    assert_eq!(promoted["roots"][0], second_root);
    assert!(promoted["export"]
        .as_str()
        .unwrap()
        .contains("1. a4c4 (1. c6c4 a3c3) 1... b2b4 *"));
    tab.send(json!({"type": "goto_node", "node": second_root}))
        .await;
    tab.wait_state("the promoted move", |s| s["node"] == second_root)
        .await;
    tab.send(json!({"type": "delete", "node": second_root}))
        .await;
    let deleted = tab.wait_type("state").await;
    assert_eq!(
        deleted["node"], 0,
        "the position shown goes back to the start"
    );
    assert_eq!(deleted["roots"].as_array().unwrap().len(), 1);
    assert_eq!(moves(&deleted), ["c6c4", "a3c3"]);
    for (request, expected) in [
        (
            json!({"type": "delete", "node": 0}),
            "start position cannot be deleted",
        ),
        (json!({"type": "goto_node", "node": branch_node}), "no move"),
        (json!({"type": "promote", "node": 9999}), "no move 9999"),
        (
            json!({"type": "load_moves", "moves": "1. c6c4 c6c4", "fen": fen}),
            "move 2 of the list (1... c6c4)",
        ),
        (
            json!({"type": "load_moves", "moves": "c6c4 (a4c4", "fen": fen}),
            "never closed",
        ),
    ] {
        tab.send(request.clone()).await;
        let error = tab.error().await;
        assert!(error.contains(expected), "{request}: {error}");
    }
    // Branches of a played game cannot be edited.
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "6x6"}))
        .await;
    tab.send(json!({"type": "play", "move": "c4"})).await;
    let played = tab.wait_state("c4", |s| moves(s).len() == 1).await;
    tab.send(json!({"type": "delete", "node": played["node"]}))
        .await;
    assert!(tab.error().await.contains("analysis only"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_built_in_engines_have_two_names() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    tab.send(json!({
        "type": "new_game", "mode": "engine_engine", "size": "4x4", "engines": [0, 0],
        "level": "greedy", "white_level": "random", "time": {"kind": "movetime", "ms": 20}
    }))
    .await;
    let state = tab
        .wait_state("the game", |s| s["mode"] == "engine_engine")
        .await;
    assert_eq!(
        state["players"],
        json!(["Konane (built-in) (greedy)", "Konane (built-in) (random)"])
    );
    tab.send(json!({
        "type": "new_game", "mode": "engine_engine", "size": "4x4", "engines": [0, 0],
        "time": {"kind": "movetime", "ms": 20}
    }))
    .await;
    let state = tab
        .wait_state("the second game", |s| {
            s["game"] == state["game"].as_u64().unwrap() + 1
        })
        .await;
    assert_eq!(
        state["players"],
        json!(["Konane (built-in) #1", "Konane (built-in) #2"])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_engines_are_paced_to_the_time_per_move() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    // greedy and random answer at once; between engines the next search still waits for
    // the 0.3 s of the one before (counted from when that search started), so that
    // there is a game to watch: the n-th move comes at least (n - 1) * 0.3 s after the
    // game began. Counted from the request, not between two messages, so that a message
    // the loaded machine delivers late cannot make the next gap look short.
    let began = std::time::Instant::now();
    tab.send(json!({
        "type": "new_game", "mode": "engine_engine", "size": "5x5", "engines": [0, 0],
        "level": "greedy", "white_level": "random", "time": {"kind": "movetime", "ms": 300}
    }))
    .await;
    let mut seen = Vec::new();
    loop {
        let state = tab
            .wait_state("a move or the end", |s| {
                s["mode"] == "engine_engine"
                    && (moves(s).len() > seen.last().map_or(0, |&(n, _)| n)
                        || !s["result"].is_null())
            })
            .await;
        seen.push((moves(&state).len(), began.elapsed().as_millis()));
        if !state["result"].is_null() {
            break;
        }
    }
    assert!(seen.len() >= 4, "{seen:?}");
    let early: Vec<_> = seen
        .iter()
        .filter(|&&(n, ms)| n > 0 && ms < 300 * (n as u128 - 1))
        .collect();
    assert!(
        early.is_empty(),
        "moves before their time (moves played, ms since the game began): {early:?} of {seen:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_custom_clock_reads_and_exports_in_the_match_runner_s_words() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    let custom = json!({"kind": "clock", "base_ms": 90_500, "inc_ms": 250});
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "6x6", "time": custom}))
        .await;
    let state = tab
        .wait_state("the custom clock", |s| s["mode"] == "human_human")
        .await;
    assert_eq!(state["clocks"]["white_ms"], 90_500);
    let export = state["export"].as_str().unwrap();
    assert!(
        export.contains("[TimeControl \"tc=90.5+0.25\"]"),
        "{export}"
    );
    for (time, expected) in [
        (
            json!({"kind": "clock", "base_ms": 999, "inc_ms": 0}),
            "tc 0.999+0 is out of range",
        ),
        (
            json!({"kind": "clock", "base_ms": 60_000, "inc_ms": 11_000_000}),
            "out of range",
        ),
        (
            json!({"kind": "movetime", "ms": 9}),
            "movetime 9 is out of range",
        ),
        (
            json!({"kind": "depth", "depth": 65}),
            "depth 65 is out of range",
        ),
    ] {
        tab.send(json!({"type": "new_game", "mode": "human_engine", "time": time}))
            .await;
        let error = tab.error().await;
        assert!(error.contains(expected), "{expected}: {error}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_gets_its_searches_while_every_tab_analyses() {
    let server = Server::start(&[]);
    // Eight tabs, each analysing (a new tab does): every search slot is taken.
    let mut tabs = Vec::new();
    for _ in 0..8 {
        let mut tab = server.tab().await;
        tab.wait_type("info").await;
        tabs.push(tab);
    }
    server.wait_status("eight analyses", |s| s["searches"] == 8);
    // A game in each of two tabs: every move of the engines is searched, none refused.
    for tab in &mut tabs[..2] {
        tab.send(json!({
            "type": "new_game", "mode": "engine_engine", "size": "6x6", "engines": [0, 0],
            "time": {"kind": "movetime", "ms": 20}
        }))
        .await;
    }
    tabs[2]
        .send(json!({
            "type": "new_game", "mode": "human_engine", "size": "6x6", "human": "white",
            "level": "alphabeta2", "time": {"kind": "movetime", "ms": 20}
        }))
        .await;
    for tab in &mut tabs[..2] {
        let state = tab
            .wait_state("six moves or the end", |s| {
                s["mode"] == "engine_engine" && (moves(s).len() >= 6 || !s["result"].is_null())
            })
            .await;
        let reason = state["result"]["reason"].as_str().unwrap_or("");
        assert!(!reason.contains("failed"), "{reason}");
        assert!(moves(&state).len() >= 6, "{state}");
    }
    let state = tabs[2]
        .wait_state("the engine's opening removal", |s| {
            s["mode"] == "human_engine" && (!moves(s).is_empty() || !s["result"].is_null())
        })
        .await;
    assert!(state["result"].is_null(), "{}", state["result"]);
    assert_eq!(moves(&state).len(), 1);
    assert!(server.status()["searches"].as_u64().unwrap() <= 8);
    for tab in tabs {
        tab.close().await;
    }
    server.wait_status("every tab closed", |s| s["tabs"] == 0 && s["searches"] == 0);
}

/// Plays the first legal move until `plies` moves are on the board; the last state.
async fn play_first_moves(tab: &mut Tab, plies: usize) -> Value {
    let mut state = tab.wait_state("a position", |_| true).await;
    while moves(&state).len() < plies {
        let mv = state["legal"][0].as_str().unwrap().to_string();
        let count = moves(&state).len();
        tab.send(json!({"type": "play", "move": mv})).await;
        state = tab
            .wait_state("the move", |s| moves(s).len() == count + 1)
            .await;
    }
    state
}

/// A 6x6 position of 24 pieces that the solver badge settles (20,033 nodes for the
/// proof).
const SOLVABLE_6X6: &str = "6/6/bwbwbw/wbwbwb/bwbwbw/wbwbwb b";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solver_tables_go_with_the_tab_and_memory_comes_back() {
    let server = Server::start(&[]);
    // One analysis of a 6x6 position the solver settles: its tables are held while the tab is
    // open, and none is kept with its game when it closes.
    let mut tab = server.tab().await;
    tab.send(json!({"type": "new_game", "mode": "analysis", "fen": SOLVABLE_6X6}))
        .await;
    tab.wait_type("solved").await;
    server.wait_status("the tab's solver tables", |s| s["solver_tables"] == 1);
    tab.close().await;
    server.wait_status("a kept game without solver tables", |s| {
        s["tabs"] == 0 && s["kept"] == 1 && s["solver_tables"] == 0 && s["searches"] == 0
    });
    let first = server.rss_kib();
    // Fifty more, one after the other: the memory of each comes back.
    for _ in 0..50 {
        let mut tab = server.tab().await;
        tab.send(json!({"type": "new_game", "mode": "analysis", "fen": SOLVABLE_6X6}))
            .await;
        tab.wait_type("solved").await;
        tab.close().await;
    }
    server.wait_status("every tab closed", |s| {
        s["tabs"] == 0 && s["searches"] == 0 && s["solver_tables"] == 0
    });
    let after = server.rss_kib();
    println!("FIGURE resident memory after 1 analysis tab: {first} KiB; after 51: {after} KiB");
    assert!(
        after <= 2 * first,
        "resident memory grew from {first} KiB after the first tab to {after} KiB"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_cannot_be_taken_back() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    tab.send(json!({
        "type": "new_game", "mode": "human_engine", "size": "6x6", "human": "black",
        "level": "random", "time": {"kind": "movetime", "ms": 20}
    }))
    .await;
    play_first_moves(&mut tab, 1).await;
    let mine = tab
        .wait_state("my turn again", |s| {
            moves(s).len() == 2 && s["human_to_move"] == true
        })
        .await;
    tab.send(json!({"type": "play", "move": mine["legal"][0]}))
        .await;
    tab.wait_state("my turn after the engine's answer", |s| {
        moves(s).len() == 4 && s["human_to_move"] == true
    })
    .await;
    tab.send(json!({"type": "resign"})).await;
    let over = tab
        .wait_state("the resignation", |s| !s["result"].is_null())
        .await;
    tab.send(json!({"type": "takeback"})).await;
    let refused = tab.error().await;
    assert!(refused.contains("the game is over"), "{refused}");
    tab.send(json!({"type": "goto", "ply": 4})).await;
    let still = tab.wait_type("state").await;
    assert_eq!(still["result"], over["result"]);
    assert_eq!(moves(&still), moves(&over));
    // Two players: after a flag, no take back either.
    let short = json!({"kind": "clock", "base_ms": 1_000, "inc_ms": 0});
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "4x4", "time": short}))
        .await;
    let fresh = tab
        .wait_state("the two-player game", |s| s["board"] == "4x4")
        .await;
    tab.send(json!({"type": "play", "move": fresh["legal"][0]}))
        .await;
    let flagged = tab.wait_state("a flag", |s| !s["result"].is_null()).await;
    tab.send(json!({"type": "takeback"})).await;
    let refused = tab.error().await;
    assert!(refused.contains("the game is over"), "{refused}");
    tab.send(json!({"type": "goto", "ply": 1})).await;
    let still = tab.wait_type("state").await;
    assert_eq!(still["result"], flagged["result"]);
    assert!(still["clocks"]["running"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_over_the_frame_limit_is_answered_and_closed_properly() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    let (seen, code) = tab.send_reading_until_close("x".repeat(9 << 20)).await;
    let errors: Vec<_> = seen.iter().filter(|m| m["type"] == "error").collect();
    assert!(
        errors.len() == 1
            && errors[0]["message"]
                .as_str()
                .unwrap()
                .contains("request too large"),
        "{seen:?}"
    );
    assert_eq!(code, Some(1009), "Message Too Big");
    server.wait_status("the tab ended", |s| s["tabs"] == 0);
}

#[test]
fn two_host_headers_are_refused() {
    let server = Server::start(&[]);
    let page = format!("/{}/", server.token);
    let own = server.host();
    for hosts in [
        [own.as_str(), "evil.example"],
        ["evil.example", own.as_str()],
    ] {
        let headers = [("Host", hosts[0]), ("Host", hosts[1])];
        let (code, _, body) = server.get(&page, &headers);
        assert_eq!(code, 403, "{hosts:?}: {body}");
    }
    let (code, _, _) = server.get(&page, &[("Host", &own), ("Host", &own)]);
    assert_eq!(code, 403, "one Host header, not two");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_starts_with_the_first_move_and_each_player_resigns_for_themself() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    let short = json!({"kind": "clock", "base_ms": 1_000, "inc_ms": 0});
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "4x4", "time": short}))
        .await;
    let fresh = tab
        .wait_state("the two-player game", |s| s["board"] == "4x4")
        .await;
    assert!(fresh["clocks"]["running"].is_null(), "{}", fresh["clocks"]);
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    tab.send(json!({"type": "play", "move": fresh["legal"][0]}))
        .await;
    let played = tab
        .wait_state("the first move", |s| moves(s).len() == 1)
        .await;
    assert!(played["result"].is_null(), "{}", played["result"]);
    assert_eq!(
        played["clocks"]["black_ms"], 1_000,
        "the first move is free"
    );
    assert_eq!(played["clocks"]["running"], "white");
    let flagged = tab
        .wait_state("White's flag", |s| !s["result"].is_null())
        .await;
    assert_eq!(flagged["result"]["reason"], "White lost on time");
    // Each player resigns for themself, whoever is to move.
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "6x6"}))
        .await;
    tab.wait_state("a game without a clock", |s| s["board"] == "6x6")
        .await;
    tab.send(json!({"type": "resign", "side": "white"})).await;
    let resigned = tab
        .wait_state("White's resignation", |s| !s["result"].is_null())
        .await;
    assert_eq!(
        resigned["result"],
        json!({"winner": "black", "reason": "White resigned"})
    );
    tab.send(json!({"type": "new_game", "mode": "human_human", "size": "6x6"}))
        .await;
    tab.wait_state("another game", |s| s["result"].is_null())
        .await;
    tab.send(json!({"type": "resign", "side": "green"})).await;
    assert!(tab.error().await.contains("colour 'green'"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn comments_and_annotations_survive_import_and_export() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    let text =
        "[Board \"6x6\"]\n\n{a game} 1. c4?! $6 {too slow} 1... c3 (1... d4! ; better\n) *\n";
    tab.send(json!({"type": "load_moves", "moves": text})).await;
    let loaded = tab.wait_state("the game", |s| moves(s).len() == 2).await;
    let export = loaded["export"].as_str().unwrap().replace('\n', " ");
    assert!(
        export.contains("{a game} 1. c4?! $6 {too slow} 1... c3 (1... d4! {better}) *"),
        "{export}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_keeps_to_its_depth_time_and_lines() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    let state = tab.wait_type("state").await;
    assert_eq!(state["analysis_limit"], json!({"kind": "infinite"}));
    // Depth 5 with two lines: two lines, none deeper than 5, then the search ends
    // by itself and the lines stay.
    let depth = json!({"kind": "depth", "depth": 5});
    let mark = tab.seen.len();
    tab.send(json!({"type": "analyse", "on": true, "multipv": 2, "limit": depth}))
        .await;
    let ended = tab
        .wait_state("the depth-5 analysis ends", |s| {
            s["analysis_limit"]["depth"] == 5 && s["analysing"] == false
        })
        .await;
    assert_eq!(ended["multipv"], 2);
    // The lines of the last search (the infinite one may still have sent some).
    let infos: Vec<&Value> = tab.seen[mark..]
        .iter()
        .filter(|v| v["type"] == "info")
        .collect();
    let search = infos.iter().map(|v| v["search"].as_u64().unwrap()).max();
    let lines: Vec<&Value> = infos
        .into_iter()
        .filter(|v| v["search"].as_u64() == search)
        .collect();
    let last_depth = lines
        .iter()
        .map(|v| v["line"]["depth"].as_u64().unwrap())
        .max();
    assert!(last_depth.is_some_and(|d| d <= 5), "{last_depth:?}");
    assert!(lines.iter().any(|v| v["line"]["multipv"] == 2));
    server.wait_status("no search runs", |s| s["searches"] == 0);
    // A move: the new position is analysed to the same depth, then it stops again.
    tab.send(json!({"type": "play", "move": "d5"})).await;
    tab.wait_for("a line after d5", |v| v["type"] == "info" && v["ply"] == 1)
        .await;
    tab.wait_state("it ends again", |s| {
        s["ply"] == 1 && s["analysing"] == false
    })
    .await;
    // Half a second: it ends by itself within a few seconds.
    let started = std::time::Instant::now();
    let time = json!({"kind": "movetime", "ms": 500});
    tab.send(json!({"type": "analyse", "on": true, "limit": time}))
        .await;
    tab.wait_state("the timed analysis runs", |s| s["analysing"] == true)
        .await;
    tab.wait_state("the timed analysis ends", |s| s["analysing"] == false)
        .await;
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(400), "{took:?}");
    // Back to infinite: it runs until told otherwise.
    tab.send(json!({"type": "analyse", "on": true, "limit": {"kind": "infinite"}}))
        .await;
    tab.wait_state("infinite again", |s| s["analysing"] == true)
        .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.wait_status("still searching", |s| s["searches"] == 1);
    // Out of range: refused, nothing changes.
    for limit in [
        json!({"kind": "depth", "depth": 0}),
        json!({"kind": "depth", "depth": 65}),
        json!({"kind": "movetime", "ms": 5}),
        json!({"kind": "forever"}),
    ] {
        tab.send(json!({"type": "analyse", "on": true, "limit": limit}))
            .await;
        let error = tab.error().await;
        assert!(
            error.contains("out of range") || error.contains("malformed"),
            "{error}"
        );
    }
}

/// The review's evaluations along the main line of `state` (start first), as text.
fn reviewed_line(state: &Value) -> Vec<String> {
    let points = state["review"]["points"].as_array().unwrap();
    let eval = |node: u64| {
        points
            .iter()
            .find(|p| p["node"] == node)
            .map(|p| p["eval"].to_string())
            .unwrap_or_default()
    };
    let mut line = vec![eval(0)];
    line.extend(
        state["line"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| eval(n.as_u64().unwrap())),
    );
    line
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_judges_each_move_and_travels_with_the_game_text() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    tab.wait_type("state").await;
    // 5x5 after c3 c2: Black to move wins. Play on until the side to move wins and
    // has a move that throws the win away, and play that move.
    let fen = "bwbwb/wbwbw/bwbwb/wbwbw/bwbwb b";
    tab.send(json!({"type": "load_moves", "moves": "c3 c2", "fen": fen}))
        .await;
    let mut state = tab.wait_state("the opening", |s| moves(s).len() == 2).await;
    let (winning, losing) = loop {
        let here = state["fen"].clone();
        let solved = tab
            .wait_for("a proof", |v| v["type"] == "solved" && v["fen"] == here)
            .await;
        let winning: Vec<String> = solved["winning"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let legal: Vec<String> = state["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        if let Some(losing) = legal
            .iter()
            .find(|m| !winning.is_empty() && !winning.contains(m))
        {
            break (winning, losing.clone());
        }
        assert!(moves(&state).len() < 16, "no losing move found");
        let length = moves(&state).len();
        tab.send(json!({"type": "play", "move": legal[0]})).await;
        state = tab
            .wait_state("the next move", |s| moves(s).len() == length + 1)
            .await;
    };
    let plies = moves(&state).len() + 1;
    tab.send(json!({"type": "play", "move": losing})).await;
    tab.wait_state("the losing move", |s| moves(s).len() == plies)
        .await;
    // A review where the analysis engine cannot help: it is only in analysis.
    tab.send(json!({"type": "review", "on": true, "ms": 5}))
        .await;
    assert!(tab.error().await.contains("out of range"));
    tab.send(json!({"type": "review", "on": true, "ms": 300}))
        .await;
    tab.wait_state("the review runs", |s| s["review"]["running"] == true)
        .await;
    let done = tab
        .wait_state("the review ends", |s| s["review"]["running"] == false)
        .await;
    let review = &done["review"];
    // Every position has its evaluation; all are small enough to be proofs.
    let line = reviewed_line(&done);
    assert_eq!(line.len(), plies + 1, "{review}");
    assert!(line.iter().all(|e| e.contains("mate")), "{line:?}");
    // The losing move is a blunder, with a winning move as the better one.
    let marks = review["marks"].as_array().unwrap();
    let last = done["line"][plies - 1].clone();
    let blunder = marks
        .iter()
        .find(|m| m["node"] == last)
        .expect("the blunder is marked");
    assert_eq!(blunder["judgement"], "Blunder");
    assert!(
        winning.iter().any(|m| blunder["best"] == m.as_str()),
        "{blunder}"
    );
    assert!(review["accuracy"][0].as_f64().unwrap() < 100.0, "{review}");
    // Exported as comments, read back to the same review.
    let export = done["export"].as_str().unwrap();
    assert!(export.contains("[%eval #"), "{export}");
    assert!(
        export.contains(&format!(
            "Blunder. {} was best.",
            blunder["best"].as_str().unwrap()
        )),
        "{export}"
    );
    tab.send(json!({"type": "load_moves", "moves": export}))
        .await;
    let read = tab
        .wait_state("the game read back", |s| {
            s["game"] != done["game"] && moves(s).len() == plies
        })
        .await;
    assert_eq!(reviewed_line(&read), line);
    assert_eq!(
        read["review"]["marks"].as_array().unwrap().len(),
        marks.len()
    );
    assert_eq!(read["review"]["accuracy"], review["accuracy"]);
    assert_eq!(read["export"], done["export"]);
    // Reviews asked for and dropped in a burst: the server keeps up, and their solvers
    // and searches go (the badge's solver stays).
    for _ in 0..40 {
        tab.send(json!({"type": "review", "on": true, "ms": 300}))
            .await;
        tab.send(json!({"type": "review", "on": false})).await;
    }
    tab.send(json!({"type": "goto", "ply": 1})).await;
    tab.wait_state("after the burst", |s| {
        s["ply"] == 1 && s["review"]["running"] == false
    })
    .await;
    server.wait_status("the reviews' solvers are gone", |s| {
        s["solver_tables"].as_u64() <= Some(1) && s["searches"].as_u64() <= Some(1)
    });
    // No tag is left in the comments the page shows as the person's.
    assert!(
        read["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["comment"] == ""),
        "{}",
        read["nodes"]
    );
    server.wait_status("the review's search is over", |s| {
        s["searches"].as_u64() <= Some(1)
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editor_s_positions_are_checked_and_drawings_travel_with_the_game() {
    let server = Server::start(&[]);
    let mut tab = server.tab().await;
    let first = tab.wait_type("state").await;
    // A position the rules take, one with a piece no game puts there, one that is over,
    // and one that does not read: the game shown stays as it was.
    let cases = [
        ("6/6/bw4/6/6/4wb b", true, "Black to move, 2 jumps", false),
        (
            "6/6/wb4/6/6/6 b",
            true,
            "Black has no move: White wins",
            true,
        ),
        ("bwbw/wbwb/bwbw/wbwb b", true, "removes a piece", false),
        (
            "6/6/6/6/6/6 w",
            true,
            "White has no move: Black wins",
            false,
        ),
        ("6/6/6 x", false, "bad FEN", false),
    ];
    for (fen, ok, says, stray) in cases {
        tab.send(json!({"type": "check_position", "fen": fen}))
            .await;
        let checked = tab.wait_type("checked").await;
        assert_eq!(checked["fen"], fen);
        assert_eq!(checked["ok"], ok, "{checked}");
        let message = checked["message"].as_str().unwrap();
        assert!(message.contains(says), "{fen}: {message}");
        let warnings = checked["warnings"].as_array().unwrap();
        assert_eq!(!warnings.is_empty(), stray, "{fen}: {warnings:?}");
    }
    let state = tab.wait_type("state").await;
    assert_eq!(state["fen"], first["fen"]);
    // Circles and arrows on a position: kept, exported as tags, read back.
    tab.send(json!({"type": "load_moves", "moves": "1. c4 {a comment} 1... c3 *", "fen": "bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb b"}))
        .await;
    tab.wait_state("the game", |s| moves(s).len() == 2).await;
    tab.send(json!({"type": "goto", "ply": 1})).await;
    let shapes = json!([{"colour": "G", "from": "d4", "to": null}, {"colour": "R", "from": "a4", "to": "c4"}]);
    tab.send(json!({"type": "draw", "shapes": shapes})).await;
    let drawn = tab
        .wait_state("the drawings", |s| {
            !s["shapes"].as_array().unwrap().is_empty()
        })
        .await;
    assert_eq!(drawn["shapes"], shapes);
    let export = drawn["export"].as_str().unwrap().to_string();
    assert!(
        export.contains("1. c4 {[%csl Gd4] [%cal Ra4c4] a comment} 1... c3"),
        "{export}"
    );
    let comment = drawn["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["move"] == "c4")
        .unwrap()["comment"]
        .clone();
    assert_eq!(comment, "a comment");
    tab.send(json!({"type": "load_moves", "moves": export}))
        .await;
    tab.wait_state("read back", |s| moves(s).len() == 2 && s["ply"] == 2)
        .await;
    tab.send(json!({"type": "goto", "ply": 1})).await;
    let back = tab.wait_state("at c4", |s| s["ply"] == 1).await;
    assert_eq!(back["shapes"], shapes);
    assert_eq!(back["export"].as_str().unwrap(), export);
    // Bad drawings are refused and change nothing.
    for (bad, says) in [
        (
            json!([{"colour": "G", "from": "z9", "to": null}]),
            "bad drawing",
        ),
        (json!([{"colour": "P", "from": "a1", "to": null}]), "colour"),
        (
            json!(vec![json!({"colour": "G", "from": "a1", "to": null}); 65]),
            "too many",
        ),
    ] {
        tab.send(json!({"type": "draw", "shapes": bad})).await;
        let error = tab.error().await;
        assert!(error.contains(says), "{error}");
    }
    tab.send(json!({"type": "draw", "shapes": []})).await;
    let cleared = tab
        .wait_state("cleared", |s| s["shapes"].as_array().unwrap().is_empty())
        .await;
    assert!(
        !cleared["export"].as_str().unwrap().contains("[%c"),
        "{}",
        cleared["export"]
    );
}
