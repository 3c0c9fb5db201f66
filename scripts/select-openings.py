#!/usr/bin/env python3
"""Selects the openings of a match on which the result did not split.

Reads record files of `konane match` or `konane selfplay` (games in pairs, each opening
once with each engine as Black) and prints the start position of every pair that one
engine won twice. A pair that splits 1-1 (each engine won with the same colour) says
only that the opening decided the game; an opening on which one engine won with both
colours let the players decide it, so a match on such openings wastes fewer games.
Run it on a match between two engines of clearly different strength (for example the
same engine at two node budgets), so that the selection does not favour the change
that will be measured on the set.

Output: comment lines giving the command and the counts, then one FEN a line, as
`konane match --openings FILE` reads it.

The command that made data/openings/8x8-selected.txt:
    konane match --engine "name=deep cmd=konane nodes=40000 option.Hash=16" \\
        --engine "name=base cmd=konane nodes=20000 option.Hash=16" --nodes 20000 \\
        --random-jumps 4 --seed 5000 --games 1000 --record select-j4.txt
    scripts/select-openings.py select-j4.txt > data/openings/8x8-selected.txt
"""

import sys


def games(path):
    """The (pair, start, winner's name) of every game in the record file at `path`."""
    game = {}
    with open(path) as text:
        for number, line in enumerate(text, 1):
            key, _, value = line.rstrip("\n").partition(" ")
            if key in ("pair", "black", "white", "start", "winner"):
                game[key] = value
            elif key == "end":
                missing = {"pair", "black", "white", "start", "winner"} - game.keys()
                if missing:
                    sys.exit(f"{path}, line {number}: a game without {', '.join(sorted(missing))}")
                yield game["pair"], game["start"], game[game["winner"]]
                game = {}


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit("usage: select-openings.py RECORD... > OPENINGS")
    pairs = {}
    for path in sys.argv[1:]:
        for pair, start, winner in games(path):
            pairs.setdefault((path, pair), []).append((start, winner))
    whole = [games for games in pairs.values() if len(games) == 2]
    kept = [games[0][0] for games in whole if games[0][1] == games[1][1]]
    print(f"# {len(kept)} openings: the pairs that did not split, of {len(whole)} pairs of")
    for path in sys.argv[1:]:
        with open(path) as text:
            for line in text:
                if line.startswith(("engine ", "series ")):
                    print("#   " + line.rstrip("\n"))
    print("# Made by: scripts/select-openings.py " + " ".join(sys.argv[1:]))
    for start in kept:
        print(start)


if __name__ == "__main__":
    main()
