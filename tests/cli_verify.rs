//! End-to-end: `konane solve --certificate` and `konane verify` run as processes, on
//! fresh certificates, damaged ones, bad files, and the certificates committed in
//! certificates/ (every board up to 6x6, the narrow boards, 5x9 and 9x5).

mod common;

use common::run as konane;

use std::path::{Path, PathBuf};

/// A scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-verify-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `konane solve ARGS --certificate PATH`, which must succeed: its output.
fn solve_to(path: &str, args: &[&str]) -> String {
    common::run_ok(&[&["solve"], args, &["--certificate", path]].concat())
}

/// Runs `konane verify` on `path`, which must fail: its one line of error.
fn verify_fails(path: &Path) -> String {
    let err = common::run_fails(&["verify", path.to_str().unwrap()]);
    assert_eq!(err.lines().count(), 1, "one line of error: {err}");
    assert!(err.starts_with("konane: "), "{err}");
    err
}

#[test]
fn a_solved_board_verifies() {
    let dir = scratch("solved");
    let file = dir.join("5x5.cert");
    let path = file.to_str().unwrap();
    let text = solve_to(path, &["--size", "5x5", "--leaf-pieces", "6"]);
    assert!(text.contains("Certificate: "), "{text}");
    assert!(text.contains("leaf limit 6 pieces"), "{text}");
    let text = common::run_ok(&["verify", path]);
    assert!(text.contains("5x5 claims Black wins"), "{text}");
    assert!(text.contains("Verified: Black wins"), "{text}");
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("5x5.cert")]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn positions_after_moves_and_fens_certify() {
    let dir = scratch("moves");
    let file = dir.join("after.cert");
    let path = file.to_str().unwrap();
    solve_to(path, &["--size", "6x5", "--moves", "a5 b5"]);
    let text = common::run_ok(&["verify", path]);
    assert!(text.contains("(Black to move)"), "{text}");
    assert!(text.contains("Verified: "), "{text}");
    solve_to(path, &["--fen", "bw2 b", "--leaf-pieces", "0"]);
    let text = common::run_ok(&["verify", path]);
    assert!(text.contains("Records: 1 won, 0 lost"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn first_win_stops_early_and_still_certifies() {
    let dir = scratch("first-win");
    let file = dir.join("5x5.cert");
    let path = file.to_str().unwrap();
    let text = solve_to(path, &["--size", "5x5", "--threads", "1", "--first-win"]);
    assert!(text.contains("Stopped at the first winning move"), "{text}");
    assert!(text.contains("Black wins"), "{text}");
    // What the stopped solve proved is listed, the winning move among it.
    let winning = text
        .lines()
        .find_map(|l| l.strip_prefix("Winning moves for Black (so far): "))
        .unwrap_or_else(|| panic!("{text}"));
    for mv in winning.split(' ') {
        assert!(text.contains(&format!("\n{mv}: wins\n")), "{text}");
    }
    let text = common::run_ok(&["verify", path]);
    assert!(text.contains("Verified: Black wins"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_certificate_fails_with_one_clear_error() {
    let dir = scratch("damaged");
    let file = dir.join("5x5.cert");
    let path = file.to_str().unwrap();
    solve_to(path, &["--size", "5x5", "--leaf-pieces", "4"]);
    let good = std::fs::read(&file).unwrap();
    let body = good.windows(8).position(|w| w == b"records\n").unwrap() + 8;
    // Every single-byte change of the records and trailer is refused (or, at worst,
    // still a valid proof of the same claim): never a crash, never a wrong "Verified".
    let damaged = dir.join("damaged.cert");
    let mut refused = 0;
    for at in (body..good.len()).step_by(7) {
        let mut bytes = good.clone();
        bytes[at] ^= 0x5a;
        std::fs::write(&damaged, &bytes).unwrap();
        let out = konane(&["verify", damaged.to_str().unwrap()]);
        if out.status.success() {
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(text.contains("Verified: Black wins"), "{text}");
        } else {
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(err.lines().count(), 1, "{err}");
            refused += 1;
        }
    }
    assert!(refused > 0);
    // Truncated.
    std::fs::write(&damaged, &good[..good.len() - 20]).unwrap();
    let err = verify_fails(&damaged);
    assert!(err.contains("not a readable certificate"), "{err}");
    // A claim about another root.
    let text = String::from_utf8_lossy(&good).replacen("winner Black", "winner White", 1);
    let mut bytes = text.as_bytes().to_vec();
    bytes.truncate(body);
    bytes.extend(&good[body..]);
    std::fs::write(&damaged, &bytes).unwrap();
    let err = verify_fails(&damaged);
    assert!(err.contains("is not a valid proof: at the root"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_files_are_one_clear_error() {
    let dir = scratch("bad");
    let missing = dir.join("missing.cert");
    assert!(verify_fails(&missing).contains("cannot open"));
    let cases: [(&str, &[u8], &str); 4] = [
        ("empty", b"", "not a certificate"),
        ("garbage", b"\x7fELF\x02\x01\x01\x00", "not a certificate"),
        (
            "version",
            b"konane-certificate 9\n",
            "version '9' is not supported",
        ),
        (
            "header",
            b"konane-certificate 1\nboard 4x4\nroot bwbw/wbwb/bwbw/wbwb b\nwinner Nobody\n",
            "header line 4: winner 'Nobody' must be Black or White",
        ),
    ];
    for (name, bytes, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let err = verify_fails(&path);
        assert!(err.contains(expected), "{name}: {err}");
    }
    let err = verify_fails(&dir);
    assert!(
        err.contains("not a readable certificate: cannot read"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn leaf_limits_are_checked_by_the_command_line() {
    let out = konane(&["solve", "--size", "3x3", "--leaf-pieces", "4"]);
    assert!(!out.status.success(), "--leaf-pieces needs --certificate");
    let out = konane(&[
        "solve",
        "--size",
        "3x3",
        "--certificate",
        "x.cert",
        "--leaf-pieces",
        "21",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("21 is not in 0..=20"));
    assert!(!Path::new("x.cert").exists());
}

/// A sharded solve (`--units`) writes no certificate: asking for one, or for
/// `--first-win`, is refused before anything runs.
#[test]
fn sharded_solves_refuse_certificate_options() {
    let dir = scratch("units");
    let units = dir.join("units.txt");
    let units = units.to_str().unwrap();
    for extra in [&["--certificate", "x.cert"][..], &["--first-win"][..]] {
        let args = [
            &["solve", "--size", "4x4", "--split", "2", "--units", units][..],
            extra,
        ]
        .concat();
        let out = konane(&args);
        assert!(!out.status.success(), "{args:?} succeeded");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot be used with"), "{err}");
        assert!(!Path::new(units).exists(), "{args:?} wrote the units file");
    }
    assert!(!Path::new("x.cert").exists());
    std::fs::remove_dir_all(dir).unwrap();
}

/// The boards of the committed certificates: every board from 1x1 to 6x6 and every
/// board with a side of at most 4 and the other at most 16 (4xN and Nx4 from N = 10 on
/// written with proof-number search, a few KB each: docs/certificates.md).
fn committed_boards() -> Vec<(u32, u32)> {
    let mut boards = Vec::new();
    for width in 1..=16 {
        for height in 1..=16 {
            let small = width <= 6 && height <= 6;
            let narrow = width.min(height) <= 4;
            if small || narrow {
                boards.push((width, height));
            }
        }
    }
    // The 5xN boards solved beyond the narrow ones, with the leaf limit 20.
    boards.extend([(5, 9), (9, 5)]);
    boards
}

/// The committed certificates, each a valid proof about the start position of its
/// board.
#[test]
fn the_committed_certificates_verify() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../certificates");
    let boards = committed_boards();
    assert_eq!(
        boards.len(),
        36 + 2 * (3 * 10) + 2 * 10 + 2,
        "6x6 and below, narrow boards (a side of at most 4), 5x9 and 9x5"
    );
    for (width, height) in boards {
        let file = folder.join(format!("{width}x{height}.cert"));
        assert!(file.exists(), "{file:?} is missing");
        // 5x9's and 9x5's take 10 to 20 s on a quiet core: more than the 60 s of other
        // commands where the machine is busy, so these get ten minutes.
        let text = common::run_ok_within(
            &["verify", file.to_str().unwrap()],
            std::time::Duration::from_secs(600),
        );
        assert!(
            text.contains(&format!(
                "Certificate {}: {width}x{height} claims",
                file.display()
            )),
            "{text}"
        );
        assert!(text.contains("Verified: "), "{text}");
        let start = konane_core::Position::start(format!("{width}x{height}").parse().unwrap());
        assert!(
            text.contains(&format!("from {} (Black to move)", start.to_fen())),
            "{text}"
        );
    }
    let committed = std::fs::read_dir(&folder).unwrap().count();
    assert_eq!(
        committed,
        committed_boards().len(),
        "no other file in certificates/"
    );
}

/// A board of more than 64 squares (9x9, a late position of 18 pieces): the certificate
/// is written in format version 2, verifies, and is refused when damaged.
#[test]
fn a_board_beyond_64_squares_certifies_in_version_2() {
    let dir = scratch("wide");
    let file = dir.join("9x9.cert");
    let path = file.to_str().unwrap();
    let fen = "4bwbwb/4wbwbw/4bw2b/4wbwbw/9/9/9/9/9 b";
    let text = solve_to(
        path,
        &["--fen", fen, "--leaf-pieces", "4", "--threads", "1"],
    );
    assert!(text.contains("format version 2"), "{text}");
    let good = std::fs::read(&file).unwrap();
    assert!(good.starts_with(b"konane-certificate 2\nboard 9x9\n"));
    let text = common::run_ok(&["verify", path]);
    assert!(text.contains("9x9 claims"), "{text}");
    assert!(text.contains("Verified: "), "{text}");
    let body = good.windows(8).position(|w| w == b"records\n").unwrap() + 8;
    let damaged = dir.join("damaged.cert");
    let mut refused = 0;
    for at in (body..good.len()).step_by(5) {
        let mut bytes = good.clone();
        bytes[at] ^= 0x21;
        std::fs::write(&damaged, &bytes).unwrap();
        let out = konane(&["verify", damaged.to_str().unwrap()]);
        if out.status.success() {
            // At worst another valid proof of the same claim.
            let claim = text.lines().last().unwrap().split(" (").next().unwrap();
            assert!(String::from_utf8_lossy(&out.stdout).contains(claim));
        } else {
            assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
            refused += 1;
        }
    }
    assert!(refused > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The points the format's text once left open, as `konane verify` settles them
/// (docs/certificates.md, "File format"): each a file that is refused with one clear error.
/// `--transpose`: the committed 6x5 proof (its sides differ by one, so a plain swap of
/// files and ranks would change the start layout's colours) turned onto 5x6 verifies
/// there with White the winner, as 5x6's own certificate says; turned back it is the
/// committed file byte for byte; and a folder holding the file itself is refused.
#[test]
fn a_proof_turned_onto_the_transposed_board_verifies_there() {
    let dir = scratch("transpose");
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../certificates");
    let path = |p: &Path| p.to_str().unwrap().to_string();
    let (six_by_five, turned_dir) = (committed.join("6x5.cert"), dir.join("5x6"));
    let out = common::run_ok(&[
        "verify",
        &path(&six_by_five),
        "--transpose",
        &path(&turned_dir),
    ]);
    assert!(out.contains("Transposed "), "{out}");
    assert!(
        out.contains("5x6 claims White wins from bwbwb/wbwbw/bwbwb/wbwbw/bwbwb/wbwbw b"),
        "{out}"
    );
    assert_eq!(out.matches("Verified: White wins").count(), 2, "{out}");
    let own = common::run_ok(&["verify", &path(&committed.join("5x6.cert"))]);
    assert!(own.contains("Verified: White wins"), "{own}");
    let turned = turned_dir.join("6x5.cert");
    let back = dir.join("back");
    common::run_ok(&["verify", &path(&turned), "--transpose", &path(&back)]);
    assert_eq!(
        std::fs::read(back.join("6x5.cert")).unwrap(),
        std::fs::read(&six_by_five).unwrap()
    );
    let error = common::run_fails(&["verify", &path(&turned), "--transpose", &path(&turned_dir)]);
    assert!(error.contains("would write over"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_settled_points_of_the_format() {
    let dir = scratch("settled");
    // 4x1 `bw2 b`: Black's a1c1 wins at once; leaf limit 0, so the root has its record.
    let header = |won: u32, lost: u32| {
        format!(
            "konane-certificate 1\nboard 4x1\nroot bw2 b\nwinner Black\nleaf-pieces 0\nwon {won}\nlost {lost}\nrecords\n"
        )
        .into_bytes()
    };
    let file = |name: &str, parts: &[&[u8]]| {
        let path = dir.join(name);
        std::fs::write(&path, parts.concat()).unwrap();
        path
    };
    let valid = file(
        "valid",
        &[&header(1, 0), &[0x03, 0x00, 0x80, 0x01], b"end\n"],
    );
    let text = common::run_ok(&["verify", valid.to_str().unwrap()]);
    assert!(text.contains("Verified: Black wins"), "{text}");
    let cases: [(&str, Vec<u8>, &str); 5] = [
        (
            // `80 00` for the exceptions 0.
            "non-minimal",
            [&header(1, 0)[..], &[0x03, 0x80, 0x00, 0x80, 0x01], b"end\n"].concat(),
            "won record 0: a number is not in its shortest form",
        ),
        (
            // Two pieces, an exception bit for a third.
            "exceptions",
            [&header(1, 0)[..], &[0x03, 0x04, 0x80, 0x01], b"end\n"].concat(),
            "won record 0: its colour exceptions name more pieces than it has",
        ),
        (
            // a1 to square 4 (4 * 64 = 256) of a 4-square board.
            "off-board",
            [&header(1, 0)[..], &[0x03, 0x00, 0x80, 0x02], b"end\n"].concat(),
            "won record 0: its move code 256 names a square off the board",
        ),
        (
            // A lost record of `2b1 w` (c1 alone, White to move: no move): never looked
            // up, so a record the proof does not reach.
            "moveless",
            [
                &header(1, 1)[..],
                &[0x03, 0x00, 0x80, 0x01, 0x04, 0x00],
                b"end\n",
            ]
            .concat(),
            "1 records are not reached from the root (the first: lost record 0",
        ),
        (
            // 257 bytes before the line feed.
            "long-line",
            format!(
                "konane-certificate 1\nboard 4x1\nroot {}\n",
                "b".repeat(252)
            )
            .into_bytes(),
            "header line 3: the line is longer than 256 bytes",
        ),
    ];
    for (name, bytes, expected) in cases {
        let path = file(name, &[&bytes]);
        let err = verify_fails(&path);
        assert!(err.contains(expected), "{name}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `Leaves:` counts arrivals at leaves (a leaf reached along two lines counts twice).
#[test]
fn the_leaf_line_says_what_it_counts() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../certificates/6x5.cert");
    let text = common::run_ok(&["verify", file.to_str().unwrap()]);
    assert!(
        text.contains("arrivals at positions of at most 16 pieces with a move"),
        "{text}"
    );
}
