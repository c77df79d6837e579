"""The UECda client against the test server (loopback, real sockets): never refused, refusals handled."""

from __future__ import annotations

import threading

import pytest

from dfg_bridge.engine import Card, Meld, Observation, Pass, Play, Rules
from dfg_bridge.engine.cpu import make_cpu
from dfg_bridge.uecda import protocol as pr
from dfg_bridge.uecda.client import Client, Stats, connect
from dfg_bridge.uecda.game import meld_of, play_table
from tests.uecda.server import UecdaTestServer, run_in_thread

RULES = Rules.preset("uecda")


def _session(
    levels: list[str],
    games: int,
    seed: int,
    *,
    force_reject: int | None = None,
    budget_ms: int = 20,
    seen: list[Observation] | None = None,
    tell_lower_ranks: bool = True,
    show_dealt_hand: bool = True,
) -> tuple[UecdaTestServer, list[Stats]]:
    server = UecdaTestServer(
        players=len(levels),
        games=games,
        seed=seed,
        force_reject=force_reject,
        tell_lower_ranks=tell_lower_ranks,
        show_dealt_hand=show_dealt_hand,
    )
    thread = run_in_thread(server)
    results: list[Stats | BaseException] = [Stats()] * len(levels)

    def seat(i: int, level: str) -> None:
        conn = connect("127.0.0.1", server.port, timeout=10)
        conn.sock.settimeout(60)
        try:
            client = Client(conn, f"{level}{i}", make_cpu(level, i, budget_ms, rules=RULES), RULES)
            if i == 0 and seen is not None:
                client.on_decision = lambda obs, _a: seen.append(obs)
            results[i] = client.run()
        except BaseException as exc:
            results[i] = exc
        finally:
            conn.sock.close()

    # connect in order so that player numbers follow the list
    threads = []
    for i, level in enumerate(levels):
        t = threading.Thread(target=seat, args=(i, level), daemon=True)
        t.start()
        threads.append(t)
        while len(server.conns) <= i and thread.is_alive():
            threading.Event().wait(0.01)
    for t in threads:
        t.join(300)
    thread.join(30)
    assert server.error is None, repr(server.error)
    for r in results:
        assert isinstance(r, Stats), repr(r)
    return server, [r for r in results if isinstance(r, Stats)]


def test_five_clients_play_whole_games_and_nothing_is_refused() -> None:
    server, stats = _session(["strong", "greedy", "normal", "easy", "greedy"], games=4, seed=3)
    assert server.referee.games == 4
    assert server.referee.refused == []
    assert server.referee.submissions > 100
    assert server.names == ["strong0", "greedy1", "normal2", "easy3", "greedy4"]
    for s in stats:
        assert s.games == 4 and s.rejected == 0 and s.decisions > 0
    # the exchange ran (games 2–4): 大富豪 and 富豪 each decided once per game
    assert len(server.referee.rankings) == 4


def test_the_client_rebuilds_what_its_seat_may_see() -> None:
    mine: list[Observation] = []
    server, _ = _session(["normal", "greedy", "greedy", "greedy", "greedy"], games=3, seed=5, seen=mine)
    plays = [o for o in mine if o.phase == "play"]
    truth = [o for o in server.truth if isinstance(o, Observation)]
    # the client answers every turn of its seat, and the server recorded every one of them
    assert len(plays) == len(truth) >= 20
    assert any(t.field_by == 0 for t in truth)  # UECda: the trick's owner is asked again (issue 14 §6)
    for o, t in zip(plays, truth, strict=True):
        assert (o.hand, o.hand_counts) == (t.hand, t.hand_counts)
        assert o.field == t.field, (o.field, t.field, o.step)
        assert o.field_by == t.field_by
        assert o.passed == t.passed - {0}
        assert o.revolution == t.revolution and o.lock == t.lock
        assert [f.seat for f in o.finished] == [f.seat for f in t.finished]
        assert o.seen <= t.seen


def _transfers(o: Observation) -> set[tuple[int, int, frozenset[object]]]:
    return {(g, r, frozenset(cards)) for g, r, cards in o.transfers}


@pytest.mark.parametrize("seed", [7, 8])
def test_a_lower_rank_reads_the_exchange_it_was_part_of_as_the_engine_tells_it(seed: int) -> None:
    # the tndhm server tells 貧民/大貧民 how many cards it takes ([5][1] = -1/-2) and shows the hand
    # from before: the client then knows what went (its strongest) and what came back, as the engine's
    # own observation of that seat does; its deals put the cards that went in the higher rank's hand
    mine: list[Observation] = []
    server, _ = _session(["greedy"] * 5, games=5, seed=seed, seen=mine)
    plays = [o for o in mine if o.phase == "play"]
    truth = [o for o in server.truth if isinstance(o, Observation)]
    assert len(plays) == len(truth)
    lower = [t for t in truth if any(low == 0 for _h, low, _k in t.exchange_pairs)]
    assert lower, "seat 0 was never a lower rank: pick another seed"
    assert any(len(t.transfers) == 2 for t in lower)
    for o, t in zip(plays, truth, strict=True):
        party = any(0 in (high, low) for high, low, _k in t.exchange_pairs)
        # a 平民 is told nothing either way and reads no exchange
        assert o.exchange_pairs == (t.exchange_pairs if party else ())
        assert _transfers(o) == _transfers(t), o.step


def _turns_as_lower_rank(**server: bool) -> list[tuple[Observation, Observation]]:
    """Seat 0's turns, its view and the engine's, in the games where it was 貧民 or 大貧民 (five games
    of greedy clients on a test server set up by ``server``)."""
    mine: list[Observation] = []
    test_server, _ = _session(["greedy"] * 5, games=5, seed=7, seen=mine, **server)
    truth = [o for o in test_server.truth if isinstance(o, Observation)]
    plays = [o for o in mine if o.phase == "play"]
    return [
        (o, t) for o, t in zip(plays, truth, strict=True) if any(low == 0 for _h, low, _k in t.exchange_pairs)
    ]


def test_told_nothing_a_lower_rank_reads_no_exchange() -> None:
    # a server that neither says what it takes nor shows the hand from before: nothing to read
    lower = _turns_as_lower_rank(tell_lower_ranks=False)
    assert lower
    assert all(o.transfers == () and o.exchange_pairs == () for o, _t in lower)


def test_told_the_count_but_shown_the_hand_after_a_lower_rank_reads_the_pairs_only() -> None:
    # a server that says what it takes but deals the hand from after: what went cannot be told apart
    # from what came, so nothing is guessed (the titles still say between whom the exchange ran)
    lower = _turns_as_lower_rank(show_dealt_hand=False)
    assert lower
    assert all(o.transfers == () and o.exchange_pairs == t.exchange_pairs for o, t in lower)


@pytest.mark.parametrize("seed", [11, 12])
def test_a_refused_play_counts_as_a_pass_and_the_game_goes_on(seed: int) -> None:
    server, stats = _session(["greedy"] * 5, games=2, seed=seed, force_reject=5)
    assert server.referee.forced == 1
    assert server.referee.refused == []  # nothing illegal was sent
    assert sum(s.rejected for s in stats) == 1
    assert all(s.games == 2 for s in stats)


def test_tables_round_trip_and_encode_jokers_as_the_protocol_says() -> None:
    table = pr.profile("strong")
    assert pr.unpack(pr.pack(table)) == table
    assert table[0][0] == 20070 and bytes(table[1][:6]) == b"strong"
    meld = Meld.parse("S5 JK=S6 S7")
    t = play_table(Play(0, meld), inverted=False)
    assert (t[0][3], t[0][4], t[0][5]) == (1, 2, 1)
    assert meld_of(pr.played_of(t), RULES) == meld
    lone = play_table(Play(0, Meld.parse("JK")), inverted=False)
    assert lone[0][14] == 2 and sum(map(sum, lone)) == 2
    assert play_table(Play(0, Meld.parse("JK")), inverted=True)[0][0] == 2
    got = meld_of(pr.played_of(lone), RULES)
    assert got is not None and got.cards == (Card.joker(0),)
    assert sum(map(sum, play_table(Pass(0), inverted=False))) == 0
    hand = pr.freeze([[0, 1] + [0] * 13] + [[0] * 15] * 3 + [[0, 2] + [0] * 13] + [[0] * 15] * 3)
    assert pr.hand_of(hand) == (Card.parse("S3"), Card.joker(0))


@pytest.mark.parametrize(("text", "cell"), [("DA D2 JK", (2, 14)), ("D3 D4 JK", (2, 0))])
def test_a_joker_beyond_the_stairs_ends_round_trips(text: str, cell: tuple[int, int]) -> None:
    # UECda: the joker may stand above the 2 or below the 3 at the end of stairs (issue 14 §8)
    want = "last" if cell[1] == 14 else "first"
    meld = next(
        m for m in Meld.detect(Meld.cards_of(text), RULES) if m.readings[-1 if want == "last" else 0].is_joker
    )
    table = play_table(Play(0, meld), inverted=False)
    assert table[cell[0]][cell[1]] == 2
    played = pr.played_of(table)
    assert played.beyond and played.count == 3
    assert meld_of(played, RULES) == meld


def test_bad_sizes_are_protocol_errors() -> None:
    with pytest.raises(pr.ProtocolError) as err:
        pr.unpack(b"\0" * 10)
    assert err.value.code == "bad_size"


def test_a_higher_rank_learns_the_whole_exchange_from_the_ranks() -> None:
    # asked to give cards back, the client knows this game has an exchange, and the ranks of row 6
    # say between whom: the 大富豪's read of the 大貧民 (Tracker.note) needs that pair
    mine: list[Observation] = []
    server, _ = _session(["greedy"] * 5, games=4, seed=7, seen=mine)
    rankings = server.referee.rankings
    parties = [(prev[0], prev[-1], prev[1], prev[-2]) for prev in rankings[:-1]]
    expected = {((a, d, 2), (b, c, 1)) for a, d, b, c in parties if 0 in (a, b)}
    told = {
        o.exchange_pairs
        for o in mine
        if o.exchange_pairs and 0 in (o.exchange_pairs[0][0], o.exchange_pairs[1][0])
    }
    assert expected and told == expected
    # every decision of a game in which it gave cards carries them, the exchange's first
    gave = [o for o in mine if o.phase == "exchange"]
    assert len(gave) == len(expected) and all(o.exchange_pairs for o in gave)
    # and no game in which it took no part (as 平民) reads one
    assert all(any(0 in pair[:2] for pair in o.exchange_pairs) for o in mine if o.exchange_pairs)


@pytest.mark.parametrize(("cell", "give", "taken"), [(2, 2, 0), (1, 1, 0), (0, 0, 0), (-1, 0, 1), (-2, 0, 2)])
def test_row_five_tells_the_cards_to_give_and_the_cards_taken(cell: int, give: int, taken: int) -> None:
    table = [[0] * 15 for _ in range(8)]
    table[5][0], table[5][1] = 1, cell
    st = pr.state_of(tuple(tuple(row) for row in table))
    assert (st.deal, st.give, st.taken) == (True, give, taken)
