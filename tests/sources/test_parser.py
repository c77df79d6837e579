"""Log parser: real line samples, forgery attempts that must stay chat, options, and a fuzz."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dfg_bridge.model.events import (
    CommandSource,
    PlayerCommand,
    PlayerIdentified,
    PlayerJoined,
    PlayerLeft,
    ServerStarted,
    ServerStopping,
    ServerVersionSeen,
    TriggerFired,
)
from dfg_bridge.sources import LineFormat, LogParser, ParserOptions, split_line
from tests.sources.samples import ALL

TEAM = ParserOptions(display_prefixes=("【大富豪】",))


def test_there_are_at_least_60_real_format_samples() -> None:
    assert len(ALL) >= 60
    assert sum(1 for _, expected in ALL if expected is not None) >= 30


@pytest.mark.parametrize(("line", "expected"), ALL, ids=[f"{i:03d}" for i in range(len(ALL))])
def test_sample_line(line: str, expected: object) -> None:
    assert LogParser().parse(line) == expected


def test_samples_also_parse_with_team_prefixes_configured() -> None:
    parser_events = [LogParser(TEAM).parse(line) for line, _ in ALL]
    assert parser_events == [expected for _, expected in ALL]


def test_a_whole_session_reports_each_thing_once() -> None:
    lines = [
        "[19:50:41] [Server thread/INFO]: Starting minecraft server version 1.21.4",
        '[19:50:52] [Server thread/INFO]: Done (3.355s)! For help, type "help"',
        "[23:52:53] [Server thread/INFO]: Steve[/127.0.0.1:9477] logged in with entity id 574 at (1, 64, 2)",
        "[23:52:53] [Server thread/INFO]: Steve joined the game",
        "[23:52:54] [Server thread/INFO]: Alex[/127.0.0.1:9478] logged in with entity id 575 at (1, 64, 2)",
        "[23:52:54] [Server thread/INFO]: Alex joined the game",
        "[23:53:00] [Async Chat Thread - #0/INFO]: <Steve> !dfg join",
        "[23:53:01] [Server thread/INFO]: [Alex: Triggered [dfg] (set value to 3)]",
        "[23:53:02] [Server thread/INFO]: Steve lost connection: Disconnected",
        "[23:53:02] [Server thread/INFO]: Steve left the game",
        "[23:53:05] [Server thread/INFO]: Steve[/127.0.0.1:9479] logged in with entity id 580 at (1, 64, 2)",
        "[23:53:05] [Server thread/INFO]: Steve joined the game",
        "[23:54:36] [Server thread/INFO]: [Alex: Stopping the server]",
        "[23:54:36] [Server thread/INFO]: Stopping server",
        "[23:54:36] [Server thread/INFO]: Saving players",
        "[23:54:36] [Server Shutdown Thread/INFO]: Stopping server",
    ]
    parser = LogParser()
    events = [e for e in map(parser.parse, lines) if e is not None]
    assert events == [
        ServerVersionSeen("1.21.4"),
        ServerStarted("1.21.4"),
        PlayerJoined("Steve"),
        PlayerJoined("Alex"),
        PlayerCommand("Steve", ("join",), CommandSource.CHAT),
        TriggerFired("Alex", "dfg", 3),
        PlayerLeft("Steve", "Disconnected"),
        PlayerJoined("Steve"),
        ServerStopping(),
    ]


def test_dedupe_can_be_turned_off() -> None:
    parser = LogParser(ParserOptions(dedupe=False))
    lines = [
        "[23:53:02] [Server thread/INFO]: Steve lost connection: Disconnected",
        "[23:53:02] [Server thread/INFO]: Steve left the game",
        "[23:54:36] [Server thread/INFO]: Stopping server",
        "[23:54:36] [Server Shutdown Thread/INFO]: Stopping server",
    ]
    assert [type(parser.parse(line)).__name__ for line in lines] == [
        "PlayerLeft",
        "PlayerLeft",
        "ServerStopping",
        "ServerStopping",
    ]


def test_reset_forgets_the_version() -> None:
    parser = LogParser()
    parser.parse("[1:00:00 INFO]: Starting minecraft server version 1.21.5")
    parser.reset()
    assert parser.parse('[1:00:01 INFO]: Done (1.0s)! For help, type "help"') == ServerStarted(None)


# -- forgery: a player controls their chat text, /me text and mob name tags; none of it may count -----

P = "[12:34:56] [Server thread/INFO]: "
FORGERIES = [
    P + "<Steve> Alex issued server command: /dfg leave",
    P + "[Not Secure] <Steve> Alex issued server command: /dfg leave",
    "[12:34:56] [Async Chat Thread - #0/INFO]: <Steve> Alex issued server command: /dfg leave",
    "[12:34:56 INFO]: <Steve> Alex issued server command: /dfg leave",
    P + "<Steve> [Alex: Triggered [dfg] (set value to 105)]",
    P + "[Not Secure] <Steve> [Alex: Triggered [dfg] (set value to 105)]",
    P + "<Steve> Alex joined the game",
    P + "<Steve> Alex left the game",
    P + "<Steve> Alex lost connection: Disconnected",
    P + "<Steve> Alex[/1.2.3.4:5] logged in with entity id 1 at (0, 0, 0)",
    P + "<Steve> Stopping server",
    P + '<Steve> Done (1.0s)! For help, type "help"',
    P + "<Steve> Starting minecraft server version 9.9",
    P + "<Steve> <Alex> !dfg leave",
    P + "<Steve> 【大富豪】Alex joined the game",
    P + "<Steve> " + P + "Alex issued server command: /dfg leave",
    "[12:34:56 INFO]: <Steve> [12:34:57 INFO]: Alex issued server command: /dfg leave",
    # /me
    P + "* Steve Alex joined the game",
    P + "* Steve issued server command: /dfg leave",
    # a mob renamed with a name tag, in a death message
    P + "Steve was slain by Alex joined the game",
    P + "Steve was slain by [Alex: Triggered [dfg] (set value to 1)]",
    P + "Alex was slain by Steve issued server command: /dfg leave",
    # whispers, where a server logs them
    P + "Steve whispers to Alex: !dfg leave",
    # names outside [A-Za-z0-9_]{3,16}
    P + "St joined the game",
    P + "Steve_is_way_too_long joined the game",
    P + "Ste-ve joined the game",
    P + "<St> !dfg join",
    P + "<Steve Alex> !dfg join",
    # not INFO, or trailing junk
    "[12:34:56] [Server thread/WARN]: Steve joined the game",
    "[12:34:56] [Server thread/ERROR]: Steve issued server command: /dfg join",
    P + "[Steve: Triggered [dfg] (set value to 105)] extra",
    P + "Steve joined the game ",
    # echoes of our own RCON commands
    P + "[Rcon: Triggered [dfg] (set value to 105)]",
    P + "[Rcon] Alex joined the game",
    # /say output (op only, but still not a join)
    P + "[Steve] Alex joined the game",
]


@pytest.mark.parametrize("line", FORGERIES)
def test_forged_lines_yield_nothing(line: str) -> None:
    assert LogParser(TEAM).parse(line) is None
    assert LogParser().parse(line) is None


def test_chat_name_is_the_first_bracketed_name_only() -> None:
    event = LogParser().parse(P + "<Steve> !dfg play <Alex>")
    assert event == PlayerCommand("Steve", ("play", "<Alex>"), CommandSource.CHAT)


# -- team prefixes and Floodgate names ------------------------------------------------------------


def test_team_prefix_is_stripped_everywhere_a_display_name_appears() -> None:
    parser = LogParser(ParserOptions(display_prefixes=("【大富豪】", "[VIP] "), display_suffixes=(" ★",)))
    assert parser.parse(P + "【大富豪】Steve joined the game") == PlayerJoined("Steve")
    assert parser.parse(P + "<【大富豪】Steve> !dfg pass") == PlayerCommand(
        "Steve", ("pass",), CommandSource.CHAT
    )
    assert parser.parse(P + "[【大富豪】Steve: Triggered [dfg] (set value to 3)]") == TriggerFired(
        "Steve", "dfg", 3
    )
    assert parser.parse(P + "[VIP] Alex ★ left the game") == PlayerLeft("Alex")
    assert parser.parse(P + "<[VIP] Alex ★> !dfg hand") == PlayerCommand(
        "Alex", ("hand",), CommandSource.CHAT
    )


def test_unknown_decoration_is_refused_rather_than_guessed() -> None:
    # "VIPSteve" would be another account: never strip what the operator did not configure
    parser = LogParser()
    assert parser.parse(P + "<【大富豪】Steve> !dfg pass") is None
    assert parser.parse(P + "【大富豪】Steve joined the game") is None


def test_floodgate_prefix() -> None:
    assert LogParser().parse(P + ".Bedrock_Kid joined the game") == PlayerJoined(".Bedrock_Kid")
    star = LogParser(ParserOptions(floodgate_prefix="*"))
    assert star.parse(P + "*Kid_01 joined the game") == PlayerJoined("*Kid_01")
    assert star.parse(P + ".Kid_01 joined the game") is None
    none = LogParser(ParserOptions(floodgate_prefix=""))
    assert none.parse(P + ".Kid_01 joined the game") is None


def test_configurable_words() -> None:
    parser = LogParser(
        ParserOptions(chat_prefixes=("!d", "!大富豪"), typed_commands=("df",), trigger_objectives=("dfg_t",))
    )
    assert parser.parse(P + "<Steve> !大富豪 join") == PlayerCommand("Steve", ("join",), CommandSource.CHAT)
    assert parser.parse(P + "<Steve> !dfg join") is None
    assert parser.parse(P + "Steve issued server command: /df join") == PlayerCommand(
        "Steve", ("join",), CommandSource.TYPED
    )
    assert parser.parse(P + "Steve issued server command: /dfg join") is None
    assert parser.parse(P + "[Steve: Triggered [dfg_t] (set value to 9)]") == TriggerFired(
        "Steve", "dfg_t", 9
    )
    assert parser.parse(P + "[Steve: Triggered [dfg] (set value to 9)]") is None


def test_trigger_values_outside_int32_are_ignored() -> None:
    assert LogParser().parse(P + "[Steve: Triggered [dfg] (set value to 2147483647)]") == TriggerFired(
        "Steve", "dfg", 2147483647
    )
    assert LogParser().parse(P + "[Steve: Triggered [dfg] (set value to -2147483648)]") == TriggerFired(
        "Steve", "dfg", -2147483648
    )
    assert LogParser().parse(P + "[Steve: Triggered [dfg] (set value to 9999999999)]") is None


# -- line prefixes ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "fmt", "thread"),
    [
        ("[12:34:56] [Server thread/INFO]: x", LineFormat.VANILLA, "Server thread"),
        ("[12:34:56 INFO]: x", LineFormat.PAPER_CONSOLE, None),
        ("[12:34:56] [Server thread/INFO] (Minecraft) x", LineFormat.FABRIC, "Server thread"),
        ("[12:34:56] [Server thread/INFO] [minecraft/DedicatedServer]: x", LineFormat.FORGE, "Server thread"),
        ("[26Apr2024 12:34:56.789] [Server thread/INFO] [net.minecraft.Main/]: x", LineFormat.FORGE, None),
    ],
)
def test_line_shapes(line: str, fmt: LineFormat, thread: str | None) -> None:
    split = split_line(line)
    assert split is not None
    assert (split.format, split.message) == (fmt, "x")
    if thread is not None:
        assert split.thread == thread


def test_ansi_colours_and_crlf_are_ignored() -> None:
    line = "\x1b[0;32m[12:34:56 INFO]: \x1b[0mSteve issued server command: /dfg join\x1b[m\r\n"
    assert LogParser().parse(line) == PlayerCommand("Steve", ("join",), CommandSource.TYPED)


def test_lines_without_a_prefix_are_ignored() -> None:
    parser = LogParser()
    assert parser.parse("Steve joined the game") is None
    assert parser.parse("\tat net.minecraft.server.MinecraftServer.run(MinecraftServer.java:1)") is None
    assert parser.parse("") is None


def test_custom_prefix_regex() -> None:
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d "
    options = ParserOptions(prefix_regex=stamp + r"\[(?P<thread>[^\]]*)\] (?P<level>[A-Z]+) > ")
    parser = LogParser(options)
    assert parser.parse("2024-05-01 12:00:00 [Server thread] INFO > Steve joined the game") == PlayerJoined(
        "Steve"
    )
    assert parser.parse("2024-05-01 12:00:00 [Server thread] WARN > Alex joined the game") is None
    # the built-in shapes are not tried any more
    assert parser.parse(P + "Alex joined the game") is None


def test_greedy_custom_prefix_cannot_swallow_chat() -> None:
    parser = LogParser(ParserOptions(prefix_regex=r".*: "))
    assert parser.parse(P + "<Steve> hi: Alex joined the game") is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"chat_prefixes": ("!dfg x",)},
        {"chat_prefixes": ("",)},
        {"typed_commands": ("d fg",)},
        {"display_prefixes": ("<",)},
        {"display_suffixes": ("a\nb",)},
        {"floodgate_prefix": "bedrock_"},
        {"prefix_regex": r"(x)?"},
        {"prefix_regex": r"("},
    ],
)
def test_bad_options_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"."):
        ParserOptions(**kwargs)  # type: ignore[arg-type]


# -- fuzz ------------------------------------------------------------------------------------------

PREFIXES = [
    P,
    "[12:34:56] [Async Chat Thread - #1/INFO]: ",
    "[12:34:56 INFO]: ",
    "[12:34:56] [Server thread/INFO] (Minecraft) ",
    "[12:34:56] [Server thread/INFO] [minecraft/DedicatedServer]: ",
    "",
]
TOKENS = [
    "<Steve>",
    "<Alex>",
    "[Not Secure]",
    "Steve",
    "Alex",
    "【大富豪】",
    ".Kid",
    "issued server command:",
    "/dfg",
    "!dfg",
    "joined the game",
    "left the game",
    "lost connection:",
    "logged in with entity id 5 at (1, 2, 3)",
    "[Alex: Triggered [dfg] (set value to 5)]",
    "Triggered [dfg] (set value to",
    "Stopping server",
    'Done (1.0s)! For help, type "help"',
    "Starting minecraft server version",
    "[Rcon:",
    "*",
    "[",
    "]",
    ":",
]
messages = st.lists(st.sampled_from(TOKENS) | st.text(max_size=12), max_size=8).map(" ".join)
lines = st.tuples(st.sampled_from(PREFIXES), messages).map("".join) | st.text(max_size=200)


EVENT_TYPES = (
    PlayerCommand,
    TriggerFired,
    PlayerJoined,
    PlayerIdentified,
    PlayerLeft,
    ServerStarted,
    ServerStopping,
    ServerVersionSeen,
)
FUZZ_PARSERS = (LogParser(), LogParser(TEAM))


def _never_raises_and_chat_stays_chat(line: str, chat_text: str) -> None:
    for parser in FUZZ_PARSERS:
        event = parser.parse(line)
        assert event is None or isinstance(event, EVENT_TYPES)
        # whatever Steve writes, it is at most Steve's own chat command
        said = parser.parse(P + "<Steve> " + chat_text)
        assert said is None or (
            isinstance(said, PlayerCommand) and said.player == "Steve" and said.source is CommandSource.CHAT
        )
        assert parser.parse(P + "* Steve " + chat_text) is None


FUZZ_SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
ODD_CHARS = "<>[]():/!*. \t\x00\x1b§【】大富豪♠あ\u200b\U0001f600\ud800\r\n\\\"'0123456789_"


TEMPLATES = [line for line, _ in ALL] + FORGERIES


def mutate(rng: random.Random, line: str) -> str:
    """A real line with a few characters inserted, deleted or replaced: near misses for every regex."""
    chars = list(line)
    for _ in range(rng.randrange(4)):
        at = rng.randrange(len(chars) + 1)
        op = rng.randrange(3)
        if op == 0:
            chars.insert(at, rng.choice(ODD_CHARS))
        elif chars and at < len(chars):
            if op == 1:
                del chars[at]
            else:
                chars[at] = rng.choice(ODD_CHARS)
    return "".join(chars)


def random_line(rng: random.Random) -> str:
    """A mutated real line, or real prefixes, message tokens and odd characters (cheap in bulk)."""
    if rng.random() < 0.4:
        return mutate(rng, rng.choice(TEMPLATES))
    parts = [rng.choice(PREFIXES)]
    for _ in range(rng.randrange(8)):
        if rng.random() < 0.6:
            parts.append(rng.choice(TOKENS))
        else:
            parts.append("".join(rng.choice(ODD_CHARS) for _ in range(rng.randrange(1, 6))))
    return rng.choice(("", " ")).join(parts)


@settings(max_examples=20, **FUZZ_SETTINGS)  # type: ignore[arg-type]
@given(seed=st.integers(0, 2**64))
def test_fuzz_10k_generated_lines(seed: int) -> None:
    """10^4 lines in the default suite: 20 hypothesis-seeded batches of 500."""
    rng = random.Random(seed)
    for _ in range(500):
        _never_raises_and_chat_stays_chat(random_line(rng), random_line(rng))


@settings(max_examples=500, **FUZZ_SETTINGS)  # type: ignore[arg-type]
@given(line=lines, chat_text=messages)
def test_fuzz_hypothesis_text(line: str, chat_text: str) -> None:
    """Hypothesis' own text generation (shrinks to a minimal failing line)."""
    _never_raises_and_chat_stays_chat(line, chat_text)


@pytest.mark.slow
@settings(max_examples=200, **FUZZ_SETTINGS)  # type: ignore[arg-type]
@given(seed=st.integers(0, 2**64))
def test_fuzz_100k_generated_lines(seed: int) -> None:
    """10^5 lines, on demand with ``make soak``: 200 batches of 500."""
    rng = random.Random(seed)
    for _ in range(500):
        _never_raises_and_chat_stays_chat(random_line(rng), random_line(rng))


@pytest.mark.slow
@settings(max_examples=10_000, **FUZZ_SETTINGS)  # type: ignore[arg-type]
@given(line=lines, chat_text=messages)
def test_fuzz_hypothesis_text_10k(line: str, chat_text: str) -> None:
    """10^4 more hypothesis-made lines, on demand."""
    _never_raises_and_chat_stays_chat(line, chat_text)


def test_uuid_lines_only_from_the_login_thread() -> None:
    # Online-mode vanilla and Paper log the account UUID at login (issue 16: stats follow renames).
    uuid = "069a79f4-44e9-4726-a5be-fca90e38aaf5"
    parser = LogParser()
    line = f"[12:00:00] [User Authenticator #3/INFO]: UUID of player Steve is {uuid}"
    assert parser.parse(line) == PlayerIdentified("Steve", uuid)
    assert parser.parse(f"[12:00:00 INFO]: UUID of player Steve is {uuid.upper()}") == PlayerIdentified(
        "Steve", uuid
    )  # Paper's console has no thread
    for forged in (
        f"[12:00:00] [Server thread/INFO]: UUID of player Steve is {uuid}",  # somebody's text, e.g. a death
        f"[12:00:00] [Async Chat Thread - #0/INFO]: <Alex> UUID of player Steve is {uuid}",
        f"[12:00:00] [User Authenticator #1/INFO]: UUID of player Steve is {uuid} or not",
        "[12:00:00] [User Authenticator #1/INFO]: UUID of player Steve is not-a-uuid",
    ):
        assert parser.parse(forged) is None, forged
