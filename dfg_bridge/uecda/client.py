"""The UECda client (UECdaクライアント): plays on any UECda-protocol server with our CPU.

The conversation, from the client's side::

    → profile table            ← player number
    per game:
      ← deal table ([5][0] = 1; [5][1] = cards to give if 大富豪 / 富豪, or minus the cards taken from
        貧民 / 大貧民)                                                → the cards given, if asked
      per turn:
        ← hand table ([5][2] = 1: our turn)   → our play (zeros = pass)   ← 9 accepted / 8 rejected
        ← field table                          ← 0 go on / 1 game over / 2 all over

A decision is one of the engine's legal actions in the state the server announced, so the server
has no reason to refuse it; if it does anyway, the refusal is logged and counted (it stands as a pass).
"""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import combinations

from dfg_bridge.engine import Action, Give, Observation, Pass, Rules
from dfg_bridge.engine.cpu import CpuPlayer, make_cpu
from dfg_bridge.uecda.game import Game, play_table
from dfg_bridge.uecda.protocol import (
    ACCEPTED,
    ALL_OVER,
    GAME_GOES_ON,
    GAME_OVER,
    TABLE_BYTES,
    ProtocolError,
    Table,
    hand_of,
    pack,
    played_of,
    profile,
    state_of,
    unpack,
)

log = logging.getLogger("dfg_bridge.uecda")


@dataclass
class Stats:
    """What a session did: games, our decisions, refusals, decision times."""

    games: int = 0
    decisions: int = 0
    rejected: int = 0
    times_ms: list[float] = field(default_factory=list)


class Connection:
    """Tables and integers over one TCP socket."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def _recv(self, size: int) -> bytes:
        data = bytearray()
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise ConnectionError("the server closed the connection")
            data.extend(chunk)
        return bytes(data)

    def recv_table(self) -> Table:
        """The next table."""
        return unpack(self._recv(TABLE_BYTES))

    def recv_int(self) -> int:
        """The next integer."""
        return int.from_bytes(self._recv(4), "big", signed=True)

    def send_table(self, table: Table) -> None:
        """Send one table."""
        self.sock.sendall(pack(table))


class Client:
    """One seat at a UECda server, deciding with a CPU player of the project."""

    def __init__(self, conn: Connection, name: str, cpu: CpuPlayer, rules: Rules | None = None) -> None:
        self.conn = conn
        self.name = name
        self.cpu = cpu
        self.rules = rules or Rules.preset("uecda")
        self.stats = Stats()
        self.me = -1
        self.on_decision: Callable[[Observation, Action], None] | None = None
        """Called with every decision and the observation it was made on (tests)."""

    def run(self) -> Stats:
        """Play until the server says every game is over."""
        self.conn.send_table(profile(self.name))
        self.me = self.conn.recv_int()
        log.info("uecda: joined as player %d", self.me)
        while True:
            if self._game() == ALL_OVER:
                return self.stats

    def _game(self) -> int:
        deal = self.conn.recv_table()
        st = state_of(deal)
        if not st.deal:
            raise ProtocolError("no_deal", "a game must start with the deal table ([5][0] = 1)")
        game = Game(self.rules, self.me)
        game.on_state(hand_of(deal), st)
        if st.give:
            self._exchange(game, st.give, st.ranks)
        elif st.taken:
            game.tribute_told(st.taken, st.ranks)
        while True:
            table = self.conn.recv_table()
            st = state_of(table)
            game.on_state(hand_of(table), st)
            game.begin_turn(st.to_act)
            if st.my_turn:
                self._play(game)
            game.on_field(played_of(self.conn.recv_table()))
            flag = self.conn.recv_int()
            if flag in (GAME_OVER, ALL_OVER):
                self.stats.games += 1
                return flag
            if flag != GAME_GOES_ON:
                raise ProtocolError("bad_flag", f"unexpected end-of-turn flag {flag}")

    def _decide(self, game: Game, legal: list[Action], phase: str) -> Action:
        obs = game.observation()
        if phase != "play":
            obs = replace(obs, phase=phase, to_act=None, field=None, field_by=None)
        start = time.perf_counter()
        action = legal[0] if len(legal) == 1 else self.cpu.decide(obs, legal)
        self.stats.times_ms.append(1000 * (time.perf_counter() - start))
        self.stats.decisions += 1
        if self.on_decision is not None:
            self.on_decision(obs, action)
        return action

    def _exchange(self, game: Game, give: int, ranks: tuple[int, ...]) -> None:
        game.exchange_told(ranks)
        seat = game.my_seat
        legal: list[Action] = [Give(seat, combo) for combo in combinations(game.hand, give)]
        action = self._decide(game, legal, "exchange")
        assert isinstance(action, Give)
        self.conn.send_table(play_table(action, False))
        my_rank = ranks[self.me] if self.me < len(ranks) else 0
        game.gave(4 - my_rank, action.cards, ranks)

    def _play(self, game: Game) -> None:
        obs = game.observation()
        legal = game.legal(obs)
        action = self._decide(game, legal, "play")
        if not isinstance(action, Pass) and action not in legal:
            action = Pass(obs.seat)
        self.conn.send_table(play_table(action, obs.revolution != obs.eleven_back))
        answer = self.conn.recv_int()
        if answer != ACCEPTED and not isinstance(action, Pass):
            self.stats.rejected += 1
            game.on_rejected()
            log.warning("uecda: rejected %s (field %s)", action, obs.field)


def connect(host: str, port: int, timeout: float = 30.0) -> Connection:
    """Open the TCP connection to a server."""
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(None)  # a game can wait long for the other players
    return Connection(sock)


def play(host: str, port: int, name: str, level: str, *, seed: int = 1, budget_ms: int = 200) -> Stats:
    """Connect, play every game, and return the session's figures."""
    rules = Rules.preset("uecda")
    conn = connect(host, port)
    try:
        return Client(conn, name, make_cpu(level, seed, budget_ms, rules=rules), rules).run()
    finally:
        conn.sock.close()
