"""``legal_actions()`` lists exactly what ``push`` accepts, in every rule set.

The principle (documented on :meth:`uurules.engine.game.Game.legal_actions`): ``push(a)`` is
accepted if and only if ``a`` is listed, or is a listed move written another way. The only
other ways of writing a move are:

- a card named by another reference to it, or to an identical card in the same zone (a bare
  name, ``Bob/Neigh``, ``Bob/Neigh#2`` when Bob holds two Neighs);
- ``choose: LABEL`` in a response window: the asked player's ``pass`` or response;
- a response's ``to:`` naming the card it answers (only the top one: any other is refused);
- an activated ability named by another of its names (Berserk's Russian one), or not named
  where that picks one (Berserk: a card with a single ability; Eve of Midnight: the first);
- simultaneous responses (``respond: [...]``): listed responses by different players written
  together; the first, the fastest, goes on the pile (LU.PILE.2). They are not listed one by one:
  their orderings grow factorially with the players.

A play's ``targets:`` answer in advance the questions the card asks as it resolves; they are not
generated here (the scenario tests try them).

The property test walks to reachable positions of all four rule sets (every scenario file,
partly played, then a few random legal actions; and random Unstable Unicorns boards where
several players hold Neighs), generates candidate actions broadly (every verb, every player and
an unknown one, every card reference on the board, every option, the shortcuts), and checks each:
accepted if and only if listed, and a refused one leaves the state, the events and the log
exactly as they were.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from tests.test_properties import boards
from uurules import IllegalAction, InputError
from uurules.engine.actions import (
    Action,
    Activate,
    Attack,
    BeginTurn,
    Choose,
    DrawAction,
    EndTurn,
    Pass,
    Play,
    Resolve,
    Respond,
    Response,
)
from uurules.engine.game import Game
from uurules.engine.state import CardId
from uurules.scenario import Scenario

FILES = sorted(p.name for p in SCENARIOS.glob("*.yaml"))
HITS = ("weak", "medium", "strong")
SAMPLE = 120  # candidates tried per position besides the listed ones (drawn at random)


# -- the other ways of writing a move --------------------------------------------------------------
def _card(game: Game, ref: str, player: str | None) -> str:
    """The listed spelling of a card reference: the first identical card in the same zone."""
    try:
        c = game.find(ref, player=player)
    except IllegalAction:
        return f"?{ref}"  # names no card: never listed
    key = game.state.where(c)
    if key is not None:
        me = replace(game.card(c), id=0)
        c = next(x for x in game.state.zones[key] if replace(game.card(x), id=0) == me)
    return game.ref(c)


def _abilities(game: Game, card: CardId) -> list[list[str]]:
    """The names each activated ability of ``card`` answers to (Berserk: English and Russian)."""
    rs = game.ruleset.name
    out = []
    for ab in game.ruleset.book[game.card(card).name].get("abilities", []):
        if rs == "berserk" and ab.get("activate"):
            out.append([str(ab.get("name")), *([str(ab["ru"])] if ab.get("ru") else [])])
        elif rs == "eve-of-midnight" and ab.get("when") == "activated":
            out.append([str(ab.get("label", ""))])
    return out


def _ability(game: Game, ref: str, player: str, name: str | None) -> str | None:
    try:
        names = _abilities(game, game.find(ref, player=player))
    except IllegalAction:
        return name
    if name is None:
        if game.ruleset.name == "eve-of-midnight" and names:
            return names[0][0] or None
        return names[0][0] if len(names) == 1 else None
    return next((n[0] or None for n in names if name in n), name)


def normal(game: Game, action: Action) -> Action:
    """``action`` as ``legal_actions`` would list it (or something never listed)."""
    s = game.state
    d = s.pending
    match action:
        case Choose(option=o) if d is not None and d.is_response_window and o in d.options:
            return normal(game, Pass(d.player) if o == "pass" else Respond((Response(d.player, o),)))
        case Play(player=p, card=c, targets=()):
            return Play(p, _card(game, c, p))
        case Respond(responses=rs):
            out = []
            for r in rs:
                to = r.to
                if to is not None and s.pile and _card(game, to, None) == game.ref(s.pile[-1].card):
                    to = None
                out.append(Response(r.player, _card(game, r.card, r.player), to))
            if len(out) > 1:  # simultaneous: the fastest, written with slower ones by other players
                singles = [Respond((r,)) for r in out]
                listed = {normal(game, a) for a in game.legal_actions()}
                if len({r.player for r in out}) == len(out) and all(a in listed for a in singles):
                    return singles[0]
            return Respond(tuple(out))
        case Activate(player=p, card=c, targets=t, ability=a):
            return Activate(p, _card(game, c, p), tuple(_card(game, x, p) for x in t), _ability(game, c, p, a))
        case Attack(player=p, attacker=a, target=t, hit=h, defender=df):
            target = _card(game, t, p)
            foe = target.split("/")[0] if "/" in target else None
            return Attack(p, _card(game, a, p), target, h, None if df is None else _card(game, df, foe))
    return action


# -- candidates ------------------------------------------------------------------------------------
def candidates(game: Game) -> list[Action]:
    """Every verb x every player (and an unknown one) x every card reference and option."""
    s = game.state
    players = [*s.players, "Zed"]
    refs = sorted({game.ref(c) for p in s.players for c in game.cards_of(p)})
    # a reference without a player: a card in a shared zone whose ability is on the pile (UU.CC.4)
    bare = sorted({r.split("/", 1)[-1].split("#")[0] for r in refs})
    hand_refs = [game.ref(c) for p in s.players for c in s.zone(p, "hand")]
    out: list[Action] = [Resolve(None), Resolve(0), Pass("all"), Choose("no such answer")]
    out += [Resolve(n) for n in range(1, len(s.pile) + 3)]
    if s.pending is not None:
        out += [Choose(o) for o in s.pending.options]
    for p in players:
        out += [BeginTurn(p), EndTurn(p), DrawAction(p), Pass(p)]
        for ref in [*refs, *bare]:
            out += [Play(p, ref), Respond((Response(p, ref),))]
            if s.pile:
                out.append(Respond((Response(p, ref, game.ref(s.pile[-1].card)),)))
                out.append(Respond((Response(p, ref, game.ref(s.pile[0].card)),)))
    for a, b in itertools.permutations(hand_refs, 2):  # simultaneous responses
        out.append(Respond((Response(a.split("/")[0], a), Response(b.split("/")[0], b))))
    if game.ruleset.name in ("berserk", "eve-of-midnight"):
        for p, ref in itertools.product(s.players, refs):
            try:
                names = [n for ns in _abilities(game, game.find(ref)) for n in ns]
            except IllegalAction:
                continue
            for name in [None, *names, "no such ability"]:
                out.append(Activate(p, ref, (), name))
                out += [Activate(p, ref, (t,), name) for t in refs]
    if game.ruleset.name == "berserk":
        field = [game.ref(c) for q in s.players for c in s.zone(q, "field")]
        for p, a, t, h in itertools.product(s.players, field, field, (*HITS, "hard")):
            out.append(Attack(p, a, t, h))
            out += [Attack(p, a, t, h, d) for d in field]
    return list(dict.fromkeys(out))


# -- positions ---------------------------------------------------------------------------------------
def at(game: Game, picks: list[int]) -> Game:
    """Walk on from ``game`` by the listed actions ``picks`` choose."""
    for pick in picks:
        acts = game.legal_actions()
        game.push(acts[pick % len(acts)])
    return game


def from_file(name: str, upto: int) -> Game:
    scn = Scenario.from_file(SCENARIOS / name)
    game = scn.stage()
    game.start()
    for step in scn.steps[:upto]:
        try:
            scn.apply_step(game, step)
        except InputError:
            break  # a scenario that shows a refusal: its position before the refusal
    return game


def check(game: Game, rng: random.Random) -> None:
    listed = game.legal_actions()
    assert len(set(listed)) == len(listed), "an action is listed twice"
    moves = {normal(game, a) for a in listed}
    pool = candidates(game)
    tried = listed + rng.sample(pool, min(SAMPLE, len(pool)))
    for action in tried:
        before, events, log = game.state.copy(), list(game.events), list(game.log)
        try:
            game.push(action)
        except IllegalAction as exc:
            assert normal(game, action) not in moves, f"{action} is listed but refused: {exc}"
            assert game.state == before and game.events == events and game.log == log, f"{action} changed the board"
            continue
        game.undo()
        assert game.state == before, f"undoing {action} did not restore the board"
        assert normal(game, action) in moves, f"{action} is accepted but not listed: {listed}"


settings_ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings_
@given(st.sampled_from(FILES), st.integers(0, 12), st.lists(st.integers(0, 10**6), max_size=6), st.randoms())
def test_push_accepts_exactly_the_legal_actions_in_every_scenario(
    name: str, upto: int, picks: list[int], rng: Any
) -> None:
    check(at(from_file(name, upto), picks), rng)


@settings_
@given(boards(), st.lists(st.integers(0, 10**6), max_size=10), st.randoms())
def test_push_accepts_exactly_the_legal_actions_on_random_boards(text: str, picks: list[int], rng: Any) -> None:
    game = Scenario.from_text(text).stage()
    game.start()
    check(at(game, picks), rng)


@pytest.mark.rule("LU.PILE.2")
def test_simultaneous_responses_are_accepted_but_not_listed_one_by_one() -> None:
    # rule: LU.PILE.2 several players respond to the same card: the fastest goes on the pile
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    others = "\n".join(f"  - {{name: {n}, hand: [Neigh, Super Neigh]}}" for n in names[1:])
    game = Scenario.from_text(
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Basic Unicorn]}\n"
        f"{others}\nscript:\n  - play: {{player: Ann, card: Basic Unicorn}}\n"
    ).play(auto=False)
    listed = game.legal_actions()
    # a pass and two responses for each of the 7 who may answer, pass: all, resolve: 1, resolve: all;
    # every ordering of simultaneous responses would be more than 10 million actions
    assert len(listed) == 7 * 3 + 3
    fastest, slower = Response("Dan", "Super Neigh"), Response("Bob", "Neigh")
    assert Respond((fastest,)) in listed and Respond((slower,)) in listed
    assert Respond((fastest, slower)) not in listed
    game.push(Respond((fastest, slower)))  # nobody may answer a Super Neigh: the pile resolves at once
    assert [(e.type, e.player, e.card) for e in game.events if e.type in ("respond", "return", "cancel")] == [
        ("respond", "Dan", "Super Neigh"),
        ("respond", "Bob", "Neigh"),
        ("return", "Bob", "Neigh"),
        ("cancel", "Ann", "Basic Unicorn"),
    ]
    assert len(game.state.zone("Bob", "hand")) == 2 and len(game.state.zone("Dan", "hand")) == 1
