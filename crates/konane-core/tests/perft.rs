//! Perft from the start position against the reference counts of rules.md.

use konane_core::perft::{divide, perft, perft_parallel};
use konane_core::{Board, Position};

const PERFT_8X8: [u64; 12] = [
    4, 12, 28, 172, 892, 7124, 52044, 508088, 4633660, 51883544, 552955020, 6862224804,
];
const PERFT_6X6: [u64; 11] = [
    4, 12, 28, 156, 668, 4192, 22676, 162288, 1030412, 7922304, 55065776,
];

fn start(size: &str) -> Position {
    Position::start(size.parse::<Board>().unwrap())
}

/// Checks perft from the start of `size` against `expected` up to `depth`.
fn check(size: &str, expected: &[u64], depth: usize) {
    let pos = start(size);
    for (i, &count) in expected.iter().enumerate().take(depth) {
        assert_eq!(perft(&pos, i as u32 + 1), count, "{size} depth {}", i + 1);
    }
}

#[test]
fn perft_8x8_to_depth_9() {
    check("8x8", &PERFT_8X8, 9);
}

#[test]
fn perft_6x6_to_depth_9() {
    check("6x6", &PERFT_6X6, 9);
}

#[test]
fn parallel_perft_and_divide_agree_with_perft() {
    let pos = start("8x8");
    assert_eq!(perft_parallel(&pos, 8), PERFT_8X8[7]);
    let parts = divide(&pos, 8);
    assert_eq!(parts.len(), 4);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), PERFT_8X8[7]);
    let parallel = konane_core::perft::divide_parallel(&pos, 8);
    assert_eq!(parts, parallel);
}

#[test]
fn perft_depth_zero_is_one() {
    assert_eq!(perft(&start("3x5"), 0), 1);
}

#[test]
#[ignore = "deep: run with --ignored (release build recommended)"]
fn perft_8x8_deep() {
    let pos = start("8x8");
    for depth in 10..=11 {
        assert_eq!(perft_parallel(&pos, depth), PERFT_8X8[depth as usize - 1]);
    }
}

#[test]
#[ignore = "deep: run with --ignored"]
fn perft_6x6_deep() {
    let pos = start("6x6");
    for depth in 10..=11 {
        assert_eq!(perft_parallel(&pos, depth), PERFT_6X6[depth as usize - 1]);
    }
}

#[test]
fn abortable_divide_gives_the_same_counts_or_gives_up_when_stopped() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    let pos = start("6x6");
    let never = || false;
    let parts = konane_core::perft::divide_parallel_until(&pos, 9, &never).unwrap();
    assert_eq!(parts, konane_core::perft::divide_parallel(&pos, 9));
    // A perft far too deep to finish gives up soon after the flag is set.
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let stopped = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
        });
        konane_core::perft::divide_parallel_until(&start("8x8"), 30, &|| {
            stop.load(Ordering::Relaxed)
        })
    });
    assert_eq!(stopped, None);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}
