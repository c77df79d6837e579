"""What players read of the stats (成績の表示): pure functions from stats values to chat texts.

``/dfg stats``, ``/dfg top``, ``/dfg rank``, the leaderboard beside each table and the rating changes
added to a ranked table's standings, in the configured language.
"""

from __future__ import annotations

from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.model.text import Text
from dfg_bridge.stats import BoardRow, Dan, Ladder, Outcome, Profile
from dfg_bridge.stats.values import ALL, PRACTICE


def dan_name(dan: Dan, msgs: MessageCatalog, lang: str) -> str:
    """初段 … 十段超 (or the English names)."""
    return msgs.get(f"dan.d{dan.value}", lang)


def signed(value: float, digits: int = 1) -> str:
    """A change with its sign: ``+1.5``, ``-0.3``, ``±0``.

    >>> signed(1.25), signed(-3, 0), signed(0.0)
    ('+1.2', '-3', '±0')
    """
    if round(value, digits) == 0:
        return "±0"
    return f"{value:+.{digits}f}"


def _joined(lines: list[Text]) -> Text:
    parts: list[Text] = []
    for line in lines:
        parts += [Text("\n"), line] if parts else [line]
    return Text.join(parts)


def profile_text(profile: Profile, season: int, ladder: Ladder, msgs: MessageCatalog, lang: str) -> Text:
    """``/dfg stats``: overall, per rule preset, practice apart, rating and this season's dan."""
    get = msgs.get
    lines = [Text(get("stats.header", lang, player=profile.name), color="gold", bold=True)]
    overall = profile.line(ALL)
    if overall is not None and overall.matches:
        rate = round(100 * overall.wins / overall.matches)
        last = max((i for i, n in enumerate(overall.places) if n), default=0)
        places = "・".join(get("stats.place_item", lang, place=i + 1, count=overall.places[i])
                          for i in range(last + 1))  # fmt: skip
        lines.append(Text(get("stats.matches", lang, matches=overall.matches, wins=overall.wins, rate=rate,
                              places=places)))  # fmt: skip
        t = overall.titles
        lines.append(Text(get("stats.rounds", lang, rounds=overall.rounds, daifugo=t[0], fugo=t[1],
                              heimin=t[2], hinmin=t[3], daihinmin=t[4])))  # fmt: skip
        lines.append(Text(get("stats.points", lang, total=overall.points, mean=f"{overall.mean_points:.1f}",
                              miyako=overall.miyako_ochi, fouls=overall.fouls, dropouts=overall.dropouts,
                              streak=overall.best_streak)))  # fmt: skip
        presets = [
            get(
                "stats.preset_item",
                lang,
                preset=line.bucket.split(":", 1)[1],
                matches=line.matches,
                wins=line.wins,
            )
            for line in profile.lines
            if line.bucket.startswith("preset:")
        ]
        if presets:
            lines.append(Text(get("stats.presets", lang, presets="、".join(presets)), color="gray"))
    else:
        lines.append(Text(get("stats.no_matches", lang), color="gray"))
    r = profile.rating
    lines.append(Text(get("stats.rating", lang, rating=f"{r.conservative:.1f}", mu=f"{r.mu:.1f}",
                          sigma=f"{r.sigma:.1f}"), color="aqua"))  # fmt: skip
    if profile.standing is not None:
        s = profile.standing
        dan = dan_name(ladder.dan(s.points), msgs, lang)
        lines.append(Text(get("stats.dan", lang, season=season, dan=dan, points=s.points,
                              position=profile.position or "-", plays=s.plays), color="gold"))  # fmt: skip
    practice = profile.line(PRACTICE)
    if practice is not None and practice.matches:
        done = get("stats.practice", lang, matches=practice.matches, wins=practice.wins)
        lines.append(Text(done, color="gray"))
    return _joined(lines)


def rank_text(profile: Profile | None, name: str, season: int, ladder: Ladder, *, msgs: MessageCatalog,
              lang: str) -> Text:  # fmt: skip
    """``/dfg rank``: dan, points, place on the ladder, rating, points to the next dan."""
    if profile is None or profile.standing is None:
        return Text(msgs.get("stats.no_rank", lang, player=name), color="gray")
    points = profile.standing.points
    dan = ladder.dan(points)
    head = msgs.get("stats.rank", lang, player=profile.name, dan=dan_name(dan, msgs, lang), points=points,
                    season=season, position=profile.position or "-",
                    rating=f"{profile.rating.conservative:.1f}")  # fmt: skip
    need = ladder.to_next(points)
    if need is None:
        tail = msgs.get("stats.rank_top", lang)
    else:
        tail = msgs.get("stats.rank_next", lang, next=dan_name(Dan(dan.value + 1), msgs, lang), need=need)
    return _joined([Text(head, color="gold"), Text(tail)])


def _row(row: BoardRow, msgs: MessageCatalog, lang: str) -> str:
    dan = dan_name(row.dan, msgs, lang)
    return msgs.get("stats.top_row", lang, position=row.position, player=row.name, dan=dan, points=row.points,
                    rating=f"{row.rating:.1f}")  # fmt: skip


def top_text(rows: tuple[BoardRow, ...], season: int, msgs: MessageCatalog, lang: str) -> Text:
    """``/dfg top``: one line per player."""
    lines = [Text(msgs.get("stats.top_header", lang, season=season), color="gold", bold=True)]
    empty = [Text(msgs.get("stats.top_empty", lang), color="gray")]
    lines += [Text(_row(r, msgs, lang)) for r in rows] or empty
    return _joined(lines)


def board_text(rows: tuple[BoardRow, ...], season: int, msgs: MessageCatalog, lang: str) -> Text:
    """The leaderboard floating beside a table."""
    lines = [Text(msgs.get("stats.board_title", lang, season=season), color="gold", bold=True)]
    lines += [Text(_row(r, msgs, lang), color="yellow" if r.position == 1 else None) for r in rows]
    if not rows:
        lines.append(Text(msgs.get("stats.top_empty", lang), color="gray"))
    return _joined(lines)


def change_note(outcome: Outcome, ladder: Ladder, msgs: MessageCatalog, lang: str, *, ranked: bool) -> Text:
    """What a match changed for one player: rating and, on a ranked table, 段位戦ポイント."""
    after = outcome.rating_after.conservative
    note = msgs.get("stats.change", lang, rating=f"{after:.1f}", change=signed(outcome.rating_change))
    if ranked:
        dan = dan_name(outcome.dan_after, msgs, lang)
        note += " " + msgs.get("stats.points_change", lang, dan=dan, points=outcome.points_after,
                               change=signed(outcome.points_change, 0))  # fmt: skip
    return Text(note, color="red" if outcome.dropped else "aqua")


def promotion(outcome: Outcome, msgs: MessageCatalog, lang: str) -> Text | None:
    """昇段 / 降段 news, if the dan changed."""
    if outcome.dan_after == outcome.dan_before:
        return None
    key = "stats.promoted" if outcome.dan_after > outcome.dan_before else "stats.demoted"
    text = msgs.get(key, lang, player=outcome.name, dan=dan_name(outcome.dan_after, msgs, lang))
    return Text(text, color="gold" if outcome.dan_after > outcome.dan_before else "gray")
