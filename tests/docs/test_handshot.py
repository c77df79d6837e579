"""The hand-screen picture: the renderer draws the slots, and docs/img/hand.png is one of its images."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from tests.docs.handshot import (
    DYES,
    HEIGHT,
    SCALE,
    SLOT_DARK,
    SLOT_FILL,
    TEXT,
    WIDTH,
    Stack,
    render,
    slot_origin,
)

ROOT = Path(__file__).resolve().parents[2]
PICTURE = ROOT / "docs" / "img" / "hand.png"
Rgb = tuple[int, int, int]


def decode_png(data: bytes) -> tuple[int, int, list[list[Rgb]]]:
    """Width, height and pixels of an 8-bit RGB PNG with unfiltered rows; checks every chunk's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        chunks.append((kind, body))
        pos += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, color, interlace) == (8, 2, 0)
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    stride = 1 + 3 * width
    assert len(raw) == height * stride
    rows = []
    for y in range(height):
        line = raw[y * stride : (y + 1) * stride]
        assert line[0] == 0, "rows are unfiltered"
        rows.append([(line[1 + 3 * x], line[2 + 3 * x], line[3 + 3 * x]) for x in range(width)])
    return width, height, rows


def _gui(pixels: list[list[Rgb]], x: int, y: int) -> Rgb:
    return pixels[y * SCALE + 1][x * SCALE + 1]


def test_renderer_draws_dyes_counts_glint_and_empty_slots() -> None:
    slots = {
        18: Stack("minecraft:red_dye", 12),
        19: Stack("minecraft:blue_dye", 1, glint=True),
        20: Stack("minecraft:blue_dye", 1),
        21: Stack("minecraft:mystery_item", 1),
    }
    canvas = render(slots)
    x, y = slot_origin(18)
    red = canvas.get(x + 1 + 8, y + 1 + 9)
    assert red == DYES["red_dye"] and red[0] > red[1] + 50
    corner = {canvas.get(x + 1 + dx, y + 1 + dy) for dx in range(8, 16) for dy in range(10, 16)}
    assert TEXT in corner, "the stack size is drawn bottom right"
    for index in (19, 20):
        sx, sy = slot_origin(index)
        assert TEXT not in {canvas.get(sx + 1 + dx, sy + 1 + dy) for dx in range(16) for dy in range(16)}
    glinted, plain = (canvas.get(slot_origin(i)[0] + 9, slot_origin(i)[1] + 10) for i in (19, 20))
    assert plain == DYES["blue_dye"] and glinted != plain and glinted[0] > plain[0]
    mx, my = slot_origin(21)
    assert canvas.get(mx + 1, my + 1) == (248, 0, 248), "unknown items show the missing-texture checker"
    ex, ey = slot_origin(0)
    assert canvas.get(ex, ey) == SLOT_DARK and canvas.get(ex + 8, ey + 8) == SLOT_FILL


def test_png_encoding_round_trips() -> None:
    canvas = render({45: Stack("lime_concrete")})
    width, height, pixels = decode_png(canvas.png())
    assert (width, height) == (WIDTH * SCALE, HEIGHT * SCALE)
    for gx, gy in ((0, 0), (WIDTH - 1, HEIGHT - 1), (slot_origin(45)[0] + 8, slot_origin(45)[1] + 8)):
        assert _gui(pixels, gx, gy) == canvas.get(gx, gy)


def test_docs_picture_is_a_hand_screen_from_this_renderer() -> None:
    # Regenerate with: python -m tests.docs.handshot
    width, height, pixels = decode_png(PICTURE.read_bytes())
    assert (width, height) == (WIDTH * SCALE, HEIGHT * SCALE)
    for index in range(54):
        x, y = slot_origin(index)
        assert _gui(pixels, x, y) == SLOT_DARK, f"slot {index} frame"
    dye_colours = set(DYES.values())
    hand_cards = 0
    for index in range(18, 45):  # rows 3-5: the hand
        x, y = slot_origin(index)
        if _gui(pixels, x + 1 + 8, y + 1 + 9) in dye_colours:
            hand_cards += 1
    assert hand_cards >= 5, "the picture shows a hand of dye cards"


def test_docs_show_the_picture() -> None:
    assert "](img/hand.png)" in (ROOT / "docs" / "OPERATORS.md").read_text(encoding="utf-8")
    assert "](docs/img/hand.png)" in (ROOT / "README.md").read_text(encoding="utf-8")
