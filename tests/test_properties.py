"""Property tests: random small boards, random legal actions and answers.

Cards are never lost or duplicated (every card is in exactly one zone or on the pile), every
action ``legal_actions`` offers is accepted, a pending decision always has options (any hand
limit, 0 included), and undoing every step returns the exact start.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uurules.cards import book
from uurules.engine.game import Game
from uurules.scenario import Scenario

BOOK = book("unstable-unicorns")
CARDS = BOOK.names  # every card of the game
PERMANENTS = [c for c in CARDS if BOOK[c].type not in ("Magic", "Instant")]

zone = st.lists(st.sampled_from(CARDS), max_size=5)
stable = st.lists(st.sampled_from(PERMANENTS), max_size=4)


@st.composite
def boards(draw: st.DrawFn) -> str:
    n = draw(st.integers(2, 3))
    lines = [
        "ruleset: unstable-unicorns",
        f"seed: {draw(st.integers(0, 99))}",
        f"hand_limit: {draw(st.integers(0, 7))}",
    ]
    lines.append("players:")
    for name in ["Ann", "Bob", "Cat"][:n]:
        lines.append(f"  - {{name: {name}, hand: {draw(zone)}, stable: {draw(stable)}}}")
    lines.append(f"deck: {draw(st.lists(st.sampled_from(CARDS), max_size=6))}")
    return "\n".join(lines).replace("'", '"')


def census(game: Game) -> Counter[int]:
    seen: Counter[int] = Counter()
    for ids in game.state.zones.values():
        seen.update(ids)
    seen.update(item.card for item in game.state.pile)
    return seen


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_random_legal_play_never_loses_a_card_and_undo_is_exact(text: str, picks: list[int]) -> None:
    game = Scenario.from_text(text).stage()
    game.start()  # a staged board may already be won: that is not undoable
    start = game.state.copy()
    start_events, start_log = list(game.events), list(game.log)
    everyone = Counter({cid: 1 for cid in game.state.cards})
    states = [game.state.copy()]
    for pick in picks:
        actions = game.legal_actions()
        if not actions:
            break
        game.push(actions[pick % len(actions)])  # an offered action is never refused
        assert census(game) == everyone
        assert game.pending is None or game.pending.options  # never a decision without options
        states.append(game.state.copy())
    while game.actions:
        states.pop()
        game.undo()
        assert game.state == states[-1]
    assert game.state == start
    assert game.events == start_events and game.log == start_log
