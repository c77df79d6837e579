"""The ``strong`` level: determinized Monte Carlo (モンテカルロ) with a mate check and an exact endgame.

For a play decision it
1. plays at once when there is one option, or a sure way out (詰み, :func:`~.mates.mate_line`);
2. with more than :data:`~.search.Settings.search_cards` cards at the table (none of the shipped
   decks: the search runs from the first trick on) it plays the ``normal`` heuristic's move;
3. with two seats left, solves the ending exactly on the known (or sampled) hidden hand;
4. otherwise deals the unseen cards many times consistently with what it saw
   (:class:`~.belief.Sampler`), plays each candidate in each deal and finishes the round with the
   fast policies (:mod:`.playout`): its own seat by the learned policy, each other seat eagerly
   (:mod:`.eager`) or carefully as often as its plays so far suggest (:mod:`.opponents`; a seat taken
   as eager in a deal is dealt none of the cards an eager seat could not hold), and keeps the
   candidate with the best mean points. Candidates that fall clearly behind (paired on the same
   deals) are dropped early; the clock is checked after every playout, so a decision stays within
   its budget. The heuristic's move is kept unless another candidate beats it clearly
   (``prior_margin``, ``override_z``, ``override_deals`` of :class:`~.search.Settings`).
Other decisions (exchange, 買収, 7渡し, 10捨て, Qボンバー, なかまカード) use the ``normal`` choosers,
except that under a preset whose settings say so (``uecda``, :data:`~.search.PRESET_SETTINGS`) the
cards to give back in the exchange are chosen by playouts of the whole round.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterable
from dataclasses import replace

from dfg_bridge.engine.actions import Action, Give
from dfg_bridge.engine.cpu.base import Decision, as_list, decision_of
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.candidates import candidates
from dfg_bridge.engine.cpu.choices import choose
from dfg_bridge.engine.cpu.eager import greedy_policy
from dfg_bridge.engine.cpu.endgame import best_moves
from dfg_bridge.engine.cpu.estimate import odds as estimate_odds
from dfg_bridge.engine.cpu.estimate import shipped_weights as estimate_weights
from dfg_bridge.engine.cpu.exchange import ExchangeWorlds, give_options, previous_ranking, receiver_of
from dfg_bridge.engine.cpu.knowledge import Knowledge, Tracker
from dfg_bridge.engine.cpu.mates import follow_mate, mate_line
from dfg_bridge.engine.cpu.models import FirstMoves, careful_model
from dfg_bridge.engine.cpu.opponents import EagerFit, Style, shunned
from dfg_bridge.engine.cpu.playout import MovePolicy, playout, policy_playout
from dfg_bridge.engine.cpu.policy import Policy, shipped_weights
from dfg_bridge.engine.cpu.replay import CarefulFit
from dfg_bridge.engine.cpu.search import Search, Settings, clock_of, place_values, settings_for
from dfg_bridge.engine.cpu.shape import normal_policy
from dfg_bridge.engine.cpu.solo import SoloSolver
from dfg_bridge.engine.cpu.view import View, pass_in, plays_of, read, rules_of
from dfg_bridge.engine.moves import (
    PASS,
    Move,
)
from dfg_bridge.engine.observation import Observation
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules, rank_points

ENDGAME_CARDS = 16
"""Cards left in the two remaining hands below which the ending is solved exactly."""


class StrongPlayer:
    """The ``strong`` level (see the module docstring)."""

    level = "strong"

    def __init__(
        self,
        seed: int,
        budget_ms: int = 200,
        rules: Rules | None = None,
        max_deals: int | None = None,
        settings: Settings | None = None,
        *,
        clock: str = "wall",
    ) -> None:
        self.rules = rules
        self.budget = max(1, budget_ms) / 1000.0
        self._fixed = settings
        """Settings given by the caller (for tuning); None: the shipped ones of the table's preset."""
        self._clock = settings.clock if settings is not None else clock
        self._max_deals = max_deals
        self.settings = self._settings_of(rules.name if rules is not None else "minecraft")
        """The settings of the current decision."""
        self.policy: Policy | None = None
        """The playout policy of this seat when set (for tuning); else the preset's shipped one."""
        self.ranker: Policy | None = None
        """The candidates' ranker when set (for tuning); else the preset's shipped policy."""
        self._policies: dict[str, Policy] = {}
        self._rng = random.Random(seed)
        self._tracker = Tracker()
        self._style = Style()
        self.last_deals = 0
        """Deals searched by the last decision (for tests and tuning)."""
        self.last_marks: dict[str, float] = {}
        """When each step of the last decision ended, in ms of its clock from the start (tuning: where a
        slow decision spent its time)."""
        self.round_of_match = 1
        """The round of the match this seat is playing (counted from the rounds it sees)."""
        self.search_factory: Callable[[Settings, random.Random], Search] = Search
        """Makes each decision's :class:`~.search.Search` (tuning: :class:`~.regret.Referee` judges them)."""

    def decide(self, observation: Observation, legal: Iterable[Action]) -> Action:
        """Pick one of ``legal`` within the time budget."""
        start = clock_of(self.settings)()
        # the search allocates many short-lived tuples and no cycles: a cyclic collection in the
        # middle of it would only add a pause, so it waits until the decision is made
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._decide(observation, as_list(legal), start)
        finally:
            if collecting:
                gc.enable()

    def _decide(self, observation: Observation, acts: list[Action], start: float) -> Action:
        view = read(observation, rules_of(observation, self.rules))
        self.settings = self._settings_of(view.rules.name)
        if self._tracker.update(view):
            self._style.new_round()
            # a match's first round has no previous 大富豪 (a UECda server's never ends: always round 1)
            self.round_of_match = 1 if observation.prev_daifugo is None else self.round_of_match + 1
        self._style.watch(view)
        self.last_deals = 0
        marks = self.last_marks = {}
        clock = clock_of(self.settings)
        marks["read"] = 1000 * (clock() - start)
        if len(acts) == 1:
            action = acts[0]
        else:
            decision = decision_of(acts)
            deadline = start + self.settings.deadline_share * self.budget
            if decision is Decision.PLAY:
                action = self._play(view, acts, deadline)
            elif decision is Decision.EXCHANGE and self.settings.exchange_search:
                action = self._exchange(view, acts, deadline)
            else:
                action = choose(view, acts, decision)
        marks["decided"] = 1000 * (clock() - start)
        self._tracker.note(view, action)
        marks["noted"] = 1000 * (clock() - start)
        return action

    # ------------------------------------------------------------------ play decisions
    def _play(self, view: View, acts: list[Action], deadline: float) -> Action:
        plays = plays_of(acts)
        passing = pass_in(acts)
        if not plays:
            return passing if passing is not None else acts[0]
        hand = view.hand
        o = view.outlook
        if view.leading:
            line = mate_line(hand, o)
            if line is not None:
                for m, a in plays:
                    if m[0] == line[0][0] and m[1] == line[0][1]:
                        return a
        else:
            fm = follow_mate([m for m, _ in plays], hand, o, view.on_joker)
            if fm is not None:
                for m, a in plays:
                    if m == fm:
                        return a
        if sum(view.obs.hand_counts) > self.settings.search_cards:
            # early on the playouts are long and their policy too plain to overrule the heuristic
            return candidates(view, acts, plays, passing, None, settings=self.settings)[0][1]
        base = Round.from_observation(view.obs, view.rules)
        eager = self._eagerness(view)
        trust = eager if self.settings.trust_passes and eager is not None else None
        avoid = shunned(view) if trust is not None else None
        fits = EagerFit(view) if trust is not None else None
        sampler = Sampler(
            view,
            self._knowledge(view),
            self._rng,
            trust=trust,
            avoid=avoid,
            fits=fits,
            caps=fits.caps if fits is not None and self.settings.eager_caps else None,
            soft=self.settings.careful_tells or bool(self.settings.estimate),
            odds=self._estimate(view),
            tries=self.settings.sample_tries,
            leads=self.settings.careful_leads,
            exchange=self.settings.read_exchange,
            replay=CarefulFit(view) if self.settings.careful_replay > 1 and trust is not None else None,
            replays=self.settings.careful_replay,
        )
        ranker = self._ranker(view.rules)
        world = base.with_hands(sampler.sample()) if ranker is not None else None
        cands = candidates(view, acts, plays, passing, world, settings=self.settings, ranker=ranker)
        if len(cands) == 1:
            return cands[0][1]
        counts = view.obs.hand_counts
        rivals = [s for s in range(len(counts)) if s != view.seat and counts[s] > 0]
        if len(rivals) == 1 and hand.bit_count() + counts[rivals[0]] <= ENDGAME_CARDS:
            solved = self._endgame(base, sampler, cands, view.seat, deadline)
            if solved is not None:
                return solved
        best = self._monte_carlo(view, base, sampler, [m for m, _ in cands], deadline, eager=eager)
        return cands[best][1]

    def _endgame(
        self,
        base: Round,
        sampler: Sampler,
        cands: list[tuple[Move, Action]],
        seat: int,
        deadline: float,
    ) -> Action | None:
        exact = not sampler.free or sampler.view.unseen.bit_count() == sum(sampler.need.values())
        worlds = 1 if exact else 12
        wins = [0] * len(cands)
        solved = 0
        now = clock_of(self.settings)
        begun = now()
        # a share of the time left, so that an ending too big to solve still leaves the search time
        stop = begun + self.settings.endgame_share * max(0.0, deadline - begun)
        for _ in range(worlds):
            hands = sampler.sample()
            world = base.with_hands(hands, self._rng.getrandbits(32))
            got = best_moves(world, seat, [m for m, _ in cands], stop, now)
            if got is None:
                break
            solved += 1
            for i, v in enumerate(got):
                wins[i] += v
            if now() > stop:
                break
        self.last_marks["endgame_from_deadline"] = 1000 * (now() - deadline)
        self.last_deals = solved
        if not solved or (not exact and solved < 4):
            return None
        best = max(range(len(cands)), key=lambda i: (wins[i], -i))
        return cands[best][1]

    def _monte_carlo(
        self,
        view: View,
        base: Round,
        sampler: Sampler,
        moves: list[Move],
        deadline: float,
        *,
        eager: list[float] | None,
        start: Callable[[Round, int], Round] | None = None,
    ) -> int:
        """The index of the candidate with the best mean points over sampled deals (see :class:`Search`)."""
        rules = view.rules
        seat = view.seat
        n_present = sum(1 for s, c in enumerate(view.obs.hand_counts) if c > 0) + len(view.obs.finished)
        last = self.round_of_match >= rules.rounds  # no next round for a title to pay off in
        points = place_values(
            rules.name,
            rank_points(rules, n_present) if n_present >= 2 else (1,),
            0.0 if last else self.settings.title_value,
        )
        rng = self._rng

        learned = self._learned(rules)
        others = self.settings.playouts != "mixed"
        models: list[MovePolicy] | None = None
        solvers: list[SoloSolver | None] = [None]  # this deal's exact finisher
        careful = careful_model(self.settings.careful, self.settings.normal_moves, self.settings.normal_cards)

        def world() -> Round:
            nonlocal models
            hands = sampler.sample()
            # one style per seat and deal: the candidates stay paired; the sampler's own choice when
            # it made one, so that a seat dealt as eager is played eagerly
            if eager is not None and sampler.trust is not None:
                models = [greedy_policy if e else careful for e in sampler.eager]
            elif eager is not None:
                models = [greedy_policy if rng.random() < e else careful for e in eager]
            solvers[0] = solver()
            return base.with_hands(hands, rng.getrandbits(32))

        solo_cards = self.settings.solo_cards
        own = normal_policy if self.settings.own == "normal" else None
        now = clock_of(self.settings)

        def solver() -> SoloSolver | None:
            """An exact finisher for this deal when every other seat plays eagerly in it."""
            if not solo_cards or models is None or learned is None or others:
                return None
            known = (greedy_policy, careful) if self.settings.solo_careful else (greedy_policy,)
            if any(m not in known for s, m in enumerate(models) if s != seat):
                return None
            return SoloSolver(
                seat, rules, points, models, deadline=deadline, node_limit=self.settings.solo_nodes, now=now
            )

        def play_on(r: Round, prng: random.Random) -> float:
            if isinstance(careful, FirstMoves):
                careful.left = careful.count
            if learned is not None:
                solo = solvers[0]
                return policy_playout(
                    r,
                    seat,
                    prng,
                    rules,
                    points,
                    learned=learned,
                    others=others,
                    models=models,
                    finish=solo.value if solo is not None else None,
                    finish_cards=solo_cards,
                    own=own,
                )
            return playout(r, seat, prng, rules, points)

        search = self.search_factory(self.settings, rng)
        self.last_marks["search_from_deadline"] = 1000 * (now() - deadline)
        best = search.run(world, moves, play_on, deadline, start)
        self.last_marks["search_end_from_deadline"] = 1000 * (now() - deadline)
        self.last_marks["longest_draw"] = 1000 * search.longest_draw
        self.last_marks["longest_playout"] = 1000 * search.longest_playout
        self.last_deals = search.deals
        return best

    def _exchange(self, view: View, acts: list[Action], deadline: float) -> Action:
        """The cards to give back, by playouts of the whole round after each of a few gives."""
        favourite = choose(view, acts, Decision.EXCHANGE)
        size = len(favourite.cards) if isinstance(favourite, Give) else 0
        receiver = receiver_of(view, size)
        prev = previous_ranking(view, receiver, size) if receiver is not None else None
        if receiver is None or prev is None:
            return favourite
        options = give_options(view, acts, favourite, self.settings.exchange_candidates)
        if len(options) < 2:
            return favourite
        builder = ExchangeWorlds(view.rules, view.seat, receiver, prev, [m for m, _ in options])
        base = Round.from_observation(view.obs, view.rules)
        sampler = Sampler(view, self._knowledge(view, giving=size), self._rng)
        moves = [PASS] * len(options)  # stand-ins: ``builder.start`` makes each candidate's round
        best = self._monte_carlo(
            view, base, sampler, moves, deadline, eager=self._eagerness(view), start=builder.start
        )
        return options[best][1]

    def _knowledge(self, view: View, giving: int = 0) -> Knowledge:
        """The hard facts the deals keep (:meth:`~.knowledge.Tracker.knowledge`); the odds of the hidden
        receipt's ceilings only with :attr:`~.search.Settings.receipt_odds`."""
        known = self._tracker.knowledge(view, giving)
        if known.choices and not self.settings.receipt_odds:
            return Knowledge(known.placed, known.ceiling)
        return known

    def _settings_of(self, preset: str) -> Settings:
        """The settings under the rules ``preset``: the caller's if given, else the shipped ones."""
        got = self._fixed if self._fixed is not None else settings_for(preset, clock=self._clock)
        if self._max_deals is not None:  # with a huge budget and a deal cap, decisions become reproducible
            got = replace(got, max_deals=self._max_deals)
        return got

    def _learned(self, rules: Rules) -> Policy | None:
        """The searching seat's playout policy: the preset's learned weights (None: ``plain`` playouts)."""
        if self.settings.playouts == "plain":
            return None
        if self.policy is not None:
            return self.policy
        got = self._policies.get(rules.name)
        if got is None:
            got = Policy(shipped_weights(rules.name), temperature=self.settings.temperature)
            self._policies[rules.name] = got
        return got

    def _ranker(self, rules: Rules) -> Policy | None:
        """The policy that proposes candidates (None when ``learned_candidates`` is 0)."""
        if not self.settings.learned_candidates:
            return None
        if self.ranker is not None:
            return self.ranker
        return self._learned(rules) or Policy(shipped_weights(rules.name))

    def _estimate(self, view: View) -> dict[int, dict[int, float]] | None:
        """Per other seat and unseen card, the learned estimator's odds (None: the setting is off)."""
        name = self.settings.estimate
        return estimate_odds(view, estimate_weights(name)) if name else None

    def _eagerness(self, view: View) -> list[float] | None:
        """Per seat, the chance its playouts play eagerly (by the ``opponents`` setting)."""
        kind = self.settings.opponents
        if kind == "plain":
            return None
        if kind == "greedy":
            return [1.0] * len(view.obs.hand_counts)
        if kind == "careful":
            return [0.0] * len(view.obs.hand_counts)
        return self._style.eagerness(view, self.settings.eager_prior)
