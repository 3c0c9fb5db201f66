//! The reader's catalogue of bad files: each gives one clear error, none a panic.

use konane_core::{Color, Move, Position};
use konane_verify::{key_of, verify, Certificate, Key, ReadError, RecordProblem, Section};
use proptest::prelude::*;

/// A small valid certificate: Black's a1c1 on `bw2 b` wins at once (leaf limit 0, so
/// the root needs its record).
fn valid() -> Vec<u8> {
    let root = Position::from_fen("bw2 b").unwrap();
    let key: Key = key_of(
        root.board(),
        root.pieces(Color::Black),
        root.pieces(Color::White),
    );
    let mv = root.parse_move("a1c1").unwrap();
    let certificate = Certificate::new(root, Color::Black, 0, vec![(key, mv)], Vec::new());
    let mut file = Vec::new();
    certificate.write(&mut file).unwrap();
    file
}

/// A leaf limit the reader would refuse cannot be written either (the writer's side of
/// the header catalogue's `leaf-pieces` bound).
#[test]
#[should_panic(expected = "a leaf limit of 21 pieces is above 20")]
fn a_certificate_cannot_be_made_above_the_leaf_limit_bound() {
    let root = Position::from_fen("bw2 b").unwrap();
    Certificate::<u64>::new(root, Color::Black, 21, Vec::new(), Vec::new());
}

/// A header for 4x1 `bw2 b` with the given counts, up to the `records` line.
fn header(won: u64, lost: u64) -> Vec<u8> {
    header_version(1, won, lost)
}

/// [`header`] in format `version`.
fn header_version(version: u32, won: u64, lost: u64) -> Vec<u8> {
    format!(
        "konane-certificate {version}\nboard 4x1\nroot bw2 b\nwinner Black\nleaf-pieces 0\nwon {won}\nlost {lost}\nrecords\n"
    )
    .into_bytes()
}

fn read(bytes: &[u8]) -> Result<Certificate, ReadError> {
    Certificate::read(bytes)
}

fn error(bytes: &[u8]) -> String {
    read(bytes)
        .expect_err("the file must be refused")
        .to_string()
}

fn header_error(text: &str) -> (usize, String) {
    match read(text.as_bytes()) {
        Err(ReadError::Header { line, message }) => (line, message),
        other => panic!("expected a header error for {text:?}, got {other:?}"),
    }
}

fn record_problem(bytes: &[u8]) -> (Section, u64, RecordProblem) {
    match read(bytes) {
        Err(ReadError::Record {
            section,
            index,
            problem,
        }) => (section, index, problem),
        other => panic!("expected a record error, got {other:?}"),
    }
}

#[test]
fn the_valid_file_reads_and_verifies() {
    let certificate = read(&valid()).unwrap();
    assert_eq!(certificate.won().len(), 1);
    assert_eq!(
        certificate.won()[0].1,
        Move::jump(
            konane_core::Square::new(0, 0),
            konane_core::Square::new(2, 0)
        )
    );
    verify(&certificate).unwrap();
}

#[test]
fn not_a_certificate() {
    for bytes in [
        &b""[..],
        b"hello\n",
        b"\x00\xff\xfe garbage",
        b"konane-certificate",
    ] {
        assert!(
            matches!(read(bytes), Err(ReadError::NotACertificate)),
            "{bytes:?}"
        );
    }
    assert!(error(b"PK\x03\x04").contains("not a certificate"));
}

#[test]
fn header_catalogue() {
    let good = String::from_utf8(header(1, 0)).unwrap();
    let cases: [(&str, &str, usize, &str); 15] = [
        (
            "konane-certificate 1",
            "konane-certificate 3",
            1,
            "version '3' is not supported",
        ),
        (
            "konane-certificate 1",
            "konane-certificate 01",
            1,
            "version '01'",
        ),
        ("board 4x1", "board 17x9", 2, "17x9 is out of range"),
        (
            "board 4x1",
            "board 9x9",
            2,
            "board 9x9 has 81 squares: version 1 certificates hold boards of at most 64",
        ),
        ("board 4x1", "board big", 2, "not of the form WxH"),
        ("board 4x1", "board 4x2", 3, "on a 4x1 board, not 4x2"),
        ("root bw2 b", "root bw2 q", 3, "bad root FEN"),
        ("root bw2 b", "rot bw2 b", 3, "expected 'root …'"),
        ("winner Black", "winner black", 4, "must be Black or White"),
        ("leaf-pieces 0", "leaf-pieces 21", 5, "from 0 to 20"),
        ("leaf-pieces 0", "leaf-pieces -1", 5, "from 0 to 20"),
        ("won 1", "won 99999999999999999999", 6, "not a record count"),
        ("won 1", "won 0x10", 6, "not a record count"),
        ("lost 0", "lost 007", 7, "not a record count"),
        ("records", "record", 8, "expected 'records'"),
    ];
    for (from, to, line, message) in cases {
        let text = good.replacen(from, to, 1);
        let (found_line, found) = header_error(&text);
        assert_eq!(found_line, line, "{text}: {found}");
        assert!(found.contains(message), "{text}: {found}");
    }
}

#[test]
fn header_lines_are_bounded_and_text() {
    let long = format!("konane-certificate 1\nboard {}\n", "9".repeat(10_000));
    let (line, message) = header_error(&long);
    assert_eq!(line, 2);
    assert!(message.contains("longer than 256 bytes"), "{message}");
    let mut bytes = b"konane-certificate 1\nboard \xff\xfe\n".to_vec();
    bytes.extend(b"records\n");
    match read(&bytes) {
        Err(ReadError::Header { line: 2, message }) => assert!(message.contains("UTF-8")),
        other => panic!("{other:?}"),
    }
    let (line, message) = header_error("konane-certificate 1\nboard 4x1\nroot bw2 b");
    assert_eq!(line, 3);
    assert!(message.contains("ends inside the header"), "{message}");
}

#[test]
fn truncated_bodies() {
    let file = valid();
    let body = header(1, 0).len();
    // Cut inside the record, then inside the trailer.
    for cut in body..file.len() {
        let message = error(&file[..cut]);
        let inside_record = cut < body + 4; // occupancy, exceptions, two move bytes
        if inside_record {
            assert!(message.contains("won record 0"), "{cut}: {message}");
            assert!(message.contains("truncated"), "{cut}: {message}");
        } else {
            assert!(message.contains("'end'"), "{cut}: {message}");
        }
    }
    // More records announced than present.
    let mut bytes = header(2, 0);
    bytes.extend(&file[body..body + 4]);
    assert_eq!(
        record_problem(&bytes),
        (Section::Won, 1, RecordProblem::Truncated)
    );
}

#[test]
fn trailing_data_is_refused() {
    let mut file = valid();
    file.extend(b"more");
    assert!(matches!(read(&file), Err(ReadError::Trailer)));
}

#[test]
fn oversized_numbers_are_refused() {
    let mut bytes = header(1, 0);
    bytes.extend([0xff; 11]);
    assert_eq!(
        record_problem(&bytes),
        (Section::Won, 0, RecordProblem::OversizedNumber)
    );
    // Ten bytes whose last carries more than the 64th bit.
    let mut bytes = header(1, 0);
    bytes.extend([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]);
    assert_eq!(
        record_problem(&bytes),
        (Section::Won, 0, RecordProblem::OversizedNumber)
    );
}

#[test]
fn records_must_lie_on_the_board_and_in_order() {
    // Occupancy 0b10000 is a fifth square on a 4x1 board.
    let mut bytes = header(0, 1);
    bytes.extend([0b1_0000, 0]);
    let (_, _, problem) = record_problem(&bytes);
    assert!(problem.to_string().contains("beyond the board"));
    // Two pieces, three colour exceptions.
    let mut bytes = header(0, 1);
    bytes.extend([0b11, 0b100]);
    let (_, _, problem) = record_problem(&bytes);
    assert!(problem.to_string().contains("more pieces than it has"));
    // A repeat: the second record's occupancy delta is 0 with equal exceptions.
    let mut bytes = header(0, 2);
    bytes.extend([0b11, 0, 0, 0]);
    assert_eq!(
        record_problem(&bytes),
        (Section::Lost, 1, RecordProblem::Unsorted)
    );
    // A delta that carries past 64 bits.
    let mut bytes = header(0, 2);
    bytes.extend([0b11, 0]);
    bytes.extend([
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0,
    ]);
    assert_eq!(
        record_problem(&bytes),
        (Section::Lost, 1, RecordProblem::OccupancyOverflow)
    );
    // A move to square 4 of a 4-square board.
    let mut bytes = header(1, 0);
    bytes.extend([0b11, 0, 0x80, 0x02]);
    let (_, _, problem) = record_problem(&bytes);
    assert!(problem.to_string().contains("off the board"), "{problem}");
}

#[test]
fn version_2_reads_the_same_proof() {
    let certificate = read(&valid()).unwrap();
    let mut file = Vec::new();
    certificate.write_version(&mut file, 2).unwrap();
    // The same header but for the version, and the move code a1 + 256 * c1 = 512.
    let mut expected = header_version(2, 1, 0);
    expected.extend([0b11, 0, 0x80, 0x04]);
    expected.extend(b"end\n");
    assert_eq!(file, expected);
    assert_eq!(read(&file).unwrap(), certificate);
    // The version 1 move code read as version 2 is another move (a1 + 256 * 0 with
    // from 128 % 256 = 128: off the 4-square board).
    let mut bytes = header_version(2, 1, 0);
    bytes.extend([0b11, 0, 0x80, 0x01]);
    bytes.extend(b"end\n");
    let (_, _, problem) = record_problem(&bytes);
    assert!(problem.to_string().contains("move code 128"), "{problem}");
    // Version 1 cannot hold a board of more than 64 squares.
    let wide = Position::start("9x8".parse().unwrap());
    let empty: Certificate<konane_core::U256> =
        Certificate::new(wide, Color::White, 18, Vec::new(), Vec::new());
    assert!(empty.write_version(Vec::new(), 1).is_err());
    assert!(empty.write_version(Vec::new(), 3).is_err());
    assert_eq!(empty.version(), 2);
}

/// Non-minimal LEB128 (a last byte 0 after other bytes) is refused: every number has
/// one encoding, so a certificate's bytes are a function of its proof.
#[test]
fn non_minimal_numbers_are_refused() {
    for version in [1, 2] {
        // `80 00` for the exceptions 0, `83 00` for the occupancy 3, `80 81 00` for 128.
        for record in [
            &[0x03, 0x80, 0x00][..],
            &[0x83, 0x00, 0x00],
            &[0x03, 0x00, 0x80, 0x81, 0x00],
        ] {
            let mut bytes = header_version(version, 1, 0);
            bytes.extend(record);
            assert_eq!(
                record_problem(&bytes),
                (Section::Won, 0, RecordProblem::NonMinimalNumber),
                "version {version}, {record:x?}"
            );
        }
        // A single byte 0 is the shortest form of 0.
        let mut bytes = header_version(version, 0, 1);
        bytes.extend([0x03, 0x00]);
        bytes.extend(b"end\n");
        assert!(read(&bytes).is_ok());
    }
}

#[test]
fn version_2_numbers_have_at_most_256_bits() {
    // 2^256 - 1 in 37 bytes: a number the format allows, a square beyond the board.
    let mut bytes = header_version(2, 0, 1);
    bytes.extend([0xff; 36]);
    bytes.push(0x0f);
    bytes.push(0);
    let (_, _, problem) = record_problem(&bytes);
    assert!(
        problem.to_string().contains("beyond the board"),
        "{problem}"
    );
    // One bit more, or a 38th byte.
    for last in [&[0x1f][..], &[0x8f, 0x00]] {
        let mut bytes = header_version(2, 0, 1);
        bytes.extend([0xff; 36]);
        bytes.extend(last);
        assert_eq!(
            record_problem(&bytes),
            (Section::Lost, 0, RecordProblem::OversizedNumber)
        );
    }
}

/// The line limit counts the bytes before the line feed: 256 in version 1, 512 in
/// version 2.
#[test]
fn the_line_limit_does_not_count_the_line_feed() {
    for (version, limit) in [(1, 256), (2, 512)] {
        for (length, too_long) in [(limit, false), (limit + 1, true)] {
            let text = format!(
                "konane-certificate {version}\nboard 4x1\nroot {}\n",
                "b".repeat(length - "root ".len())
            );
            let (line, message) = header_error(&text);
            assert_eq!(line, 3);
            assert_eq!(
                message.contains(&format!("longer than {limit} bytes")),
                too_long,
                "{version} {length}: {message}"
            );
        }
    }
}

/// Exception bits at or beyond the record's number of pieces are refused, in both
/// versions, even where the extra bit would be a square of the board.
#[test]
fn exception_bits_beyond_the_pieces_are_refused() {
    for version in [1, 2] {
        for exceptions in [0b100u8, 0b1000, 0x40] {
            let mut bytes = header_version(version, 0, 1);
            bytes.extend([0b11, exceptions]);
            let (_, _, problem) = record_problem(&bytes);
            assert_eq!(
                problem,
                RecordProblem::Key(konane_verify::KeyError::StrayException),
                "{version} {exceptions}"
            );
        }
    }
}

/// A move code whose from or to square is off the board is refused when the file is
/// read, before any check of the proof.
#[test]
fn move_codes_off_the_board_are_refused() {
    // Version 1, 4x1: from 4; to 4 (4 * 64); from 63 to 63. Version 2: from 4; to 4
    // (4 * 256); from 255.
    let cases: [(u32, &[u8]); 6] = [
        (1, &[0x04]),
        (1, &[0x80, 0x02]),
        (1, &[0xff, 0x1f]),
        (2, &[0x04]),
        (2, &[0x80, 0x08]),
        (2, &[0xff, 0x01]),
    ];
    for (version, code) in cases {
        let mut bytes = header_version(version, 1, 0);
        bytes.extend([0b11, 0]);
        bytes.extend(code);
        bytes.extend(b"end\n");
        let (_, _, problem) = record_problem(&bytes);
        assert!(
            matches!(problem, RecordProblem::MoveOffBoard(_)),
            "{version} {code:x?}: {problem}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Changed bytes give an error or a certificate the checker judges; never a panic.
    #[test]
    fn damaged_files_never_panic(at in 0usize..200, value: u8, cut in 0usize..200) {
        let mut file = valid();
        if at < file.len() {
            file[at] = value;
        }
        file.truncate(cut.max(1));
        if let Ok(certificate) = read(&file) {
            let _ = verify(&certificate);
        }
    }

    /// Random bodies after a valid header never panic the reader or the checker.
    #[test]
    fn random_bodies_never_panic(body in proptest::collection::vec(any::<u8>(), 0..64), won in 0u64..4, lost in 0u64..4) {
        let mut file = header(won, lost);
        file.extend(body);
        if let Ok(certificate) = read(&file) {
            let _ = verify(&certificate);
        }
    }
}
