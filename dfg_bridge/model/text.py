"""A dialect-free text component (テキストコンポーネント).

The host builds :class:`Text` values; ``render/`` writes them as JSON (1.20.5–1.21.4) or SNBT (1.21.5+).
Player-controlled strings go in ``Text.text`` as they are: escaping is render's job, in one place.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class ClickAction(enum.Enum):
    """What clicking a piece of text does."""

    RUN_COMMAND = "run_command"
    """Runs a command as the clicking player (we only use ``/trigger …``)."""
    SUGGEST_COMMAND = "suggest_command"
    """Puts a command into the player's chat box."""


@dataclass(frozen=True, slots=True)
class Click:
    """A click event: ``action`` with ``command`` (a command line starting with ``/``)."""

    action: ClickAction
    command: str


@dataclass(frozen=True, slots=True)
class Text:
    """One text component with optional style, click, hover and children.

    >>> Text("♥Q", color="red").plain()
    '♥Q'
    >>> Text("a", extra=(Text("b"), Text("c"))).plain()
    'abc'
    """

    text: str = ""
    color: str | None = None
    bold: bool | None = None
    italic: bool | None = None
    underlined: bool | None = None
    click: Click | None = None
    hover: Text | None = None
    extra: tuple[Text, ...] = field(default=())

    def plain(self) -> str:
        """The text as a player reads it, without style."""
        return self.text + "".join(part.plain() for part in self.extra)

    @staticmethod
    def join(parts: tuple[Text, ...] | list[Text]) -> Text:
        """Concatenate components under one empty parent."""
        return Text("", extra=tuple(parts))
