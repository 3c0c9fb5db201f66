#!/usr/bin/env python3
"""Time to a fixed depth through the protocol (docs/search.md, "Lazy SMP").

usage: scripts/time-to-depth.py ENGINE THREADS DEPTH

Starts a fresh ENGINE for each of issue 22's three 8x8 positions (after `d5 d4`,
`d5 d4 d7d5 f6d6`, `a8 b8 a6a8`), sets Hash 64 and Threads, sends `go depth DEPTH` and
prints the `info depth DEPTH` line's time and nodes, the wall time from `go` to
`bestmove`, and the sums with the load average.
"""
import os
import subprocess
import sys
import time

POSITIONS = ["d5 d4", "d5 d4 d7d5 f6d6", "a8 b8 a6a8"]


def field(words, name):
    return words[words.index(name) + 1]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2])
    engine, threads, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    wall_total = nodes_total = 0
    for moves in POSITIONS:
        proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        proc.stdin.write(f"uci\nsetoption name Hash value 64\nsetoption name Threads value {threads}\nisready\n")
        proc.stdin.flush()
        for line in proc.stdout:
            if line.startswith("readyok"):
                break
        proc.stdin.write(f"position startpos moves {moves}\ngo depth {depth}\n")
        proc.stdin.flush()
        started = time.time()
        last = best = None
        for line in proc.stdout:
            if line.startswith(f"info depth {depth} "):
                last = line.split()
            if line.startswith("bestmove"):
                best = line.strip()
                break
        wall = int((time.time() - started) * 1000)
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait(timeout=30)
        if last is None:
            sys.exit(f"[{moves}] no info line at depth {depth}")
        nodes = int(field(last, "nodes"))
        print(f"[{moves}] threads {threads}: time {field(last, 'time')} ms, wall {wall} ms, "
              f"nodes {nodes}, {best}", flush=True)
        wall_total += wall
        nodes_total += nodes
    load = " ".join(open("/proc/loadavg").read().split()[:3])
    print(f"total: wall {wall_total} ms, nodes {nodes_total}, load {load}")


if __name__ == "__main__":
    main()
