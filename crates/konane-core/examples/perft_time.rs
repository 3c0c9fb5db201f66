fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: konane_core::Board = args[1].parse().unwrap();
    let depth: u32 = args[2].parse().unwrap();
    let p = konane_core::Position::start(board);
    let t = std::time::Instant::now();
    let n = konane_core::perft::perft(&p, depth);
    println!("{n} {:.3}", t.elapsed().as_secs_f64());
}
