"""The 出す button's verdict (出せるかどうか): the engine's answer for the selected cards, as a colour.

Seed 001: green — it can be played (the button names the cards); orange — it cannot (the reason is in
the name, e.g. 「場は2枚出しです」「♥縛り中です」); purple — it can, but it would be a 反則上がり. In a
special decision (交換, 7渡し, 10捨て, Qボンバー, なかまカード, 買収: :mod:`dfg_bridge.host.decisions`) the
button carries that decision's label and accepts what the engine accepts for it.

The verdict is the engine's own: :func:`verdict` asks :meth:`Round.play_cards` (the strongest legal
reading of the cards, or the error of the reading that got furthest), :meth:`Round.why_illegal` for
gives, and :meth:`Round.would_foul`. It never re-implements a rule.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from dfg_bridge.engine import CARDS, Card, EngineError, Give, MeldKind, Pass, Phase, Round
from dfg_bridge.host.decisions import Decision, PickError, action_for, decision_of, pick_params, pick_problem
from dfg_bridge.host.errors import MESSAGE_OF
from dfg_bridge.host.ports import MessageCatalog


class ButtonColor(enum.Enum):
    """The colour of the 出す / 渡す button."""

    GREEN = "green"
    """Playable as it is; the button names the cards."""
    ORANGE = "orange"
    """Not playable; the reason is in the button's name."""
    PURPLE = "purple"
    """Playable, but finishing with it is 反則上がり (last place)."""


_EMPTY: Mapping[str, object] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Verdict:
    """What pressing 出す/渡す would do with the selection now.

    ``code`` is the refusal's code (an engine :class:`~dfg_bridge.engine.ErrorCode` value, or the
    host's ``nothing_selected`` / ``not_now``) and ``params`` fill its message; ``readings`` are what
    each card would stand for when the play is allowed (a joker's assumed card).
    """

    color: ButtonColor
    mode: Decision
    cards: tuple[Card, ...] = ()
    readings: tuple[Card, ...] = ()
    code: str | None = None
    params: Mapping[str, object] = field(default_factory=lambda: _EMPTY)

    @property
    def ok(self) -> bool:
        """Whether pressing the button would be accepted (green or purple)."""
        return self.color is not ButtonColor.ORANGE


def _blocked(mode: Decision, cards: tuple[Card, ...], code: str, **params: object) -> Verdict:
    return Verdict(ButtonColor.ORANGE, mode, cards, (), code, MappingProxyType(params))


def mode_of(rnd: Round) -> Decision:
    """The decision the play button answers now (出す outside a special decision)."""
    return decision_of(rnd)


def verdict(rnd: Round | None, seat: int, selected: Collection[int]) -> Verdict:
    """The engine's verdict on playing (or giving) the ``selected`` card indices of ``seat`` now.

    >>> from dfg_bridge.engine import Round, Rules, parse_cards
    >>> hands = [list(parse_cards("S3 H3 D4")), list(parse_cards("S5 H6")), list(parse_cards("C7 C9"))]
    >>> rnd = Round.from_hands(Rules.preset("minecraft"), hands, leader=0)
    >>> v = verdict(rnd, 0, {c.index for c in parse_cards("S3 H3")})
    >>> v.color.value, [str(c) for c in v.cards]
    ('green', ['♠3', '♥3'])
    >>> verdict(rnd, 0, {c.index for c in parse_cards("S3 D4")}).code
    'invalid_meld'
    >>> verdict(rnd, 1, {c.index for c in parse_cards("S5")}).code
    'not_your_turn'
    """
    cards = tuple(CARDS[i] for i in sorted(selected))
    if rnd is None or rnd.over:
        return _blocked(Decision.PLAY, cards, "not_now")
    mode = mode_of(rnd)
    waiting = seat in rnd.awaiting()
    if mode is not Decision.PLAY:
        if not waiting:
            return _blocked(mode, cards, "not_your_turn")
        return _decision_verdict(rnd, seat, mode, cards)
    if not cards:
        # Off turn nothing can be selected, so the button reads the same on and off turn and a turn's
        # start and end do not rewrite it (issue 19); pressing it off turn still says "not your turn".
        return _blocked(mode, cards, "nothing_selected")
    try:
        play = rnd.play_cards(seat, cards)
    except EngineError as exc:
        return _blocked(mode, cards, exc.code, **_params(rnd, seat, exc.code, cards))
    meld = play.meld
    finishing = len(rnd.hand(seat)) == len(cards)
    color = ButtonColor.PURPLE if finishing and rnd.would_foul(meld) else ButtonColor.GREEN
    return Verdict(color, mode, meld.cards, meld.readings)


_DECISION_CODES = {(Decision.QUEEN_BOMBER, "bad_target"): "rank_named"}
"""Engine refusals that read better under a decision's own name."""


def _decision_verdict(rnd: Round, seat: int, mode: Decision, cards: tuple[Card, ...]) -> Verdict:
    problem = pick_problem(rnd, seat, cards)
    if problem is not None:
        code, params = problem
        return _blocked(mode, cards, code, **params)
    try:
        action = action_for(rnd, seat, cards)
    except PickError as exc:
        return _blocked(mode, cards, exc.code)
    error = rnd.why_illegal(action)
    if error is not None:
        code = _DECISION_CODES.get((mode, error.code), error.code)
        return _blocked(mode, cards, code, **_params(rnd, seat, error.code, cards))
    return Verdict(ButtonColor.GREEN, mode, cards, cards)


def give_count(rnd: Round, seat: int) -> int | None:
    """How many cards ``seat`` must (exchange) or may (7渡し / 10捨て) give now, if it gives."""
    if rnd.phase is Phase.EXCHANGE:
        legal = next(iter(rnd.legal_actions(seat)), None)
        return len(legal.cards) if isinstance(legal, Give) else None
    if rnd.pending_decision in ("seven_pass", "ten_discard"):
        return rnd.pending_count()
    return None


def _params(rnd: Round, seat: int, code: str, cards: tuple[Card, ...]) -> dict[str, object]:
    """The placeholders of the refusal's message (as the host's chat errors use them)."""
    field_meld = rnd.field
    if code == "wrong_kind" and field_meld is not None:
        return {"kind": field_meld.kind.value, "size": field_meld.size}
    if code == "wrong_size" and field_meld is not None:
        return {"size": field_meld.size}
    if code == "locked":
        return {"suit": "".join(s.symbol for s in sorted(rnd.lock or ()))}
    if code == "not_in_hand":
        return {"cards": " ".join(str(c) for c in cards)}
    if code == "wrong_count":
        return {"count": give_count(rnd, seat) or 0, "selected": len(cards)}
    return pick_params(rnd, seat, ())


def pass_refusal(rnd: Round | None, seat: int) -> str | None:
    """Why パス is refused now (``None`` when it would be accepted), e.g. ``leader_cannot_pass``."""
    if rnd is None or rnd.over:
        return "not_now"
    if seat not in rnd.awaiting():
        return "not_your_turn"
    if mode_of(rnd) is not Decision.PLAY:
        return None  # パス in a decision means "no" (the host's timeout action)
    error = rnd.why_illegal(Pass(seat))
    return error.code if error is not None else None


def reason_text(code: str, params: Mapping[str, object], msgs: MessageCatalog, lang: str) -> str:
    """The refusal as the player reads it, e.g. ``場は2枚出しです。`` (the chat error's own text)."""
    values = dict(params)
    kind = values.get("kind")
    if code == "wrong_kind" and isinstance(kind, str):
        name = MeldKind(kind).value
        values["kind"] = msgs.get(f"kinds.{name}", lang, size=values.get("size", ""))
    return msgs.get(MESSAGE_OF.get(code, f"error.{code}"), lang, **values)
