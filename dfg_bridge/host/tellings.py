"""What players are told during a match (案内): phase notes, announcements, exchange and timer notes.

Pure: a match run, engine events and the message catalogue in, :class:`Note` values out. The match
flow (:class:`~dfg_bridge.host.flow.MatchFlow`) sends them; nothing here sends a command or changes
state. What a refused play is told is :mod:`dfg_bridge.host.refusals`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dfg_bridge.engine import Action, Give, Pass, Phase, Play
from dfg_bridge.engine.events import Event, Gave
from dfg_bridge.host.announce import announce, cards_message, cards_text, rank_name, title_of
from dfg_bridge.host.match import MatchRun
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.model.text import Text


@dataclass(frozen=True)
class Note:
    """One chat message of a match: to one player, or to the table's team when ``player`` is ``None``."""

    text: Text
    player: str | None = None


@dataclass(frozen=True)
class Told:
    """Which phase notes of this round the table has had (each is said once)."""

    exchange: bool = False
    leader: bool = False


@dataclass(frozen=True)
class Words:
    """The message catalogue in one language, for building notes."""

    msgs: MessageCatalog
    lang: str

    def text(self, key: str, /, **params: object) -> str:
        """A message in this language."""
        return self.msgs.get(key, self.lang, **params)

    def line(self, key: str, color: str | None = None, /, **params: object) -> Text:
        """A message as a (coloured) text."""
        return Text(self.text(key, **params), color=color)


def phase_notes(run: MatchRun, told: Told, words: Words, exchange_seconds: float) -> tuple[list[Note], Told]:
    """The exchange's announcement, or the first leader's once play begins; and what is told after."""
    rnd = run.round
    assert rnd is not None
    notes: list[Note] = []
    if rnd.phase is Phase.EXCHANGE and not told.exchange:
        notes.append(Note(words.line("exchange.start", "aqua", seconds=round(exchange_seconds))))
        for giver, low, count in exchange_pairs(run):
            person = run.participants[giver]
            if not person.cpu and count > 0:  # a briber (買収) is told by its own prompt instead
                taker = run.participants[low].name
                notes.append(
                    Note(words.line("exchange.choose", "aqua", player=taker, count=count), person.name)
                )
        return notes, Told(exchange=True, leader=told.leader)
    if rnd.phase is Phase.PLAY and not told.leader:
        if told.exchange:
            notes.append(Note(words.line("exchange.done", "aqua")))
        if rnd.to_act is not None:
            notes.append(Note(words.line("round.first_leader", player=run.participants[rnd.to_act].name)))
        return notes, Told(exchange=told.exchange, leader=True)
    return notes, told


def event_notes(run: MatchRun, events: Sequence[Event], words: Words) -> list[Note]:
    """Engine events as chat lines for the table; exchanged cards go privately to the two players."""
    notes: list[Note] = []
    for event in events:
        if isinstance(event, Gave) and event.why.startswith("exchange"):
            notes += exchange_notes(run, event, words)
            continue
        text = announce(event, run.names, run.round_players, words.msgs, words.lang)
        if text is not None:
            notes.append(Note(text))
    return notes


def exchange_notes(run: MatchRun, event: Gave, words: Words) -> list[Note]:
    """What the two players of an exchange are told (the receiver nothing, if ``event.hidden``)."""
    giver, taker = run.participants[event.seat], run.participants[event.to]
    cards = cards_text(event.cards)
    msgs, lang = words.msgs, words.lang
    notes = []
    if not giver.cpu:
        if event.why == "exchange_auto":
            text = cards_message(msgs, "exchange.given_auto", lang, cards, player=taker.name,
                                 count=len(event.cards))  # fmt: skip
        else:
            text = cards_message(msgs, "exchange.gave", lang, cards, player=taker.name)
        notes.append(Note(text, giver.name))
    if not taker.cpu and not event.hidden:  # UECda: 大富豪 and 富豪 are not told what they got
        notes.append(
            Note(cards_message(msgs, "exchange.received", lang, cards, player=giver.name), taker.name)
        )
    return notes


def timeout_note(player: str, action: Action, words: Words) -> Note | None:
    """What a player is told the timer did for them."""
    msgs, lang = words.msgs, words.lang
    if isinstance(action, Pass):
        return Note(words.line("turn.timeout_pass", "gray"), player)
    if isinstance(action, Play):
        cards = cards_text(action.meld.cards, action.meld.readings)
        return Note(cards_message(msgs, "turn.timeout_play", lang, cards, "gray"), player)
    if isinstance(action, Give):
        return Note(cards_message(msgs, "exchange.timeout", lang, cards_text(action.cards), "gray"), player)
    return None


def round_result(run: MatchRun, ranking: Sequence[int], words: Words) -> Note:
    """The finished round's places, ranks and points, for the table (after ``finish_round``)."""
    record = run.match.records[-1]
    n = len(ranking)
    totals = run.match.totals()
    parts = [words.line("round.over", "gold", round=record.number)]
    for place, seat in enumerate(ranking, start=1):
        rank = rank_name(title_of(place, n), words.msgs, words.lang)
        line = words.text("round.result", place=place, player=run.participants[seat].name, rank=rank,
                          points=record.points[seat], total=totals[seat])  # fmt: skip
        parts += [Text("\n"), Text(line)]
    return Note(Text.join(parts))


def exchange_pairs(run: MatchRun) -> list[tuple[int, int, int]]:
    """(giver, receiver, count) of the exchange choices awaited now.

    Givers are the higher ranks of the previous round; each gives to the mirror rank (大富豪 → 大貧民,
    富豪 → 貧民), as many cards as its legal gives hold.
    """
    rnd = run.round
    if rnd is None or not run.match.records:
        return []
    previous = [s for s in run.match.records[-1].ranking if s not in run.dropped]
    out = []
    for giver in sorted(rnd.awaiting()):
        if giver not in previous:
            continue
        receiver = previous[-1 - previous.index(giver)]
        legal = next(iter(rnd.legal_actions(giver)), None)
        count = len(legal.cards) if isinstance(legal, Give) else 0
        out.append((giver, receiver, count))
    return out
