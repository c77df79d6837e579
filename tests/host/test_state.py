"""Durable state: the custody ledger's one-way states and the match journal's exact replay."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import Rules
from dfg_bridge.host.intents import Mode
from dfg_bridge.host.journal import Journal
from dfg_bridge.host.ledger import CustodyLedger, CustodyState
from dfg_bridge.host.match import EndReason, MatchRun, Participant
from dfg_bridge.host.store import open_store


def test_ledger_records_every_step(tmp_path: Path) -> None:
    ledger = CustodyLedger(open_store(tmp_path))
    ledger.begin("Steve", (0, 1), ("container.0", "armor.head"))
    assert ledger.used_lockers() == {0, 1}
    ledger.mark("Steve", CustodyState.COPIED, snapshot={"container.0": "{}"}, item_count=1)
    ledger.mark("Steve", CustodyState.HELD)
    again = CustodyLedger(open_store(tmp_path))  # a fresh daemon on the same directory
    record = again.get("Steve")
    assert record is not None and record.state is CustodyState.HELD
    assert record.snapshot == {"container.0": "{}"}
    assert record.locker_slot("armor.head", 27) == (0, 1)
    again.close("Steve")
    assert again.get("Steve") is None and again.used_lockers() == set()
    assert [s for _, s, _ in again.log("Steve")] == ["begin", "copied", "held", "closed"]
    with pytest.raises(KeyError):
        again.mark("Nobody", CustodyState.HELD)


def test_journal_lobby_order(tmp_path: Path) -> None:
    journal = Journal(open_store(tmp_path))
    for name in ("A", "B", "C"):
        journal.lobby_add("t1", name)
    journal.lobby_remove("B")
    journal.lobby_add("t1", "B")
    assert journal.lobby("t1") == ["A", "C", "B"]
    assert journal.lobby_tables() == {"A": "t1", "B": "t1", "C": "t1"}


def _play_some(run: MatchRun, rng: random.Random, steps: int) -> list[dict[str, object]]:
    entries: list[dict[str, object]] = [run.header()]
    for _ in range(steps):
        if run.round is None or run.round.over:
            if run.round is not None:
                entries.append(run.finish_round())
            if run.end_reason(at_round_start=True) is not None:
                break
            entries.append(run.start_round()[1])
            continue
        if rng.random() < 0.02:
            seat = rng.randrange(len(run.participants))
            entries.append(run.drop(seat)[1])
            continue
        seat = sorted(run.round.awaiting())[0]
        action = rng.choice(list(run.round.legal_actions(seat)))
        entries.append(run.apply(action)[1])
    return entries


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["minecraft", "dqx", "niconico", "uecda"]), st.integers(3, 6))
def test_replay_rebuilds_the_exact_state(seed: int, preset: str, seats: int) -> None:
    rng = random.Random(seed)
    people = [Participant(f"P{i}", cpu=i > 0) for i in range(seats)]
    run = MatchRun(Mode.CPU, people, Rules.preset(preset), seed, rounds=2)
    entries = _play_some(run, rng, rng.randrange(1, 250))
    again = MatchRun.replay(entries)
    assert again.round_no == run.round_no and again.dropped == run.dropped
    assert again.match.totals() == run.match.totals()
    if run.round is not None:
        assert again.round is not None
        for seat in range(seats):
            assert again.round.hand(seat) == run.round.hand(seat)
        assert again.round.awaiting() == run.round.awaiting() and again.round.field == run.round.field


def test_early_end_rules() -> None:
    people = [Participant("A"), Participant("B"), Participant("C"), Participant("D")]
    run = MatchRun(Mode.NORMAL, people, Rules.preset("minecraft"), 1, rounds=3)
    run.start_round()
    run.drop(0)
    assert run.end_reason(at_round_start=False) is None
    run.drop(1)
    assert run.end_reason(at_round_start=True) is EndReason.TOO_FEW
    cpu = MatchRun(Mode.CPU, [Participant("A"), Participant("CPU1", True), Participant("CPU2", True)],
                   Rules.preset("minecraft"), 1, rounds=3)  # fmt: skip
    cpu.start_round()
    cpu.drop(0)
    assert cpu.end_reason(at_round_start=False) is EndReason.NO_HUMANS
