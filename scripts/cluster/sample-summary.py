#!/usr/bin/env python3
"""The cost of a sharded solve, estimated from the samples of scripts/cluster/sample.sh.

Usage: scripts/cluster/sample-summary.py DIR/samples.txt [--rounds LOW HIGH]

Each sample walked down from the start through splits, noting at each level the units
of the split (N) and the fewest of them that a proof of each winner needs (Black's and
White's proof numbers), and solved the unit it reached. Its estimate of the proof's
cost is the product, over the levels, of the units a proof needs there times the nodes
of the unit reached: Knuth's estimate of a tree's size, with the proof's units taken to
cost what a unit drawn at random costs. The winner of each level's position is not
known, so the estimate is a range: the smaller proof number of each level (low) and the
larger (high). Rounds of cheapest proofs solve more units than a proof needs (some come
out the other way): --rounds multiplies the range by that factor (default 1.5 and 9.4,
the range measured on 6x6 at 2 to 6 plies, docs/cluster.md "Cost of splitting").
Prints the figures as Markdown.
"""

import math
import random
import statistics
import sys


def parse(path):
    """The samples of the file: (levels, pieces, winner, nodes, seconds, peak MiB)."""
    samples = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if line.startswith("#") or not line.strip():
                continue
            fields = [f.strip() for f in line.split("|")]
            if len(fields) != 9:
                sys.exit(f"{path}:{number}: expected 9 fields separated by '|', got {len(fields)}")
            try:
                levels = [] if fields[1] == "none" else [
                    tuple(int(x) for x in level.split(":")) for level in fields[1].split(",")
                ]
                if any(len(level) != 3 for level in levels):
                    raise ValueError("a level is not units:black:white")
                samples.append(
                    (levels, int(fields[3]), fields[4], int(fields[5]), float(fields[6]), int(fields[7]))
                )
            except ValueError as error:
                sys.exit(f"{path}:{number}: {error}")
    return samples


def spread(values):
    """Mean, its 95% bootstrap interval (seeded), median, 10th and 90th percentiles."""
    values = sorted(values)
    rng = random.Random(1)
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(2000))
    pct = lambda xs, q: xs[min(len(xs) - 1, int(q * len(xs)))]
    return statistics.fmean(values), pct(means, 0.025), pct(means, 0.975), statistics.median(values), pct(values, 0.1), pct(values, 0.9)


def sci(x):
    return f"{x:.2e}" if x >= 1e5 else f"{x:,.0f}"


def main():
    args = sys.argv[1:]
    rounds = (1.5, 9.4)
    if "--rounds" in args:
        at = args.index("--rounds")
        try:
            rounds = (float(args[at + 1]), float(args[at + 2]))
        except (IndexError, ValueError):
            sys.exit("--rounds takes two numbers, LOW HIGH")
        del args[at : at + 3]
    if len(args) != 1:
        sys.exit(__doc__.split("\n\n")[1])
    samples = parse(args[0])
    if not samples:
        sys.exit(f"{args[0]}: no samples yet")
    solved = [s for s in samples if s[2] != "stopped"]
    stopped = len(samples) - len(solved)
    low = [math.prod(min(b, w) for _, b, w in s[0]) * s[3] for s in samples]
    high = [math.prod(max(b, w) for _, b, w in s[0]) * s[3] for s in samples]
    mid = [math.prod(math.sqrt(b * w) for _, b, w in s[0]) * s[3] for s in samples]
    units_low = [math.prod(min(b, w) for _, b, w in s[0]) for s in samples]
    units_high = [math.prod(max(b, w) for _, b, w in s[0]) for s in samples]
    units_all = [math.prod(n for n, _, _ in s[0]) for s in samples]
    seconds = sum(s[4] for s in samples)
    rate = sum(s[3] for s in samples) / seconds if seconds > 0 else float("nan")
    print(f"{len(samples)} samples ({stopped} stopped: their nodes are lower bounds), "
          f"units of {min(s[1] for s in samples)} to {max(s[1] for s in samples)} pieces, "
          f"{min(len(s[0]) for s in samples)} to {max(len(s[0]) for s in samples)} levels; "
          f"the units' solves: {sci(rate)} nodes a second in all\n")
    print("| figure | mean | 95% interval of the mean | median | 10% | 90% |")
    print("|---|---:|---:|---:|---:|---:|")
    rows = [
        ("nodes of a unit", [s[3] for s in samples]),
        ("seconds of a unit", [s[4] for s in samples]),
        ("peak MiB of a unit", [s[5] for s in samples]),
        ("units in all at that depth", units_all),
        ("units a proof needs (low)", units_low),
        ("units a proof needs (high)", units_high),
        ("proof's nodes (low)", low),
        ("proof's nodes (high)", high),
        ("proof's nodes (geometric mean of the two)", mid),
    ]
    for name, values in rows:
        print(f"| {name} | " + " | ".join(sci(v) for v in spread(values)) + " |")
    lo, hi = spread(low)[0] * rounds[0], spread(high)[0] * rounds[1]
    print(f"\nWith rounds ({rounds[0]} to {rounds[1]} times the proof's units): "
          f"{sci(lo)} to {sci(hi)} nodes, {sci(lo / rate / 3600)} to {sci(hi / rate / 3600)} "
          f"core-hours at the samples' rate; the largest unit's peak memory "
          f"{max(s[5] for s in samples):,} MiB.")


if __name__ == "__main__":
    main()
