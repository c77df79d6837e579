"""What the play button decides now (判断の種類): 出す, 交換, 7渡し, 10捨て, Qボンバー, なかまカード, 買収.

Every special decision gets its own prompt (told when it is the player's turn), its own button
label (hand screen, chat hand, dialog) and its own reasons when the selection cannot be used, in
every language. :func:`action_for` is the one place that turns "these selected cards" (or パス)
into the engine action of the decision, for typed commands and every button alike:

- 交換 (exchange): exactly the cards owed; パス gives the weakest (the timer's choice);
- 7渡し / 10捨て: up to the number of 7s / 10s played; パス gives / discards nothing;
- Qボンバー: the rank of the selected card(s) (one rank, or the joker) is named; パス stops naming;
- なかまカード: the selected card is swapped for the risen one; パス declines;
- 買収 (bribery): the selected 1–2 cards go with as many 100億 cards to the lowest rank that may be
  bribed; パス declines.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from dfg_bridge.engine import Action, Bomb, Bribe, Card, Discard, Give, Pass, Phase, Recruit, Round
from dfg_bridge.host.announce import card_text
from dfg_bridge.host.ports import MessageCatalog


class Decision(enum.Enum):
    """The decision a seat owes now (what the play button does)."""

    PLAY = "play"
    """出す: play a meld."""
    EXCHANGE = "exchange"
    """渡す: the exchange (カード交換)."""
    SEVEN_PASS = "seven_pass"
    """7渡し: give up to as many cards as 7s played to the next player."""
    TEN_DISCARD = "ten_discard"
    """10捨て: discard up to as many cards as 10s played."""
    QUEEN_BOMBER = "queen_bomber"
    """Qボンバー: name a rank that every hand discards."""
    NAKAMA = "nakama"
    """なかまカード: swap the risen discard for a card of the hand."""
    BRIBE = "bribe"
    """買収: give 100億 cards and as many cards to a lower rank."""


_PENDING = {
    "seven_pass": Decision.SEVEN_PASS,
    "ten_discard": Decision.TEN_DISCARD,
    "queen_bomber": Decision.QUEEN_BOMBER,
    "nakama": Decision.NAKAMA,
}

BUTTON_KEYS = {
    Decision.PLAY: "hand.play_button",
    Decision.EXCHANGE: "hand.give_button",
    Decision.SEVEN_PASS: "hand.give_button",
    Decision.TEN_DISCARD: "hand.discard_button",
    Decision.QUEEN_BOMBER: "hand.bomb_button",
    Decision.NAKAMA: "hand.swap_button",
    Decision.BRIBE: "hand.bribe_button",
}
"""Message key of the play button's label per decision."""

PICK_CODES = {
    Decision.PLAY: "nothing_selected",
    Decision.EXCHANGE: "wrong_count",
    Decision.SEVEN_PASS: "pick_to_give",
    Decision.TEN_DISCARD: "pick_to_discard",
    Decision.QUEEN_BOMBER: "pick_rank",
    Decision.NAKAMA: "pick_swap",
    Decision.BRIBE: "pick_bribe",
}
"""The refusal shown while nothing is selected yet, per decision (``error.<code>``)."""


def decision_of(rnd: Round) -> Decision:
    """The decision of the seat(s) awaited now."""
    if rnd.phase is Phase.EXCHANGE:
        return Decision.BRIBE if _bribing(rnd) else Decision.EXCHANGE
    pending = rnd.pending_decision
    return _PENDING.get(pending, Decision.PLAY) if pending is not None else Decision.PLAY


def _bribing(rnd: Round) -> bool:
    awaited = sorted(rnd.awaiting())
    return bool(awaited) and isinstance(rnd.timeout_action(awaited[0]), Bribe)


def gives_cards(decision: Decision) -> bool:
    """Whether the button hands over selected cards (the chest's 渡す-style layout)."""
    return decision is not Decision.PLAY


def bribe_target(rnd: Round, seat: int) -> int | None:
    """Whom ``seat`` bribes with the button: the lowest rank it may bribe (``None``: nobody)."""
    # The engine lists targets from the highest lower rank down: the last one is the lowest.
    targets = [a.target for a in rnd.legal_actions(seat) if isinstance(a, Bribe) and a.target is not None]
    return targets[-1] if targets else None


def bribe_limit(rnd: Round, seat: int) -> int:
    """How many cards ``seat`` may bribe with (one per 100億 card, at most 2)."""
    return max(0, min(2, rnd.wallet[seat]))


def action_for(rnd: Round, seat: int, cards: Sequence[Card] | None) -> Action:
    """The engine action for pressing the button with ``cards`` selected (``None``: パス)."""
    decision = decision_of(rnd)
    chosen = tuple(cards or ())
    if cards is None and decision is not Decision.PLAY:
        return rnd.timeout_action(seat)  # the decision's "no" (the exchange: the weakest cards)
    if decision is Decision.EXCHANGE or decision is Decision.SEVEN_PASS:
        return Give(seat, chosen)
    if decision is Decision.TEN_DISCARD:
        return Discard(seat, chosen)
    if decision is Decision.QUEEN_BOMBER:
        return _bomb(seat, chosen)
    if decision is Decision.NAKAMA:
        return Recruit(seat, chosen[0]) if chosen else Recruit(seat)
    if decision is Decision.BRIBE:
        return Bribe(seat, chosen, bribe_target(rnd, seat)) if chosen else Bribe(seat)
    if cards is None:
        return Pass(seat)
    return rnd.play_cards(seat, chosen)


class PickError(ValueError):
    """The selection cannot answer the decision; ``code`` names the refusal (``error.<code>``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _bomb(seat: int, cards: tuple[Card, ...]) -> Bomb:
    if not cards:
        raise PickError("pick_rank")
    if all(c.is_joker for c in cards):
        return Bomb(seat, joker=True)
    ranks = {c.rank for c in cards if not c.is_joker}
    if len(ranks) != 1 or any(c.is_joker for c in cards):
        raise PickError("pick_one_rank")
    return Bomb(seat, ranks.pop())


def pick_problem(rnd: Round, seat: int, cards: Sequence[Card]) -> tuple[str, dict[str, object]] | None:
    """Why the selection cannot be used for the decision before the engine is asked (code, params)."""
    decision = decision_of(rnd)
    count = len(cards)
    if decision is Decision.NAKAMA and count > 1:
        return "pick_one", {}
    if decision is Decision.BRIBE and count > bribe_limit(rnd, seat) > 0:
        return "too_many", {"count": bribe_limit(rnd, seat), "selected": count}
    if decision in (Decision.SEVEN_PASS, Decision.TEN_DISCARD) and count > rnd.pending_count():
        return "too_many", {"count": rnd.pending_count(), "selected": count}
    if count == 0 and decision is not Decision.EXCHANGE:
        return PICK_CODES[decision], pick_params(rnd, seat, [])
    if decision is Decision.QUEEN_BOMBER:
        try:
            _bomb(seat, tuple(cards))
        except PickError as exc:
            return exc.code, {}
    return None


def pick_params(rnd: Round, seat: int, names: Sequence[str]) -> dict[str, object]:
    """The placeholders of the decision's prompt and pick reason (``count``, ``card``, ``player``…)."""
    decision = decision_of(rnd)
    params: dict[str, object] = {}
    if decision in (Decision.SEVEN_PASS, Decision.TEN_DISCARD, Decision.QUEEN_BOMBER):
        params["count"] = rnd.pending_count()
    elif decision is Decision.NAKAMA:
        risen = rnd.risen_card
        params["card"] = card_text(risen).plain() if risen is not None else "?"
    elif decision is Decision.BRIBE:
        target = bribe_target(rnd, seat)
        params["max"] = bribe_limit(rnd, seat)
        params["funds"] = rnd.wallet[seat]
        params["player"] = names[target] if target is not None and 0 <= target < len(names) else "?"
    elif decision is Decision.EXCHANGE:
        legal = next(iter(rnd.legal_actions(seat)), None)
        params["count"] = len(legal.cards) if isinstance(legal, Give) else 0
    return params


def prompt(rnd: Round, seat: int, names: Sequence[str], msgs: MessageCatalog, lang: str) -> str:
    """What the player is told when this decision is theirs (``hand.your_turn`` for a plain turn)."""
    decision = decision_of(rnd)
    if decision is Decision.PLAY:
        return msgs.get("hand.your_turn", lang)
    return msgs.get(f"hand.prompt_{decision.value}", lang, **pick_params(rnd, seat, names))


def button_label(decision: Decision, msgs: MessageCatalog, lang: str) -> str:
    """The play button's label for ``decision`` (出す, 渡す, 捨てる, 指名, 入れ替える, 買収する)."""
    return msgs.get(BUTTON_KEYS[decision], lang)


__all__ = [
    "BUTTON_KEYS",
    "PICK_CODES",
    "Decision",
    "PickError",
    "action_for",
    "bribe_target",
    "button_label",
    "decision_of",
    "gives_cards",
    "pick_params",
    "pick_problem",
    "prompt",
]
