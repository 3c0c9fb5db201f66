#!/usr/bin/env python3
"""Trains the learned evaluation (crates/konane-search/src/nnue) on labelled positions
and writes its net file.

Reads files of `FEN;SCORE;RESULT;EXACT` lines (the `nnue_data` example's output, all
from the side to move's view), trains the float network in PyTorch, quantises it as the
Rust side reads it, and writes the net file (format: crates/konane-search/src/nnue/file.rs).

The network: 128 inputs per perspective (own pieces by square, then the opponent's; White's
squares mirrored left to right), a shared 128 -> 256 layer clipped to [0, 1] for each
perspective, the side to move's first, then 512 -> 16 clipped to [0, 1], then 16 -> 1. Its
output y is a logit: the predicted result is sigmoid(y) and the evaluation y * SCALE
centi-moves. The loss is the squared error between sigmoid(y) and
LAMBDA * sigmoid(SCORE / SCALE) + (1 - LAMBDA) * RESULT, or RESULT alone where EXACT is 1.

  train.py --out net.nnue [--steps N] [--batch B] [--lr LR] [--lr-final LR] [--lambda L]
           [--scale K] [--seed S] [--validation FRACTION] DATA...

The learning rate goes from --lr to --lr-final (default: the same, a constant rate) along
a cosine over the steps. --validation holds out the last FRACTION of the positions (the
last games of the last files) from training and reports the loss on them.

Deterministic for given data and arguments (one thread, seeded).
"""

import argparse
import struct
import sys
import zlib

import torch

SQUARES = 64
INPUTS = 2 * SQUARES
ACCUMULATOR = 256
HIDDEN = 16
QA = 127
QB = 64
# A bound on each first-layer weight and bias so that no accumulator neuron can leave
# i16: (INPUTS + 1) * bound * QA stays below 32767 (the loader checks the exact bound).
L1_BOUND = 32000 / QA / (INPUTS + 1)
# Dense weights are stored as i8 at scale QB.
L2_BOUND = 127 / QB
MAGIC = b"KONANNUE"
VERSION = 1


def features(fen):
    """The set inputs of both perspectives, side to move's first, and the side to move."""
    ranks, side = fen.split()
    rows = ranks.split("/")
    if len(rows) != 8:
        raise ValueError(f"not an 8x8 position: {fen}")
    pieces = []  # (colour, bit index): colour 0 Black, 1 White
    for i, row in enumerate(rows):
        rank = 7 - i
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                pieces.append((0 if ch == "b" else 1, rank * 8 + file))
                file += 1
        if file != 8:
            raise ValueError(f"rank of {file} squares in {fen}")
    us = 0 if side == "b" else 1
    views = []
    for perspective in (us, 1 - us):
        view = []
        for colour, square in pieces:
            square = square if perspective == 0 else square ^ 7
            view.append(square if colour == perspective else SQUARES + square)
        views.append(view)
    return views


def read(paths):
    """Input tensors of both perspectives (0 or 1 in bytes: a million positions take
    256 MB), scores, results and exactness."""
    rows = []
    for path in paths:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    fen, score, result, exact = line.split(";")
                    rows.append((features(fen), float(score), float(result), float(exact)))
                except ValueError as e:
                    sys.exit(f"{path}:{number}: not FEN;SCORE;RESULT;EXACT ({e})")
    if not rows:
        sys.exit("no positions in the data")
    n = len(rows)
    ours = torch.zeros(n, INPUTS, dtype=torch.uint8)
    theirs = torch.zeros(n, INPUTS, dtype=torch.uint8)
    for tensor, side in ((ours, 0), (theirs, 1)):
        index = [(i, f) for i, (views, _, _, _) in enumerate(rows) for f in views[side]]
        tensor[[i for i, _ in index], [f for _, f in index]] = 1
    scores = torch.tensor([r[1] for r in rows])
    results = torch.tensor([r[2] for r in rows])
    exact = torch.tensor([r[3] for r in rows])
    return ours, theirs, scores, results, exact


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.accumulator = torch.nn.Linear(INPUTS, ACCUMULATOR)
        self.hidden = torch.nn.Linear(2 * ACCUMULATOR, HIDDEN)
        self.output = torch.nn.Linear(HIDDEN, 1)

    def forward(self, ours, theirs):
        ours, theirs = ours.float(), theirs.float()
        a = torch.cat([self.accumulator(ours), self.accumulator(theirs)], dim=1).clamp(0, 1)
        h = self.hidden(a).clamp(0, 1)
        return self.output(h).squeeze(1)

    def clip(self):
        with torch.no_grad():
            self.accumulator.weight.clamp_(-L1_BOUND, L1_BOUND)
            self.accumulator.bias.clamp_(-L1_BOUND, L1_BOUND)
            for layer in (self.hidden, self.output):
                layer.weight.clamp_(-L2_BOUND, L2_BOUND)


def quantise(net, scale):
    """The net file's bytes."""
    def q(tensor, factor, low, high):
        return [int(v) for v in torch.round(tensor * factor).clamp(low, high).flatten().tolist()]

    out = bytearray(MAGIC)
    out += struct.pack("<IBBHIIIi", VERSION, 8, 8, 0, INPUTS, ACCUMULATOR, HIDDEN, scale)
    # Feature weights feature by feature: the transpose of torch's (out, in) matrix.
    w1 = q(net.accumulator.weight.detach().t(), QA, -32767, 32767)
    out += struct.pack(f"<{len(w1)}h", *w1)
    b1 = q(net.accumulator.bias.detach(), QA, -32767, 32767)
    out += struct.pack(f"<{len(b1)}h", *b1)
    w2 = q(net.hidden.weight.detach(), QB, -128, 127)
    out += struct.pack(f"<{len(w2)}b", *w2)
    b2 = q(net.hidden.bias.detach(), QA * QB, -(2**31), 2**31 - 1)
    out += struct.pack(f"<{len(b2)}i", *b2)
    w3 = q(net.output.weight.detach(), QB, -128, 127)
    out += struct.pack(f"<{len(w3)}b", *w3)
    b3 = q(net.output.bias.detach(), QA * QB, -(2**31), 2**31 - 1)
    out += struct.pack("<i", *b3)
    out += struct.pack("<I", zlib.crc32(out))
    return bytes(out)


def parse_net(data):
    """The quantised weights of a net file's bytes (whose header this trainer wrote)."""
    at = 32
    def take(fmt, count):
        nonlocal at
        size = struct.calcsize(f"<{count}{fmt}")
        values = struct.unpack_from(f"<{count}{fmt}", data, at)
        at += size
        return list(values)
    scale = struct.unpack_from("<i", data, 28)[0]
    w1 = take("h", INPUTS * ACCUMULATOR)
    b1 = take("h", ACCUMULATOR)
    w2 = take("b", HIDDEN * 2 * ACCUMULATOR)
    b2 = take("i", HIDDEN)
    w3 = take("b", HIDDEN)
    b3 = take("i", 1)[0]
    return scale, w1, b1, w2, b2, w3, b3


def integer_eval(net, fen):
    """The evaluation in centi-moves by the net's integer arithmetic, as the engine
    computes it (an independent check of the engine's inference and of the format)."""
    scale, w1, b1, w2, b2, w3, b3 = net
    activations = []
    for view in features(fen):
        for n in range(ACCUMULATOR):
            acc = b1[n] + sum(w1[f * ACCUMULATOR + n] for f in view)
            activations.append(min(max(acc, 0), QA))
    output = b3
    for j in range(HIDDEN):
        row = w2[j * 2 * ACCUMULATOR:(j + 1) * 2 * ACCUMULATOR]
        total = sum(a * w for a, w in zip(activations, row)) + b2[j]
        output += min(max(total >> 6, 0), QA) * w3[j]
    value = output * scale
    # Division truncating toward zero, as Rust's.
    value = abs(value) // (QA * QB) * (1 if value >= 0 else -1)
    return min(max(value, -10000), 10000)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="+")
    parser.add_argument("--out", required=True)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--lr-final", type=float, help="the learning rate at the last step (cosine decay; default --lr)")
    parser.add_argument("--lambda", dest="lam", type=float, default=0.75)
    parser.add_argument("--scale", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--validation", type=float, default=0.0, help="the fraction of positions held out")
    parser.add_argument("--check", help="write FEN;EVAL lines: the integer evaluation of the first 100 positions")
    args = parser.parse_args()
    if args.scale <= 0 or args.steps < 0 or args.batch <= 0 or not 0 <= args.lam <= 1:
        sys.exit("need --scale > 0, --steps >= 0, --batch > 0 and 0 <= --lambda <= 1")
    if not 0 <= args.validation < 1:
        sys.exit("need 0 <= --validation < 1")

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    ours, theirs, scores, results, exact = read(args.data)
    target = args.lam * torch.sigmoid(scores / args.scale) + (1 - args.lam) * results
    target = torch.where(exact > 0, results, target)
    net = Net()
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    schedule = None
    if args.lr_final is not None and args.lr_final != args.lr:
        schedule = torch.optim.lr_scheduler.CosineAnnealingLR(
            optimiser, T_max=max(args.steps - 1, 1), eta_min=args.lr_final
        )
    held_out = int(len(target) * args.validation)
    n = len(target) - held_out
    if n <= 0:
        sys.exit("no positions left to train on")

    def loss_on(start, end):
        """The loss over positions start..end, in chunks."""
        total = 0.0
        with torch.no_grad():
            for at in range(start, end, 65536):
                to = min(at + 65536, end)
                predicted = torch.sigmoid(net(ours[at:to], theirs[at:to]))
                total += torch.sum((predicted - target[at:to]) ** 2).item()
        return total / max(end - start, 1)

    generator = torch.Generator().manual_seed(args.seed)
    for step in range(args.steps):
        batch = torch.randint(0, n, (min(args.batch, n),), generator=generator)
        predicted = torch.sigmoid(net(ours[batch], theirs[batch]))
        loss = torch.mean((predicted - target[batch]) ** 2)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        if schedule is not None:
            schedule.step()
        net.clip()
        if step % 500 == 0 or step == args.steps - 1:
            line = f"step {step} loss {loss.item():.5f}"
            if held_out and (step % 5000 == 0 or step == args.steps - 1):
                line += f" validation {loss_on(n, n + held_out):.5f}"
            print(line, file=sys.stderr)
    if held_out:
        print(
            f"{n} positions trained on, {held_out} held out, {args.steps} steps, final loss "
            f"{loss_on(0, n):.5f} over the trained, {loss_on(n, n + held_out):.5f} over the held out",
            file=sys.stderr,
        )
    else:
        print(f"{n} positions, {args.steps} steps, final loss {loss_on(0, n):.5f} over all", file=sys.stderr)
    data = quantise(net, args.scale)
    with open(args.out, "wb") as f:
        f.write(data)
    if args.check:
        parsed = parse_net(data)
        with open(args.check, "w") as f:
            for fen in fens(args.data)[:100]:
                f.write(f"{fen};{integer_eval(parsed, fen)}\n")


def fens(paths):
    """The positions of the data files, in order."""
    return [line.split(";")[0] for path in paths for line in open(path) if line.strip()]


if __name__ == "__main__":
    main()
