"""``dfg-bridge init``: a commented starter config and messages that load cleanly, asked or not."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from dfg_bridge.app import init
from dfg_bridge.app.init import Answers, InitError, detect_flavour, set_value, shift_tables
from dfg_bridge.config import Config, Flavour, Language, load_config
from dfg_bridge.i18n import Messages

ROOT = Path(__file__).resolve().parents[2]


def _load(folder: Path) -> Config:
    loaded = load_config(folder / "dfg.yml", env={})
    assert loaded.warnings == (), loaded.warnings  # every key present: nothing filled from defaults
    return loaded.config


def _server(tmp_path: Path, properties: str, *marker_files: str) -> Path:
    server = tmp_path / "srv"
    (server / "logs").mkdir(parents=True)
    (server / "server.properties").write_text(properties, encoding="utf-8")
    for name in marker_files:
        path = server / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")
    return server


@pytest.fixture
def in_tmp(tmp_path: Path) -> Iterator[Path]:
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(old)


def test_defaults_without_a_server_write_a_loadable_config(in_tmp: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert init.main(["--defaults", "dfg"], out=out, err=err) == 0
    folder = in_tmp / "dfg"
    config = _load(folder)
    password = (folder / "rcon_password").read_text(encoding="utf-8").strip()
    assert config.rcon.password.reveal() == password and len(password) >= 20
    assert stat.S_IMODE((folder / "rcon_password").stat().st_mode) == 0o600
    assert config.messages_dir == folder / "messages"
    assert f"rcon.password={password}" in out.getvalue(), "the lines for server.properties are printed"
    assert "--server-dir" in err.getvalue()
    assert "dfg-bridge check --config dfg/dfg.yml" in out.getvalue()


def test_config_keeps_the_example_comments(in_tmp: Path) -> None:
    assert init.main(["--defaults", "dfg"], out=io.StringIO(), err=io.StringIO()) == 0
    written = (in_tmp / "dfg" / "dfg.yml").read_text(encoding="utf-8").splitlines()
    example = init.example_text().splitlines()
    comments = [line for line in example if line.lstrip().startswith("#")]
    assert comments and [line for line in written if line.lstrip().startswith("#")] == comments
    assert len(written) == len(example)


def test_messages_are_the_full_catalogue_and_load_without_warnings(in_tmp: Path) -> None:
    assert init.main(["--defaults", "--language", "en", "dfg"], out=io.StringIO(), err=io.StringIO()) == 0
    folder = in_tmp / "dfg"
    assert _load(folder).language.value == "en"
    text = (folder / "messages" / "en.yml").read_text(encoding="utf-8")
    assert text.endswith(init.messages_text(Language.EN).split("\n", 2)[2])
    messages, issues = Messages.load(folder / "messages")
    assert issues == []
    packaged, _ = Messages.load(None)
    assert messages.get("lobby.left", "en", player="Steve") == packaged.get(
        "lobby.left", "en", player="Steve"
    )


def test_server_dir_fills_paths_port_password_and_flavour(tmp_path: Path) -> None:
    server = _server(
        tmp_path,
        "enable-rcon=true\nrcon.port=25580\nrcon.password=s3cret pass\nbroadcast-rcon-to-ops=false\n",
        "config/paper-global.yml",
    )
    out = io.StringIO()
    assert init.main(["--defaults", "--server-dir", str(server), str(tmp_path / "dfg")], out=out) == 0
    config = _load(tmp_path / "dfg")
    assert config.source.log_path == server.resolve() / "logs" / "latest.log"
    assert config.server.properties_path == server.resolve() / "server.properties"
    assert config.rcon.port == 25580
    assert config.rcon.password.reveal() == "s3cret pass"
    assert config.server.flavour.value == "paper"
    assert "server.properties" not in out.getvalue(), "RCON is ready: nothing to add"


def test_rcon_disabled_on_the_server_gets_a_new_password_and_instructions(tmp_path: Path) -> None:
    server = _server(tmp_path, "enable-rcon=false\nrcon.password=old\n", ".fabric/x")
    out = io.StringIO()
    assert init.main(["--defaults", "--server-dir", str(server), str(tmp_path / "dfg")], out=out) == 0
    config = _load(tmp_path / "dfg")
    new = config.rcon.password.reveal()
    assert new != "old"
    for line in (
        "enable-rcon=true",
        "rcon.port=25575",
        f"rcon.password={new}",
        "broadcast-rcon-to-ops=false",
    ):
        assert line in out.getvalue()
    assert config.server.flavour.value == "fabric"


def test_detect_flavour(tmp_path: Path) -> None:
    assert detect_flavour(tmp_path) is Flavour.AUTO
    (tmp_path / "spigot.yml").write_text("", encoding="utf-8")
    assert detect_flavour(tmp_path) is Flavour.PAPER


def test_table_at_moves_the_whole_table(in_tmp: Path) -> None:
    assert init.main(["--defaults", "dfg0"], out=io.StringIO(), err=io.StringIO()) == 0
    argv = ["--defaults", "--table-at", "100", "70", "-20", "dfg1"]
    assert init.main(argv, out=io.StringIO(), err=io.StringIO()) == 0
    before, after = _load(in_tmp / "dfg0").tables[0], _load(in_tmp / "dfg1").tables[0]
    d = (100, 6, -20)

    def moved(p: tuple[int, int, int]) -> tuple[int, int, int]:
        return (p[0] + d[0], p[1] + d[1], p[2] + d[2])

    assert after.centre == moved(before.centre)
    for old, new in zip(before.seats, after.seats, strict=True):
        assert new.at == moved(old.at)
        assert new.hand_box.blocks == tuple(moved(b) for b in old.hand_box.blocks)
    assert after.signs.join is not None and before.signs.join is not None
    assert after.signs.join.at == moved(before.signs.join.at)


def test_refuses_to_overwrite_without_force(in_tmp: Path) -> None:
    assert init.main(["--defaults", "dfg"], out=io.StringIO(), err=io.StringIO()) == 0
    first = (in_tmp / "dfg" / "rcon_password").read_text(encoding="utf-8")
    err = io.StringIO()
    assert init.main(["--defaults", "dfg"], out=io.StringIO(), err=err) == 1
    assert "already exists" in err.getvalue()
    assert (in_tmp / "dfg" / "rcon_password").read_text(encoding="utf-8") == first
    assert init.main(["--defaults", "--force", "dfg"], out=io.StringIO(), err=io.StringIO()) == 0
    assert (in_tmp / "dfg" / "rcon_password").read_text(encoding="utf-8") != first


def test_interactive_answers_are_used_and_bad_ones_asked_again(tmp_path: Path) -> None:
    server = _server(tmp_path, "enable-rcon=true\nrcon.password=pw\n", "bukkit.yml")
    replies = iter([str(server), "", "xx", "en", "10.0.0.5", "1 2", "5 80 5"])
    prompts: list[str] = []

    def ask(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(replies, None)

    out = io.StringIO()
    assert init.main([str(tmp_path / "dfg")], out=out, ask=ask) == 0
    config = _load(tmp_path / "dfg")
    assert config.server.flavour.value == "paper", "the detected flavour is the default answer"
    assert "[paper]" in prompts[1]
    assert config.language.value == "en" and config.rcon.host == "10.0.0.5"
    assert config.tables[0].centre == (5, 80, 5)
    assert "answer one of: ja, en" in out.getvalue() and "three whole numbers" in out.getvalue()
    assert len(prompts) == 7


def test_end_of_input_takes_every_default(in_tmp: Path) -> None:
    assert init.main(["dfg"], out=io.StringIO(), err=io.StringIO(), ask=lambda _p: None) == 0
    config = _load(in_tmp / "dfg")
    assert config.rcon.host == "127.0.0.1" and config.tables[0].centre == (0, 64, 0)


def test_cli_with_defaults_asks_nothing(tmp_path: Path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "dfg_bridge",
            "init",
            "--defaults",
            "--data-dir",
            "/var/lib/dfg-bridge",
            "dfg",
        ],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "[" not in out.stdout.split("Wrote:")[0], "no question was printed"
    assert _load(tmp_path / "dfg").data_dir == Path("/var/lib/dfg-bridge")


def test_docker_mode_writes_only_the_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert init.main(["--docker", str(tmp_path / "d")], out=io.StringIO()) == 0
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["dfg.yml"]
    secret = tmp_path / "secret"
    secret.write_text("pw\n", encoding="utf-8")
    config = load_config(tmp_path / "d" / "dfg.yml", env={"RCON_PASSWORD_FILE": str(secret)}).config
    assert config.rcon.host == "mc" and config.rcon.password.reveal() == "pw"
    assert init.main(["--docker", str(tmp_path / "d")], out=io.StringIO(), err=io.StringIO()) == 1


def test_set_value_keeps_comments_and_refuses_unknown_keys() -> None:
    text = "a:\n  # about b\n  b: 1  # trailing\n  c:\n    b: 2\nb: 3\n"
    assert set_value(text, "a.c.b", "9") == text.replace("    b: 2", "    b: 9")
    assert set_value(text, "b", "7").endswith("b: 7\n")
    with pytest.raises(InitError) as info:
        set_value(text, "a.x", "1")
    assert info.value.code == "no_example"


def test_shift_tables_only_touches_the_tables_section() -> None:
    text = "custody:\n  corner: [1, 2, 3]\ntables:\n  - centre: [0, 64, 0]\n# [9, 9, 9]\nlanguage: ja\n"
    shifted = shift_tables(text, (1, 1, 1))
    assert "corner: [1, 2, 3]" in shifted and "centre: [1, 65, 1]" in shifted and "# [9, 9, 9]" in shifted


def test_answers_default_to_the_example_origin() -> None:
    assert Answers(None).table_at == init.EXAMPLE_ORIGIN == (0, 64, 0)


def test_the_default_lockers_lie_sealed_under_the_table(in_tmp: Path) -> None:
    """Issue 13 #9: the old default was 768 barrels floating at y 5–7 over spawn, in reach of a pillar."""
    assert init.main(["--defaults", "dfg0"], out=io.StringIO(), err=io.StringIO()) == 0
    argv = ["--defaults", "--table-at", "100", "70", "-20", "dfg1"]
    assert init.main(argv, out=io.StringIO(), err=io.StringIO()) == 0
    before, after = _load(in_tmp / "dfg0").custody.locker, _load(in_tmp / "dfg1").custody.locker
    assert (before.corner1, before.corner2) == ((-8, -63, -8), (7, -62, 7))  # the world's floor is -64
    # Sideways with the table (one force-loaded area), never up: the bedrock shell needs y −64..−61.
    assert (after.corner1, after.corner2) == ((92, -63, -28), (107, -62, -13))
    table = _load(in_tmp / "dfg1").tables[0]
    xs = sorted((after.corner1[0], after.corner2[0]))
    assert xs[0] <= table.centre[0] <= xs[1]
