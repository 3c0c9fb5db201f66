"""A small pure-Python reference of the Konane rules (docs/rules.md), written only for
the tests: plain, slow and easy to check by reading. The package must agree with it."""

from __future__ import annotations

FILES = "abcdefghijklmnop"
BLACK, WHITE = "b", "w"
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def opponent(color: str) -> str:
    return WHITE if color == BLACK else BLACK


def square_name(file: int, rank: int) -> str:
    return f"{FILES[file]}{rank + 1}"


def parse_square(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:]) - 1


def middle(n: int) -> set[int]:
    """The middle index (odd n) or the two middle indices (even n) of 0..n-1."""
    return {n // 2} if n % 2 else {n // 2 - 1, n // 2}


class RefPosition:
    """A board as a dict from (file, rank) to 'b', 'w' or None, and the side to move."""

    def __init__(self, width: int, height: int, cells: dict, side: str) -> None:
        self.width, self.height, self.cells, self.side = width, height, cells, side

    @classmethod
    def start(cls, width: int, height: int) -> "RefPosition":
        # The top-left square holds Black, colours alternate.
        cells = {
            (f, r): BLACK if (f + (height - 1 - r)) % 2 == 0 else WHITE
            for f in range(width)
            for r in range(height)
        }
        return cls(width, height, cells, BLACK)

    @classmethod
    def from_fen(cls, fen: str) -> "RefPosition":
        layout, side = fen.split()
        ranks = layout.split("/")
        height = len(ranks)
        cells = {}
        for i, text in enumerate(ranks):
            rank, file, digits = height - 1 - i, 0, ""
            for ch in text + " ":
                if ch.isdigit():
                    digits += ch
                    continue
                if digits:
                    for _ in range(int(digits)):
                        cells[(file, rank)] = None
                        file += 1
                    digits = ""
                if ch in (BLACK, WHITE):
                    cells[(file, rank)] = ch
                    file += 1
            width = file
        return cls(width, height, cells, side)

    def fen(self) -> str:
        rows = []
        for rank in reversed(range(self.height)):
            row, run = "", 0
            for file in range(self.width):
                cell = self.cells[(file, rank)]
                if cell is None:
                    run += 1
                    continue
                if run:
                    row += str(run)
                    run = 0
                row += cell
            rows.append(row + (str(run) if run else ""))
        return "/".join(rows) + " " + self.side

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < self.width and 0 <= rank < self.height

    def legal_moves(self) -> list[str]:
        me, them = self.side, opponent(self.side)
        empty = [sq for sq, cell in self.cells.items() if cell is None]
        if not empty:
            w, h = self.width, self.height
            corners = {(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)}
            centre = {(f, r) for f in middle(w) for r in middle(h)}
            return [square_name(*sq) for sq in corners | centre if self.cells[sq] == me]
        if len(empty) == 1:
            (hf, hr) = empty[0]
            return [
                square_name(hf + df, hr + dr)
                for df, dr in DIRECTIONS
                if self.on_board(hf + df, hr + dr) and self.cells[(hf + df, hr + dr)] == me
            ]
        moves = []
        for (f, r), cell in self.cells.items():
            if cell != me:
                continue
            for df, dr in DIRECTIONS:
                # Jump over an enemy onto an empty square, and on in the same line.
                over, land = (f + df, r + dr), (f + 2 * df, r + 2 * dr)
                while (
                    self.on_board(*land)
                    and self.cells[over] == them
                    and self.cells[land] is None
                ):
                    moves.append(square_name(f, r) + square_name(*land))
                    over, land = (land[0] + df, land[1] + dr), (land[0] + 2 * df, land[1] + 2 * dr)
        return moves

    def play(self, move: str) -> "RefPosition":
        cells = dict(self.cells)
        squares = split_move(move)
        if len(squares) == 1:
            cells[squares[0]] = None
        else:
            (f, r), (tf, tr) = squares
            df = (tf > f) - (tf < f)
            dr = (tr > r) - (tr < r)
            cells[(f, r)] = None
            step = 1
            while (f + step * df, r + step * dr) != (tf, tr):
                cells[(f + step * df, r + step * dr)] = None
                step += 1
            cells[(tf, tr)] = self.side
        return RefPosition(self.width, self.height, cells, opponent(self.side))

    def winner(self) -> str | None:
        return None if self.legal_moves() else opponent(self.side)


def split_move(move: str) -> list[tuple[int, int]]:
    """The squares of a move in canonical notation: one for a removal, two for a jump."""
    second = next((i for i in range(1, len(move)) if move[i].isalpha()), None)
    if second is None:
        return [parse_square(move)]
    return [parse_square(move[:second]), parse_square(move[second:])]


def perft(position: RefPosition, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(position.play(move), depth - 1) for move in position.legal_moves())
