"""Refusals (拒否): a player's action that cannot be done, as the message they are told.

Whatever surface the action came from — a typed ``/dfg`` command, a trigger from clickable chat or a
sign, a dialog button, a click on the hand screen — a refusal is reported to the rejection hook
(metrics) and told to the player here, once: :func:`refuse`. :func:`play_refusal` turns an engine
refusal of a play into the error whose message names what was wrong (the field's kind, the lock…).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dfg_bridge.engine import CardParseError, Discard, EngineError, Give, Round, parse_cards
from dfg_bridge.host.errors import CommandError, HostError

if TYPE_CHECKING:
    from dfg_bridge.host.context import HostContext

Refusal = HostError | EngineError | CardParseError
"""The exceptions that mean "the player cannot do that now" (anything else is a bug)."""


def message_of(exc: Refusal) -> tuple[str, str, dict[str, object]]:
    """(machine code, message key, message parameters) of a refusal."""
    if isinstance(exc, HostError):
        return exc.code, exc.message_key, dict(exc.params)
    if isinstance(exc, CardParseError):
        return "bad_cards", "error.bad_cards", {"text": str(exc)}
    return exc.code, "error.not_now", {}


def refuse(ctx: HostContext, player: str, exc: Refusal) -> None:
    """Report ``exc`` to the rejection hook and tell ``player`` why."""
    code, key, params = message_of(exc)
    ctx.rejected(player, code)
    ctx.tell(player, key, "red", **params)


ENGINE_CODES = {"not_your_turn": "not_your_turn", "wrong_phase": "not_now", "not_playing": "not_playing"}
"""Engine refusal codes that have a host message of another name."""


def play_refusal(exc: EngineError, rnd: Round, seat: int, cards: object, ctx: HostContext) -> CommandError:
    """An engine refusal of a play as a player-facing error with the placeholders its message needs."""
    code = ENGINE_CODES.get(exc.code, exc.code)
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


__all__ = ["ENGINE_CODES", "Refusal", "message_of", "play_refusal", "refuse"]
