"""A tiny virtual terminal for tests: feed it the bytes a program wrote, read the screen cell by cell.

It understands what the demo screen writes (and little more): printable text with East Asian wide
characters taking two cells, ``\\r``, ``\\n``, cursor home ``ESC[H``, erase ``ESC[K`` / ``ESC[J`` /
``ESC[2J``, SGR colours (``ESC[…m`` with 256-colour fg/bg, bold, underline) and private modes
(``ESC[?…h/l``, ignored). Anything else raises, so a test notices output it cannot judge.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_CSI = re.compile(r"\x1b\[([?0-9;]*)([A-Za-z])")


@dataclass(frozen=True, slots=True)
class Cell:
    """One screen cell: its character (``""`` for the right half of a wide one) and its style."""

    ch: str = " "
    fg: int | None = None
    bg: int | None = None
    bold: bool = False
    underline: bool = False


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


class VTerm:
    """A ``cols`` × ``rows`` screen."""

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.screen = [[Cell() for _ in range(cols)] for _ in range(rows)]
        self.x = self.y = 0
        self.style = Cell()

    def feed(self, data: str) -> None:
        """Interpret ``data``."""
        i = 0
        while i < len(data):
            ch = data[i]
            if ch == "\x1b":
                match = _CSI.match(data, i)
                if match is None:
                    raise ValueError(f"unknown escape at {data[i : i + 12]!r}")
                self._csi(match.group(1), match.group(2))
                i = match.end()
                continue
            if ch == "\r":
                self.x = 0
            elif ch == "\n":
                self.x, self.y = 0, self.y + 1
                if self.y >= self.rows:
                    raise ValueError("the screen scrolled: a frame must never be taller than the terminal")
            elif unicodedata.combining(ch) or ch in "\u200b\ufe0f":
                pass
            else:
                self._put(ch)
            i += 1

    def _put(self, ch: str) -> None:
        wide = _wide(ch)
        if self.x + (2 if wide else 1) > self.cols:
            raise ValueError(f"line {self.y} is wider than {self.cols} cells")
        s = self.style
        self.screen[self.y][self.x] = Cell(ch, s.fg, s.bg, s.bold, s.underline)
        self.x += 1
        if wide:
            self.screen[self.y][self.x] = Cell("", s.fg, s.bg, s.bold, s.underline)
            self.x += 1

    def _csi(self, params: str, final: str) -> None:
        if params.startswith("?"):
            return  # private modes: alternate screen, cursor, synchronized update
        if final == "H":
            self.x = self.y = 0
        elif final == "K":
            for x in range(self.x, self.cols):
                self.screen[self.y][x] = Cell()
        elif final == "J":
            if params == "2":
                self.screen = [[Cell() for _ in range(self.cols)] for _ in range(self.rows)]
                return
            for x in range(self.x, self.cols):
                self.screen[self.y][x] = Cell()
            for y in range(self.y + 1, self.rows):
                self.screen[y] = [Cell() for _ in range(self.cols)]
        elif final == "m":
            self._sgr([int(p) if p else 0 for p in params.split(";")] if params else [0])
        else:
            raise ValueError(f"unexpected control ESC[{params}{final}")

    def _sgr(self, codes: list[int]) -> None:
        s = self.style
        fg, bg, bold, underline = s.fg, s.bg, s.bold, s.underline
        i = 0
        while i < len(codes):
            code = codes[i]
            if code == 0:
                fg, bg, bold, underline = None, None, False, False
            elif code == 1:
                bold = True
            elif code == 4:
                underline = True
            elif code in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                if code == 38:
                    fg = codes[i + 2]
                else:
                    bg = codes[i + 2]
                i += 2
            else:
                raise ValueError(f"unexpected SGR {code}")
            i += 1
        self.style = Cell(" ", fg, bg, bold, underline)

    def text(self, y: int, x: int, cells: int) -> str:
        """The characters of ``cells`` cells of row ``y`` from column ``x``."""
        return "".join(c.ch for c in self.screen[y][x : x + cells])

    def find(self, needle: str) -> tuple[int, int]:
        """(row, column) of the first occurrence of ``needle`` (columns count cells)."""
        for y, row in enumerate(self.screen):
            columns = [x for x, c in enumerate(row) if c.ch]
            at = "".join(c.ch for c in row if c.ch).find(needle)
            if at >= 0:
                return y, columns[at]
        raise ValueError(f"{needle!r} is not on the screen")


def rgb(index: int) -> tuple[int, int, int]:
    """The colour of an xterm-256 index (the 6×6×6 cube and the grey ramp; 0–15 roughly)."""
    if index < 16:
        basic = [(0, 0, 0), (128, 0, 0), (0, 128, 0), (128, 128, 0), (0, 0, 128), (128, 0, 128),
                 (0, 128, 128), (192, 192, 192), (128, 128, 128), (255, 0, 0), (0, 255, 0),
                 (255, 255, 0), (0, 0, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]  # fmt: skip
        return basic[index]
    if index >= 232:
        v = 8 + (index - 232) * 10
        return (v, v, v)
    index -= 16
    steps = (0, 95, 135, 175, 215, 255)
    return (steps[index // 36], steps[(index // 6) % 6], steps[index % 6])
