"""Zones are tuples and the dict of cards is copy on write (issue #30: a node's cost does not grow
with the cards it does not touch): a state and its copies share both until a step changes them,
and what is worked out from a zone is found again by the zone's identity, never wrongly. Speeds
are in benchmarks/node_cost.py."""

from __future__ import annotations

from typing import Any

from uurules.engine.actions import Respond, Response
from uurules.engine.game import FACE_DOWN, Game
from uurules.engine.identity import ByIdentity
from uurules.engine.position import ZONE_INLINE, StateKeys
from uurules.scenario import Scenario

BIG = 40  # cards in each big hand: above every inline bound
assert ZONE_INLINE < BIG


def _board(extra: str = "") -> str:
    hand = ", ".join(["Neigh"] * 3 + ["Basic Unicorn (Red)"] * BIG)
    return (
        "ruleset: unstable-unicorns\ntitle: big hands\nplayers:\n"
        "  - {name: Ann, hand: [Unicorn Poison, Neigh], stable: [Basic Unicorn (Blue)]}\n"
        f"  - {{name: Bob, hand: [{hand}], stable: [Basic Unicorn (Blue)]}}\n"
        f"  - {{name: Cat, hand: [{hand}], stable: [Basic Unicorn (Blue)]}}\n"
        f"{extra}script:\n"
        "  - play: {player: Ann, card: Unicorn Poison, targets: [Bob/Basic Unicorn (Blue)]}\n"
    )


def _game() -> Game:
    return Scenario.from_text(_board()).play(auto=False)


def test_a_step_shares_every_zone_and_card_it_leaves_alone_and_undo_is_exact() -> None:
    game = _game()
    before = game.state.copy()
    cats = game.state.zone("Cat", "hand")
    game.push(Respond((Response("Bob", "Neigh"),)))
    s = game.state
    assert s.zone("Cat", "hand") is cats  # untouched: the very tuple
    assert s.zone("Bob", "hand") is not before.zone("Bob", "hand")  # a card left it: a new tuple
    assert len(s.zone("Bob", "hand")) == len(before.zone("Bob", "hand")) - 1
    assert all(type(z) is tuple for z in s.zones.values())
    game.undo()
    assert game.state == before and game.state.zone("Cat", "hand") is cats


def test_the_dict_of_cards_is_shared_until_a_card_changes() -> None:
    s = _game().state
    c = s.copy()
    assert c.cards is s.cards and c._touched is s._touched  # one chain of replaced cards, shared
    card = next(iter(c.cards))
    c.own(card).owner = "Zed"
    assert c.cards is not s.cards and s.cards[card].owner != "Zed"  # the original keeps its own
    assert card in c.touched and card not in s.touched
    assert all(c.cards[k] is s.cards[k] for k in s.cards if k != card)  # the other cards still shared


def test_a_key_reads_a_big_zone_by_its_content_not_its_identity() -> None:
    game = _game()
    s = game.state
    keys = StateKeys(s.next_id, s)
    same = s.copy()
    same.set_zone(("Cat", "hand"), list(s.zone("Cat", "hand")))  # equal content, another tuple
    assert same.zone("Cat", "hand") is not s.zone("Cat", "hand")
    assert keys(same) == keys(s)
    other = s.copy()
    hand = list(s.zone("Cat", "hand"))
    hand[0], hand[-1] = hand[-1], hand[0]  # the same cards, in another order
    other.set_zone(("Cat", "hand"), hand)
    assert keys(other) != keys(s)


def test_a_key_lists_the_cards_that_differ_from_the_start_and_none_that_came_back() -> None:
    s = _game().state
    keys = StateKeys(s.next_id, s)
    card = next(iter(s.cards))
    owner = s.cards[card].owner
    changed = s.copy()
    changed.own(card).owner = "Zed"
    assert keys(changed) != keys(s)
    back = changed.copy()
    back.own(card).owner = owner  # another object, the same card as at the start
    assert back.cards[card] is not s.cards[card] and keys(back) == keys(s)
    marked = s.copy()
    marked.own(card).marks["shield"] = True
    assert keys(marked) not in (keys(s), keys(changed))


def test_where_finds_a_card_in_the_zone_that_holds_it_now() -> None:
    s = _game().state
    hand = s.zone("Cat", "hand")
    last = hand[-1]
    assert s.where(last) == ("Cat", "hand") and s.where(hand[0]) == ("Cat", "hand")
    s.take(("Cat", "hand"), last)
    assert s.where(last) is None and s.zone("Cat", "hand") == hand[:-1]
    s.put((None, "discard"), last, top=True)
    assert s.where(last) == (None, "discard") and s.zone(None, "discard")[0] == last


def test_an_end_is_told_by_its_names_and_a_card_face_down_is_read_as_it_shows() -> None:
    game = Scenario.from_text(_board()).play(auto=False)
    hand = game.state.zone("Cat", "hand")
    digest = game.shown_digest(hand)
    assert digest is not None and game.shown_digest(tuple(hand)) == digest  # by the names
    game.state.flags[FACE_DOWN] = [hand[0]]
    assert game.shown_digest(hand) is None  # names change while a card stands face down
    assert game.shown_all(hand)[0] == "a face-down card"


def test_identity_cache_finds_the_very_object_and_forgets_past_its_bounds() -> None:
    cache: ByIdentity[str] = ByIdentity(most=3, most_weight=10)
    a, b = (1, 2, 3), (4, 5)
    cache.put(a, "a")
    assert cache.get(a) == "a" and cache.get(tuple([1, 2, 3])) is None  # equal, but another object
    cache.put(a, "x", "hand")
    assert cache.get(a, "hand") == "x" and cache.get(a) == "a"
    cache.put(b, "b")  # weight 3 + 3 + 2 = 8
    assert len(cache) == 3
    cache.put((6, 7, 8), "c")  # 11 > 10: everything forgotten first, then kept
    assert cache.get(a) is None and len(cache) == 1
    for i in range(5):
        cache.put((i,), str(i))
    assert len(cache) <= 3  # at most three entries


def test_a_neigh_war_walks_alike_with_big_idle_hands() -> None:
    """The same war with 40 idle cards in two hands or one: as many positions and ends."""
    from uurules.explore import explore

    idle = ", ".join(["Basic Unicorn (Red)"] * BIG)
    walks = []
    for board in (_board().replace(idle, "Rhinocorn"), _board()):
        found = explore(Scenario.from_text(board).play(auto=False), max_nodes=5_000)
        walks.append((found.nodes, len(found.outcomes), found.complete))
    assert walks[0] == walks[1] and walks[0][2]


def test_a_long_chain_of_replaced_cards_deep_copies_and_pickles() -> None:
    import copy
    import pickle

    s = _game().state
    card = next(iter(s.cards))
    for i in range(5_000):  # a copy, then one card changed: a link more each time
        s = s.copy()
        s.own(card).owner = f"P{i}"
    deep = copy.deepcopy(s)  # no recursion through 5,000 links
    assert deep == s and deep._touched is s._touched and deep.touched == {card}
    back = pickle.loads(pickle.dumps(s))
    assert back == s and back.touched == {card}


def test_the_runs_grouped_by_content_are_bounded_by_the_cards_they_keep(monkeypatch: Any) -> None:
    from uurules.engine import copies

    monkeypatch.setattr(copies, "MOST_WEIGHT", 100)
    monkeypatch.setattr(copies, "_GROUPED", {})
    monkeypatch.setattr(copies, "_GROUPED_CARDS", 0)
    s = _game().state
    hand = s.zone("Cat", "hand")  # 43 cards
    for k in range(6):  # six runs of about 40 cards: 240 cards kept without the bound
        assert copies._in_zone(s, hand[k:], ("Cat", "hand")) is not None
        assert copies._GROUPED_CARDS <= 100 and len(copies._GROUPED) <= 3
    assert copies._in_zone(s, hand[5:], ("Cat", "hand")) is copies._GROUPED[(hand[5:], ("Cat", "hand"))]
