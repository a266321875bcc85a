"""The words of players, their hands and their Stables.

``count: all`` and ``what:`` lists (Narwhal Torpedo, Reset Button); each word is played from an
inline card here, beside the base-game cards that use it (their scenarios are in
``notebooks/scenarios/cards/``, checked by ``tests/test_base_game.py``).
"""

from __future__ import annotations

import pytest

from tests.conftest import board, run
from uurules import InputError
from uurules.engine.actions import Play
from uurules.engine.errors import IllegalAction
from uurules.rulesets import make
from uurules.schemas import card_file_schema

SPRING_CLEANING = """
ruleset: unstable-unicorns
cards:
  - name: Spring Cleaning
    type: Magic
    text: SACRIFICE an Upgrade or Downgrade card.
    abilities:
      - when: played
        steps:
          - {do: sacrifice, what: [upgrade, downgrade]}
players:
  - {name: Ann, hand: [Spring Cleaning], stable: [Basic Unicorn, Yay, Slowdown]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Spring Cleaning}
"""


# -- what: lists -----------------------------------------------------------------------------------
def test_a_what_list_matches_a_card_of_any_of_its_words() -> None:
    game = board(SPRING_CLEANING).play()
    assert game.pending is not None
    assert game.pending.options == ["Ann/Yay", "Ann/Slowdown"]  # not the Unicorn
    assert 'THE EFFECT CHAIN; "SACRIFICE an Upgrade or Downgrade card"' in game.log
    game.choose("Ann/Slowdown")
    assert game.state.zone("Ann", "stable") and [game.shown(c) for c in game.state.zone("Ann", "stable")] == [
        "Basic Unicorn",
        "Yay",
    ]


@pytest.mark.rule("UU.IMP.1")
def test_a_what_list_is_a_requirement_like_a_word() -> None:
    # rule: UU.IMP.1 with neither an Upgrade nor a Downgrade, the card cannot be played
    game = board(SPRING_CLEANING.replace("stable: [Basic Unicorn, Yay, Slowdown]", "stable: [Basic Unicorn]")).stage()
    with pytest.raises(IllegalAction, match=r"has no Upgrade or Downgrade card that can be sacrificed"):
        game.push(Play("Ann", "Spring Cleaning"))


def test_what_lists_in_every_verb_that_filters_and_in_words() -> None:
    rs = make("unstable-unicorns")
    assert rs.noun(["upgrade", "downgrade"]) == "an Upgrade or Downgrade card"  # type: ignore[attr-defined]
    assert rs.noun(["unicorn", "upgrade"]) == "a Unicorn or Upgrade card"  # type: ignore[attr-defined]
    assert rs.nouns(["upgrade", "downgrade"]) == "all Upgrade and Downgrade cards"  # type: ignore[attr-defined]
    assert rs.nouns("downgrade") == "all Downgrade cards"  # type: ignore[attr-defined]
    llamas = make("llamas-unleashed")
    assert llamas.noun(["llama", "alpaca"]) == "a Llama or Alpaca card"  # type: ignore[attr-defined]
    # a destroy's target pool reads the list too
    _, out = run(
        SPRING_CLEANING.replace(
            "{do: sacrifice, what: [upgrade, downgrade]}", "{do: destroy, what: [upgrade, downgrade]}"
        )
        .replace("stable: [Basic Unicorn, Yay, Slowdown]", "stable: []")
        .replace("- {name: Bob}", "- {name: Bob, stable: [Rhinocorn, Rainbow Aura]}")
    )
    assert out["players"]["Bob"]["stable"] == ["Rhinocorn"]


@pytest.mark.parametrize(
    ("what", "message"),
    [
        ("[upgrade]", "is too short"),
        ("[upgrade, upgrade]", "non-unique"),
        ("[upgrade, Downgrade]", "does not match"),
    ],
)
def test_a_what_list_is_two_or_more_distinct_words(what: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        board(SPRING_CLEANING.replace("what: [upgrade, downgrade]", f"what: {what}"))


# -- count: all ------------------------------------------------------------------------------------
PURGE = """
ruleset: unstable-unicorns
cards:
  - name: Purge
    type: Magic
    text: SACRIFICE all Unicorn cards in your Stable, then DRAW a card.
    abilities:
      - when: played
        steps:
          - {do: sacrifice, what: unicorn, count: all}
          - {do: draw, join: then}
players:
  - {name: Ann, hand: [Purge, Neigh, Yay], stable: [Basic Unicorn, Barbed Wire, Baby Unicorn, Rhinocorn]}
  - {name: Bob, stable: [Basic Unicorn]}
deck: [Slowdown]
script:
  - play: {player: Ann, card: Purge}
"""


@pytest.mark.rule("UU.CHAIN.1")
def test_count_all_sacrifices_every_card_it_names_with_no_choice() -> None:
    game, out = run(PURGE + "  - choose: Ann/Neigh\n  - choose: Ann/Yay\n")
    assert out["players"]["Ann"]["stable"] == ["Barbed Wire"]
    assert out["players"]["Bob"]["stable"] == ["Basic Unicorn"]  # only her own
    # the Baby goes to the Nursery, as any Baby leaving a Stable does
    assert out["zones"]["nursery"] == ["Baby Unicorn"]
    assert 'THE EFFECT CHAIN; "SACRIFICE all Unicorn cards"' in out["log"]
    assert '| RESOLUTION:THE EFFECT CHAIN; "SACRIFICE Basic Unicorn, Baby Unicorn, Rhinocorn". |' in out["log"]
    sacrificed = [e["card"] for e in out["events"] if e["type"] == "sacrifice"]
    assert sacrificed == ["Basic Unicorn", "Baby Unicorn", "Rhinocorn"]  # board order
    # "then" goes on: the sacrifice was performed (UU.SEQ.3)
    assert {"type": "draw", "player": "Ann", "card": "Slowdown"} in out["events"]
    # rule: UU.CHAIN.1 each Unicorn leaving sets off Barbed Wire: its discards are new links, resolved
    # after Purge's whole link (so after its draw): three discards, the last one of the only card left
    discards = [e["card"] for e in out["events"] if e["type"] == "discard"]
    assert discards == ["Neigh", "Yay", "Slowdown"]
    assert out["log"].index('THE EFFECT CHAIN; "Draw a card"') < out["log"].index('THE EFFECT CHAIN; "Discard a card"')
    assert out["log"].count('THE EFFECT CHAIN; "Discard a card"') == 3
    assert game.pending is None


def test_count_all_of_nothing_is_not_impossible() -> None:
    """ "All" is however many there are: with none, the card can still be played and the effect is
    done, doing nothing (the choice where the rules are silent: an empty "all" is not an impossible
    action, so Reset Button is playable when nobody has an Upgrade or a Downgrade)."""
    _, out = run(PURGE.replace("stable: [Basic Unicorn, Barbed Wire, Baby Unicorn, Rhinocorn]", "stable: [Yay]"))
    assert '| RESOLUTION:THE EFFECT CHAIN; "SACRIFICE all Unicorn cards: there are none". |' in out["log"]
    assert {"type": "draw", "player": "Ann", "card": "Slowdown"} in out["events"]
    assert out["players"]["Ann"]["stable"] == ["Yay"]


def test_count_all_for_each_player() -> None:
    """Reset Button's words: each player sacrifices all their Upgrades and Downgrades."""
    _, out = run(
        """
ruleset: unstable-unicorns
cards:
  - name: Big Reset
    type: Magic
    text: Each player SACRIFICEs all Upgrade and Downgrade cards in their Stable.
    abilities:
      - when: played
        steps:
          - {do: sacrifice, what: [upgrade, downgrade], count: all, who: each-player}
players:
  - {name: Ann, hand: [Big Reset], stable: [Yay, Basic Unicorn]}
  - {name: Bob, stable: [Slowdown, Rainbow Aura, Rhinocorn]}
  - {name: Cat}
script:
  - play: {player: Ann, card: Big Reset}
"""
    )
    assert out["players"]["Ann"]["stable"] == ["Basic Unicorn"]
    assert out["players"]["Bob"]["stable"] == ["Rhinocorn"]
    chain = 'THE EFFECT CHAIN; "SACRIFICE all Upgrade and Downgrade cards","SACRIFICE all Upgrade and Downgrade cards",'
    assert chain + '"SACRIFICE all Upgrade and Downgrade cards"' in out["log"]
    assert [(e["player"], e["card"]) for e in out["events"] if e["type"] == "sacrifice"] == [
        ("Ann", "Yay"),
        ("Bob", "Slowdown"),
        ("Bob", "Rainbow Aura"),
    ]


def test_count_all_is_a_word_of_the_verbs_that_accept_it_only() -> None:
    step = card_file_schema()["$defs"]["unstable-unicorns-step"]
    sacrifice = next(b for b in step["allOf"] if b["if"]["properties"]["do"]["const"] == "sacrifice")
    assert {"const": "all"} in sacrifice["then"]["properties"]["count"]["anyOf"]
    with pytest.raises(InputError, match="count"):
        board(PURGE.replace("{do: sacrifice, what: unicorn, count: all}", "{do: destroy, what: unicorn, count: all}"))
    with pytest.raises(InputError, match="count"):
        board(PURGE.replace("count: all", "count: every"))


# -- choose a player, "that player" ------------------------------------------------------------
ANNOYING = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Annoying Flying Unicorn, Yay]}
  - {name: Bob, hand: [Slowdown]}
  - {name: Cat}
script:
  - play: {player: Ann, card: Annoying Flying Unicorn}
  - choose: "yes"
"""


@pytest.mark.rule("UU.IMP.2")
def test_choose_a_player_offers_only_the_players_for_whom_the_rest_can_be_carried_out() -> None:
    # rule: UU.IMP.2 Cat has no card to discard: she cannot be chosen ("any player": Ann can)
    game = board(ANNOYING).play()
    assert game.pending is not None
    assert game.pending.question == "Ann: choose a player (Annoying Flying Unicorn)"
    assert game.pending.options == ["Ann", "Bob"]
    game.choose("Ann")  # herself: that player is Ann, who discards her Yay
    assert [game.shown(c) for c in game.state.zone(None, "discard")] == ["Yay"]
    assert {"type": "choose", "player": "Ann", "card": "Annoying Flying Unicorn", "choice": "Ann"} in [
        e.to_json() for e in game.events
    ]
    # the picture names the choice
    assert "done: chose Ann" in game.picture("chain").source


def test_an_optional_choice_of_a_player_with_none_to_choose_cannot_be_used() -> None:
    """With no player who can carry out the rest (nobody has a card to discard), the optional
    effect is not offered: it "cannot be used", and the log says why (UU.CHAIN.3's wording)."""
    game, out = run(
        ANNOYING.replace("hand: [Annoying Flying Unicorn, Yay]", "hand: [Annoying Flying Unicorn]")
        .replace("hand: [Slowdown]", "hand: []")
        .replace('  - choose: "yes"\n', "")
    )
    assert game.pending is None
    assert (
        "- Annoying Flying Unicorn cannot be used (there is no player for whom "
        "'That player: Discard a card' can be carried out)." in out["log"]
    )


@pytest.mark.rule("UU.IMP.1")
def test_choose_another_player_and_a_choice_as_the_requirement_of_a_magic_card() -> None:
    text = """
ruleset: unstable-unicorns
cards:
  - name: Pointing Finger
    type: Magic
    text: Choose another player. That player must DISCARD a card.
    abilities:
      - when: played
        steps:
          - do: choose-player
            player: another-player
            steps: [{do: discard, who: that-player}]
players:
  - {name: Ann, hand: [Pointing Finger, Yay]}
  - {name: Bob, hand: [Slowdown]}
script:
  - play: {player: Ann, card: Pointing Finger}
"""
    _, out = run(text)  # Bob is the only other player: chosen without asking
    assert out["zones"]["discard"] == ["Slowdown", "Pointing Finger"]
    assert out["players"]["Ann"]["hand"] == ["Yay"]
    # rule: UU.IMP.1 with no other player who can discard, the card cannot be played
    game = board(text.replace("hand: [Slowdown]", "hand: []")).stage()
    with pytest.raises(IllegalAction, match="there is no player for whom 'That player: Discard a card'"):
        game.push(Play("Ann", "Pointing Finger"))


BACK_KICK = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Back Kick], stable: [Basic Unicorn]}
  - {name: Bob, hand: [Slowdown], stable: [Baby Unicorn, Rainbow Aura]}
script:
  - play: {player: Ann, card: Back Kick}
"""


def test_that_player_is_the_one_whose_stable_the_returned_card_left() -> None:
    game = board(BACK_KICK + "  - choose: Bob/Rainbow Aura\n").play()
    d = game.pending
    assert d is not None and d.player == "Bob"
    assert d.options == ["Bob/Slowdown", "Bob/Rainbow Aura"]  # he may discard the card just returned
    # a Baby returned goes to the Nursery; that player is still Bob, and he discards
    _, out = run(BACK_KICK + "  - choose: Bob/Baby Unicorn\n")
    assert out["zones"]["nursery"] == ["Baby Unicorn"]
    assert {"type": "discard", "player": "Bob", "card": "Slowdown"} in out["events"]


@pytest.mark.rule("UU.IMP.1")
def test_back_kick_needs_a_card_in_another_players_stable() -> None:
    # rule: UU.IMP.1 its first statement is its Requirement: Ann's own cards do not count
    game = board(BACK_KICK.replace("stable: [Baby Unicorn, Rainbow Aura]", "stable: []")).stage()
    with pytest.raises(IllegalAction, match="there is no card in another player's Stable"):
        game.push(Play("Ann", "Back Kick"))


def test_that_player_with_no_player_bound_is_not_carried_out() -> None:
    text = """
ruleset: unstable-unicorns
cards:
  - name: Loose Words
    type: Magic
    text: DRAW a card. That player must DISCARD a card.
    abilities:
      - when: played
        steps:
          - {do: draw}
          - {do: discard, who: that-player}
players:
  - {name: Ann, hand: [Loose Words]}
  - {name: Bob, hand: [Yay]}
deck: [Slowdown]
script:
  - play: {player: Ann, card: Loose Words}
"""
    _, out = run(text)
    assert '- "That player": no player was chosen, so "That player: Discard a card" is not carried out.' in out["log"]
    assert out["players"]["Bob"]["hand"] == ["Yay"] and out["players"]["Ann"]["hand"] == ["Slowdown"]


def test_mermaid_unicorn_may_choose_its_own_player() -> None:
    """2nd Edition: "choose any player" (Ann too: Mermaid Unicorn is in her Stable as it triggers)."""
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Mermaid Unicorn], stable: [Slowdown]}
  - {name: Bob}
script:
  - play: {player: Ann, card: Mermaid Unicorn}
  - choose: "yes"
"""
    ).play()
    # Bob's Stable is empty: Ann alone can be chosen, without asking; then her card: Slowdown, or
    # Mermaid Unicorn itself
    assert {"type": "choose", "player": "Ann", "card": "Mermaid Unicorn", "choice": "Ann"} in [
        e.to_json() for e in game.events
    ]
    assert game.pending is not None and game.pending.options == ["Ann/Slowdown", "Ann/Mermaid Unicorn"]
    game.choose("Ann/Slowdown")
    assert [game.shown(c) for c in game.state.zone("Ann", "hand")] == ["Slowdown"]


# -- cards between hands: pull, take, trade ----------------------------------------------------------
AMERICORN = """
ruleset: unstable-unicorns
seed: %d
players:
  - {name: Ann, hand: [Americorn]}
  - {name: Bob, hand: [Yay, Slowdown, Rainbow Aura, Basic Unicorn, Neigh, Super Neigh]}
  - {name: Cat}
script:
  - play: {player: Ann, card: Americorn}
  - pass: all
  - choose: "yes"
"""


def _pulled(seed: int) -> str:
    _, out = run(AMERICORN % seed)
    (pull,) = [e for e in out["events"] if e["type"] == "pull"]
    assert pull["from"] == "Bob" and pull["pick"] == "random"  # Cat's hand is empty: Bob, without asking
    assert out["players"]["Ann"]["hand"] == [pull["card"]]
    return str(pull["card"])


def test_a_pull_is_a_seeded_random_pick() -> None:
    assert _pulled(3) == _pulled(3)  # the same seed, the same card
    assert len({_pulled(seed) for seed in range(12)}) > 1  # and it is a random pick
    # undo takes the random pick back exactly: pulling again picks the same card
    game = board(AMERICORN % 3).play(upto=2)
    game.choose("yes")
    first = [e.to_json() for e in game.events if e.type == "pull"]
    game.undo()
    game.choose("yes")
    assert [e.to_json() for e in game.events if e.type == "pull"] == first


def test_a_pull_from_nobody_cannot_be_used() -> None:
    game, out = run(
        (AMERICORN % 1)
        .replace("hand: [Yay, Slowdown, Rainbow Aura, Basic Unicorn, Neigh, Super Neigh]", "hand: []")
        .replace('  - pass: all\n  - choose: "yes"\n', "")
    )
    assert "- Americorn cannot be used (no other player has a card in hand)." in out["log"]
    assert game.pending is None


def test_nanny_cam_makes_a_pull_from_its_players_hand_a_choice_and_only_theirs() -> None:
    text = (AMERICORN % 3).replace("  - {name: Cat}", "  - {name: Cat, stable: [Nanny Cam]}")
    assert _pulled(3) == (run(text)[1]["players"]["Ann"]["hand"][0])  # Cat's Nanny Cam: Bob's hand is secret
    game = board(text.replace("  - {name: Bob, hand", "  - {name: Bob, stable: [Nanny Cam], hand")).play()
    assert game.pending is not None and game.pending.question == "Ann: pull which card from Bob's hand?"
    assert game.pending.options[0] == "Bob/Yay"


@pytest.mark.rule("UU.IMP.1")
def test_take_looks_at_a_hand_and_needs_one_to_look_at() -> None:
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Blatant Thievery]}
  - {name: Bob, hand: [Yay, Slowdown]}
  - {name: Cat, hand: [Rainbow Aura]}
script:
  - play: {player: Ann, card: Blatant Thievery}
"""
    game = board(text).play()
    assert game.pending is not None and game.pending.options == ["Bob", "Cat"]
    assert game.pending.question == "Ann: take a card from whose hand?"
    game.choose("Cat")
    assert "- Ann looks at Cat's hand: Rainbow Aura." in game.log
    assert [game.shown(c) for c in game.state.zone("Ann", "hand")] == ["Rainbow Aura"]
    # rule: UU.IMP.1 with every other hand empty, Blatant Thievery cannot be played
    empty = board(text.replace("hand: [Yay, Slowdown]", "hand: []").replace("hand: [Rainbow Aura]", "hand: []"))
    with pytest.raises(IllegalAction, match=r"no other player has a card in hand"):
        empty.stage().push(Play("Ann", "Blatant Thievery"))


def test_cards_taken_into_a_hand_are_their_new_holders_own() -> None:
    """A card pulled, taken or traded into a hand is that player's (``owner``), as a drawn card is:
    played into her Stable and returned, it goes back to her hand, not to the player it came from."""
    game, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unfair Bargain]}
  - {name: Bob, hand: [Rhinocorn, Mermaid Unicorn]}
  - {name: Cat, hand: [Yay]}
script:
  - play: {player: Ann, card: Unfair Bargain}
  - choose: Bob
"""
    )
    assert out["players"]["Ann"]["hand"] == ["Rhinocorn", "Mermaid Unicorn"]
    assert out["players"]["Bob"]["hand"] == []  # Ann's hand was empty once Unfair Bargain was played
    assert {"type": "trade", "player": "Ann", "with": "Bob", "gave": 0, "got": 2} in out["events"]
    assert {game.card(c).owner for c in game.state.zone("Ann", "hand")} == {"Ann"}
    for verb, card in (("pull", "Americorn"), ("take", "Blatant Thievery")):
        played, _ = run(
            f"""
ruleset: unstable-unicorns
players:
  - {{name: Ann, hand: [{card}]}}
  - {{name: Bob, hand: [Rhinocorn]}}
script:
  - play: {{player: Ann, card: {card}}}
"""
        )
        if played.pending is not None:
            played.choose("yes")  # Americorn's "you may"
        (mine,) = played.state.zone("Ann", "hand")
        assert played.card(mine).owner == "Ann", verb


# -- moving a card between Stables -------------------------------------------------------------------
SWAP = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Swap], stable: [%s]}
  - {name: Bob, hand: [Yay, Slowdown], stable: [%s]}
  - {name: Cat, stable: [%s]}
script:
  - play: {player: Ann, card: Unicorn Swap}
"""


@pytest.mark.rule("UU.CHAIN.1")
def test_moving_is_leaving_and_entering_when_this_card_enters_triggers_for_its_new_player() -> None:
    # rule: UU.CHAIN.1 Llamacorn entered Bob's Stable: its "each player DISCARDs" is Bob's, a new link
    game, out = run(SWAP % ("Llamacorn", "Rhinocorn", "") + "  - choose: Bob\n  - choose: Bob/Yay\n")
    assert out["players"]["Bob"]["stable"] == ["Llamacorn"]
    assert out["players"]["Ann"]["stable"] == ["Rhinocorn"]
    link = game.state.chain[-1]
    assert link.cause == "Llamacorn entered Bob's Stable"
    assert [(e.verb, e.player) for e in link.effects if e.verb == "discard"] == [
        ("discard", "Bob"),
        ("discard", "Cat"),
        ("discard", "Ann"),
    ]


def test_a_moved_baby_enters_the_other_stable_and_then_the_steal_goes_on() -> None:
    # 2nd Edition: a Baby goes to the Nursery only instead of being sacrificed, destroyed or returned
    # to a hand; moved, it enters Bob's Stable; "then STEAL" from that player (UU.SEQ.3) cannot take
    # it back (UU.CHAIN.3: it was this link's target), so it takes his Rhinocorn
    _, out = run(SWAP % ("Baby Unicorn", "Rhinocorn", "Basic Unicorn") + "  - choose: Bob\n")
    assert out["zones"]["nursery"] == []
    assert out["players"]["Bob"]["stable"] == ["Baby Unicorn"]
    assert out["players"]["Ann"]["stable"] == ["Rhinocorn"]
    assert out["players"]["Cat"]["stable"] == ["Basic Unicorn"]
    assert {"type": "move", "player": "Ann", "card": "Baby Unicorn", "from": "Ann", "to": "Bob"} in out["events"]


@pytest.mark.rule("UU.REQ.3", "UU.IMP.1")
def test_a_card_is_moved_only_into_a_stable_it_can_enter() -> None:
    # rule: UU.REQ.3 Bob's Barbed Wire asks him to discard as a Unicorn enters: with no card in hand,
    # his Stable cannot be chosen; Queen Bee Unicorn keeps a Basic Unicorn out of every Stable but Cat's
    game = board((SWAP % ("Rhinocorn", "Barbed Wire, Basic Unicorn", "")).replace("hand: [Yay, Slowdown]", "hand: []"))
    played = game.play()
    assert played.state.zone("Cat", "stable") and played.shown(played.state.zone("Cat", "stable")[0]) == "Rhinocorn"
    _, out = run(SWAP % ("Basic Unicorn", "Rhinocorn", "Queen Bee Unicorn"))
    assert {"type": "move", "player": "Ann", "card": "Basic Unicorn", "from": "Ann", "to": "Cat"} in out["events"]
    # then STEAL from that player, Cat: her Queen Bee Unicorn (the Basic Unicorn was this link's target)
    assert out["players"]["Cat"]["stable"] == ["Basic Unicorn"]
    assert out["players"]["Ann"]["stable"] == ["Queen Bee Unicorn"]
    # rule: UU.IMP.1 with no Unicorn in her Stable, Ann cannot play Unicorn Swap
    with pytest.raises(IllegalAction, match="there is no Unicorn card in your Stable that can be moved into another"):
        board(SWAP % ("Yay", "Rhinocorn", "")).stage().push(Play("Ann", "Unicorn Swap"))


def test_re_target_moves_into_any_stable_but_the_one_it_is_in() -> None:
    text = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Re-Target]}
  - {name: Bob, stable: [Rainbow Aura, Rhinocorn]}
  - {name: Cat}
script:
  - play: {player: Ann, card: Re-Target}
"""
    game = board(text).play()  # Rainbow Aura is the only Upgrade or Downgrade: its target without asking
    assert game.pending is not None and game.pending.options == ["Ann", "Cat"]
    game.choose("Ann")
    assert [game.shown(c) for c in game.state.zone("Ann", "stable")] == ["Rainbow Aura"]


# -- each player's Stable ----------------------------------------------------------------------------
TORNADO = """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Glitter Tornado], stable: [Yay]}
  - {name: Bob, stable: [Rhinocorn, Slowdown]}
  - {name: Cat, stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Glitter Tornado}
"""


def test_glitter_tornado_is_one_return_per_stable_each_chosen_in_its_stable() -> None:
    game = board(TORNADO).play()  # Ann's and Cat's Stables hold one card each: chosen without asking
    assert game.pending is not None and game.pending.options == ["Bob/Rhinocorn", "Bob/Slowdown"]
    game.choose("Bob/Slowdown")
    assert [[game.shown(c) for c in game.state.zone(p, "hand")] for p in ("Ann", "Bob", "Cat")] == [
        ["Yay"],
        ["Slowdown"],
        ["Basic Unicorn"],
    ]


@pytest.mark.rule("UU.IMP.1")
def test_glitter_tornado_needs_a_card_in_every_stable() -> None:
    """The printed text asks for a card in each player's Stable: the choice where the rules are silent
    is that every Stable must hold one for it to be played (the wiki lists Glitter Tornado among the
    cards with a Requirement to play)."""
    game = board(TORNADO.replace("stable: [Basic Unicorn]", "stable: []")).stage()
    with pytest.raises(IllegalAction, match="Cat's Stable has no card to choose"):
        game.push(Play("Ann", "Glitter Tornado"))


def test_annoying_flying_unicorn_returns_to_its_players_hand_instead_of_being_destroyed() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Annoying Flying Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    )
    assert out["players"]["Bob"] == {"hand": ["Annoying Flying Unicorn"], "stable": []}


@pytest.mark.parametrize(
    ("scenario", "words"),
    [
        ("americorn.yaml", "Ann pulls Rainbow Aura from Bob's hand at random"),
        ("nanny-cam.yaml", "Ann pulls Yay from Bob's hand"),
        ("blatant-thievery.yaml", "Ann looks at Bob's hand"),
        ("blatant-thievery.yaml", "Ann takes Rainbow Aura from Bob's hand"),
        ("unfair-bargain.yaml", "Ann trades hands with Bob (gave 1; got 3)"),
        ("unicorn-swap.yaml", "Ann moves Ann's Basic Unicorn into Bob's Stable"),
        ("annoying-flying-unicorn.yaml", "Ann chooses Bob for Annoying Flying Unicorn"),
    ],
)
def test_the_new_events_in_words(scenario: str, words: str) -> None:
    from uurules.course import event_text

    _, out = run(f"cards/{scenario}")
    assert words in [event_text(e) for e in out["events"]]


def test_a_reference_by_the_name_a_card_is_shown_by_finds_that_card_not_the_first_of_its_kind() -> None:
    # Bob/Basic Unicorn (Blue) is the blue one, though Bob's hand holds a red Basic Unicorn first;
    # a bare Basic Unicorn is the first of its kind, and #n counts every copy of the kind, as the
    # references the engine writes do (each finds its own card again)
    from uurules.scenario import Scenario

    game = Scenario.from_text(
        "ruleset: unstable-unicorns\n"
        "players:\n"
        "  - {name: Ann, hand: [Neigh]}\n"
        "  - {name: Bob, hand: [Basic Unicorn (Red)], stable: [Basic Unicorn (Blue), Basic Unicorn (Blue)]}\n"
    ).play(auto=False)
    red, blue, blue2 = (*game.state.zones[("Bob", "hand")], *game.state.zones[("Bob", "stable")])
    assert game.find("Bob/Basic Unicorn (Blue)") == blue
    assert game.find("Bob/Basic Unicorn (Red)") == red
    assert game.find("Bob/Basic Unicorn") == red
    assert game.find("Bob/Basic Unicorn#2") == blue
    assert game.find("Bob/Basic Unicorn (Blue)#3") == blue2
    assert [game.find(game.ref(c)) for c in (red, blue, blue2)] == [red, blue, blue2]
