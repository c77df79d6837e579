"""Draw the hand screen (手札の画面) as a PNG from a container's slots — a docs tool, stdlib only.

``python -m tests.docs.handshot [OUT.png]`` runs the simulated server and the real daemon, seats Steve in a
CPU practice match, waits for his turn, opens the chest in front of his seat with his key book, selects a
card with a click, and draws what the sim's world holds in that chest (default ``docs/img/hand.png``).

The drawing is our own simple pixel art (no game textures): a grey chest panel of 6×9 bevelled slots, each
item as a small procedural icon — dyes as coloured blobs, heads as faces, concrete buttons as coloured
blocks — with the stack size in the bottom-right corner and a purple tint for the enchantment glint.
"""

from __future__ import annotations

import struct
import sys
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

Rgb = tuple[int, int, int]

SCALE = 3
"""Screen pixels per GUI pixel."""
COLUMNS, ROWS = 9, 6
SLOT = 18
LEFT, TOP, BOTTOM = 7, 17, 7
WIDTH = LEFT * 2 + COLUMNS * SLOT  # 176, the chest screen's width in GUI pixels
HEIGHT = TOP + ROWS * SLOT + BOTTOM
PANEL: Rgb = (198, 198, 198)
SLOT_DARK: Rgb = (55, 55, 55)
SLOT_LIGHT: Rgb = (255, 255, 255)
SLOT_FILL: Rgb = (139, 139, 139)
TEXT: Rgb = (255, 255, 255)
SHADOW: Rgb = (63, 63, 63)
GLINT: Rgb = (150, 80, 255)

# Dye colours: DyeColor's texture colours (black, red, blue, green), a game fact, not a texture.
DYES: dict[str, Rgb] = {
    "black_dye": (29, 29, 33),
    "red_dye": (176, 46, 38),
    "blue_dye": (60, 68, 170),
    "green_dye": (94, 124, 22),
    "white_dye": (249, 255, 254),
    "lime_dye": (128, 199, 31),
    "yellow_dye": (254, 216, 61),
    "orange_dye": (249, 128, 29),
    "purple_dye": (137, 50, 184),
    "gray_dye": (71, 79, 82),
    "light_gray_dye": (157, 157, 151),
}
BLOCKS: dict[str, Rgb] = {
    "orange_concrete": (224, 97, 1),
    "white_concrete": (207, 213, 214),
    "light_gray_concrete": (125, 125, 115),
    "gray_concrete": (54, 57, 61),
    "lime_concrete": (94, 168, 24),
    "green_concrete": (73, 91, 36),
    "purple_concrete": (100, 31, 156),
    "red_concrete": (142, 32, 32),
    "yellow_concrete": (240, 175, 21),
    "black_concrete": (8, 10, 15),
}

# 3×5 digits for stack sizes ("#" = lit).
DIGITS = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
}


@dataclass(frozen=True)
class Stack:
    """What a slot shows: the item id (with or without ``minecraft:``), the stack size, the glint."""

    item: str
    count: int = 1
    glint: bool = False

    @property
    def name(self) -> str:
        """The id without its namespace."""
        return self.item.split(":", 1)[-1]


class Canvas:
    """An RGB image in GUI pixels, written out ``SCALE`` times larger."""

    def __init__(self, width: int, height: int, fill: Rgb) -> None:
        self.width, self.height = width, height
        self.pixels = [[fill] * width for _ in range(height)]

    def put(self, x: int, y: int, color: Rgb) -> None:
        """Set one GUI pixel (outside the canvas is ignored)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y][x] = color

    def get(self, x: int, y: int) -> Rgb:
        """One GUI pixel."""
        return self.pixels[y][x]

    def rect(self, x0: int, y0: int, x1: int, y1: int, color: Rgb) -> None:
        """Fill the inclusive rectangle."""
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.put(x, y, color)

    def png(self, scale: int = SCALE) -> bytes:
        """The image as PNG bytes (8-bit RGB, no filtering, zlib level 9)."""
        rows = []
        for row in self.pixels:
            line = b"".join(bytes(c) * scale for c in row)
            rows.extend([b"\x00" + line] * scale)
        return encode_png(self.width * scale, self.height * scale, b"".join(rows))


def encode_png(width: int, height: int, raw: bytes) -> bytes:
    """A PNG file from filtered scanlines (each row: filter byte, then RGB triples)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _shade(color: Rgb, factor: float) -> Rgb:
    r, g, b = (max(0, min(255, round(c * factor))) for c in color)
    return (r, g, b)


def _blend(color: Rgb, tint: Rgb, alpha: float) -> Rgb:
    r, g, b = (round(c * (1 - alpha) + t * alpha) for c, t in zip(color, tint, strict=True))
    return (r, g, b)


# --- item icons: each draws into a 16×16 box at (x, y) -------------------------------------------------


def _blob(c: Canvas, x: int, y: int, color: Rgb) -> None:
    for dy in range(16):
        for dx in range(16):
            inside = ((dx - 7.5) / 6.2) ** 2 + ((dy - 9.0) / 5.2) ** 2
            tip = ((dx - 8.5) / 2.2) ** 2 + ((dy - 3.8) / 2.0) ** 2
            if inside <= 1.0 or tip <= 1.0:
                edge = inside > 0.72 and tip > 0.5
                shade = 0.7 if edge and (dx + dy) > 15 else 1.25 if (dx < 7 and dy < 8) else 1.0
                c.put(x + dx, y + dy, _shade(color, shade))


def _face(c: Canvas, x: int, y: int, *, skin: Rgb, hair: Rgb | None, eyes: Rgb) -> None:
    c.rect(x + 2, y + 2, x + 13, y + 13, skin)
    if hair is not None:
        c.rect(x + 2, y + 2, x + 13, y + 5, hair)
    for ex in (x + 4, x + 9):
        c.rect(ex, y + 7, ex + 2, y + 8, eyes)
    c.rect(x + 6, y + 11, x + 9, y + 11, _shade(skin, 0.6))


def _pumpkin(c: Canvas, x: int, y: int) -> None:
    c.rect(x + 1, y + 2, x + 14, y + 14, (227, 138, 29))
    c.rect(x + 7, y + 1, x + 8, y + 2, (94, 124, 22))
    dark = (58, 36, 8)
    for dy in range(3):
        c.rect(x + 3 + dy, y + 5 + dy, x + 6 - dy, y + 5 + dy, dark)
        c.rect(x + 9 + dy, y + 5 + dy, x + 12 - dy, y + 5 + dy, dark)
    c.rect(x + 4, y + 10, x + 11, y + 11, dark)


def _block(c: Canvas, x: int, y: int, color: Rgb) -> None:
    c.rect(x + 1, y + 1, x + 14, y + 14, _shade(color, 0.75))
    c.rect(x + 2, y + 2, x + 13, y + 13, color)
    c.rect(x + 2, y + 2, x + 13, y + 2, _shade(color, 1.2))


def _sheet(c: Canvas, x: int, y: int, color: Rgb, line: Rgb) -> None:
    c.rect(x + 3, y + 2, x + 12, y + 13, color)
    for ly in range(4, 13, 3):
        c.rect(x + 5, y + ly, x + 10, y + ly, line)


def _round(c: Canvas, x: int, y: int, color: Rgb, hand: Rgb) -> None:
    for dy in range(16):
        for dx in range(16):
            if ((dx - 7.5) / 6.5) ** 2 + ((dy - 7.5) / 6.5) ** 2 <= 1:
                c.put(x + dx, y + dy, color)
    c.rect(x + 7, y + 3, x + 8, y + 8, hand)


def _unknown(c: Canvas, x: int, y: int) -> None:
    for dy in range(16):
        for dx in range(16):
            c.put(x + dx, y + dy, (248, 0, 248) if (dx // 8 + dy // 8) % 2 == 0 else (0, 0, 0))


def _torch(c: Canvas, x: int, y: int) -> None:
    c.rect(x + 7, y + 5, x + 8, y + 14, (110, 80, 40))
    c.rect(x + 6, y + 2, x + 9, y + 5, (255, 210, 60))


def _chain(c: Canvas, x: int, y: int) -> None:
    for i in range(4):
        c.rect(x + 6, y + 1 + 4 * i, x + 9, y + 3 + 4 * i, (70, 75, 90))


def _comparator(c: Canvas, x: int, y: int) -> None:
    c.rect(x + 1, y + 9, x + 14, y + 14, (160, 160, 160))
    for tx in (x + 3, x + 11):
        c.rect(tx, y + 5, tx + 1, y + 8, (200, 30, 30))


def _name_tag(c: Canvas, x: int, y: int) -> None:
    c.rect(x + 2, y + 5, x + 13, y + 10, (200, 160, 112))
    c.rect(x + 3, y + 7, x + 4, y + 8, (60, 40, 20))


ICONS: dict[str, Callable[[Canvas, int, int], None]] = {
    "carved_pumpkin": _pumpkin,
    "player_head": lambda c, x, y: _face(
        c, x, y, skin=(184, 137, 106), hair=(74, 50, 33), eyes=(40, 40, 110)
    ),
    "zombie_head": lambda c, x, y: _face(c, x, y, skin=(78, 138, 58), hair=(52, 96, 40), eyes=(20, 20, 20)),
    "skeleton_skull": lambda c, x, y: _face(c, x, y, skin=(201, 201, 201), hair=None, eyes=(43, 43, 43)),
    "paper": lambda c, x, y: _sheet(c, x, y, (240, 240, 224), (170, 170, 160)),
    "map": lambda c, x, y: _sheet(c, x, y, (215, 198, 143), (120, 100, 60)),
    "book": lambda c, x, y: _sheet(c, x, y, (107, 63, 30), (230, 220, 200)),
    "clock": lambda c, x, y: _round(c, x, y, (224, 176, 48), (90, 60, 10)),
    "compass": lambda c, x, y: _round(c, x, y, (150, 150, 150), (180, 30, 30)),
    "torch": _torch,
    "chain": _chain,
    "comparator": _comparator,
    "name_tag": _name_tag,
}
"""Icons by item id (without namespace); dyes and concrete blocks come from :data:`DYES`/:data:`BLOCKS`."""


def draw_item(c: Canvas, x: int, y: int, stack: Stack) -> None:
    """Draw ``stack``'s icon, glint and stack size in the 16×16 box at (x, y)."""
    before = [row[x : x + 16] for row in c.pixels[y : y + 16]]
    if stack.name in DYES:
        _blob(c, x, y, DYES[stack.name])
    elif stack.name in BLOCKS:
        _block(c, x, y, BLOCKS[stack.name])
    elif stack.name in ICONS:
        ICONS[stack.name](c, x, y)
    else:
        _unknown(c, x, y)
    if stack.glint:
        for dy in range(16):
            for dx in range(16):
                if c.get(x + dx, y + dy) != before[dy][dx]:
                    c.put(x + dx, y + dy, _blend(c.get(x + dx, y + dy), GLINT, 0.45))
    if stack.count > 1:
        text = str(stack.count)
        right = x + 17
        for i, ch in enumerate(reversed(text)):
            left = right - 4 * (i + 1)
            for color, off in ((SHADOW, 1), (TEXT, 0)):
                for gy, row in enumerate(DIGITS[ch]):
                    for gx, lit in enumerate(row):
                        if lit == "#":
                            c.put(left + gx + off, y + 11 + gy + off, color)


def slot_origin(index: int) -> tuple[int, int]:
    """Top-left GUI pixel of container slot ``index`` (its 18×18 bevelled frame)."""
    row, column = divmod(index, COLUMNS)
    return LEFT + column * SLOT, TOP + row * SLOT


def render(slots: Mapping[int, Stack]) -> Canvas:
    """The 54-slot hand screen with ``slots`` filled."""
    canvas = Canvas(WIDTH, HEIGHT, PANEL)
    for index in range(COLUMNS * ROWS):
        x, y = slot_origin(index)
        canvas.rect(x, y, x + 17, y + 17, SLOT_LIGHT)
        canvas.rect(x, y, x + 16, y + 16, SLOT_DARK)
        canvas.rect(x + 1, y + 1, x + 16, y + 16, SLOT_FILL)
        if index in slots:
            draw_item(canvas, x + 1, y + 1, slots[index])
    return canvas


def slots_from_sim(open_screen: Mapping[str, object]) -> dict[int, Stack]:
    """The ``open`` screen of the sim's ``GET /players/{name}`` as stacks."""
    raw = open_screen["slots"]
    assert isinstance(raw, dict)
    return {int(k): Stack(str(v["id"]), int(v["count"]), bool(v.get("glint"))) for k, v in raw.items()}


def capture(out: Path) -> None:
    """Play into Steve's turn on the sim, select a card in his chest, and draw the chest."""
    import tempfile
    import time

    from tests.docs.player import ChatPlayer
    from tests.docs.quickstart import QuickStart

    with tempfile.TemporaryDirectory() as tmp:
        qs = QuickStart(Path(tmp), "vanilla")
        try:
            from tests.docs.test_quickstart import _quickstart

            qs.follow(_quickstart())
            player = ChatPlayer(qs.control, qs.player)
            player.wait_for(lambda texts: player.text("hand.your_turn") in texts, timeout=60)
            control = qs.control
            box = (0, 64, -2)  # the example table's first seat's chest (init --table-at 0 64 0)
            assert control.open(qs.player, list(box), slot=0)["opened"]
            screen = control.player(qs.player)["open"]
            first_card = min(k for k, v in slots_from_sim(screen).items() if 18 <= k < 45)
            control.click(qs.player, first_card)
            time.sleep(1.0)
            screen = control.player(qs.player)["open"]
            out.write_bytes(render(slots_from_sim(screen)).png())
        finally:
            qs.stop()


if __name__ == "__main__":
    default = Path(__file__).resolve().parents[2] / "docs" / "img" / "hand.png"
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    target.parent.mkdir(parents=True, exist_ok=True)
    capture(target)
    print(f"wrote {target}")
