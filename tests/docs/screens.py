"""Screenshots for the README: the demo screen and the spectator page, from one real demo match.

``python -m tests.docs.screens [OUT_DIR]`` (default ``docs/img``) plays a demo match (the sim, the
daemon, Steve clicking his chest) with the spectator page attached, and writes

* ``demo.png`` — the live demo screen at a moment Steve has a card selected: the frame the terminal
  would show, drawn cell by cell as HTML and photographed by headless Chromium;
* ``spectator.png`` — the page ``/tables/t1`` in headless Chromium, mid-match.

Needs Debian's ``chromium`` and ``chromium-driver`` and a Japanese font (``fonts-ipafont-gothic``).
"""

from __future__ import annotations

import html
import io
import random
import sys
import threading
import time
import unicodedata
from pathlib import Path

from dfg_bridge.app.demo import Show, play
from dfg_bridge.app.demo.screen import frame
from dfg_bridge.app.demo.seen import SteveView
from dfg_bridge.app.demo.term import to_ansi
from dfg_bridge.app.demo.world import DemoWorld
from dfg_bridge.web import attach
from tests.app.vterm import VTerm, rgb
from tests.web.webdriver import Browser

COLS, ROWS = 150, 46


class _Capture(Show):
    def __init__(self) -> None:
        super().__init__(io.StringIO(), live=False, record=None)
        self.best: tuple[SteveView, list[str]] | None = None

    def update(self, view: SteveView) -> None:
        super().update(view)
        chosen = [s for i, s in view.slots.items() if 18 <= i < 45 and s.name.startswith("✔")]
        if view.screen_open and chosen and view.slots.get(1) and len(self.said) > 5:
            self.best = (view, list(self.said))


def terminal_html(view: SteveView, said: list[str]) -> str:
    """The frame as the terminal shows it: one fixed-width box per cell."""
    term = VTerm(COLS, ROWS)
    term.feed("\x1b[H" + "\r\n".join(to_ansi(line) for line in frame(view, COLS, ROWS, said=said,
                                                                        clock="1:23")))  # fmt: skip
    rows = []
    for row in term.screen:
        cells = []
        for cell in row:
            if cell.ch == "":
                continue
            wide = unicodedata.east_asian_width(cell.ch) in ("W", "F")
            fg = "#{:02x}{:02x}{:02x}".format(*rgb(cell.fg)) if cell.fg is not None else "#d0d0d0"
            bg = "#{:02x}{:02x}{:02x}".format(*rgb(cell.bg)) if cell.bg is not None else "#101010"
            style = f"color:{fg};background:{bg};width:{2 if wide else 1}ch"
            if cell.bold:
                style += ";font-weight:bold"
            if cell.underline:
                style += ";text-decoration:underline"
            cells.append(f'<span style="{style}">{html.escape(cell.ch)}</span>')
        rows.append("<div>" + "".join(cells) + "</div>")
    css = ("body{margin:0;background:#101010}main{padding:10px;font:15px/1.25 'DejaVu Sans Mono',"
           "'IPAGothic',monospace}div{height:1.25em;white-space:pre}span{display:inline-block;"
           "overflow:hidden;text-align:center}")  # fmt: skip
    return f"<!doctype html><meta charset=utf-8><style>{css}</style><main>{''.join(rows)}</main>"


def main(out_dir: Path) -> int:
    """Write ``demo.png`` and ``spectator.png`` into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with DemoWorld("1.21.6", 1, 0.6, 4) as world:
        web = attach(world.daemon.host, port=0)
        show = _Capture()
        thread = threading.Thread(target=play, args=(world, show), kwargs={"rng": random.Random(2),
                                  "timeout": 240}, daemon=True)  # fmt: skip
        thread.start()
        with Browser(width=1390, height=1010) as browser:
            browser.get(web.url + "tables/t1")
            end = time.monotonic() + 120
            while time.monotonic() < end:
                if browser.run("return document.querySelectorAll('#history li').length") >= 9:
                    time.sleep(0.5)
                    browser.screenshot(out_dir / "spectator.png")
                    break
                time.sleep(0.3)
            while show.best is None and thread.is_alive():
                time.sleep(0.2)
            assert show.best is not None, "no moment with a selected card"
            page = out_dir / "demo.html"
            page.write_text(terminal_html(*show.best), encoding="utf-8")
            browser.get(page.resolve().as_uri())
            time.sleep(0.5)
            browser.screenshot(out_dir / "demo.png")
            page.unlink()
        thread.join(240)
        web.close()
    print(f"wrote {out_dir / 'demo.png'} and {out_dir / 'spectator.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/img")))
