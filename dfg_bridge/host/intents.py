"""What a player asked for, whatever surface they used (プレイヤーの操作).

``/dfg …`` typed on Paper, ``!dfg …`` in chat, a sign or clickable chat (``/trigger dfg set N``)
all end up as one of the frozen :data:`Intent` values here, so the rest of the host handles each
action once.

>>> parse_args(("play", "S3", "H3"))
PlayCards(cards='S3 H3')
>>> parse_args(("start", "cpu"))
Start(mode=<Mode.CPU: 'cpu'>, table=None)
>>> intent_for_trigger(TriggerCode.PASS, ())
PassTurn()
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from dfg_bridge.host.errors import CommandError


class Mode(enum.Enum):
    """A match format (形式)."""

    NORMAL = "normal"
    """対人戦: players only, 3 to 6."""
    CPU = "cpu"
    """CPU練習: one or more humans, CPUs fill the table."""


@dataclass(frozen=True, slots=True)
class Join:
    """``join [table]``: enter a table's lobby (ロビーに参加)."""

    table: str | None = None


@dataclass(frozen=True, slots=True)
class Leave:
    """``leave``: leave the lobby; during a match this is 脱落."""


@dataclass(frozen=True, slots=True)
class Start:
    """``start [normal|cpu]``: start a match at the player's table (or the sign's ``table``)."""

    mode: Mode | None = None
    table: str | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """``hand``: show the player's hand."""


@dataclass(frozen=True, slots=True)
class Status:
    """``status [table]``: settings, local rules, lobby and match."""

    table: str | None = None


@dataclass(frozen=True, slots=True)
class PlayCards:
    """``play <cards>``: e.g. ``S3 H3`` or ``♠3 ♥3``, ``JK=H4`` pins a joker."""

    cards: str


@dataclass(frozen=True, slots=True)
class PlaySelection:
    """Play (or, in the exchange, give) the cards the player has selected."""


@dataclass(frozen=True, slots=True)
class PassTurn:
    """``pass`` (パス)."""


@dataclass(frozen=True, slots=True)
class Toggle:
    """Select or unselect one card (``card`` is the stable card code 0–53)."""

    card: int


@dataclass(frozen=True, slots=True)
class ClearSelection:
    """Unselect every card (選択を外す)."""


class DialogAction(enum.Enum):
    """A button of the hand dialog (1.21.6+); the host shows the dialog again after each."""

    CARD = "card"
    """Select or unselect a card."""
    PLAY = "play"
    """出す / 渡す."""
    PASS = "pass"
    """パス."""
    CLEAR = "clear"
    """選択を外す."""
    PAGE = "page"
    """The next page of a long hand."""


@dataclass(frozen=True, slots=True)
class DialogClick:
    """A hand-dialog button was pressed (``card`` is the card code for :attr:`DialogAction.CARD`)."""

    action: DialogAction
    card: int | None = None


@dataclass(frozen=True, slots=True)
class AdminStop:
    """``admin stop [table]``: end matches and give everyone their items back."""

    table: str | None = None


@dataclass(frozen=True, slots=True)
class AdminReload:
    """``admin reload``: reload config and messages for the next match."""


@dataclass(frozen=True, slots=True)
class ShowStats:
    """``stats [player]``: a player's record (成績), the asker's own by default."""

    player: str | None = None


@dataclass(frozen=True, slots=True)
class ShowTop:
    """``top [n] [season]``: the ladder (ランキング) of a season, the current one by default."""

    count: int = 10
    season: int | None = None


@dataclass(frozen=True, slots=True)
class ShowRank:
    """``rank``: the asker's dan (段位), rating and points to the next dan."""


@dataclass(frozen=True, slots=True)
class AdminNewSeason:
    """``admin season new``: start the next season (開催回); dans reset per seed 000's table."""


@dataclass(frozen=True, slots=True)
class AdminResetStats:
    """``admin stats reset <player>``: forget one player's stats, rating and standings."""

    player: str


STATS_INTENTS = (ShowStats, ShowTop, ShowRank, AdminNewSeason, AdminResetStats)
"""Intents answered by the stats desk (they need no table)."""

Intent = (
    Join
    | Leave
    | Start
    | Hand
    | Status
    | PlayCards
    | PlaySelection
    | PassTurn
    | Toggle
    | ClearSelection
    | DialogClick
    | AdminStop
    | AdminReload
    | ShowStats
    | ShowTop
    | ShowRank
    | AdminNewSeason
    | AdminResetStats
)
"""Everything a player can ask the host for."""

ADMIN_INTENTS = (AdminStop, AdminReload)


class TriggerCode(enum.IntEnum):
    """Values of ``/trigger dfg set N`` (clickable chat, signs, dialogs).

    Codes below 1000 act on the player's own table. ``CARD_BASE + card code`` toggles one card
    (clickable chat); ``DIALOG_CARD_BASE + card code`` and ``DIALOG_*`` come from the hand dialog, which
    the host shows again after each press. A sign of table *k* (0-based, in config order) sends
    ``TABLE_BASE * (k + 1) + action``.
    """

    ACK = 0
    """Nothing (受領のみ): what the Paper ``commands.yml`` alias ``/dfg`` → ``trigger dfg set 0`` sends.

    The typed ``/dfg …`` line itself carries the action; the trigger only makes ``/dfg`` a known
    command, so the host re-enables the trigger (when it does that) and does nothing else.
    """
    JOIN = 1
    """参加."""
    LEAVE = 2
    """離脱."""
    START = 3
    """開始 (the configured default format)."""
    START_NORMAL = 4
    """開始 (対人戦)."""
    START_CPU = 5
    """開始 (CPU練習)."""
    HAND = 6
    """手札."""
    STATUS = 7
    """状況."""
    PASS = 8
    """パス."""
    PLAY = 9
    """出す / 渡す the selection."""
    CLEAR = 10
    """選択を外す."""
    DIALOG_PLAY = 11
    """出す / 渡す in the hand dialog."""
    DIALOG_PASS = 12
    """パス in the hand dialog."""
    DIALOG_CLEAR = 13
    """選択を外す in the hand dialog."""
    DIALOG_PAGE = 14
    """Next page of the hand dialog."""
    CARD_BASE = 100
    """``100 + card code`` toggles that card."""
    DIALOG_CARD_BASE = 200
    """``200 + card code`` toggles that card from the hand dialog."""
    TABLE_BASE = 1000
    """Table-scoped sign codes start here."""


_CARD_CODES = 54


def trigger_for_table(table_index: int, action: TriggerCode) -> int:
    """The trigger value a sign of table ``table_index`` sends for ``action``.

    >>> trigger_for_table(0, TriggerCode.JOIN), trigger_for_table(2, TriggerCode.START_CPU)
    (1001, 3005)
    """
    return int(TriggerCode.TABLE_BASE) * (table_index + 1) + int(action)


def intent_for_trigger(value: int, table_ids: Sequence[str]) -> Intent:
    """Map a trigger value to an intent; ``table_ids`` (config order) resolve table-scoped codes."""
    table: str | None = None
    if value >= TriggerCode.TABLE_BASE:
        index, action = divmod(value, int(TriggerCode.TABLE_BASE))
        if not 1 <= index <= len(table_ids):
            raise CommandError("bad_args", args=str(value))
        table, value = table_ids[index - 1], action
    if TriggerCode.CARD_BASE <= value < TriggerCode.CARD_BASE + _CARD_CODES and table is None:
        return Toggle(value - int(TriggerCode.CARD_BASE))
    base = int(TriggerCode.DIALOG_CARD_BASE)
    if base <= value < base + _CARD_CODES and table is None:
        return DialogClick(DialogAction.CARD, value - base)
    dialogs: dict[int, DialogAction] = {
        TriggerCode.DIALOG_PLAY: DialogAction.PLAY,
        TriggerCode.DIALOG_PASS: DialogAction.PASS,
        TriggerCode.DIALOG_CLEAR: DialogAction.CLEAR,
        TriggerCode.DIALOG_PAGE: DialogAction.PAGE,
    }
    dialog = dialogs.get(value)
    if dialog is not None and table is None:
        return DialogClick(dialog)
    simple: dict[int, Intent] = {
        TriggerCode.LEAVE: Leave(),
        TriggerCode.START: Start(None, table),
        TriggerCode.START_NORMAL: Start(Mode.NORMAL, table),
        TriggerCode.START_CPU: Start(Mode.CPU, table),
        TriggerCode.HAND: Hand(),
        TriggerCode.STATUS: Status(table),
        TriggerCode.PASS: PassTurn(),
        TriggerCode.PLAY: PlaySelection(),
        TriggerCode.CLEAR: ClearSelection(),
        TriggerCode.JOIN: Join(table),
    }
    intent = simple.get(value)
    if intent is None:
        raise CommandError("bad_args", args=str(value))
    return intent


_ALIASES = {
    "j": "join",
    "l": "leave",
    "s": "start",
    "h": "hand",
    "p": "play",
    "put": "play",
    "give": "play",
}


def parse_args(args: Sequence[str]) -> Intent:
    """Parse the words after ``/dfg`` (or ``!dfg``) into an intent.

    Raises :class:`CommandError` with a code naming the problem (``usage``, ``unknown_subcommand``,
    ``bad_mode``, ``bad_args``).
    """
    if not args:
        raise CommandError("usage")
    sub = _ALIASES.get(args[0].lower(), args[0].lower())
    rest = list(args[1:])
    if sub == "join":
        return Join(_one_optional(rest, sub))
    if sub == "leave":
        _none(rest, sub)
        return Leave()
    if sub == "start":
        word = _one_optional(rest, sub)
        if word is None:
            return Start()
        try:
            return Start(Mode(word.lower()))
        except ValueError:
            raise CommandError("bad_mode", mode=word) from None
    if sub == "hand":
        _none(rest, sub)
        return Hand()
    if sub == "status":
        return Status(_one_optional(rest, sub))
    if sub == "play":
        if not rest:
            raise CommandError("bad_args", args="play")
        return PlayCards(" ".join(rest))
    if sub == "pass":
        _none(rest, sub)
        return PassTurn()
    if sub == "admin":
        return _admin(rest)
    if sub in ("stats", "top", "rank"):
        return _stats(sub, rest)
    raise CommandError("unknown_subcommand", command=args[0])


def _admin(rest: list[str]) -> Intent:
    if rest and rest[0].lower() == "stop" and len(rest) <= 2:
        return AdminStop(rest[1] if len(rest) == 2 else None)
    if rest and rest[0].lower() == "reload" and len(rest) == 1:
        return AdminReload()
    words = [w.lower() for w in rest]
    if words == ["season", "new"]:
        return AdminNewSeason()
    if len(rest) == 3 and words[:2] == ["stats", "reset"]:
        return AdminResetStats(rest[2])
    raise CommandError("bad_args", args="admin " + " ".join(rest))


def _stats(sub: str, rest: list[str]) -> Intent:
    """``stats [player]``, ``top [n] [season]``, ``rank``.

    >>> _stats("top", ["5", "2"]), _stats("stats", [])
    (ShowTop(count=5, season=2), ShowStats(player=None))
    """
    if sub == "stats":
        return ShowStats(_one_optional(rest, sub))
    if sub == "rank":
        _none(rest, sub)
        return ShowRank()
    if len(rest) > 2 or not all(w.isdigit() and 0 < int(w) <= 10_000 for w in rest):
        raise CommandError("bad_args", args=" ".join([sub, *rest]))
    count = min(int(rest[0]), 50) if rest else 10
    return ShowTop(count, int(rest[1]) if len(rest) == 2 else None)


def _one_optional(rest: list[str], sub: str) -> str | None:
    if len(rest) > 1:
        raise CommandError("bad_args", args=" ".join([sub, *rest]))
    return rest[0] if rest else None


def _none(rest: list[str], sub: str) -> None:
    if rest:
        raise CommandError("bad_args", args=" ".join([sub, *rest]))
