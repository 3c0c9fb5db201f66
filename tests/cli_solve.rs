//! End-to-end: `konane solve` run as a process.

mod common;

fn solve(args: &[&str]) -> String {
    common::run_ok(&[&["solve"], args].concat())
}

#[test]
fn white_wins_4x4() {
    let text = solve(&["--size", "4x4", "--threads", "1"]);
    assert!(text.contains("White wins"), "{text}");
    assert!(text.contains("Winning moves for Black: none"), "{text}");
    assert!(text.contains("Nodes: "), "{text}");
}

#[test]
fn all_lists_every_root_move_of_5x5() {
    let text = solve(&["--size", "5x5", "--all", "--threads", "2"]);
    assert!(text.contains("Black wins"), "{text}");
    for mv in ["a1", "e1", "a5", "e5", "c3"] {
        assert!(
            text.contains(&format!("\n{mv}: ")),
            "{mv} missing in {text}"
        );
    }
}

#[test]
fn a_fen_is_solved_with_its_winning_move() {
    // Black on a1 jumps White on b1 and leaves White without a move.
    let text = solve(&["--fen", "bw2 b"]);
    assert!(text.contains("Black wins"), "{text}");
    assert!(text.contains("Winning moves for Black: a1c1"), "{text}");
    let text = solve(&["--fen", "4/4 b"]);
    assert!(text.contains("White wins"), "{text}");
}

#[test]
fn a_bad_size_is_one_clear_error() {
    let out = common::run(&["solve", "--size", "17x17"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("17x17"), "{err}");
}

#[test]
fn moves_are_played_before_solving() {
    // After Black's c3 on 5x5 White is to move and loses whatever it removes.
    let text = solve(&["--size", "5x5", "--moves", "c3", "--all"]);
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("Black wins"), "{text}");
    assert!(text.contains("Winning moves for White: none"), "{text}");
    let out = common::run(&["solve", "--size", "5x5", "--moves", "c3 a1"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("move 2 of --moves"), "{err}");
}

/// The number after `prefix` in `text` (up to the next non-digit).
fn number_after(text: &str, prefix: &str) -> u64 {
    let at = text
        .find(prefix)
        .unwrap_or_else(|| panic!("{prefix} in {text}"))
        + prefix.len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("a number after {prefix} in {text}"))
}

#[test]
fn a_solve_keeps_its_proven_positions_and_a_second_run_starts_from_them() {
    let file = std::env::temp_dir().join(format!("konane-keep-{}.proven", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let args = [
        "--size",
        "6x5",
        "--threads",
        "1",
        "--keep-proven",
        path,
        "--keep-pieces",
        "12",
    ];
    let first = solve(&args);
    assert!(first.contains(": 0 loaded"), "{first}");
    assert!(first.contains("peak resident"), "{first}");
    let second = solve(&args);
    let loaded = number_after(&second, &format!("{path}: "));
    assert!(loaded > 0, "{second}");
    let verdict = |text: &str| {
        text.lines()
            .find(|l| l.ends_with(" wins"))
            .map(str::to_owned)
    };
    assert_eq!(verdict(&first), verdict(&second));
    assert!(
        number_after(&second, "Nodes: ") < number_after(&first, "Nodes: "),
        "{first}\n{second}"
    );
    // A file of something else is one clear error.
    std::fs::write(&file, "not proven positions\n").unwrap();
    let out = common::run(&[&["solve"], &args[..]].concat());
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not a file of proven positions"), "{err}");
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_bad_memory_size_is_one_clear_error() {
    for size in ["lots", "1MiB"] {
        let out = common::run(&["solve", "--size", "4x4", "--memory", size]);
        assert!(!out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("--memory") && err.contains(size), "{err}");
    }
    let text = solve(&["--size", "4x4", "--memory", "256MiB", "--threads", "1"]);
    assert!(text.contains("White wins"), "{text}");
}

#[test]
fn progress_goes_to_a_log_as_plain_lines() {
    let line = common::first_progress_line(
        &[
            "solve",
            "--size",
            "6x6",
            "--all",
            "--threads",
            "1",
            "--progress-every",
            "0.2",
        ],
        "/4 root moves  ",
    );
    assert!(
        line.contains(" nodes, ") && line.contains(" M nodes/s"),
        "{line}"
    );
    let err = common::run_fails(&["solve", "--size", "4x4", "--progress-every", "0"]);
    assert!(err.contains("give 0.2 to 86400 seconds"), "{err}");
}

/// A setting of the proof-number search steers it, never its verdicts: the one-thread
/// 6x6 solve with `flag` at each of `values` (`None`: the default) finds 6x6 a White
/// win with no winning first removal, in three different node counts; and `flag` at
/// `bad` is one clear error that names the flag and says `why`.
fn steers_the_nodes_not_the_verdict(flag: &str, values: [Option<&str>; 3], bad: &str, why: &str) {
    let nodes: Vec<u64> = values
        .into_iter()
        .map(|value| {
            let mut args = vec!["--size", "6x6", "--threads", "1"];
            if let Some(value) = value {
                args.extend([flag, value]);
            }
            let text = solve(&args);
            assert!(text.contains("White wins"), "{flag} {value:?}: {text}");
            assert!(text.contains("Winning moves for Black: none"), "{text}");
            number_after(&text, "Nodes: ")
        })
        .collect();
    assert!(
        nodes[0] != nodes[1] && nodes[1] != nodes[2],
        "{flag} {nodes:?}"
    );
    let err = common::run_fails(&["solve", "--size", "4x4", flag, bad]);
    assert!(err.contains(flag) && err.contains(why), "{err}");
}

/// `--pn-epsilon`: ε = 1/4, the default 1/8 and plain thresholds; a fraction with
/// denominator 0 is refused.
#[test]
fn the_epsilon_changes_the_nodes_and_never_the_verdict() {
    steers_the_nodes_not_the_verdict(
        "--pn-epsilon",
        [Some("1/4"), None, Some("0")],
        "1/0",
        "denominator of 0",
    );
}

/// `--pn-first-dn-ours`: without it, the default 1 and 3; a weight above 64 is refused.
#[test]
fn the_first_disproof_weight_changes_the_nodes_and_never_the_verdict() {
    steers_the_nodes_not_the_verdict(
        "--pn-first-dn-ours",
        [Some("0"), None, Some("3")],
        "65",
        "65",
    );
}

/// `--pn-dn-share` (6x6 is searched by proof numbers): the plain sum, the default and
/// the bare largest child; a share above 100 is refused.
#[test]
fn the_disproof_share_changes_the_nodes_and_never_the_verdict() {
    steers_the_nodes_not_the_verdict(
        "--pn-dn-share",
        [Some("100"), Some("60"), Some("0")],
        "101",
        "101",
    );
}
