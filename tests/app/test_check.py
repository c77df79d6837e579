"""``dfg-bridge check`` against the simulated server, and the logging setup it shares with the daemon."""

from __future__ import annotations

import contextlib
import io
import logging
from pathlib import Path

import pytest

from dfg_bridge.app.check import Probe, Status, detect_version, format_report, main, read_properties
from dfg_bridge.app.logsetup import Redactor, parse_level, setup_logging
from dfg_bridge.app.setup import main as setup_main
from dfg_bridge.render import GameRule, dialect_for
from dfg_bridge.sim import SimServer
from tests.conftest import SimFactory

EXAMPLE = Path(__file__).resolve().parents[2] / "config" / "dfg.example.yml"
PASSWORD = "s3cr3t'pw\"x"


def write_config(tmp_path: Path, sim: SimServer, **changes: str) -> Path:
    """The example config pointed at ``sim``; ``changes`` replace section lines by key."""
    text = EXAMPLE.read_text(encoding="utf-8")
    values = {
        "port": str(sim.rcon_port),
        "password": '"dfg-sim"',
        "log_path": str(sim.log_path),
        "properties_path": str(tmp_path / "server.properties"),
        **changes,
    }
    out = []
    for line in text.splitlines():
        key = line.strip().split(":", 1)[0]
        top = line.startswith("  ") and not line.startswith("   ")
        out.append(f"  {key}: {values[key]}" if top and key in values else line)
    path = tmp_path / "dfg.yml"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def write_properties(tmp_path: Path, sim: SimServer, broadcast: bool = False) -> None:
    (tmp_path / "server.properties").write_text(
        f"#Minecraft server properties\nenable-rcon=true\nrcon.port={sim.rcon_port}\n"
        f"broadcast-rcon-to-ops={'true' if broadcast else 'false'}\n",
        encoding="utf-8",
    )


def run(config: Path, *extra: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--config", str(config), "--wait", "3", *extra], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def status_of(report: str, name: str) -> str:
    line = next(line for line in report.splitlines() if f"  {name}  " in line or line.split()[1:2] == [name])
    return line.split()[0]


@pytest.fixture(autouse=True)
def _no_env_password(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RCON_PASSWORD", raising=False)
    monkeypatch.delenv("RCON_PASSWORD_FILE", raising=False)


def _set_up(sim: SimServer, config: Path) -> None:
    """What an operator does: the game rule the quick start recommends, then ``dfg-bridge setup``."""
    rule = dialect_for(sim.options.version).gamerule(GameRule.SEND_COMMAND_FEEDBACK, False)
    assert sim.run_command(rule).startswith("Gamerule")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert setup_main(["--config", str(config)]) == 0, out.getvalue()


READY = [("1.21.6", "vanilla"), ("1.21.6", "paper"), ("1.21.11", "vanilla"), ("26.1", "paper"),
         ("1.20.5", "vanilla")]  # fmt: skip


@pytest.mark.parametrize(("version", "flavor"), READY)
def test_a_set_up_server_passes_everything(sim_factory: SimFactory, tmp_path: Path, version: str,
                                           flavor: str) -> None:  # fmt: skip
    """Issue 13 #4: vanilla logs RCON `say` as `[Not Secure] [Rcon] …` and check must still pass."""
    sim = sim_factory(version=version, flavor=flavor)
    write_properties(tmp_path, sim)
    config = write_config(tmp_path, sim)
    _set_up(sim, config)
    code, out, _ = run(config)
    assert code == 0, out
    d = dialect_for(version)
    names = [
        "RCON login",
        "RCON round trip",
        "log readable",
        "log line seen",
        "server version",
        d.gamerule_name(GameRule.LOG_ADMIN_COMMANDS),
        d.gamerule_name(GameRule.SEND_COMMAND_FEEDBACK),
        "broadcast-rcon-to-ops",
        "locker area enclosed",
        "lockers locked",
    ]
    for name in names:
        assert status_of(out, name) == "PASS", (name, out)
    assert f"{version} (log, " in out
    assert out.rstrip().endswith(f"{len(names)} passed, 0 warnings, 0 failed, 0 skipped")
    assert "\x1b[" not in out  # not a terminal: no colour codes
    assert "[Not Secure] [Rcon] [dfg-bridge] check " in sim.log_path.read_text("utf-8")


def test_before_setup_the_lockers_are_a_hint(sim_factory: SimFactory, tmp_path: Path) -> None:
    sim = sim_factory(version="1.21.6", flavor="vanilla")
    sim.run_command("gamerule sendCommandFeedback false")
    write_properties(tmp_path, sim)
    code, out, _ = run(write_config(tmp_path, sim))
    assert code == 0, out
    assert status_of(out, "locker area enclosed") == "WARN"
    assert "no lockers at [-8, -63, -8]..[7, -62, 7] yet" in out
    assert "fix: run dfg-bridge setup" in out
    assert status_of(out, "lockers locked") == "SKIP"
    assert out.rstrip().endswith("8 passed, 1 warnings, 0 failed, 1 skipped")


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_an_open_or_unlocked_locker_box_fails(sim_factory: SimFactory, tmp_path: Path, version: str) -> None:
    """Issue 13 #9: the old default was 768 unlocked barrels in the open over spawn."""
    sim = sim_factory(version=version, flavor="vanilla")
    write_properties(tmp_path, sim)
    config = write_config(tmp_path, sim)
    _set_up(sim, config)
    sim.run_command("setblock 3 -61 -9 minecraft:dirt")  # someone dug into the top … (−9: the shell)
    sim.run_command("setblock -9 -63 0 minecraft:air")  # … and the west side
    sim.run_command("setblock -8 -63 -8 minecraft:air")  # and the first locker is an unlocked barrel
    sim.run_command("setblock -8 -63 -8 minecraft:barrel")
    code, out, _ = run(config)
    assert code == 1, out
    assert status_of(out, "locker area enclosed") == "FAIL"
    assert "the top, north, west side(s) of its shell are not all bedrock" in out
    assert status_of(out, "lockers locked") == "FAIL"
    assert "fix: run dfg-bridge setup" in out


def test_the_old_default_box_in_the_open_fails(sim_factory: SimFactory, tmp_path: Path) -> None:
    """What an earlier dfg-bridge placed (barrels at y 5–7 over spawn, no lock, no shell) fails."""
    sim = sim_factory(version="1.21.6", flavor="vanilla")
    write_properties(tmp_path, sim)
    config = write_config(tmp_path, sim)
    text = config.read_text(encoding="utf-8")
    config.write_text(
        text.replace("corner1: [-8, -63, -8]", "corner1: [-8, 5, -8]").replace(
            "corner2: [7, -62, 7]", "corner2: [7, 7, 7]"
        ),
        encoding="utf-8",
    )
    sim.run_command("fill -8 5 -8 7 7 7 minecraft:barrel keep")
    code, out, _ = run(config)
    assert code == 1, out
    assert status_of(out, "locker area enclosed") == "FAIL"
    assert "the bottom, top, north, south, west, east side(s)" in out
    assert status_of(out, "lockers locked") == "FAIL"


def test_rule_fixes_are_in_the_servers_spelling(sim_factory: SimFactory, tmp_path: Path) -> None:
    """Issue 13 #2: 1.21.11 names game rules in snake_case; the fix must be a command it accepts."""
    sim = sim_factory(version="1.21.11", flavor="vanilla")
    sim.run_command("gamerule log_admin_commands false")
    write_properties(tmp_path, sim)
    code, out, _ = run(write_config(tmp_path, sim))
    assert code == 1
    assert status_of(out, "log_admin_commands") == "FAIL"
    assert "fix: run: gamerule log_admin_commands true (or set source.trigger_poll: true)" in out
    assert status_of(out, "send_command_feedback") == "WARN"
    assert "fix: optional: gamerule send_command_feedback false" in out
    assert "logAdminCommands" not in out and "sendCommandFeedback" not in out
    for fix in ("gamerule log_admin_commands true", "gamerule send_command_feedback false"):
        assert sim.run_command(fix).startswith("Gamerule"), fix


def test_recommendations_are_warnings_with_fixes(sim_factory: SimFactory, tmp_path: Path) -> None:
    sim = sim_factory(version="1.20.5", flavor="paper")
    write_properties(tmp_path, sim, broadcast=True)
    code, out, _ = run(write_config(tmp_path, sim, version='"1.20.5"'))
    assert code == 0, out
    assert status_of(out, "sendCommandFeedback") == "WARN"
    assert status_of(out, "broadcast-rcon-to-ops") == "WARN"
    assert "fix: broadcast-rcon-to-ops=false in server.properties, then restart" in out
    assert "fix: optional: gamerule sendCommandFeedback false" in out
    assert "1.20.5 (server.version, 1.20.5-1.21.4 commands)" in out


def test_log_admin_commands_off_fails(sim_factory: SimFactory, tmp_path: Path) -> None:
    sim = sim_factory(flavor="vanilla")
    sim.run_command("gamerule logAdminCommands false")
    write_properties(tmp_path, sim)
    code, out, _ = run(write_config(tmp_path, sim))
    assert code == 1
    assert status_of(out, "logAdminCommands") == "FAIL"
    assert "fix: run: gamerule logAdminCommands true (or set source.trigger_poll: true)" in out


def test_wrong_password_fails_and_is_never_printed(sim_factory: SimFactory, tmp_path: Path) -> None:
    sim = sim_factory()
    write_properties(tmp_path, sim)
    secret = tmp_path / "rcon_password"
    secret.write_text(PASSWORD + "\n", encoding="utf-8")
    config = write_config(tmp_path, sim, password_file=str(secret))
    code, out, err = run(config, "--log-level", "DEBUG")
    assert code == 1
    assert status_of(out, "RCON login") == "FAIL"
    assert "fix: rcon.password must equal rcon.password in server.properties" in out
    assert status_of(out, "RCON round trip") == "SKIP"
    assert status_of(out, "logAdminCommands") == "SKIP"
    assert "s3cr3t" not in out + err


def test_unreachable_server_and_missing_log(sim_factory: SimFactory, tmp_path: Path) -> None:
    sim = sim_factory()
    config = write_config(tmp_path, sim, port="1", log_path=str(tmp_path / "nope" / "latest.log"))
    code, out, _ = run(config)
    assert code == 1
    assert status_of(out, "RCON login") == "FAIL"
    assert "enable-rcon=true and rcon.port=1" in out
    assert status_of(out, "log readable") == "FAIL"
    assert status_of(out, "log line seen") == "SKIP"
    assert status_of(out, "server version") == "FAIL"
    assert 'fix: set server.version (e.g. "1.21.6")' in out
    assert status_of(out, "broadcast-rcon-to-ops") == "SKIP"


def test_unrecognised_log_format_fails(sim_factory: SimFactory, tmp_path: Path) -> None:
    sim = sim_factory(flavor="vanilla")
    write_properties(tmp_path, sim)
    config = write_config(tmp_path, sim, log_prefix_regex=r"'\d{4}-\d{2}-\d{2} '")
    code, out, _ = run(config)
    assert code == 1
    assert status_of(out, "log line seen") == "FAIL"
    assert "set server.log_prefix_regex" in out


def test_bad_config_exits_2_with_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text("rcon:\n  port: x\n", encoding="utf-8")
    code, out, err = run(bad)
    assert code == 2
    assert out == ""
    assert f"{bad}:2: rcon.port: must be an integer (got 'x')" in err


def test_dispatcher_runs_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dfg_bridge.cli import main as cli

    bad = tmp_path / "bad.yml"
    bad.write_text("language: fr\n", encoding="utf-8")
    assert cli(["check", "--config", str(bad)]) == 2
    assert "language: must be one of: ja, en (got 'fr')" in capsys.readouterr().err


def test_helpers(tmp_path: Path) -> None:
    log = tmp_path / "latest.log"
    log.write_text(
        "[10:00:00] [Server thread/INFO]: Starting minecraft server version 1.21.4\n"
        "[11:00:00] [Server thread/INFO]: Starting minecraft server version 1.21.6\n",
        encoding="utf-8",
    )
    assert detect_version(log) == "1.21.6"
    assert detect_version(tmp_path / "missing.log") is None
    props = tmp_path / "server.properties"
    props.write_text("# c\n! c\nrcon.port = 25575\nmotd=a=b\n\n", encoding="utf-8")
    assert read_properties(props) == {"rcon.port": "25575", "motd": "a=b"}
    report = format_report([Probe("a", Status.FAIL, "bad", "do x"), Probe("bb", Status.PASS, "ok", "x")])
    assert report.splitlines() == [
        "  FAIL  a   bad",
        " " * 12 + "fix: do x",
        "  PASS  bb  ok",
        "1 passed, 0 warnings, 1 failed, 0 skipped",
    ]
    assert "\x1b[31mFAIL\x1b[0m" in format_report([Probe("a", Status.FAIL, "bad")], color=True)


# --- logging --------------------------------------------------------------------------------------
def test_log_levels() -> None:
    assert [parse_level(v) for v in ("debug", "Info", "WARN", "error")] == [10, 20, 30, 40]
    with pytest.raises(ValueError, match="log level must be one of"):
        parse_level("loud")
    with pytest.raises(SystemExit) as exit_:
        main(["--config", "x.yml", "--log-level", "loud"], out=io.StringIO(), err=io.StringIO())
    assert exit_.value.code == 2


def test_plain_format_without_ansi_and_with_redaction() -> None:
    stream = io.StringIO()
    redactor = setup_logging("INFO", stream=stream, secrets=[PASSWORD])
    log = logging.getLogger("dfg_bridge.test")
    log.info("login with %s", PASSWORD)
    log.info("repr %r", PASSWORD)
    redactor.add("later-secret")
    try:
        raise RuntimeError(f"boom later-secret {PASSWORD}")
    except RuntimeError:
        log.exception("failed")
    log.debug("hidden at INFO")
    text = stream.getvalue()
    assert text.splitlines()[0] == "INFO dfg_bridge.test: login with ***"
    assert text.splitlines()[1] == "INFO dfg_bridge.test: repr ***"
    assert "s3cr3t" not in text and "later-secret" not in text
    assert "RuntimeError: boom *** ***" in text
    assert "hidden" not in text and "\x1b[" not in text


def test_tty_format_is_coloured_and_setup_is_idempotent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    setup_logging("DEBUG", stream=stream)
    setup_logging("DEBUG", stream=stream)
    ours = [h for h in logging.getLogger().handlers if getattr(h, "_dfg_bridge_handler", False)]
    assert len(ours) == 1
    logging.getLogger("dfg_bridge.x").warning("careful")
    line = stream.getvalue().strip()
    assert "\x1b[33mWARNING\x1b[0m dfg_bridge.x: careful" in line
    monkeypatch.setenv("NO_COLOR", "1")
    plain = Tty()
    setup_logging("INFO", stream=plain)
    logging.getLogger("dfg_bridge.x").warning("careful")
    assert "\x1b[" not in plain.getvalue()
    setup_logging("WARNING", stream=io.StringIO())


def test_redactor_masks_escaped_spellings() -> None:
    redactor = Redactor([PASSWORD, ""])
    assert redactor.redact(f"{PASSWORD!r} {PASSWORD} {PASSWORD!a}") == "*** *** ***"
    assert redactor.redact('{"p": "s3cr3t\'pw\\"x"}') == '{"p": ***}'


def test_a_release_newer_than_known_is_a_warning(sim_factory: SimFactory, tmp_path: Path) -> None:
    sim = sim_factory(version="26.1", flavor="paper")
    write_properties(tmp_path, sim)
    code, out, _ = run(write_config(tmp_path, sim, version='"26.2"'))
    assert code == 0, out
    assert status_of(out, "server version") == "WARN"
    assert "newer than 26.1, the newest release this dfg-bridge knows" in out
    # Its rules are named as the newest known release names them.
    assert status_of(out, "log_admin_commands") == "PASS"


def test_one_version_detection_reads_a_big_log_from_its_end(tmp_path: Path) -> None:
    # run, setup and check share app/version.py: the last start line wins, however far back it is.
    from dfg_bridge.app import version

    log = tmp_path / "latest.log"
    start = b"[12:00:00] [Server thread/INFO]: Starting minecraft server version "
    big = b"x" * (3 * version._CHUNK)
    log.write_bytes(start + b"1.20.5\n" + big + start + b"1.21.8\n" + big)
    assert detect_version(log) == version.detect_version(log) == "1.21.8"
    assert version.server_version("auto", log) == "1.21.8"
    assert version.server_version("1.21.4", log) == "1.21.4"
    assert version.server_version("auto", tmp_path / "missing.log") == version.DEFAULT_VERSION
