"""The log parser (ログ解析): server log lines → typed :mod:`~dfg_bridge.model.events`.

Security comes first (ARCHITECTURE §6.3): a player controls the text of their chat, of ``/me``, of a
mob's name tag in a death message, and nothing else. So every rule here matches a *whole message*
with an anchored regex, and the player name is matched by the strict name class
``[A-Za-z0-9_]{3,16}`` (plus the Floodgate prefix), decorated only by the team prefixes and
suffixes the operator configured — never by "anything before the name". Consequences, pinned in
tests:

- ``<Steve> Alex issued server command: /dfg leave`` is Steve chatting, never Alex's command;
- ``Steve was slain by Alex joined the game`` (a name-tagged mob) is nobody joining;
- ``[Rcon: …]`` echoes of our own commands (``broadcast-rcon-to-ops``) are ignored.

Chat and ``/trigger`` echoes name the player by their *display* name, which a team prefix or suffix
decorates — and an operator or a plugin can give anyone any prefix (a Java ``Steve`` with the prefix
``.`` shows as the Bedrock ``.Steve``). So these events carry the name as shown (``shown``) and the
parser's reading of it in ``player``; the host attributes them to the one online player whose display name it
is, asking the server when several could be (:mod:`dfg_bridge.model.names`).

Join and leave are each logged twice (``logged in with entity id`` then ``joined the game``;
``lost connection`` then ``left the game``); the parser reports the first and drops an immediate
repeat for the same player, so it keeps a little state: use one parser per stream.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dfg_bridge.model.events import (
    CommandSource,
    PlayerCommand,
    PlayerIdentified,
    PlayerJoined,
    PlayerLeft,
    ServerEvent,
    ServerStarted,
    ServerStopping,
    ServerVersionSeen,
    TriggerFired,
)
from dfg_bridge.sources.lineformat import compile_custom_prefix, split_line

__all__ = ["LogParser", "ParserOptions"]

_NAME_CHARS = r"[A-Za-z0-9_]{3,16}"
_FORBIDDEN_DECORATION = frozenset("<>\n\r")


@dataclass(frozen=True, slots=True)
class ParserOptions:
    """What the parser looks for (from the config).

    >>> ParserOptions(chat_prefixes=("!dfg", "!daifugo")).chat_prefixes
    ('!dfg', '!daifugo')
    """

    chat_prefixes: tuple[str, ...] = ("!dfg",)
    """Chat words that start a command (``!dfg join``); matched case-insensitively."""
    typed_commands: tuple[str, ...] = ("dfg", "daifugo")
    """Command labels whose Paper ``issued server command`` lines count (without the slash)."""
    trigger_objectives: tuple[str, ...] = ("dfg",)
    """Trigger objectives as shown in ``Triggered [dfg]`` (the display name, which by default is the
    objective's name; create the objective without a custom display name)."""
    floodgate_prefix: str = "."
    """Prefix Floodgate puts before Bedrock players' names; empty for none."""
    display_prefixes: tuple[str, ...] = ()
    """Team prefixes that may decorate a display name (e.g. ``"【大富豪】"``), as plain text."""
    display_suffixes: tuple[str, ...] = ()
    """Team suffixes that may decorate a display name, as plain text."""
    prefix_regex: str | None = None
    """Custom log4j line prefix regex (replaces the built-in shapes); see ``compile_custom_prefix``."""
    dedupe: bool = True
    """Drop the second of the paired join/leave lines and a repeated ``Stopping server``."""

    def __post_init__(self) -> None:
        for word in (*self.chat_prefixes, *self.typed_commands, *self.trigger_objectives):
            if not word or any(ch.isspace() for ch in word):
                raise ValueError(f"bad parser word {word!r}: must be non-empty without spaces")
        for text in (*self.display_prefixes, *self.display_suffixes, self.floodgate_prefix):
            if _FORBIDDEN_DECORATION & set(text):
                raise ValueError(f"bad name decoration {text!r}: must not contain < > or newlines")
        if re.fullmatch(r"[A-Za-z0-9_]*", self.floodgate_prefix) and self.floodgate_prefix:
            raise ValueError("floodgate_prefix must not consist of name characters")
        if self.prefix_regex is not None:
            compile_custom_prefix(self.prefix_regex)


def _alternation(texts: tuple[str, ...]) -> str:
    # longest first so that "【大富豪】" is preferred over a shorter prefix of it
    ordered = sorted(set(texts), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(text) for text in ordered) + ")?" if ordered else ""


class LogParser:
    """Turns log lines into :data:`~dfg_bridge.model.events.ServerEvent` values.

    >>> p = LogParser(ParserOptions(display_prefixes=("【大富豪】",)))
    >>> p.parse("[12:34:56] [Server thread/INFO]: 【大富豪】Steve joined the game")
    PlayerJoined(player='Steve')
    >>> event = p.parse("[12:34:56] [Async Chat Thread - #3/INFO]: <【大富豪】Steve> !dfg play S3 H3")
    >>> event.player, event.args, event.source.value, event.shown
    ('Steve', ('play', 'S3', 'H3'), 'chat', '【大富豪】Steve')
    >>> p.parse("[12:34:56] [Server thread/INFO]: <Steve> Alex issued server command: /dfg leave") is None
    True
    """

    def __init__(self, options: ParserOptions | None = None) -> None:
        self.options = options = options if options is not None else ParserOptions()
        self._custom = compile_custom_prefix(options.prefix_regex) if options.prefix_regex else None
        fp = re.escape(options.floodgate_prefix) if options.floodgate_prefix else ""
        name = f"(?P<name>{'(?:' + fp + ')?' if fp else ''}{_NAME_CHARS})"
        display = _alternation(options.display_prefixes) + name + _alternation(options.display_suffixes)
        objectives = "|".join(re.escape(o) for o in options.trigger_objectives)
        self._chat_words = frozenset(p.casefold() for p in options.chat_prefixes)
        self._typed_words = frozenset(c.casefold() for c in options.typed_commands)
        c = re.compile
        self._chat = c(rf"(?:\[Not Secure\] )?<(?P<shown>{display})> (?P<text>.*)")
        self._typed = c(rf"{name} issued server command: /(?P<label>\S+)(?: (?P<args>.*))?")
        self._trigger = c(
            rf"\[(?P<shown>{display}): Triggered \[(?P<obj>{objectives})\] "
            rf"\(set value to (?P<value>-?\d{{1,10}})\)\]"
        )
        self._logged_in = c(rf"{name}\[[^\]\[]*\] logged in with entity id -?\d+ at \(.*\)")
        self._joined = c(rf"{display}(?: \(formerly known as {_NAME_CHARS}\))? joined the game")
        self._lost = c(rf"{name} lost connection: (?P<reason>.*)")
        self._left = c(rf"{display} left the game")
        # Vanilla and Paper log it on the "User Authenticator" thread in online mode only.
        hexes = r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}"
        self._uuid = c(rf"UUID of player {name} is (?P<uuid>{hexes})")
        self._version = c(r"Starting minecraft server version (?P<version>\S+)")
        self._done = c(r'Done \([^()]{1,30}\)! For help, type "help"(?: or "\?")?')
        self.version: str | None = None
        """The last ``Starting minecraft server version`` seen."""
        self._last_presence: PlayerJoined | PlayerLeft | None = None
        self._stopping = False

    def reset(self) -> None:
        """Forget the state (version, last join/leave) — e.g. when switching to another server."""
        self.version = None
        self._last_presence = None
        self._stopping = False

    def observe_version(self, line: str) -> str | None:
        """Learn the version from a ``Starting minecraft server version X`` line without reporting
        anything (for history skipped at start); returns the version if the line had one.

        >>> p = LogParser()
        >>> p.observe_version("[12:00:00] [Server thread/INFO]: Starting minecraft server version 1.21.4")
        '1.21.4'
        >>> p.parse('[12:00:05] [Server thread/INFO]: Done (5.0s)! For help, type "help"')
        ServerStarted(version='1.21.4')
        """
        split = split_line(line, self._custom)
        if split is None or (split.level is not None and split.level != "INFO"):
            return None
        m = self._version.fullmatch(split.message)
        if m is None:
            return None
        self.version = m["version"]
        return self.version

    def parse(self, line: str) -> ServerEvent | None:
        """One raw log line → an event, or None for everything else (never raises on odd input)."""
        split = split_line(line, self._custom)
        if split is None or (split.level is not None and split.level != "INFO"):
            return None
        event = self.parse_message(split.message)
        if isinstance(event, PlayerIdentified) and split.thread and not split.thread.startswith("User Auth"):
            return None  # only the login thread says this; anything else is somebody's text
        return event

    def parse_message(self, message: str) -> ServerEvent | None:
        """A message without its log prefix → an event (for sources that split lines themselves)."""
        if not message or message.startswith("[Rcon"):
            return None
        first = message[0]
        if first == "<" or message.startswith("[Not Secure] <"):
            return self._chat_command(message)
        if first == "[" and (event := self._triggered(message)) is not None:
            return event
        if m := self._typed.fullmatch(message):
            if m["label"].casefold() not in self._typed_words:
                return None
            return PlayerCommand(m["name"], tuple((m["args"] or "").split()), CommandSource.TYPED)
        if message.startswith("UUID of player ") and (m := self._uuid.fullmatch(message)):
            return PlayerIdentified(m["name"], m["uuid"].lower())
        return self._presence(message) or self._lifecycle(message)

    def _chat_command(self, message: str) -> ServerEvent | None:
        m = self._chat.fullmatch(message)
        if m is None:
            return None
        words = m["text"].split()
        if not words or words[0].casefold() not in self._chat_words:
            return None
        return PlayerCommand(m["name"], tuple(words[1:]), CommandSource.CHAT, shown=m["shown"])

    def _triggered(self, message: str) -> ServerEvent | None:
        m = self._trigger.fullmatch(message)
        if m is None:
            return None
        value = int(m["value"])
        if not -(2**31) <= value < 2**31:
            return None
        return TriggerFired(m["name"], m["obj"], value, shown=m["shown"])

    def _presence(self, message: str) -> ServerEvent | None:
        event: PlayerJoined | PlayerLeft
        if (m := self._logged_in.fullmatch(message)) or (m := self._joined.fullmatch(message)):
            event = PlayerJoined(m["name"])
        elif m := self._lost.fullmatch(message):
            event = PlayerLeft(m["name"], m["reason"])
        elif m := self._left.fullmatch(message):
            event = PlayerLeft(m["name"])
        else:
            return None
        last, self._last_presence = self._last_presence, event
        if (
            self.options.dedupe
            and last is not None
            and type(last) is type(event)
            and last.player == event.player
        ):
            return None
        return event

    def _lifecycle(self, message: str) -> ServerEvent | None:
        if m := self._version.fullmatch(message):
            self.version = m["version"]
            self._stopping = False
            return ServerVersionSeen(self.version)
        if self._done.fullmatch(message):
            self._stopping = False
            return ServerStarted(self.version)
        if message == "Stopping server":
            # logged by the server thread and again by the shutdown hook thread
            repeated, self._stopping = self._stopping, True
            return None if repeated and self.options.dedupe else ServerStopping()
        return None
