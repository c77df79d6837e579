"""Custody race soak (slow): random player actions at random moments of take and give-back, with
daemon SIGKILLs and server restarts, against the real daemon process.

Players join and leave a table over and over while the sim's seeded chaos makes them throw, move,
swap, hold on the cursor, craft, close, relog, disconnect and die just before random custody commands.
Now and then the daemon is SIGKILLed at a random moment (a new process takes over the data directory)
and the server restarts (players rejoin). It reports, and asserts:

- 0 items lost and 0 duplicated: a census of every item in the world (players, cursors, crafting
  grids, containers, the ground) by exact identity, at every checkpoint and at the end;
- every completed custody cycle gives back every slot exactly: the player's per-slot SNBT when the
  daemon thaws them after the give-back equals their per-slot SNBT when it froze them for the take
  (both captured by the sim on its server thread, just before those commands ran);
- 0 daemon exits: the daemon process never ended except when we killed it, and exits 0 on SIGTERM;
- nobody is left a spectator and nothing is left in the lockers.

Run: ``DFG_SOAK_RACES=1000 nice -n 19 .venv/bin/python -m pytest -m slow tests/app/test_custody_soak.py -s``
(``DFG_SOAK_VERSION`` picks the Minecraft version, ``DFG_SOAK_SEED`` the seed).
"""

from __future__ import annotations

import collections
import contextlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from dfg_bridge.host.journal import Journal
from dfg_bridge.host.ledger import CustodyLedger, CustodyRecord, CustodyState
from dfg_bridge.host.store import DB_NAME
from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient, ControlError
from tests.app.helpers import write_config
from tests.app.test_run_cli import wait_for
from tests.host.audit import census, difference, identity

T = TypeVar("T")

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
STOCK = [("diamond", 64), ("dirt", 40), ("golden_apple", 7), ("torch", 33), ("cobblestone", 64), ("bow", 1)]
RETURNED = "預かっていた持ち物を返しました"
CUSTODY = r"(playerGameType|Inventory|equipment|gamemode|clear {p}|from entity {p}|entity {p} \S+ from block)"


class Soak:
    """The moving parts: sim, control client, daemon process, counters."""

    def __init__(self, sim: SimServer, tmp_path: Path, seed: int) -> None:
        self.sim = sim
        self.ctl = ControlClient(sim.control_port)
        self.config = write_config(tmp_path, sim, signs=False)
        self.data = tmp_path / "data"
        self.log = tmp_path / "daemon.log"
        self.rng = random.Random(seed)
        self.proc: subprocess.Popen[bytes] | None = None
        self.stats: Counter[str] = Counter()
        self.world: Counter[str] = Counter()
        """The census at the start."""
        self.track = Tracker(self)
        self.last_error = ""
        self.sim_log_tail = ""
        self.trace: collections.deque[tuple[object, ...]] = collections.deque(maxlen=12)

    # ---- the daemon -------------------------------------------------------------------------
    def start(self) -> None:
        mark = self.ctl.commands()["total"]
        with self.log.open("ab") as err:  # -X faulthandler: SIGABRT prints every thread's stack
            command = [sys.executable, "-X", "faulthandler", "-m", "dfg_bridge", "run", "--config",
                       str(self.config), "--log-level", "INFO"]  # fmt: skip
            self.proc = subprocess.Popen(command, stdout=err, stderr=err, cwd=self.config.parent)
        assert wait_for(lambda: self._drew_table(mark), 30), "daemon did not come up"

    def _drew_table(self, mark: int) -> bool:
        if self.proc is not None and self.proc.poll() is not None:
            raise AssertionError(f"daemon exited with {self.proc.returncode}")
        received = self.ctl.commands(since=mark)["received"]
        return any(r["command"].startswith("bossbar set dfg:t1 players") for r in received)

    def kill(self) -> None:
        assert self.proc is not None
        assert self.proc.poll() is None, f"daemon exited by itself ({self.proc.returncode})"
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.stats["sigkills"] += 1
        self.start()

    def stop(self) -> int:
        assert self.proc is not None
        assert self.proc.poll() is None, f"daemon exited by itself ({self.proc.returncode})"
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)

    # ---- state ------------------------------------------------------------------------------
    def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` on a fresh read-only connection to the daemon's database, closed right after."""
        path = self.data / DB_NAME
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)) as c:
            return fn(c)

    def record(self, name: str) -> CustodyRecord | None:
        return self._read(lambda c: CustodyLedger(c).get(name))

    def frozen(self) -> dict[str, str]:
        return self._read(lambda c: CustodyLedger(c).frozen())

    def lobby(self) -> list[str]:
        return self._read(lambda c: Journal(c).lobby("t1"))

    def shutdown(self) -> None:
        """Never leave a daemon behind, whatever happened."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def quiet(self, name: str) -> bool:
        """No custody step of ``name`` is under way: nothing frozen, held only as a lobby member."""
        record = self.record(name)
        seen = self.ctl.player(name)
        frozen = name in self.frozen()
        in_lobby = name in self.lobby()  # the daemon's own record, not the team shown
        if not seen["online"] or frozen:
            verdict = False
        elif record is None:
            verdict = not in_lobby
        else:
            verdict = record.state is CustodyState.HELD and not record.plan and in_lobby
        state = record.state.value if record is not None else None
        now = round(time.monotonic(), 2)
        self.trace.append((now, name, state, seen["online"], frozen, in_lobby, verdict))
        return verdict

    def dump(self, name: str, path: Path) -> Path:
        """Everything about ``name``: the commands naming them and the actions they did, in order.

        A live daemon is sent SIGABRT first, so its log ends with every thread's stack.
        """
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGABRT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=10)
        received = self.ctl.commands()["received"]
        tail = received[-1]["seq"] - 300 if received else 0
        events = [
            (r["seq"], 0, f"CMD {r['command'][:160]} => {str(r.get('reply'))[:90]}")
            for r in received
            if name in r["command"] or r["seq"] > tail
        ]
        events += [
            (e["command_seq"], -1, f"ACT {e['action']} {str(e.get('result', e.get('error')))[:300]}")
            for e in self.ctl.races()["fired"]
            if e["player"] == name
        ]
        with path.open("w") as out:
            for seq, _, text in sorted(events):
                out.write(f"{seq} {text}\n")
            out.write(self.sim_log_tail)
            lines = self.log.read_text(errors="replace").splitlines()
            out.writelines(line + "\n" for line in lines if "missing; using the default" not in line)
        return path

    def reacted(self, name: str, since: int) -> bool:
        """The daemon sent a command naming ``name`` after command ``since``."""
        return any(name in r["command"] for r in self.ctl.commands(since=since)["received"])

    def restock(self, name: str) -> None:
        """Give the player a few stacks; the census baseline grows by exactly what was given."""
        for item, count in self.rng.sample(STOCK, 3):
            reply = self.sim.run_command(f"give {name} {item} {count}")
            if not reply.startswith("Gave"):
                continue
            self.world[identity(self.sim, item)] += count  # what did not fit lies on the ground
            self.stats["restocked"] += 1

    def close(self, name: str) -> None:
        with contextlib.suppress(ControlError):  # offline (chaos may disconnect them at any time)
            self.ctl.act(name, {"kind": "close"})

    def online(self, name: str) -> None:
        if not self.ctl.player(name)["online"]:
            try:
                self.ctl.act(name, {"kind": "rejoin"})
                self.stats["rejoins"] += 1
            except ControlError as exc:  # chaos may have brought them back meanwhile
                self.last_error = f"{exc.status} {exc.code}: {exc.message}"


@pytest.mark.slow
def test_custody_races_lose_nothing_duplicate_nothing_and_never_kill_the_daemon(
    sim_factory: Any, tmp_path: Path
) -> None:
    races_wanted = int(os.environ.get("DFG_SOAK_RACES", "1000"))
    seed = int(os.environ.get("DFG_SOAK_SEED", "12"))
    version = os.environ.get("DFG_SOAK_VERSION", "1.21.6")
    sim = sim_factory(version=version, flavor="paper")
    soak = Soak(sim, tmp_path, seed)
    ctl, rng, stats = soak.ctl, soak.rng, soak.stats
    for name in PLAYERS:
        ctl.join(name)
        for item, count in STOCK:
            if rng.random() < 0.8:
                assert sim.run_command(f"give {name} {item} {count}").startswith("Gave")
        for watch in (f"^execute store result score {name} dfg_cust run clear {name} \\*$",
                      f"^gamemode (survival|creative|adventure) {name}$"):  # fmt: skip
            ctl.race(watch, name, {"kind": "snapshot"}, count=10**9)
    try:
        world = soak.world = census(sim)
        soak.start()
        pattern = "|".join(CUSTODY.format(p=p) for p in PLAYERS)
        ctl.chaos(seed, PLAYERS, probability=0.3, match=pattern)
        cycle = 0
        started = time.monotonic()
        name = PLAYERS[0]
        try:
            while stats["chaos_actions"] < races_wanted:
                cycle += 1
                name = rng.choice(PLAYERS)
                _cycle(soak, name, cycle)
        except AssertionError:
            where = Path(os.environ.get("DFG_SOAK_DUMP", str(tmp_path)))
            print("dumped", soak.dump(name, where / f"dump-{name}.txt"))
            raise
        ctl.stop_chaos()
        for name in PLAYERS:  # give everything back
            soak.online(name)
            if soak.record(name) is not None:
                ctl.command(name, "/dfg leave")
        assert wait_for(lambda: all(soak.record(n) is None for n in PLAYERS) and soak.frozen() == {}, 30)
        soak.track.scan()
        soak.track.compare()
        assert soak.track.held == {}
        assert soak.stop() == 0
        lost, duplicated = difference(world, census(sim))
        spectators = [n for n in PLAYERS if ctl.player(n)["game_mode"] != "survival"]
        lockers = [c for c in ctl.world()["containers"] if c.get("items") and c["pos"][1] < 10]
        errors = _tracebacks(soak.log.read_text(errors="replace").splitlines())
        print(
            f"\ncustody soak ({version}, seed {seed}): {stats['chaos_actions']} random player actions "
            f"at random moments of {stats['takes']} takes and {stats['gives']} give-backs "
            f"({stats['refused_by_freeze']} refused by the freeze), {stats['sigkills']} daemon SIGKILLs, "
            f"{stats['server_restarts']} server restarts, {stats['rejoins']} rejoins, "
            f"{stats['restocked']} stacks restocked; "
            f"{stats['cycles_compared']} custody cycles compared per slot (SNBT): all exact; "
            f"{lost} items lost, {duplicated} duplicated, 0 daemon exits, {len(spectators)} left spectator, "
            f"{len(lockers)} lockers not empty; tracebacks in the daemon log: {dict(errors)}; "
            f"{time.monotonic() - started:.0f} s"
        )
        assert (lost, duplicated) == (0, 0)
        assert spectators == [] and lockers == []
        assert sim.stats()["commands_invalid"] == 0
    finally:
        soak.shutdown()


def _tracebacks(lines: list[str]) -> Counter[str]:
    """The exception type ending each traceback in a log."""
    out: Counter[str] = Counter()
    for i, line in enumerate(lines):
        if line.startswith("Traceback"):
            end = next((x for x in lines[i + 1 :] if not x.startswith(" ")), "?")
            out[end.split(":")[0]] += 1
    return out


def _cycle(soak: Soak, name: str, cycle: int) -> None:
    """One join or leave of ``name`` under chaos, maybe with a SIGKILL or a server restart."""
    ctl, rng, stats = soak.ctl, soak.rng, soak.stats
    soak.online(name)
    wait_for(lambda n=name: soak.quiet(n), 10)  # type: ignore[misc]
    soak.close(name)  # as a player would before typing a command
    command_mark = ctl.commands(since=10**12)["total"]
    leaving = soak.record(name) is not None
    if not leaving and len(ctl.player(name)["inventory"]) < 3:
        soak.restock(name)  # deaths and throws empty inventories; custody needs something to hold
    with contextlib.suppress(ControlError):  # chaos may have disconnected them just now
        ctl.command(name, "/dfg leave" if leaving else "/dfg join")
    stats["gives" if leaving else "takes"] += 1
    time.sleep(rng.uniform(0.0, 0.25))
    if rng.random() < 0.08:
        soak.kill()
    elif rng.random() < 0.025:
        ctl.restart(downtime_s=rng.uniform(0.2, 1.5), rejoin=True)
        stats["server_restarts"] += 1
    # Wait for the daemon to react (a command naming the player), then for the step to settle.
    # A command typed while the daemon was being killed is lost, as it would be on a real server.
    wait_for(lambda n=name, m=command_mark: soak.reacted(n, m), 5)  # type: ignore[misc]
    # Settled = quiet three polls in a row (events still queued, e.g. a relog, would change it).
    end = time.monotonic() + 180  # the machine may be shared and slow: latency is not measured here
    streak = 0
    while time.monotonic() < end and streak < 3:
        streak = streak + 1 if soak.quiet(name) else 0
        if streak == 0:
            soak.online(name)
            soak.close(name)  # told "close your inventory", they do
        time.sleep(0.3)
    if streak < 3:
        soak.sim_log_tail = soak.sim.log_path.read_text(errors="replace")[-6000:]
        seen = ctl.player(name)
        raise AssertionError(
            f"cycle {cycle}: {name} never settled: record {soak.record(name)}, frozen "
            f"{soak.frozen().get(name)}, online {seen['online']}, "
            f"lobby {soak.lobby()}, last control error {soak.last_error!r}, trace {list(soak.trace)}, "
            f"mode {seen['game_mode']}, daemon {soak.proc.poll() if soak.proc else None}"
        )
    soak.track.scan()
    soak.track.compare()
    if cycle % 25 == 0:
        assert difference(soak.world, census(soak.sim)) == (0, 0), f"cycle {cycle}"


class Tracker:
    """Pairs each successful take with its give-back from the sim's own logs, and compares them.

    The sim snapshots a player just before the daemon's atomic custody ``clear`` (what the take
    holds, if the clear then removed items) and just before every thaw (``gamemode <old mode>``).
    A custody is given back exactly when the first thaw after its last copy-back shows the same
    per-slot SNBT as the take's snapshot.
    """

    def __init__(self, soak: Soak) -> None:
        self.soak = soak
        self.race_seq = 0
        self.command_seq = 0
        self.replies: dict[int, str] = {}
        self.copies: dict[str, list[int]] = {n: [] for n in PLAYERS}
        self.clears: dict[str, list[tuple[int, dict[str, str]]]] = {n: [] for n in PLAYERS}
        self.thaws: dict[str, list[tuple[int, dict[str, str]]]] = {n: [] for n in PLAYERS}
        self.held: dict[str, tuple[int, dict[str, str]]] = {}
        self.returned: dict[str, list[int]] = {n: [] for n in PLAYERS}

    def scan(self) -> None:
        """Read what the sim logged since the last scan (before its buffers roll over)."""
        ctl, stats = self.soak.ctl, self.soak.stats
        for r in ctl.commands(since=self.command_seq)["received"]:
            self.command_seq = r["seq"]
            for name in PLAYERS:
                if f"entity {name} " in r["command"] and " from block " in r["command"]:
                    self.copies[name].append(r["seq"])
                if r["command"].endswith(f"run clear {name} *"):
                    self.replies[r["seq"]] = r.get("reply") or ""
                if r["command"].startswith(f"tellraw {name} ") and RETURNED in r["command"]:
                    self.returned[name].append(r["seq"])
        for e in ctl.races(since=self.race_seq)["fired"]:
            self.race_seq = e["seq"]
            if e["race"] is None:
                stats["chaos_actions"] += 1
                stats["refused_by_freeze"] += (e.get("result") or {}).get("ignored") == "spectator"
                continue
            if "result" not in e:
                continue  # a snapshot of a player who is offline
            slots = e["result"]["slots"]
            if e["before"].startswith("execute store result"):
                self.clears[e["player"]].append((e["command_seq"], slots))
            elif not e["before"].startswith("gamemode spectator"):
                self.thaws[e["player"]].append((e["command_seq"], slots))
        for name in PLAYERS:
            for seq, slots in self.clears[name]:
                if self.replies.get(seq, "").startswith("Removed"):
                    self.held[name] = (seq, slots)  # this take really cleared the player
            self.clears[name] = [(q, s) for q, s in self.clears[name] if q not in self.replies]

    def compare(self) -> None:
        """Every custody the daemon says it returned must have come back slot for slot.

        The daemon's own "your items have been returned" closes a custody; the check does not trust
        it: the player's slots at the first thaw after the last copy-back before that message must
        equal their slots just before the take's clear.
        """
        for name, (taken, slots) in list(self.held.items()):
            said = [q for q in self.returned[name] if q > taken]
            if not said:
                continue
            del self.held[name]
            copies = [q for q in self.copies[name] if taken < q < said[0]]
            last = copies[-1] if copies else taken
            final = next((s for q, s in self.thaws[name] if last < q < said[0]), None)
            assert final == slots, f"{name} taken at command {taken} was not given back exactly"
            self.soak.stats["cycles_compared"] += 1
