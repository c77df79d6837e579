"""``dfg-bridge demo`` (``make demo``): a whole 大富豪 match on the embedded simulated server.

It starts the simulated server (Paper flavour) and the daemon in this process. A scripted player,
"Steve", joins the server, types ``/dfg join`` and ``/dfg start cpu``, and plays against three CPUs
to the end — using nothing but player inputs through the sim's control API, and deciding only from
what Steve sees. The terminal shows live what Steve sees (``GET /players/Steve``): his hand, the
field, the sidebar, the bossbar and his chat. At the end it prints the final standings and exits 0.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as _field
from pathlib import Path
from typing import Any, TextIO

from dfg_bridge.app.logsetup import setup_logging
from dfg_bridge.app.run import Daemon, wire
from dfg_bridge.engine import CARDS, Card, Rules
from dfg_bridge.host import (
    Durations,
    HandBox,
    HostSettings,
    LockerLayout,
    Mode,
    SeatSpot,
    SignSpot,
    TableSettings,
)
from dfg_bridge.host.intents import TriggerCode

STEVE = "Steve"
_CARD_TRIGGER = re.compile(r"^/trigger \S+ set (\d+)$")
_PLAYED = re.compile(r"^(\S+): (.+)$")
_GIVE = re.compile(r"渡すカードを(\d+)枚")


def demo_settings(rounds: int, delay: float) -> HostSettings:
    """One table at the world origin, CPUs that take ``delay`` seconds, short pauses."""
    seats = ((0, -3, 0.0), (3, 0, 90.0), (0, 3, 180.0), (-3, 0, -90.0))
    table = TableSettings(
        id="t1",
        name="卓1",
        seats=tuple(SeatSpot((x + 0.5, 64.5, z + 0.5), yaw) for x, z, yaw in seats),
        centre=(0.5, 65.6, 0.5),
        rules=Rules.preset("minecraft"),
        rounds=rounds,
        cpu_total=4,
        default_mode=Mode.CPU,
        durations=Durations(
            turn=60.0, exchange=30.0, cpu_min=delay * 0.6, cpu_max=delay * 1.4,
            round_pause=max(0.5, delay * 3),
        ),
        hand_boxes=tuple(HandBox((x, 64, z + 1), (x - 1, 64, z + 1), "north") for x, z, _ in seats),
        join_sign=SignSpot((-1, 64, 6), "south"),
        start_signs=((SignSpot((0, 64, 6), "south"), Mode.CPU),),
        leave_sign=SignSpot((1, 64, 6), "south"),
    )
    return HostSettings(tables=(table,), lockers=LockerLayout((-8, 5, -8), (16, 2, 16)))


@dataclass
class View:
    """What Steve sees, read from ``GET /players/Steve``."""

    hand: list[Card] = _field(default_factory=list)
    your_turn: bool = False
    exchange: bool = False
    hand_message: int = -1
    field: str = "-"
    bossbar: str = ""
    sidebar: list[str] = _field(default_factory=list)
    chat: list[str] = _field(default_factory=list)
    last_index: int = -1
    give: int = 0
    """Cards Steve must choose in the exchange (from 「…に渡すカードをN枚選んでください」)."""
    over: bool = False
    standings: list[str] = _field(default_factory=list)


def _card_codes(message: dict[str, Any]) -> list[int]:
    codes = []
    for part in message.get("parts", []):
        event = part.get("click_event") or {}
        match = _CARD_TRIGGER.match(str(event.get("command", "")))
        if match and int(match.group(1)) >= TriggerCode.CARD_BASE:
            codes.append(int(match.group(1)) - int(TriggerCode.CARD_BASE))
    return codes


def read_view(player: dict[str, Any]) -> View:
    """Steve's screen: his newest chat hand, the field and the exchange from the chat, sidebar, bossbar."""
    view = View()
    chat = player.get("chat", [])
    group_start, previous_had_cards = -1, False
    exchange_asked = exchange_done = -1
    for message in chat:
        index = int(message.get("index", -1))
        text = str(message.get("text", ""))
        codes = _card_codes(message)
        if codes and not previous_had_cards:
            group_start, view.hand = index, []
        if codes:
            view.hand += [CARDS[c] for c in codes if 0 <= c < len(CARDS)]
        previous_had_cards = bool(codes)
        wanted = _GIVE.search(text)
        if wanted:
            view.give, exchange_asked = int(wanted.group(1)), index
        if "カード交換が終わりました" in text or "時間切れ" in text:
            exchange_done = index
        first = text.split("\n", maxsplit=1)[0]
        played = _PLAYED.match(first)
        if (played and not codes and not first.startswith(("<", "手札"))
                and any(mark in played.group(2) for mark in "♠♥♦♣★")):  # fmt: skip
            view.field = played.group(2)
        if text.startswith(("場が流れました", "第")) or "場が流れます" in text:
            view.field = "-"
        if text.startswith("試合終了"):
            view.over = True
            view.standings = text.split("\n")
        view.last_index = index
    view.hand_message = group_start
    view.exchange = exchange_asked > exchange_done
    view.chat = [str(m.get("text", "")) for m in chat[-8:]]
    bars = player.get("bossbars") or []
    view.bossbar = str(bars[0].get("name", "")) if bars else ""
    view.your_turn = view.exchange or f"{STEVE} の番" in view.bossbar
    sidebar = player.get("sidebar") or {}
    view.sidebar = [_line(line) for line in sidebar.get("lines", [])]
    return view


def _line(line: object) -> str:
    if isinstance(line, dict):
        return str(line.get("text") or line.get("display") or line.get("name") or "")
    return str(line)


def render(view: View, out: TextIO, *, tty: bool) -> None:
    """Draw Steve's screen (cleared and redrawn on a terminal, appended otherwise)."""
    lines = [
        "── dfg-bridge demo: what Steve sees ─────────────────────────────",
        f"ボスバー  {view.bossbar}",
        f"場       {view.field}",
        f"手札     {' '.join(str(c) for c in view.hand) or '-'}",
        "サイドバー " + (" / ".join(view.sidebar) or "-"),
        "チャット:",
        *("  " + line.replace("\n", " | ")[:110] for line in view.chat),
    ]
    if tty:
        out.write("\x1b[H\x1b[2J" + "\n".join(lines) + "\n")
    else:
        out.write("\n".join(lines) + "\n")
    out.flush()


def _candidates(view: View) -> list[list[Card]]:
    """Plays Steve will try, weakest first: singles, then pairs and larger groups."""
    by_rank: dict[object, list[Card]] = {}
    for card in view.hand:
        by_rank.setdefault(card.rank, []).append(card)
    size = 1
    if view.field != "-":
        size = max(1, len(view.field.split()))
    if size == 1:
        return [[c] for c in view.hand]
    return [cards[:size] for rank, cards in by_rank.items() if rank is not None and len(cards) >= size]


class Steve:
    """A scripted player: decides from his own view, acts only through the control API."""

    def __init__(self, control: Any, out: TextIO, *, tty: bool) -> None:
        self.control = control
        self.out = out
        self.tty = tty
        self.handled = -1
        self.tries: list[list[Card]] = []
        self.last_error_index = -1

    def command(self, text: str) -> None:
        self.control.command(STEVE, text)

    def step(self, view: View) -> None:
        if not view.your_turn or (view.hand_message == self.handled and not self._refused(view)):
            return
        if view.hand_message != self.handled:
            self.handled = view.hand_message
            if view.exchange:
                # The 大富豪/富豪 give their weakest cards (the hand is shown strongest last).
                count = view.give or 1
                self.command("/dfg play " + " ".join(c.ascii() for c in view.hand[:count]))
                return
            self.tries = _candidates(view)
        if self.tries:
            cards = self.tries.pop(0)
            self.command("/dfg play " + " ".join(c.ascii() for c in cards))
        else:
            self.command("/dfg pass")

    def _refused(self, view: View) -> bool:
        """A new error line after Steve's last try means: try the next play."""
        for i, line in enumerate(view.chat):
            index = view.last_index - (len(view.chat) - 1 - i)
            if index > self.last_error_index and index > view.hand_message and _is_refusal(line):
                self.last_error_index = index
                return True
        return False


def _is_refusal(line: str) -> bool:
    words = ("出してください", "出せません", "縛り中", "場は", "パスできません", "持っていません")
    return any(word in line for word in words)


def main(argv: Sequence[str]) -> int:
    """Run the demo; exit 0 once the match is over and the standings are printed."""
    parser = argparse.ArgumentParser(prog="dfg-bridge demo", description="A match on the simulated server.")
    parser.add_argument("--version", default="1.21.6", help="Minecraft version the sim imitates")
    parser.add_argument("--rounds", type=int, default=2, help="rounds in the match")
    parser.add_argument("--cpu-delay", type=float, default=0.35, help="seconds a CPU thinks")
    parser.add_argument("--seed", type=int, default=None, help="random seed (deals, CPUs)")
    parser.add_argument("--timeout", type=float, default=600.0, help="give up after this many seconds")
    args = parser.parse_args(list(argv))
    setup_logging("ERROR")
    from dfg_bridge.i18n import Messages
    from dfg_bridge.sim import Flavor, SimOptions, SimServer
    from dfg_bridge.sim.control import ControlClient

    out = sys.stdout
    tty = out.isatty()
    with tempfile.TemporaryDirectory(prefix="dfg-demo-") as tmp:
        directory = Path(tmp) / "server"
        options = SimOptions(version=args.version, flavor=Flavor.PAPER, directory=directory, service_ms=0.2)
        _install_paper_alias(directory)
        sim = SimServer(options)
        sim.start()
        # The documented Paper recipe (README step 4): no "Triggered [dfg]" echo after each /dfg.
        sim.run_command("gamerule sendCommandFeedback false")
        messages, _issues = Messages.load()
        daemon: Daemon = wire(
            demo_settings(args.rounds, args.cpu_delay),
            messages,
            rcon_host="127.0.0.1",
            rcon_port=sim.rcon_port,
            rcon_password=sim.options.rcon_password,
            version=args.version,
            data_dir=Path(tmp) / "data",
            log_path=sim.log_path,
            rng=random.Random(args.seed),
            log_poll=0.02,
        )
        loop = threading.Thread(target=daemon.run, name="dfg daemon", daemon=True)
        try:
            daemon.start()
            loop.start()
            return _play(ControlClient(sim.control_port), out, tty=tty, timeout=args.timeout)
        finally:
            daemon.stop(restore=True)
            loop.join(timeout=10)
            daemon.close()
            sim.stop()


def _install_paper_alias(directory: Path) -> None:
    """Write the README's Paper ``commands.yml`` aliases, so Steve never sees "Unknown command"."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "commands.yml").write_text(
        "aliases:\n  dfg:\n  - trigger dfg set 0\n  daifugo:\n  - trigger dfg set 0\n", encoding="utf-8"
    )


def _play(control: Any, out: TextIO, *, tty: bool, timeout: float) -> int:
    control.join(STEVE)
    time.sleep(0.5)
    steve = Steve(control, out, tty=tty)
    steve.command("/dfg join")
    time.sleep(0.5)
    steve.command("/dfg start cpu")
    end = time.monotonic() + timeout
    shown = None
    while time.monotonic() < end:
        view = read_view(control.player(STEVE))
        key = (view.bossbar, view.field, tuple(view.hand), tuple(view.sidebar), view.last_index)
        if key != shown:
            render(view, out, tty=tty)
            shown = key
        if view.over:
            out.write("\n" + "\n".join(view.standings) + "\n")
            out.flush()
            return 0
        steve.step(view)
        time.sleep(0.1)
    out.write("demo: the match did not end in time\n")
    return 1
