#!/usr/bin/env python3
"""Checks a net file in the engine: the konane binary loads it (options EvalFile and
Eval nnue), its `eval` gives each position of CHECK (`FEN;EVAL` lines written by
train.py --check from the trainer's integer inference) the same evaluation, and it
searches the start position with it to depth 5.

  check.py KONANE NET CHECK
"""

import subprocess
import sys


def main():
    konane, net, check = sys.argv[1:4]
    expected = [line.strip().split(";") for line in open(check) if line.strip()]
    if not expected:
        sys.exit(f"{check} has no positions")
    commands = [f"setoption name EvalFile value {net}", "setoption name Eval value nnue"]
    for fen, _ in expected:
        commands += [f"position fen {fen}", "eval"]
    commands += ["position startpos", "go depth 5", "isready", "quit"]
    run = subprocess.run(
        [konane], input="\n".join(commands) + "\n", capture_output=True, text=True, timeout=120
    )
    if run.returncode != 0 or "error" in run.stdout.lower():
        sys.exit(f"konane failed (exit {run.returncode}):\n{run.stdout}\n{run.stderr}")
    totals = [int(line.split()[1]) for line in run.stdout.splitlines() if line.startswith("total")]
    if len(totals) != len(expected):
        sys.exit(f"expected {len(expected)} evaluations, konane printed {len(totals)}:\n{run.stdout}")
    for (fen, value), total in zip(expected, totals):
        if int(value) != total:
            sys.exit(f"{fen}: the trainer's integer evaluation is {value}, konane's {total}")
    if not any(line.startswith("bestmove ") for line in run.stdout.splitlines()):
        sys.exit(f"no bestmove from the search with the net:\n{run.stdout}")
    print(f"konane agrees with the trainer on {len(totals)} positions and searches with the net")


if __name__ == "__main__":
    main()
