#!/usr/bin/env python3
"""Nodes per second of the two evaluations side by side: the six 8x8 bench positions
searched to DEPTH by KONANE with Eval classic and then Eval nnue (EndgameSolver off, a
new game before each), ROUNDS times in turn; prints the nodes, the search time and the
speed of each run. NET, when given, is the net of Eval nnue (EvalFile; else the
built-in net).

  speed.py KONANE [DEPTH (12)] [ROUNDS (2)] [NET]
"""

import os
import re
import subprocess
import sys

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../crates/konane-search/src/bench.rs")


def rank_width(rank):
    """The squares of one FEN rank (`b2wb`: 5)."""
    return sum(int(token) if token.isdigit() else 1 for token in re.findall(r"\d+|\D", rank))


def bench_fens_8x8():
    """The 8x8 positions of the bench, read from its one list (BENCH_FENS in bench.rs)."""
    with open(BENCH, encoding="utf-8") as f:
        text = f.read()
    listed = text[text.index("pub const BENCH_FENS"):]
    listed = listed[: listed.index("];")]
    fens = []
    for fen in re.findall(r'"([^"]+)"', listed):
        ranks = fen.split()[0].split("/")
        if len(ranks) == 8 and all(rank_width(rank) == 8 for rank in ranks):
            fens.append(fen)
    return fens


FENS = bench_fens_8x8()


def run(konane, evaluation, depth, net):
    commands = [f"setoption name EvalFile value {net}"] if net else []
    commands += [f"setoption name Eval value {evaluation}", "setoption name EndgameSolver value false"]
    for fen in FENS:
        commands += ["ucinewgame", f"position fen {fen}", f"go depth {depth}"]
    commands.append("quit")
    out = subprocess.run(
        [konane], input="\n".join(commands) + "\n", capture_output=True, text=True, timeout=600
    ).stdout
    nodes = time_ms = searches = 0
    last = None
    for line in out.splitlines():
        if line.startswith("info depth"):
            last = line
        elif line.startswith("bestmove") and last:
            nodes += int(re.search(r" nodes (\d+)", last).group(1))
            time_ms += int(re.search(r" time (\d+)", last).group(1))
            searches += 1
            last = None
    if searches != len(FENS):
        sys.exit(f"{searches} of {len(FENS)} searches answered:\n{out}")
    return nodes, time_ms


def main():
    konane = sys.argv[1]
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    net = sys.argv[4] if len(sys.argv) > 4 else ""
    for _ in range(rounds):
        for evaluation in ("classic", "nnue"):
            nodes, time_ms = run(konane, evaluation, depth, net)
            print(f"{evaluation}: {nodes} nodes in {time_ms} ms, {nodes * 1000 // max(time_ms, 1)} nps")


if __name__ == "__main__":
    main()
