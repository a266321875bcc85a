"""The position contract (:mod:`uurules.engine.contract`): one function says what a position waits
for, and ``ask``, ``where:``, ``explore`` and the computer player run on it alone.

- A stack left part-resolved (``resolve: 1``) is a forced continuation, not a rest: all three
  (ask, explore, the computer player) play it on (issue #26, Eve of Midnight's Sabotage).
- A fifth game gets ``ask``, ``explore`` and the computer player for free: a toy rule set made
  here, in the test, is answered, walked and played through the contract; another declares a
  per-card field of its own in its shape, and the engine's copy, key, changes, copies and undo
  follow it (the engine's ``Card`` has no game's fields).
- Chance is explicit where a solver asks for it, with exact odds; ``uurules run`` keeps the seed.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import pytest

from uurules.ask import In, Question, ask, plain
from uurules.cards import book
from uurules.cli import main
from uurules.computer import options, settle, to_move
from uurules.engine.actions import Action, Chance, Choose, Pass, Resolve
from uurules.engine.contract import CHANCE, Kind, actor, node
from uurules.engine.copies import classes
from uurules.engine.errors import InputError
from uurules.engine.game import MIXED, Game
from uurules.engine.position import StateKeys, card_ids, changes, rename_cards
from uurules.engine.shape import VALUE, DataShape, ListOf, at, fields_of, shaped
from uurules.engine.state import Card, Decision, State
from uurules.explore import explore
from uurules.rulesets.base import CORE_DATA, DecisionKind, Ruleset, answers
from uurules.scenario import Scenario

FAQ = Path(__file__).parent / "faq"
PART_RESOLVED = FAQ / "eom-61-part-resolved-stack.yaml"


def _eom() -> Game:
    return Scenario.from_file(PART_RESOLVED).play(auto=False)


# -- a part-resolved stack --------------------------------------------------------------------------
@pytest.mark.rule("EOM.STACK.1")
def test_a_part_resolved_stack_is_a_forced_continuation_not_a_rest() -> None:
    game = _eom()
    n = node(game)
    assert n.kind is Kind.FORCED and n.options == (Resolve(1),) and n.player is None
    assert not n.at_rest
    sabotage = game.find("Ann/Sabotage")
    assert any(item.card == sabotage for item in game.state.pile)
    game.push(n.options[0])
    assert node(game).kind is Kind.REST
    assert sabotage in game.state.zone(None, "discard")


@pytest.mark.rule("EOM.STACK.1")
def test_ask_plays_a_part_resolved_stack_on() -> None:
    found = ask(PART_RESOLVED)
    assert found.complete and found.answer == "no"
    assert found.example == [{"resolve": 1}]
    assert found.nodes == 1
    assert found.text().startswith("No. Nobody has anything left to decide: what is left resolves, and then it is not")
    assert plain(PART_RESOLVED).answer == "no"
    where = ask(FAQ / "eom-62-part-resolved-where.yaml")
    assert where.where is not None
    assert {ref: [p.zone for p in places] for ref, places in where.where.items()} == {"Ann/Sabotage": ["discard"]}


@pytest.mark.rule("EOM.STACK.1")
def test_explore_plays_a_part_resolved_stack_on() -> None:
    found = explore(PART_RESOLVED)
    assert found.complete
    assert len(found.outcomes) == 1
    (outcome,) = found.outcomes
    assert outcome.zones["discard"] == ["Warding Sigil", "Sabotage"] or "Sabotage" in outcome.zones["discard"]
    assert outcome.example == [{"resolve": 1}]


@pytest.mark.rule("EOM.STACK.1")
def test_the_computer_player_waits_for_nobody_while_the_stack_resolves() -> None:
    game = _eom()
    assert to_move(game) is None
    assert all(options(game, p) == [] for p in game.state.players)
    sabotage = game.find("Ann/Sabotage")
    pushed = settle(game)
    assert pushed == 1
    assert sabotage in game.state.zone(None, "discard") and not game.state.resolving
    assert to_move(game) == game.state.active  # at rest, the active player's turn goes on


# -- a fifth game, made here ------------------------------------------------------------------------
class Grab(Ruleset):
    """A toy game, not registered: Ann discards a card of her choice from her hand, then takes a
    card at random from Bob's hand. Nothing else: no pile, no turns."""

    name = "grab-toy"
    title = "Grab (a toy)"
    player_zones = ("hand",)
    shared_zones = ("discard",)
    windows: ClassVar[Any] = None

    def advance(self, game: Game) -> None:
        s = game.state
        if s.phase == "setup":
            s.phase = "grab"
            hand = s.zone(s.active, "hand")
            labels = [game.shown(c) for c in hand]
            self.ask(
                game,
                Decision(s.active, f"{s.active}: discard which card?", labels, DecisionKind.EFFECT, {}, list(hand)),
            )

    def free_actions(self, game: Game) -> list[Action]:
        return []

    @answers(DecisionKind.EFFECT)
    def _discarded(self, game: Game, d: Decision, card: int) -> None:
        s = game.state
        game.move(card, (None, "discard"))
        victim = s.next_player(d.player)
        taken = game.pick(s.zone(victim, "hand"))
        game.move(taken, (d.player, "hand"))
        s.phase = "done"


def _grab(chance: Any = "seed") -> Game:
    rs = Grab(book("unstable-unicorns"))
    zones: dict[Any, tuple[int, ...]] = {("Ann", "hand"): (), ("Bob", "hand"): (), (None, "discard"): ()}
    state = State("grab-toy", ["Ann", "Bob"], zones, {}, "Ann", 7)
    for who, name in [("Ann", "Neigh"), ("Ann", "Basic Unicorn"), ("Bob", "Super Neigh"), ("Bob", "Rhinocorn")]:
        cid = state.new_id()
        state.add_card(Card(cid, name, name, who))
        state.put((who, "hand"), cid)
    import random

    state.rng_state = random.Random(1).getstate()
    game = Game(rs, state, title="grab", chance=chance)
    game.start()
    return game


def test_a_toy_rule_set_gets_the_contract_ask_explore_and_the_computer_player() -> None:
    game = _grab()
    n = node(game)
    assert n.kind is Kind.DECISION and n.player == "Ann" and n.options == (Choose("Neigh"), Choose("Basic Unicorn"))
    # the computer player reads the same contract
    assert to_move(game) == "Ann" and options(game, "Ann") == list(n.options) and options(game, "Bob") == []
    # ask: Ann chooses what she discards, not what she takes (chance is against her)
    keep = ask(game, {"can": "Ann", "make": [{"card": "Ann/Neigh", "in": "Ann/hand"}]})
    assert keep.complete and keep.answer == "yes" and keep.example == [{"choose": "Basic Unicorn"}, *keep.example[1:]]
    take = ask(game, {"can": "Ann", "make": [{"card": "Bob/Super Neigh", "in": "Ann/hand"}]}, odds=True)
    assert take.complete and take.answer == "no" and take.odds == Fraction(1, 2)
    where = ask(game, {"where": ["Bob/Rhinocorn"]})
    assert where.where is not None and sorted(p.zone for p in where.where["Bob/Rhinocorn"]) == ["Ann/hand", "Bob/hand"]
    # explore: two choices of Ann, each met by two outcomes of chance
    found = explore(game)
    assert found.complete and found.paths == 4 and len(found.outcomes) == 4
    assert all(len(o.example) == 2 and "chance" in o.example[1] for o in found.outcomes)
    # the caller's game (seeded) is untouched, and its seed decides chance when it is played
    assert node(game).kind is Kind.DECISION
    settle(game)
    assert node(game).kind is Kind.REST and len(game.state.zone("Ann", "hand")) == 2


def test_explicit_chance_is_a_chance_point_with_exact_outcomes_and_exact_undo() -> None:
    game = _grab("explicit")
    before = game.state.copy()
    game.push(Choose("Neigh"))
    n = node(game)
    assert n.kind is Kind.CHANCE
    assert [(a, p) for a, p in n.outcomes] == [
        (Chance("Bob/Super Neigh"), Fraction(1, 2)),
        (Chance("Bob/Rhinocorn"), Fraction(1, 2)),
    ]
    assert sum(p for _a, p in n.outcomes) == 1 and actor(n.outcomes[0][0], None) == CHANCE
    assert game.state == before  # nothing of the choice is applied before chance has picked
    assert game.legal_actions() == [Chance("Bob/Super Neigh"), Chance("Bob/Rhinocorn")]
    with pytest.raises(Exception, match="chance picks first"):
        game.push(Choose("Basic Unicorn"))
    game.push(Chance("Bob/Rhinocorn"))
    assert node(game).kind is Kind.REST
    assert game.state.cards[game.find("Ann/Rhinocorn")].name == "Rhinocorn"
    game.undo()
    assert node(game).kind is Kind.CHANCE and game.state == before
    game.undo()
    assert game.state == before and node(game).kind is Kind.DECISION


# -- a fifth game's own per-card field, declared in its shape ----------------------------------------
@shaped
class ShinyCard(Card):
    """A toy game's card: how polished it is. The engine's ``Card`` has no such field; the game
    declares it (kind, default, shown) and the engine's copy, key, ``differs``, copies and undo follow."""

    shine: int = at(VALUE, shown=True, default=0)


class Polish(Ruleset):
    """A toy game, not registered: Ann polishes a card of her hand (its shine goes up by one)."""

    name = "polish-toy"
    title = "Polish (a toy)"
    player_zones = ("hand",)
    shared_zones = ("discard",)
    windows: ClassVar[Any] = None
    data_shape: ClassVar[DataShape] = CORE_DATA.extend(card=ShinyCard)
    staged_keys = ("shine",)

    def advance(self, game: Game) -> None:
        s = game.state
        if s.phase == "setup":
            s.phase = "polish"
            offered = [part[0] for part in classes(game, s.zone(s.active, "hand"))]  # one option per class
            labels = game.refs(offered)
            self.ask(game, Decision(s.active, f"{s.active}: polish which?", labels, DecisionKind.EFFECT, {}, offered))

    def free_actions(self, game: Game) -> list[Action]:
        return []

    @answers(DecisionKind.EFFECT)
    def _polished(self, game: Game, d: Decision, card: int) -> None:
        polished = game.card(card)  # the state's own copy (cards are shared copy on write)
        assert isinstance(polished, ShinyCard)
        polished.shine += 1
        game.state.phase = "done"


def _polish() -> Game:
    rs = Polish(book("unstable-unicorns"))
    zones: dict[Any, tuple[int, ...]] = {("Ann", "hand"): (), ("Bob", "hand"): (), (None, "discard"): ()}
    state = State("polish-toy", ["Ann", "Bob"], zones, {}, "Ann", 7)
    for name, shine in [("Neigh", 0), ("Neigh", 0), ("Neigh", 1), ("Rhinocorn", 0)]:
        cid = state.new_id()
        state.add_card(card := rs.new_card(cid, name, name, "Ann"))
        rs.stage_card(card, {"shine": shine} if shine else {})
        state.put(("Ann", "hand"), cid)
    game = Game(rs, state, title="polish")
    game.start()
    return game


def test_a_fifth_game_declares_its_own_per_card_field_without_touching_the_engine() -> None:
    assert "shine" not in fields_of(Card) and fields_of(ShinyCard)["shine"].shown
    game = _polish()
    s = game.state
    plain, same, shiny, rhino = s.zone("Ann", "hand")
    assert all(type(c) is ShinyCard for c in s.cards.values())
    assert game.ruleset.status(game, s.cards[shiny]) == {"shine": 1} and game.ruleset.status(game, s.cards[plain]) == {}
    # copies: equal in every declared field but the id, the game's own included
    n = node(game)
    assert n.kind is Kind.DECISION
    assert n.options == (Choose("Ann/Neigh"), Choose("Ann/Neigh#3"), Choose("Ann/Rhinocorn"))
    assert classes(game, [plain, same, shiny]) == [[plain, same], [shiny]]
    # the copy: the field is copied, and the copy is independent
    before = s.copy()
    assert before == s and before.cards[shiny].shine == 1
    before.own(plain).shine = 9  # changed through own(): the copy's own card, not the shared one
    assert s.cards[plain].shine == 0
    before = s.copy()
    keys = StateKeys(s.next_id, before)
    start_key = keys(s)
    game.push(Choose("Ann/Neigh"))
    after = game.state
    assert after.cards[plain].shine == 1 and after.cards[same].shine == 0
    # what a change shows, the key, the card ids a position refers to
    assert changes(before, after).cards == {plain} and before.cards[plain].differs(after.cards[plain])
    assert keys(after) != start_key
    assert card_ids(after) == {plain, same, shiny, rhino}
    renamed = rename_cards(after, {plain: 100})
    assert renamed.cards[100].shine == 1 and type(renamed.cards[100]) is ShinyCard
    # undo: exact
    game.undo()
    assert game.state == before and game.state.cards[plain].shine == 0 and keys(game.state) == start_key
    # explore runs on it through the contract: polishing either plain Neigh is one outcome
    found = explore(_polish())
    assert found.complete and len(found.outcomes) == 3
    assert sorted(json.dumps(o.status, sort_keys=True) for o in found.outcomes) == sorted(
        [
            json.dumps({"Ann/Neigh": {"shine": 1}, "Ann/Neigh#3": {"shine": 1}}),
            json.dumps({"Ann/Neigh#3": {"shine": 2}}),
            json.dumps({"Ann/Neigh#3": {"shine": 1}, "Ann/Rhinocorn": {"shine": 1}}),
        ]
    )


def test_a_games_card_class_is_checked_when_its_rule_set_is_made() -> None:
    @shaped
    class Listed(Card):
        notes: list[str] = at(ListOf(VALUE), default_factory=list)

    with pytest.raises(TypeError, match="Listed's own fields are values"):
        type("BadFields", (Polish,), {"data_shape": CORE_DATA.extend(card=Listed)})
    with pytest.raises(TypeError, match="BadStaged stages gloss: ShinyCard has no such field"):
        type("BadStaged", (Polish,), {"staged_keys": ("gloss",)})
    with pytest.raises(TypeError, match="not a subclass of Card"):
        type("NotCards", (Polish,), {"data_shape": CORE_DATA.extend(card=Decision)})
    with pytest.raises(TypeError, match="whose own fields are values"):
        StateKeys(1)(State("x", [], {}, {1: Listed(1, "X", "X", None)}, "Ann", 7))


# -- chance: a draw from a shuffled deck ------------------------------------------------------------
COB = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn on the Cob, Super Neigh]}
  - {name: Bob, hand: [Neigh]}
deck: [Neigh, Basic Unicorn, Super Neigh]
script:
  - play: {player: Ann, card: Unicorn on the Cob}
"""


def _cob(shuffled: bool) -> tuple[Game, Question]:
    game = Scenario.from_text(COB).play(auto=False)
    deck = game.state.zone(None, "deck")
    if shuffled:  # as a shuffle leaves it (setup: base-game, or a card's shuffle)
        game.state.flags[MIXED] = [0, len(deck)]
    wanted = next(c for c in deck if game.shown(c) == "Super Neigh")
    return game, Question(("Ann",), (In(wanted, "Super Neigh", ("Ann", "hand")),))


def test_a_draw_from_a_shuffled_deck_is_chance_with_exact_odds() -> None:
    # staged in order, the deck's top two cards are known: Ann draws Neigh and Basic Unicorn
    game, q = _cob(False)
    known = ask(game, q, odds=True)
    assert known.complete and known.answer == "no" and known.odds == 0
    # shuffled, the Cob's two draws are two picks among the cards left: the Super Neigh 2 times in 3
    game, q = _cob(True)
    found = ask(game, q, odds=True)
    assert found.complete and found.answer == "no" and found.odds == Fraction(2, 3)
    assert found.to_json()["odds"] == "2/3"
    assert "2 times in 3 (odds 2/3)" in found.text()
    assert plain(game, q).answer == "no"
    walked = explore(game)
    assert walked.complete
    drawn = {tuple(o.players["Ann"]["hand"]) for o in walked.outcomes}
    assert ("Super Neigh", "Super Neigh") in drawn or any(h.count("Super Neigh") == 2 for h in drawn)
    assert any("chance" in step for o in walked.outcomes for step in o.example)


def test_the_seed_still_decides_a_shuffled_draw_in_a_played_game() -> None:
    game, _q = _cob(True)
    deck = list(game.state.zone(None, "deck"))
    game.push(Pass("all"))
    while node(game).kind is not Kind.REST:
        game.push(node(game).options[0])
    assert node(game).kind is Kind.REST and game.chance_point is None
    # the game played (seeded chance) draws the deck's top two cards, whatever the flag says
    assert game.state.zone(None, "deck") == (deck[2],)
    assert MIXED in game.state.flags and game.state.flags[MIXED] == [0, 1]


def test_copies_are_one_outcome_of_chance_weighed_by_how_many_they_are() -> None:
    game = Scenario.from_text(COB.replace("[Neigh, Basic Unicorn, Super Neigh]", "[Neigh, Neigh, Super Neigh]")).play(
        auto=False
    )
    deck = game.state.zone(None, "deck")
    game.state.flags[MIXED] = [0, len(deck)]
    explicit = Game(game.ruleset, game.state.copy(), chance="explicit")
    explicit.push(Pass("all"))
    n = node(explicit)
    assert n.kind is Kind.CHANCE
    assert list(n.outcomes) == [(Chance("Neigh"), Fraction(2, 3)), (Chance("Super Neigh"), Fraction(1, 3))]
    wanted = next(c for c in deck if game.shown(c) == "Super Neigh")
    q = Question(("Ann",), (In(wanted, "Super Neigh", ("Ann", "hand")),))
    assert ask(game, q, odds=True).odds == Fraction(2, 3)  # 1 - (2/3 * 1/2): not both Neighs


def test_ask_odds_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = FAQ / "uu-51-americorn-random.yaml"
    assert main(["ask", str(path), "--json", "--odds"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["answer"] == "no" and data["odds"] == "1/2" and data["complete"]
    assert {"chance": "Bob/Basic Unicorn"} in data["example"]  # the example names chance's outcome: it replays
    assert main(["ask", str(path), "--odds"]) == 0
    out = capsys.readouterr().out
    assert "Bob or chance can prevent it" in out and "At best Ann makes it happen 1 time in 2 (odds 1/2)" in out
    assert main(["ask", str(path), "--json"]) == 0
    assert "odds" not in json.loads(capsys.readouterr().out)  # only when asked: the contract's object stays
    sure = FAQ / "uu-01-neigh-saves.yaml"
    assert main(["ask", str(sure), "--json", "--odds"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["answer"] == "yes" and data["odds"] == "1/1"


AMERICORN = """
ruleset: unstable-unicorns
seed: 1
players:
  - {name: Ann, hand: [Americorn]}
  - {name: Bob, hand: [Super Neigh, Basic Unicorn], stable: [Slowdown]}
script:
  - play: {player: Ann, card: Americorn}
  - choose: "yes"
"""


def test_a_script_names_chances_outcome_and_run_plays_it() -> None:
    for card in ("Super Neigh", "Basic Unicorn"):
        game = Scenario.from_text(AMERICORN + f"  - chance: Bob/{card}\n").play()
        assert [game.shown(c) for c in game.state.zone("Ann", "hand")] == [card]
        assert game.chance_point is None and game.chance == "explicit"
    seeded = Scenario.from_text(AMERICORN).play()  # no chance: step: the seed picks, as ever
    assert seeded.chance == "seed" and len(seeded.state.zone("Ann", "hand")) == 1
    with pytest.raises(InputError, match="chance cannot pick"):
        Scenario.from_text(AMERICORN + "  - chance: Bob/Slowdown\n").play()


def test_a_script_names_one_copy_of_an_outcome_and_run_plays_that_copy() -> None:
    # the two Neighs are one outcome here (nothing tells them apart), but a line found by a question
    # that followed one of them names the other by its place: run plays that very card
    two = AMERICORN.replace("[Super Neigh, Basic Unicorn]", "[Neigh, Neigh, Basic Unicorn]")
    game = Scenario.from_text(two + "  - chance: Bob/Neigh#2\n").play()
    staged = Scenario.from_text(two.split("script:")[0]).play(auto=False)  # the board before the play
    first, second = staged.state.zone("Bob", "hand")[:2]
    assert game.state.zone("Ann", "hand") == (second,) and first in game.state.zone("Bob", "hand")
    with pytest.raises(InputError, match="chance cannot pick 'Bob/Neigh#3' here"):
        Scenario.from_text(two + "  - chance: Bob/Neigh#3\n").play()  # no third Neigh: the outcomes are listed


def test_chance_points_undo_exactly_with_thinned_snapshots() -> None:
    game = Scenario.from_text(AMERICORN).play(upto=1, auto=False)
    walk = Game(game.ruleset, game.state.copy(), chance="explicit", max_snapshots=2)
    states = [walk.state.copy()]
    walk.push(Choose("yes"))
    assert node(walk).kind is Kind.CHANCE
    states.append(walk.state.copy())
    walk.push(node(walk).outcomes[1][0])
    assert node(walk).kind is Kind.REST
    walk.undo()  # past the thinned snapshots: played again from the first one
    assert walk.state == states[1] and node(walk).kind is Kind.CHANCE
    walk.undo()
    assert walk.state == states[0] and node(walk).kind is Kind.DECISION


@pytest.mark.parametrize("name", ["uu-51-americorn-random", "eom-61-part-resolved-stack", "uu-55-copies-sacrifice"])
def test_every_listed_action_is_accepted_and_undone_exactly_at_every_position(name: str) -> None:
    """The contract's options are the engine's own: at every position of the walk (explicit chance,
    forced steps, copies of a followed card apart) each is accepted by push and undone exactly."""
    game = Scenario.from_file(FAQ / f"{name}.yaml").play(auto=False)
    walk = Game(game.ruleset, game.state.copy(), chance="explicit")
    walk.named = frozenset(game.state.cards)  # every card followed: no copies merged
    seen = 0

    def visit(depth: int) -> None:
        nonlocal seen
        n = node(walk)
        if n.kind is Kind.REST or depth > 12:
            return
        acts = [a for a, _p in n.outcomes] if n.kind is Kind.CHANCE else list(n.options)
        assert acts and all(a in walk.legal_actions() for a in acts)
        for a in acts:
            before, point = walk.state.copy(), walk.chance_point
            walk.push(a)
            seen += 1
            visit(depth + 1)
            walk.undo()
            assert walk.state == before and walk.chance_point == point

    visit(0)
    assert seen > 0
