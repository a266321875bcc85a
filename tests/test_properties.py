"""Property tests over every rule set, in the manner of OpenSpiel's ``random_sim_test``.

Random boards built from each rule set's own card book (``cards/<game>.yaml``), played by random
legal actions until the game ends. At every step:

- every action ``legal_actions()`` lists is accepted by ``push`` and undone exactly (the state,
  the events and the log as they were);
- no card is lost or duplicated: every card is in exactly one zone, or on the pile (or stack);
- a pending decision has options;
- the action played, undone and pushed again, gives the same state, events and log (the engine
  is deterministic).

Every game ends (its rule set's ``end``: ``State.ended`` set to one of the words it lists) within
a bound of steps, and undoing every step returns the exact start. Hypothesis runs derandomized,
so every run plays the same games.

Unstable Unicorns is also dealt as its rules set it up, from the Control Base, the Chaos Base (2 to
6 players) and both together (Control & Chaos, UU.CC.1): the boxes are read from the card file, so
the cards any later change adds to those decks are played too.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uurules.cards import book
from uurules.engine.errors import IllegalAction
from uurules.engine.game import Game
from uurules.engine.state import State
from uurules.rulesets import RULESETS, ruleset_class
from uurules.scenario import Scenario

PLAYERS = ["Ann", "Bob", "Cat"]
STEPS = 2_000
"""The most steps a random game may take before it must have ended (the longest seen is far shorter)."""


def cards(game: str, *types: str) -> list[str]:
    """The cards of ``game``'s card book, in the book's order; only those of ``types`` if given."""
    b = book(game)
    return [n for n in b.names if not types or b[n].type in types]


def unicorn_family(game: str, creature: str) -> dict[str, list[str]]:
    everything = cards(game)
    permanents = [c for c in everything if book(game)[c].type not in ("Magic", "Instant")]
    babies = [c for c in everything if book(game)[c].type == "Baby Unicorn" or book(game)[c].get("kind") == "Baby"]
    return {"hand": everything, creature: permanents, "deck": everything, "discard": everything, "nursery": babies}


ZONES: dict[str, dict[str, list[str]]] = {
    "unstable-unicorns": unicorn_family("unstable-unicorns", "stable"),
    "llamas-unleashed": unicorn_family("llamas-unleashed", "field"),
    "eve-of-midnight": {
        "hand": cards("eve-of-midnight"),
        "active-play-area": cards("eve-of-midnight", "Support"),
        "reserve": cards("eve-of-midnight"),
        "deck": cards("eve-of-midnight"),
        "discard": cards("eve-of-midnight"),
        "world": cards("eve-of-midnight", "World"),
    },
    "berserk": {"hand": cards("berserk"), "field": cards("berserk"), "graveyard": cards("berserk")},
}
"""What each zone of a random board may hold, by rule set: cards of the game's own book."""

SHARED = ("deck", "discard", "nursery", "world")


@st.composite
def board(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """A random board of ``game`` as a scenario: two or three players, every zone from the card book."""
    zones = ZONES[game]
    rs = ruleset_class(game)
    names = PLAYERS[: draw(st.integers(2, 3))]
    players: list[dict[str, Any]] = []
    for name in names:
        p: dict[str, Any] = {"name": name}
        for zone in rs.player_zones:
            most = 1 if zone == "world" else 3 if zone in ("field", "graveyard") else 4
            p[zone] = draw(st.lists(st.sampled_from(zones[zone]), max_size=most))
        if game == "berserk":  # a battle begins with a creature of each squad on the field
            p["field"] = [draw(creature(game)) for _ in range(draw(st.integers(1, 2)))]
        for number in rs.player_numbers:
            p[number] = draw(st.integers(0, 5))
        players.append(p)
    scn: dict[str, Any] = {"ruleset": game, "seed": draw(st.integers(0, 99)), "players": players}
    if game in ("unstable-unicorns", "llamas-unleashed"):
        scn["hand_limit"] = draw(st.integers(0, 7))
    for zone in rs.shared_zones:
        scn[zone] = draw(st.lists(st.sampled_from(zones[zone]), max_size={"world": 1, "deck": 10}.get(zone, 4)))
    return scn


@st.composite
def creature(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """A Berserk creature on the field: counters, wounds short of its lives, open or closed."""
    name = draw(st.sampled_from(ZONES[game]["field"]))
    lives = int(book(game)[name].get("lives", 1))
    return {
        "card": name,
        "counters": draw(st.integers(0, 3)),
        "wounds": draw(st.integers(0, lives - 1)),
        "closed": draw(st.booleans()),
    }


def boards(game: str = "unstable-unicorns") -> st.SearchStrategy[str]:
    """Random boards of ``game`` as scenario texts."""
    return board(game).map(lambda scn: yaml.safe_dump(scn, allow_unicode=True, sort_keys=False))


def census(game: Game) -> Counter[int]:
    """How many times each card is on the board: in a zone, or on the pile (or stack)."""
    seen: Counter[int] = Counter()
    for ids in game.state.zones.values():
        seen.update(ids)
    seen.update(item.card for item in game.state.pile if item.ability is None)
    return seen


def step(game: Game, everyone: Counter[int], rng: random.Random) -> None:
    """One step of a random game, checking every listed action on the way (the module's list)."""
    actions = game.legal_actions()
    before = copy.deepcopy(game.state)  # shares no card with the game (its own copies share them until one changes)
    events, log = list(game.events), list(game.log)
    for action in actions:
        try:
            game.push(action)
        except IllegalAction as exc:  # pragma: no cover - the failure this test looks for
            pytest.fail(f"{action!r} is listed by legal_actions() but refused: {exc}")
        assert census(game) == everyone, f"a card was lost or duplicated by {action!r}"
        assert game.pending is None or game.pending.options, f"a decision without options after {action!r}"
        game.undo()
        assert game.state == before, f"undo of {action!r} is not exact"
        assert game.events == events and game.log == log, f"undo of {action!r} left events or log"
    chosen = actions[rng.randrange(len(actions))]
    game.push(chosen)
    after, events_after, log_after = copy.deepcopy(game.state), list(game.events), list(game.log)
    game.undo()
    game.push(chosen)  # the engine is deterministic: the same action gives the same result
    assert game.state == after and game.events == events_after and game.log == log_after, repr(chosen)


def play_to_the_end(text: str, rng: random.Random) -> tuple[int, State]:
    """Stage ``text``, play random legal actions with every check until the game ends, then undo it
    all; the steps it took and the state it ended in."""
    game = Scenario.from_text(text).stage()
    game.start()  # a staged board may already be won: that is not undoable
    start, start_events, start_log = copy.deepcopy(game.state), list(game.events), list(game.log)
    everyone = Counter({cid: 1 for cid in game.state.cards})
    assert census(game) == everyone
    while not game.state.over:
        assert len(game.actions) < STEPS, f"the game has not ended after {STEPS} steps:\n{text}"
        step(game, everyone, rng)
    rs = type(game.ruleset)
    assert game.state.ended in rs.end.ended, f"{game.state.ended!r} is not how {rs.title} ends"
    assert [type(a).__name__ for a in game.legal_actions()] == ["Resolve"]  # nothing more to do
    steps, ended = len(game.actions), game.state.copy()
    while game.actions:
        game.undo()
    assert game.state == start and game.events == start_events and game.log == start_log
    return steps, ended


EXAMPLES = {"unstable-unicorns": 25, "llamas-unleashed": 25, "eve-of-midnight": 10, "berserk": 25}
"""Random games per rule set (as many as keep the whole test within a few tens of seconds)."""


def test_every_rule_set_has_random_boards_from_its_own_cards() -> None:
    assert set(ZONES) == set(RULESETS) == set(EXAMPLES)
    for game, zones in ZONES.items():
        rs = ruleset_class(game)
        assert set(zones) == {*rs.player_zones, *rs.shared_zones}
        assert all(set(cs) <= set(book(game).names) and cs for cs in zones.values())


@pytest.mark.parametrize("game", RULESETS)
def test_random_games_end_lose_no_card_accept_every_listed_action_and_undo_exactly(game: str) -> None:
    @settings(
        max_examples=EXAMPLES[game],
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(text=boards(game), rng=st.randoms(use_true_random=False))
    def random_game(text: str, rng: random.Random) -> None:
        play_to_the_end(text, rng)

    random_game()


# -- games dealt from a base deck: the Control Base, the Chaos Base (Control & Chaos), 2 to 6 players -----
SEATS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
DEALT = 2
"""Random games per deck and number of players (each about a second or two)."""


DEALS = [
    *((deck, n) for deck in (("control",), ("chaos",)) for n in range(2, 7)),
    (("control", "chaos"), 2),
    (("control", "chaos"), 5),
]
"""The decks and numbers of players dealt: each Control & Chaos base for 2 to 6 players; both together for 2 and 5."""


@pytest.mark.rule("UU.CC.1")
@pytest.mark.parametrize(("decks", "players"), [pytest.param(d, n, id=f"{'+'.join(d)}-{n}") for d, n in DEALS])
def test_games_dealt_from_a_control_and_chaos_deck_end_lose_no_card_and_undo_exactly(
    decks: tuple[str, ...], players: int
) -> None:
    """Games dealt as the rules set them up (a Baby each, five cards; the deck is the chosen decks' box,
    read from the card file, so every card added to a deck is in them), played by random legal actions
    to the end with every check of :func:`step`. The box comes from the card file: a card a later
    change adds to a Control & Chaos deck is dealt here with no change to this test."""
    from uurules.cards import box
    from uurules.computer import deal

    @settings(
        max_examples=DEALT,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(seed=st.integers(0, 10_000), rng=st.randoms(use_true_random=False))
    def dealt_game(seed: int, rng: random.Random) -> None:
        scn = deal(seed, SEATS[:players], decks)
        text = yaml.safe_dump(scn.doc.data, allow_unicode=True, sort_keys=False)
        game = Scenario.from_text(text).stage()
        whole = box(book("unstable-unicorns"), players, decks)
        assert Counter(game.shown(c) for c in game.state.cards) == Counter([*whole.deck, *whole.nursery])
        play_to_the_end(text, rng)

    dealt_game()
