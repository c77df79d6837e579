"""A small UECda-protocol server for the tests, written from the protocol description, not from the client.

It seats ``players`` connections (player number = seat), plays ``games`` games of the ``uecda`` preset
with the engine as referee, and speaks the standard protocol: profile → player number; per game a deal
table ([5][0] = 1, [5][1] = cards owed by 大富豪/富豪, minus the cards taken from 貧民/大貧民, who are shown
their hand from before the exchange) and the exchange tables of 大富豪/富豪; per turn a hand table
to everyone ([5][2] = 1 for the player to act), the submission, 9/8 to the submitter, the field table
to everyone, then 0/1/2. A submission the referee refuses is answered 8 and played as a pass.
``force_reject`` makes it refuse the n-th legal play on a non-empty field anyway (to test a client's
handling of refusals).
"""

from __future__ import annotations

import socket
import struct
import threading
from dataclasses import dataclass, field

from dfg_bridge.engine import Card, EngineError, Give, Match, Pass, Play, Round, Rules

_TABLE = struct.Struct("!120i")


def _cells(cards: tuple[Card, ...]) -> list[int]:
    flat = [0] * 120
    for c in cards:
        if c.is_joker:
            flat[4 * 15 + 1] = 2
        else:
            flat[(c.index % 4) * 15 + c.index // 4 + 1] = 1
    return flat


@dataclass
class Referee:
    """Counts of what the server saw."""

    submissions: int = 0
    refused: list[str] = field(default_factory=list)
    forced: int = 0
    games: int = 0
    rankings: list[list[int]] = field(default_factory=list)


class UecdaTestServer:
    """Listens on loopback; :meth:`serve` runs the whole session (call it in a thread)."""

    def __init__(
        self,
        players: int = 5,
        games: int = 3,
        seed: int = 1,
        force_reject: int | None = None,
        *,
        tell_lower_ranks: bool = True,
        show_dealt_hand: bool = True,
    ) -> None:
        self.players = players
        self.games = games
        self.seed = seed
        self.force_reject = force_reject
        self.tell_lower_ranks = tell_lower_ranks
        """Tell 貧民/大貧民 of the exchange as the tndhm server does (off: a server that says nothing)."""
        self.show_dealt_hand = show_dealt_hand
        """…and show them the hand from before it (off: the hand after their strongest cards went)."""
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(players)
        self.port = self.listener.getsockname()[1]
        self.conns: list[socket.socket] = []
        self.names: list[str] = []
        self.referee = Referee()
        self.error: BaseException | None = None
        self.truth: list[object] = []
        """Seat 0's observation at each of its play turns (what a client should rebuild)."""
        self._plays_on_field = 0

    # ------------------------------------------------------------------ wire
    @staticmethod
    def _recv(sock: socket.socket, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("client gone")
            buf += chunk
        return buf

    def _send_table(self, p: int, flat: list[int]) -> None:
        self.conns[p].sendall(_TABLE.pack(*flat))

    def _send_int(self, p: int, v: int) -> None:
        self.conns[p].sendall(struct.pack("!i", v))

    def _recv_table(self, p: int) -> list[int]:
        return list(_TABLE.unpack(self._recv(self.conns[p], 480)))

    # ------------------------------------------------------------------ tables
    def _hand_table(
        self, rnd: Round, p: int, ranks: list[int], *, deal: bool = False, owed: int = 0
    ) -> list[int]:
        hand = rnd.hand(p)
        if deal and owed < 0 and self.show_dealt_hand:
            # the lower ranks see the hand they were dealt: their strongest cards are taken after the
            # table is sent (yagays/uecda_python, uecda_server/game/engine.py, _send_initial_hands, a
            # port of the tndhm C server: "貧民/大貧民 receive their pre-exchange hand", [5][1] = -1/-2)
            hand = hand + tuple(c for g, _r, cards in _taken(rnd) if g == p for c in cards)
        flat = _cells(hand)
        row5 = 75
        flat[row5 + 0] = 1 if deal else 0
        flat[row5 + 1] = owed
        flat[row5 + 2] = 1 if (not deal and rnd.to_act == p) else 0
        flat[row5 + 3] = rnd.to_act if rnd.to_act is not None else 0
        flat[row5 + 4] = 1 if rnd.field is None else 0
        flat[row5 + 5] = 1 if rnd.eleven_back else 0
        flat[row5 + 6] = 1 if rnd.revolution else 0
        flat[row5 + 7] = 1 if rnd.lock else 0
        counts = rnd.hand_counts()
        for s in range(self.players):
            flat[90 + s] = counts[s]
            flat[90 + 5 + s] = ranks[s]
            flat[90 + 10 + s] = s
        return flat

    @staticmethod
    def _field_table(meld: object) -> list[int]:
        flat = [0] * 120
        if meld is None:
            return flat
        cards = meld.cards  # type: ignore[attr-defined]
        readings = meld.readings  # type: ignore[attr-defined]
        if len(cards) == 1 and cards[0].is_joker:
            flat[14] = 2  # the lone joker above the 2
            return flat
        ranks = [r.index // 4 for r in readings if not r.is_joker]
        suit = next(r.index % 4 for r in readings if not r.is_joker)
        for i, (c, r) in enumerate(zip(cards, readings, strict=True)):
            if r.is_joker:  # past the stairs' ends: column 0 (below the 3) or 14 (above the 2)
                flat[suit * 15 + (0 if i == 0 else max(ranks) + 2)] = 2
            else:
                flat[(r.index % 4) * 15 + r.index // 4 + 1] = 2 if c.is_joker else 1
        return flat

    @staticmethod
    def _decode(flat: list[int]) -> tuple[list[Card], list[Card | None]]:
        cards: list[Card] = []
        pins: list[Card | None] = []
        for row in range(5):
            for col in range(15):
                v = flat[row * 15 + col]
                if not v:
                    continue
                if v == 2 or row == 4:
                    cards.append(Card.joker(0))
                    pins.append(Card.from_index((col - 1) * 4 + row) if row < 4 and 1 <= col <= 13 else None)
                else:
                    cards.append(Card.from_index((col - 1) * 4 + row))
                    pins.append(None)
        return cards, pins

    # ------------------------------------------------------------------ session
    def serve(self) -> None:
        """Accept the players and play every game; any error is kept in :attr:`error`."""
        try:
            self.listener.settimeout(20)
            for p in range(self.players):
                conn, _ = self.listener.accept()
                conn.settimeout(30)
                prof = list(_TABLE.unpack(self._recv(conn, 480)))
                assert prof[0] == 20070, prof[0]
                self.names.append(bytes(b for b in prof[15:30] if b).decode("ascii"))
                self.conns.append(conn)
                conn.sendall(struct.pack("!i", p))
            self._session()
        except BaseException as exc:
            self.error = exc
        finally:
            for c in self.conns:
                c.close()
            self.listener.close()

    def _session(self) -> None:
        rules = Rules.preset("uecda")
        match = Match(rules, self.players, seed=self.seed, rounds=self.games)
        ranks = [0] * self.players
        for g in range(self.games):
            rnd = match.start_round()
            owed = {giver: k for giver, _low, k in _exchange(rnd)}
            taken = {giver: -len(cards) for giver, _high, cards in _taken(rnd)}
            for p in range(self.players):
                told = owed.get(p, 0) or (taken.get(p, 0) if self.tell_lower_ranks else 0)
                self._send_table(p, self._hand_table(rnd, p, ranks, deal=True, owed=told))
            for giver, k in owed.items():
                cards, _ = self._decode(self._recv_table(giver))
                try:
                    rnd.apply(Give(giver, tuple(cards)))
                except EngineError as exc:
                    self.referee.refused.append(f"exchange {giver}: {exc.code}")
                    rnd.apply(rnd.timeout_action(giver))
                assert len(cards) == k
            self._play(rnd, ranks, last=g == self.games - 1)
            rec = match.finish_round()
            self.referee.games += 1
            self.referee.rankings.append(list(rec.ranking))
            for place, seat in enumerate(rec.ranking):
                ranks[seat] = place

    def _play(self, rnd: Round, ranks: list[int], last: bool) -> None:
        while not rnd.over:
            seat = rnd.to_act
            assert seat is not None
            for p in range(self.players):
                self._send_table(p, self._hand_table(rnd, p, ranks))
            if seat == 0:
                self.truth.append(rnd.observation(0))
            cards, pins = self._decode(self._recv_table(seat))
            shown = None
            if not cards:
                action = Pass(seat) if rnd.is_legal(Pass(seat)) else rnd.timeout_action(seat)
                self._send_int(seat, 8)
            else:
                self.referee.submissions += 1
                refused = None
                try:
                    action = rnd.play_cards(seat, cards, pins)
                except EngineError as exc:
                    refused = f"seat {seat}: {exc.code} {[c.ascii() for c in cards]}"
                    self.referee.refused.append(refused)
                if refused is None and rnd.field is not None:
                    self._plays_on_field += 1
                    if self._plays_on_field == self.force_reject:
                        self.referee.forced += 1
                        refused = "forced"
                if refused is None:
                    self._send_int(seat, 9)
                    assert isinstance(action, Play)
                    shown = action.meld
                else:
                    action = Pass(seat) if rnd.is_legal(Pass(seat)) else rnd.timeout_action(seat)
                    self._send_int(seat, 8)
            rnd.apply(action)
            field_now = shown if shown is not None else rnd.field
            for p in range(self.players):
                self._send_table(p, self._field_table(field_now))
            flag = (2 if last else 1) if rnd.over else 0
            for p in range(self.players):
                self._send_int(p, flag)


def _taken(rnd: Round) -> list[tuple[int, int, tuple[Card, ...]]]:
    """(giver, receiver, cards) of the strongest cards this round's lower ranks already gave."""
    if rnd.phase.value != "exchange":
        return []
    return [t for p in range(len(rnd.hand_counts())) for t in rnd.observation(p).transfers if t[0] == p]


def _exchange(rnd: Round) -> list[tuple[int, int, int]]:
    """(giver, receiver, count) of the exchange this round waits for."""
    if rnd.phase.value != "exchange":
        return []
    out = []
    for giver in sorted(rnd.awaiting()):
        k = len(next(a for a in rnd.legal_actions(giver)).cards)  # type: ignore[attr-defined]
        out.append((giver, -1, k))
    return out


def run_in_thread(server: UecdaTestServer) -> threading.Thread:
    """Start :meth:`UecdaTestServer.serve` in a daemon thread."""
    t = threading.Thread(target=server.serve, daemon=True)
    t.start()
    return t


__all__ = ["Play", "UecdaTestServer", "run_in_thread"]
