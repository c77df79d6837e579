"""What players are told during a match (案内): announcements, exchange notes, timer notes, refusals.

Functions of a table's match flow state, split from :mod:`dfg_bridge.host.flow` so that module is
only about the flow itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dfg_bridge.engine import Action, Discard, EngineError, Give, Pass, Phase, Play, Round, parse_cards
from dfg_bridge.engine.events import Event, Gave
from dfg_bridge.host.announce import announce, cards_message, cards_text
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.match import MatchRun
from dfg_bridge.model.text import Text

if TYPE_CHECKING:
    from dfg_bridge.host.flow import TableFlow


def phase_notes(flow: TableFlow) -> None:
    """Announce the exchange, or the first leader once play begins."""
    run = flow.run
    assert run is not None and run.round is not None
    rnd = run.round
    if rnd.phase is Phase.EXCHANGE and not flow.exchange_told:
        flow.exchange_told = True
        seconds = round(flow.settings.durations.exchange)
        start = flow.ctx.text("exchange.start", seconds=seconds)
        flow.ctx.to_team(flow.names.team, Text(start, color="aqua"))
        for giver, low, count in exchange_pairs(run):
            person = run.participants[giver]
            if not person.cpu and count > 0:  # a briber (買収) is told by its own prompt instead
                taker = run.participants[low].name
                flow.ctx.tell(person.name, "exchange.choose", "aqua", player=taker, count=count)
    elif rnd.phase is Phase.PLAY and not flow.leader_told:
        flow.leader_told = True
        if flow.exchange_told:
            flow.ctx.to_team(flow.names.team, Text(flow.ctx.text("exchange.done"), color="aqua"))
        if rnd.to_act is not None:
            leader = run.participants[rnd.to_act].name
            flow.ctx.to_team(flow.names.team, Text(flow.ctx.text("round.first_leader", player=leader)))


def announce_events(flow: TableFlow, events: Sequence[Event]) -> None:
    """Announce engine events to the table; exchanged cards go privately to the two players."""
    run = flow.run
    if run is None:
        return
    names = run.names
    n_players = run.round_players
    for event in events:
        if isinstance(event, Gave) and event.why.startswith("exchange"):
            tell_exchange(flow, event)
            continue
        text = announce(event, names, n_players, flow.ctx.msgs, flow.ctx.lang)
        if text is not None:
            flow.ctx.to_team(flow.names.team, text)


def tell_exchange(flow: TableFlow, event: Gave) -> None:
    """Tell the two players of an exchange which cards moved (the receiver not, if ``event.hidden``)."""
    assert flow.run is not None
    giver, taker = flow.run.participants[event.seat], flow.run.participants[event.to]
    cards = cards_text(event.cards)
    msgs, lang = flow.ctx.msgs, flow.ctx.lang
    if not giver.cpu:
        if event.why == "exchange_auto":
            text = cards_message(msgs, "exchange.given_auto", lang, cards, player=taker.name,
                                 count=len(event.cards))  # fmt: skip
        else:
            text = cards_message(msgs, "exchange.gave", lang, cards, player=taker.name)
        flow.ctx.tell_text(giver.name, text)
    if not taker.cpu and not event.hidden:  # UECda: 大富豪 and 富豪 are not told what they got
        received = cards_message(msgs, "exchange.received", lang, cards, player=giver.name)
        flow.ctx.tell_text(taker.name, received)


def tell_timeout(ctx: HostContext, player: str, action: Action) -> None:
    """Tell a player what the timer did for them."""
    msgs, lang = ctx.msgs, ctx.lang
    if isinstance(action, Pass):
        ctx.tell(player, "turn.timeout_pass", "gray")
    elif isinstance(action, Play):
        cards = cards_text(action.meld.cards, action.meld.readings)
        ctx.tell_text(player, cards_message(msgs, "turn.timeout_play", lang, cards, "gray"))
    elif isinstance(action, Give):
        given = cards_message(msgs, "exchange.timeout", lang, cards_text(action.cards), "gray")
        ctx.tell_text(player, given)


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


REFUSALS = {"not_your_turn": "not_your_turn", "wrong_phase": "not_now", "not_playing": "not_playing"}


def refusal(exc: EngineError, rnd: Round, seat: int, cards: object, ctx: HostContext) -> CommandError:
    """An engine refusal as a player-facing error with the placeholders its message needs."""
    code = REFUSALS.get(exc.code, exc.code)
    params: dict[str, object] = {}
    field = rnd.field
    if exc.code == "wrong_kind" and field is not None:
        kind = field.kind.value
        params["kind"] = ctx.text(f"kinds.{kind}", size=field.size)
    elif exc.code == "wrong_size" and field is not None:
        params["size"] = field.size
    elif exc.code == "locked":
        params["suit"] = "".join(s.symbol for s in sorted(rnd.lock or ()))
    elif exc.code == "not_in_hand":
        shown = cards if isinstance(cards, tuple) else ()
        params["cards"] = cards if isinstance(cards, str) else " ".join(str(c) for c in shown)
    elif exc.code == "wrong_count":
        legal = next(iter(rnd.legal_actions(seat)), None)
        params["count"] = len(legal.cards) if isinstance(legal, Give | Discard) else "?"
        chosen = cards if not isinstance(cards, str) else parse_cards(cards)
        params["selected"] = len(chosen) if isinstance(chosen, tuple) else 0
    return CommandError(code, **params)
