//! The engine layer through its API: answers (finished games, the hold of infinite and
//! pondering searches, built-in players), jobs (perft, bench) that a stop ends within
//! milliseconds, what `activity` says, options by name, and the in-process player.

use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use konane_core::{Board, Position};
use konane_engine::{
    Activity, Answer, Busy, Engine, EnginePlayer, Options, Score, SearchCallbacks, SearchInfo,
    SearchLimits,
};
use konane_search::players::{Agent, BuiltinKind, BuiltinPlayer};

fn engine() -> Engine {
    let mut options = Options::default();
    options.search.hash_mib = 4;
    Engine::new(options)
}

/// 8x8 after d5 d4: a middlegame far too big to finish.
fn middlegame() -> Position {
    let mut position = Position::start(Board::STANDARD);
    position.play_all(["d5", "d4"]).unwrap();
    position
}

/// 6x6 after 14 plies: 22 pieces, Black to move loses after White's 6th move (the
/// endgame handover settles it at once).
fn solved_endgame() -> Position {
    let mut position = Position::start("6x6".parse().unwrap());
    position
        .play_all("d3 c3 f3d3 a3c3 d3b3 a5a3 a2a4 c5a5 c2a2 e5c5 b3b5 b6b4 e2c2 d6b6".split(' '))
        .unwrap();
    position
}

/// The reports of a search so far.
type Reports = Arc<Mutex<Vec<SearchInfo>>>;

/// Starts a search whose reports gather in the first value returned, and whose answer,
/// with when it came, arrives on the channel.
fn go(engine: &mut Engine, limits: SearchLimits) -> (Reports, Receiver<(Answer, Instant)>) {
    let infos = Arc::new(Mutex::new(Vec::new()));
    let (sender, answers) = channel();
    let reports = infos.clone();
    engine
        .go(
            limits,
            SearchCallbacks::new(
                move |info| reports.lock().unwrap().push(info.clone()),
                move |answer| sender.send((answer.clone(), Instant::now())).unwrap(),
            ),
        )
        .unwrap();
    (infos, answers)
}

#[test]
fn a_lost_position_reports_mate_zero_and_no_move() {
    let mut engine = engine();
    engine.set_position(Position::from_fen("bb1 w").unwrap());
    assert!(engine.position().is_game_over());
    let infos = Arc::new(Mutex::new(Vec::new()));
    let reports = infos.clone();
    let answer = engine
        .search(SearchLimits::depth(3), move |info| {
            reports.lock().unwrap().push(info.clone())
        })
        .unwrap();
    let result = answer.result;
    assert_eq!((result.best_move, result.score), (None, Score::Mate(0)));
    assert_eq!(infos.lock().unwrap().last().unwrap().score, Score::Mate(0));
}

#[test]
fn pondering_waits_for_ponderhit_then_keeps_the_clock() {
    let mut engine = engine();
    engine.set_position(Position::from_fen("bw1w1 b").unwrap());
    let limits = SearchLimits {
        ponder: true,
        movetime_ms: Some(200),
        ..SearchLimits::default()
    };
    let started = Instant::now();
    let (_, answers) = go(&mut engine, limits);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(engine.activity(), Activity::Holding);
    engine.ponderhit();
    let (answer, at) = answers.recv().unwrap();
    assert!(
        at.duration_since(started) >= Duration::from_millis(290),
        "returned before ponderhit"
    );
    assert_eq!(answer.result.score, Score::Mate(1));
    engine.wait();
    assert_eq!(engine.activity(), Activity::Idle);
}

#[test]
fn an_infinite_search_of_a_solved_endgame_waits_for_stop() {
    let mut engine = engine();
    engine.set_position(solved_endgame());
    let limits = SearchLimits {
        infinite: true,
        ..SearchLimits::default()
    };
    let started = Instant::now();
    let (infos, answers) = go(&mut engine, limits);
    std::thread::sleep(Duration::from_millis(200));
    assert!(answers.try_recv().is_err(), "answered before stop");
    engine.stop();
    let (answer, at) = answers.recv().unwrap();
    assert!(at.duration_since(started) >= Duration::from_millis(200));
    assert_eq!(answer.result.score, Score::Mate(-6));
    // The settled line was reported once, at once, not only at the stop.
    assert_eq!(infos.lock().unwrap().len(), 1);
}

#[test]
fn a_stop_ends_an_infinite_search_with_a_legal_move_within_milliseconds() {
    for threads in ["1", "2"] {
        let mut engine = engine();
        engine.set_option("Threads", Some(threads)).unwrap();
        engine.set_position(middlegame());
        let limits = SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        };
        let (_, answers) = go(&mut engine, limits);
        std::thread::sleep(Duration::from_millis(50));
        let stopped = Instant::now();
        engine.stop();
        let (answer, at) = answers.recv().unwrap();
        let waited = at.duration_since(stopped);
        assert!(waited < Duration::from_millis(1000), "{waited:?}");
        assert!(middlegame().is_legal(answer.result.best_move.unwrap()));
        assert!(!answer.failed);
    }
}

#[test]
fn activity_follows_the_job_and_a_second_job_is_refused() {
    let mut engine = engine();
    assert_eq!(engine.activity(), Activity::Idle);
    engine.set_position(middlegame());
    let (_, answers) = go(&mut engine, SearchLimits::default());
    assert_eq!(engine.activity(), Activity::Holding, "no limit: until stop");
    assert_eq!(engine.perft(1, None, |_| {}), Err(Busy));
    engine.stop();
    answers.recv().unwrap();
    engine.wait();
    assert_eq!(engine.activity(), Activity::Idle);
    let (_, answers) = go(&mut engine, SearchLimits::depth(60));
    assert_eq!(engine.activity(), Activity::Finishing);
    assert_eq!(engine.bench(|_| {}, |_| {}), Err(Busy));
    engine.stop();
    assert!(answers.recv().unwrap().0.result.best_move.is_some());
}

#[test]
fn perft_is_a_job_that_counts_or_stops_within_milliseconds() {
    let mut engine = engine();
    engine.set_option("BoardSize", Some("6x6")).unwrap();
    let (sender, counts) = channel();
    engine
        .perft(4, Some(1), move |parts| sender.send(parts).unwrap())
        .unwrap();
    engine.wait();
    let parts = counts.recv().unwrap().unwrap();
    assert_eq!(parts.len(), 4);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 156);
    // A perft that would never end gives up once stopped.
    let (sender, counts) = channel();
    engine.set_option("BoardSize", Some("8x8")).unwrap();
    engine
        .perft(30, None, move |parts| {
            sender.send((parts, Instant::now())).unwrap()
        })
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(engine.activity(), Activity::Finishing);
    let stopped = Instant::now();
    engine.stop();
    let (parts, at) = counts.recv().unwrap();
    assert_eq!(parts, None);
    let waited = at.duration_since(stopped);
    assert!(waited < Duration::from_secs(2), "{waited:?}");
    eprintln!("perft 30 stopped in {waited:?}");
}

#[test]
fn the_bench_is_a_job_that_a_stop_ends() {
    let mut engine = engine();
    let lines = Arc::new(Mutex::new(0));
    let seen = lines.clone();
    let (sender, reports) = channel();
    engine
        .bench(
            move |_| *seen.lock().unwrap() += 1,
            move |report| sender.send((report.is_some(), Instant::now())).unwrap(),
        )
        .unwrap();
    std::thread::sleep(Duration::from_millis(50));
    let stopped = Instant::now();
    engine.stop();
    let (finished, at) = reports.recv().unwrap();
    assert!(!finished);
    let waited = at.duration_since(stopped);
    assert!(waited < Duration::from_secs(2), "{waited:?}");
    eprintln!("bench stopped in {waited:?}");
    engine.wait();
    assert!(*lines.lock().unwrap() < konane_search::bench::BENCH_FENS.len());
}

#[test]
fn options_by_name_change_the_board_and_the_player() {
    let mut engine = engine();
    engine.set_option("boardsize", Some("5x4")).unwrap();
    assert_eq!(*engine.position(), Position::start("5x4".parse().unwrap()));
    assert!(engine.set_option("Hash", Some("0")).is_err());
    assert_eq!(engine.options().search.hash_mib, 4);
    // A built-in player answers instead of the search, repeatably, searching to its own
    // depth when the limits allow more (it reports that depth since it keeps to limits).
    engine.set_option("Player", Some("alphabeta2")).unwrap();
    engine.set_position(middlegame());
    let first = engine.search(SearchLimits::depth(60), |_| {}).unwrap();
    let again = engine.search(SearchLimits::depth(60), |_| {}).unwrap();
    assert_eq!(first.result.depth, 2);
    let shallower = engine.search(SearchLimits::depth(1), |_| {}).unwrap();
    assert_eq!(shallower.result.depth, 1);
    assert_eq!(first.result.best_move, again.result.best_move);
    assert!(middlegame().is_legal(first.result.best_move.unwrap()));
    engine.set_option("Clear Hash", None).unwrap();
    engine.new_game();
    assert_eq!(*engine.position(), Position::start("5x4".parse().unwrap()));
}

#[test]
fn progress_comes_before_the_answer_and_the_answer_once() {
    let mut engine = engine();
    engine.set_position(middlegame());
    let events = Arc::new(Mutex::new(Vec::new()));
    let (on_info, on_searched, on_bestmove) = (events.clone(), events.clone(), events.clone());
    let callbacks = SearchCallbacks::new(
        move |info| on_info.lock().unwrap().push(format!("info {}", info.depth)),
        move |_| on_bestmove.lock().unwrap().push("bestmove".to_string()),
    )
    .on_searched(move || on_searched.lock().unwrap().push("searched".to_string()));
    engine.go(SearchLimits::depth(4), callbacks).unwrap();
    engine.wait();
    let events = events.lock().unwrap();
    assert_eq!(
        *events,
        ["info 1", "info 2", "info 3", "info 4", "searched", "bestmove"]
    );
}

#[test]
fn the_engine_player_plays_legal_games() {
    let board: Board = "5x5".parse().unwrap();
    let mut engine = EnginePlayer::new("engine", Options::default(), SearchLimits::depth(3));
    let mut random = BuiltinPlayer::new(BuiltinKind::Random, 1);
    assert_eq!(engine.name(), "engine");
    for _ in 0..2 {
        engine.new_game();
        let mut position = Position::start(board);
        while !position.is_game_over() {
            let player: &mut dyn Agent = match position.side_to_move() {
                konane_core::Color::Black => &mut engine,
                konane_core::Color::White => &mut random,
            };
            let mv = player.choose(&position);
            assert!(position.is_legal(mv), "{mv}");
            position.play(mv);
        }
    }
}
