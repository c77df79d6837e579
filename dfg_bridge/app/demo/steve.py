"""Steve, the demo's scripted player (スティーブ): he plays through the hand screen, like a person.

He opens the chest in front of his seat holding his 「手札を開く」 key, clicks cards, reads the 出す
button (green: playable, orange: refused and why, purple: a forbidden finish), and presses 出す or
パス. Once per match he plays from the clickable chat hand instead. He sees only :class:`SteveView` and
acts only through the sim's control API, as a player's client would.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dfg_bridge.app.demo.seen import ChatLine, Slot, SteveView
from dfg_bridge.app.demo.tactics import candidates, strength
from dfg_bridge.engine import Card, CardParseError

HAND_SLOTS = range(18, 45)
"""Rows 3–5 of the chest hold the hand (seed 001 「画面の見方」)."""
FIELD_SLOTS = range(1, 9)
CARD_ITEMS = ("black_dye", "red_dye", "blue_dye", "green_dye", "carved_pumpkin")
_CARD_TRIGGER = re.compile(r"^/trigger \S+ set (\d+)$")
_COUNT = re.compile(r"(\d+)")


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card on the screen: its slot, the card, whether it is selected (✔, glowing)."""

    slot: int
    card: Card
    selected: bool


@dataclass(frozen=True, slots=True)
class Labels:
    """The words Steve looks for on the screen (the daemon's message catalogue, his language)."""

    play: str
    give: str
    pass_: str
    clear: str
    revolution: str
    eleven_back: str
    lock_suffix: str

    @staticmethod
    def load(msgs: Any, lang: str) -> Labels:
        """From a message catalogue (``msgs.get(key, lang, **params)``)."""
        return Labels(
            play=msgs.get("hand.play_button", lang),
            give=msgs.get("hand.give_button", lang),
            pass_=msgs.get("hand.pass_button", lang),
            clear=msgs.get("hand.clear_button", lang),
            revolution=msgs.get("display.revolution", lang),
            eleven_back=msgs.get("display.eleven_back", lang),
            lock_suffix=msgs.get("display.locked", lang, suit=""),
        )


def _card(name: str) -> Card | None:
    try:
        return Card.parse(name.lstrip("✔").split("(")[0])
    except (CardParseError, ValueError):
        return None


@dataclass
class Screen:
    """The hand screen as Steve reads it."""

    hand: list[HandCard]
    field: list[Card]
    play: tuple[int, Slot] | None
    pass_: tuple[int, Slot] | None
    clear: tuple[int, Slot] | None
    may_act: bool
    inverted: bool
    lock: str
    giving: int | None

    @staticmethod
    def read(seen: SteveView, words: Labels) -> Screen:
        """Read the open chest (rows: field, players and status, hand ×3, buttons)."""
        slots = seen.slots
        hand = []
        for slot in HAND_SLOTS:
            item = slots.get(slot)
            card = _card(item.name) if item is not None and item.short_id in CARD_ITEMS else None
            if item is not None and card is not None:
                hand.append(HandCard(slot, card, item.name.startswith("✔")))
        field_cards = [c for s in FIELD_SLOTS if (it := slots.get(s)) and it.short_id in CARD_ITEMS
                       and (c := _card(it.name)) is not None]  # fmt: skip

        def button(*labels: str) -> tuple[int, Slot] | None:
            return next(((s, it) for s, it in sorted(slots.items()) if s >= 45
                         and it.name.startswith(labels)), None)  # fmt: skip

        play = button(words.play, words.give)
        status = " ".join(it.name for s, it in slots.items() if 9 <= s < 18)
        lock = ""
        if words.lock_suffix and words.lock_suffix in status:
            head = status.split(words.lock_suffix)[0]
            lock = "".join(ch for ch in head[-4:] if ch in "♠♥♦♣")
        giving = None
        if play is not None and play[1].name.startswith(words.give):
            wanted = [int(m.group(1)) for line in play[1].lore if (m := _COUNT.search(line))]
            giving = wanted[0] if wanted else 1
        return Screen(
            hand=hand,
            field=field_cards,
            play=play,
            pass_=button(words.pass_),
            clear=button(words.clear),
            may_act=any(it.short_id == "clock" for it in slots.values()),
            inverted=(words.revolution in status) != (words.eleven_back in status),
            lock=lock,
            giving=giving,
        )

    def selected(self) -> set[int]:
        """Slots of the selected cards."""
        return {c.slot for c in self.hand if c.selected}

    def verdict(self) -> str:
        """The 出す button's colour: ``green``, ``orange`` or ``purple`` (``none`` without a button)."""
        if self.play is None:
            return "none"
        item = self.play[1].short_id
        colours = {"lime_concrete": "green", "orange_concrete": "orange", "purple_concrete": "purple"}
        return colours.get(item, "?")


@dataclass
class Steve:
    """Decides from :class:`SteveView`, acts through the control API; ``say`` reports what he does."""

    control: Any
    words: Labels
    say: Callable[[str], None]
    rng: random.Random = field(default_factory=random.Random)
    name: str = "Steve"
    chat_turns: int = 1
    """Turns played from the clickable chat hand (the rest on the hand screen)."""
    think: tuple[float, float] = (0.35, 0.8)
    _expect: tuple[Callable[[SteveView], bool], float] | None = None
    _busy_until: float = 0.0
    _situation: object = None
    _plan: list[list[Card]] = field(default_factory=list)
    _try: int = 0
    _chat: list[Card] | None = None
    _chat_step: int = 0
    plays: int = 0
    passes: int = 0
    refused: int = 0
    """Selections the 出す button refused (orange or purple) before Steve pressed anything."""

    def step(self, seen: SteveView, now: float) -> None:
        """Look at the screen and maybe do one thing."""
        if self._expect is not None:
            done, deadline = self._expect
            if not done(seen) and now < deadline:
                return
            self._expect = None
        if now < self._busy_until:
            return
        if self._chat is not None:
            self._chat_turn(seen, now)
            return
        if not seen.screen_open:
            self._open(seen, now)
            return
        screen = Screen.read(seen, self.words)
        if not screen.may_act:
            self._situation = None
            return
        situation = (tuple(c.card for c in screen.hand), tuple(screen.field), screen.giving, screen.inverted)
        if situation != self._situation:
            self._situation = situation
            self._busy_until = now + self.rng.uniform(*self.think)  # a moment to look at the hand
            hand = [c.card for c in screen.hand]
            if screen.giving is not None:
                weakest = sorted(hand, key=lambda c: (strength(c, inverted=screen.inverted), c.index))
                self._plan = [weakest[: screen.giving]]
            else:
                self._plan = candidates(hand, screen.field, inverted=screen.inverted, lock=screen.lock)
            self._try = 0
            return
        leading = screen.giving is None and not screen.field
        if leading and self.chat_turns > 0 and self.plays >= 2 and self._plan:
            self._start_chat(self._plan[0], now)
            return
        self._decide(screen, now)

    # ---- the hand screen ------------------------------------------------------------------------
    def _open(self, seen: SteveView, now: float) -> None:
        chest = seen.nearest_chest()
        if seen.key_slot is None or chest is None:
            return
        self.say(f"{self.name} が「手札を開く」の本を持って、席の前のチェストを開く")
        try:
            self.control.open(self.name, list(chest), slot=seen.key_slot)
        except Exception as exc:  # the chest is not his yet (a new match re-keys it): try again
            self.say(f"  開けない: {exc}")
        self._expect = (lambda s: s.screen_open, now + 2.0)

    def _click(self, slot: int) -> None:
        self.control.click(self.name, slot, "pickup", 0)

    def _decide(self, screen: Screen, now: float) -> None:
        by_card = {c.card: c for c in screen.hand}
        while self._try < len(self._plan):
            wanted = {by_card[c].slot for c in self._plan[self._try] if c in by_card}
            if len(wanted) != len(self._plan[self._try]):
                self._try += 1
                continue
            if screen.selected() != wanted:
                toggles = sorted(screen.selected() ^ wanted)
                names = " ".join(str(c.card) for c in screen.hand if c.slot in wanted)
                self.say(f"{self.name} が {names} をクリックして選ぶ")
                for slot in toggles:
                    self._click(slot)
                self._expect = (lambda s, w=wanted: Screen.read(s, self.words).selected() == w, now + 2.5)
                return
            verdict = screen.verdict()
            assert screen.play is not None
            label = screen.play[1].name
            if verdict == "green":
                self.say(f"{self.name} が「{label}」を押す")
                self._click(screen.play[0])
                self.plays += 1
                self._expect = (lambda s: not Screen.read(s, self.words).may_act or
                                _hand_changed(s, self.words, screen), now + 3.0)  # fmt: skip
                return
            self.refused += 1
            self.say(f"  ボタンは{_COLOUR_WORDS.get(verdict, verdict)}「{label}」: 別の手にする")
            self._try += 1
        self._pass(screen, now)

    def _pass(self, screen: Screen, now: float) -> None:
        if screen.selected() and screen.clear is not None:
            self._click(screen.clear[0])
            self._expect = (lambda s: not Screen.read(s, self.words).selected(), now + 2.0)
            return
        if screen.pass_ is None or screen.pass_[1].short_id != "white_concrete":
            # Leading: passing is refused; the weakest single it is.
            weakest = min(screen.hand, key=lambda c: strength(c.card, inverted=screen.inverted), default=None)
            if weakest is not None and screen.giving is None:
                self._plan, self._try = [[weakest.card]], 0
                self._situation = (self._situation, "forced")
                self._busy_until = now
            return
        self.say(f"{self.name} が「{screen.pass_[1].name}」を押す")
        self._click(screen.pass_[0])
        self.passes += 1
        self._expect = (lambda s: not Screen.read(s, self.words).may_act or
                        _hand_changed(s, self.words, screen), now + 3.0)  # fmt: skip

    # ---- the chat hand --------------------------------------------------------------------------
    def _start_chat(self, cards: list[Card], now: float) -> None:
        self.say(f"{self.name} は今回、チャットの手札で出す（画面を閉じてチャットを開く）")
        self.control.close(self.name)
        self._chat, self._chat_step = cards, 0
        self.chat_turns -= 1
        self._busy_until = now + 0.4

    def _chat_turn(self, seen: SteveView, now: float) -> None:
        """One card per click: the trigger works again only once the daemon has read the last one."""
        assert self._chat is not None
        hand = _newest_hand(seen.chat)
        if hand is None:
            self._chat = None
            return
        chosen = {c for _p, text, _cmd in hand.parts if text.startswith("✔") and (c := _card(text.strip()))}
        missing = [c for c in self._chat if c not in chosen]
        if missing:
            card = missing[0]
            part = next((p for p, text, cmd in hand.parts if cmd and _card(text.strip()) == card), None)
            if part is None or self._chat_step > 2 * len(self._chat):
                self._chat = None  # the chat hand does not show it (any more): back to the screen
                return
            self._chat_step += 1
            self.say(f"{self.name} がチャットの手札の {card} をクリック")
            self.control.click_text(self.name, hand.index, part)
            self._expect = (lambda s, c=card: _chat_selected(s, c), now + 2.0)
            return
        button = _newest_button(seen.chat, self.words.play)
        if button is not None:
            message, part, _text = button
            self.say(f"{self.name} がチャットの [{self.words.play}] をクリック")
            self.control.click_text(self.name, message, part)
            self.plays += 1
        self._chat = None
        self._busy_until = now + 0.6


def _chat_selected(seen: SteveView, card: Card) -> bool:
    hand = _newest_hand(seen.chat)
    return hand is not None and any(text.startswith("✔") and _card(text.strip()) == card
                                    for _p, text, _cmd in hand.parts)  # fmt: skip


_COLOUR_WORDS = {"orange": "オレンジ", "purple": "紫", "green": "緑"}


def _hand_changed(seen: SteveView, words: Labels, before: Screen) -> bool:
    return [c.card for c in Screen.read(seen, words).hand] != [c.card for c in before.hand]


def _newest_hand(chat: tuple[ChatLine, ...]) -> ChatLine | None:
    for line in reversed(chat):
        codes = [m for _p, _t, cmd in line.parts if cmd and (m := _CARD_TRIGGER.match(cmd))]
        if codes and any(int(m.group(1)) >= 100 for m in codes):
            return line
    return None


def _newest_button(chat: tuple[ChatLine, ...], label: str) -> tuple[int, int, str] | None:
    for line in reversed(chat):
        for part, text, cmd in line.parts:
            if cmd and text.lstrip("[").startswith(label):
                return line.index, part, text
    return None


__all__ = ["HandCard", "Labels", "Screen", "Steve"]
