"""The interaction core shared by the four games (uurules/rulesets/base.py).

One registration per game from which every list of games derives; one ``apply()`` that sends an
action to the hook its type is registered for and refuses the others the same way in every game;
decision kinds as an enum with one ``answer()``; one response-window policy for the last-in-
first-out structure, in the pile setting (Unstable Unicorns, Llamas Unleashed) and the stack
setting (Eve of Midnight).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import ROOT, board
from tests.rulesets_helpers import refused
from uurules.cli import build_parser
from uurules.engine.actions import Activate, Attack, Choose, DrawAction, Pass, Play, Resolve, Respond, Response
from uurules.engine.game import Game
from uurules.rules import game_of, rules
from uurules.rulesets import RULESETS, games, languages, make, prefixes
from uurules.rulesets.base import GAMES, PILE, STACK, DecisionKind, GameEnd, InstantPile, Ruleset, Stack
from uurules.schemas import card_file_schema, scenario_schema

BOARDS = {
    "unstable-unicorns": "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Unicorn Poison]}\n"
    "  - {name: Bob, hand: [Neigh], stable: [Basic Unicorn]}\n",
    "llamas-unleashed": "ruleset: llamas-unleashed\nplayers:\n  - {name: Ann, hand: [Basic Llama]}\n"
    "  - {name: Bob, hand: [Neigh]}\n",
    "eve-of-midnight": "ruleset: eve-of-midnight\nplayers:\n  - {name: Ann, resources: 3}\n  - {name: Bob}\n",
    "berserk": "ruleset: berserk\nplayers:\n  - {name: Ann}\n  - {name: Bob}\n",
}


def stage(name: str) -> Game:
    game = board(BOARDS[name]).stage()
    game.start()
    return game


def test_each_game_registers_once_and_every_list_of_games_derives_from_that() -> None:
    assert RULESETS == ("unstable-unicorns", "llamas-unleashed", "eve-of-midnight", "berserk")
    assert set(GAMES) == set(RULESETS) == set(BOARDS)
    assert [c.name for c in games()] == list(RULESETS)
    # the schemas' enums
    assert card_file_schema()["properties"]["game"]["enum"] == list(RULESETS)
    assert scenario_schema()["properties"]["ruleset"]["enum"] == list(RULESETS)
    # the rule IDs' prefixes
    assert prefixes() == {
        "UU": "unstable-unicorns",
        "LU": "llamas-unleashed",
        "EOM": "eve-of-midnight",
        "BK": "berserk",
    }
    assert {game_of(r) for r in rules()} == set(RULESETS)
    # the CLI's languages (``run`` adds its --lang when it is used: here, when its help is formatted)
    run = build_parser()._subparsers._group_actions[0].choices["run"]  # type: ignore[union-attr]
    assert "--lang {en,ru}" in run.format_help()
    lang = next(a for a in run._actions if a.dest == "lang")
    assert tuple(lang.choices) == languages() == ("en", "ru")
    # the stager's menu
    from uurules.widgets import stager

    assert stager.RULESETS is RULESETS


def test_every_game_says_how_it_ends_in_one_place_with_its_source_and_the_readme_says_it() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for cls in games():
        end = cls.end
        assert isinstance(end, GameEnd) and end.says and end.source and end.reading and end.ended, cls.name
        # the rule's ID is the game's own, or the game it plays as (Llamas Unleashed: Unstable Unicorns')
        assert end.rule.split(".")[0] in {c.rule_prefix for c in cls.__mro__ if getattr(c, "rule_prefix", "")}
        assert end.rule in readme, f"the README does not say how {cls.title} ends"
        assert all(f'"{word}"' in readme for word in end.ended), end.ended
    assert [cls.end.rule for cls in games()] == ["UU.END.1", "UU.END.1", "EOM.END.1", "BK.END.1"]


def test_a_game_that_does_not_say_how_it_ends_is_not_registered() -> None:
    with pytest.raises(TypeError, match="the game 'endless' does not say how it ends"):

        class Endless(Ruleset, game="endless"):  # defining it is the test
            def advance(self, game: Game) -> None: ...

            def free_actions(self, game: Game) -> list[Any]:
                return []

    assert "endless" not in GAMES


def test_a_second_registration_of_a_game_is_refused() -> None:
    from uurules.rulesets.base import Ruleset

    with pytest.raises(ValueError, match="two rulesets register the game 'berserk'"):

        class Impostor(Ruleset, game="berserk"):  # defining it is the test
            def advance(self, game: Game) -> None: ...

            def free_actions(self, game: Game) -> list[Any]:
                return []

    assert GAMES["berserk"].__name__ == "Berserk"


@pytest.mark.parametrize(
    ("name", "action", "verb"),
    [
        ("unstable-unicorns", Activate("Ann", "Ann/Unicorn Poison"), "activate"),
        ("unstable-unicorns", Attack("Ann", "Ann/Unicorn Poison", "Bob/Basic Unicorn"), "attack"),
        ("llamas-unleashed", Attack("Ann", "Ann/Basic Llama", "Bob/Neigh"), "attack"),
        ("eve-of-midnight", DrawAction("Ann"), "draw"),
        ("eve-of-midnight", Attack("Ann", "a", "b"), "attack"),
        ("berserk", Play("Ann", "x"), "play"),
        ("berserk", Respond((Response("Bob", "x"),)), "respond"),
        ("berserk", Pass("Bob"), "pass"),
        ("berserk", DrawAction("Ann"), "draw"),
    ],
)
def test_an_action_a_game_does_not_have_is_refused_the_same_way_everywhere(name: str, action: Any, verb: str) -> None:
    game = stage(name)
    cls = type(game.ruleset)
    message = refused(game, action, f"{cls.title} has no {verb}. Accepted: ")
    assert message.endswith(", ".join(cls.action_names()))
    assert verb not in cls.action_names()


def test_what_each_game_accepts() -> None:
    names = {n: make(n).action_names() for n in RULESETS}
    assert names["unstable-unicorns"] == names["llamas-unleashed"]
    assert set(names["unstable-unicorns"]) == {
        "begin-turn",
        "end-turn",
        "draw",
        "play",
        "respond",
        "pass",
        "choose",
        "resolve",
    }
    assert set(names["eve-of-midnight"]) == {
        "begin-turn",
        "end-turn",
        "play",
        "respond",
        "pass",
        "choose",
        "resolve",
        "activate",
    }
    assert set(names["berserk"]) == {"begin-turn", "end-turn", "choose", "resolve", "activate", "attack"}
    # resolve: all is accepted everywhere (CONTRACT.md): where nothing waits to resolve it changes nothing
    refused(stage("berserk"), Resolve(1), "nothing waits to resolve")


def test_decisions_have_a_kind_from_one_enum_and_one_answer() -> None:
    game = stage("unstable-unicorns")
    game.push(Play("Ann", "Unicorn Poison"))
    d = game.pending
    assert d is not None and d.kind is DecisionKind.RESPOND and d.is_response_window
    assert json.dumps(d.kind) == '"respond"' and d.kind == "respond"  # plain data: the state stays serialisable
    refused(game, Choose("maybe"), "'maybe' is not an answer to Bob's question", "Accepted: 'pass', 'Neigh'")
    game.push(Choose("pass"))  # a response window's answer goes to the policy, as pass: Bob would
    assert [e.type for e in game.events if e.type in ("pass", "destroy")] == ["pass", "destroy"]
    assert game.pending is None and game.state.zone("Bob", "stable") == ()
    # every kind a ruleset asks has its hook
    for name in RULESETS:
        hooks = set(type(make(name))._answer_hooks)
        assert hooks <= set(DecisionKind)
    assert set(type(make("unstable-unicorns"))._answer_hooks) == {
        DecisionKind.EFFECT,
        DecisionKind.FORM,
        DecisionKind.REPLACE,
        DecisionKind.HAND_LIMIT,
        DecisionKind.STABLE,
    }
    assert set(type(make("eve-of-midnight"))._answer_hooks) == {DecisionKind.OPTIONAL, DecisionKind.TARGET}


def test_a_game_without_decisions_answers_nothing() -> None:
    refused(stage("berserk"), Choose("yes"), "no decision is pending; 'yes' answers nothing")


def test_one_response_window_policy_in_two_settings() -> None:
    uu, lu, eom, bk = (type(make(n)) for n in RULESETS)
    assert uu.windows is lu.windows is PILE and isinstance(PILE, InstantPile)
    assert eom.windows is STACK and isinstance(STACK, Stack)
    assert bk.windows is None  # Berserk has no pile: pass, respond and resolve are not its actions
    assert (uu.structure, lu.structure, eom.structure) == ("pile", "pile", "stack")
    # the same shape of answers, two settings: a pile reopens a window on each new top card
    # (LU.PILE.4); a stack, once all pass, resolves whole (EOM.STACK.1)
    assert PILE.title == "THE INSTANT PILE" and STACK.title == "THE STACK"
