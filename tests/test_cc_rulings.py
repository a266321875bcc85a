"""Control & Chaos rulings and readings, kept as data beside the cards (issue #28).

The rulings the rules wiki keeps for Control & Chaos cards are ``rulings:`` entries (each shown by a
``tests/faq/cc-ruling-*.yaml`` question, which ``uurules ask`` answers: ``tests/test_rulings.py``
plays every ruling, ``tests/test_ask_faq.py`` every question). The questions CARDS-UU-CHCO.md leaves
open have no source: the card's ``reading:`` states the kit's reading, and a
``tests/faq/cc-reading-*.yaml`` question shows it on a board. Checked here: each ``cc-ruling-*``
question belongs to a ruling and names its source; each ``cc-reading-*`` question belongs to a card
whose reading it shows; and the engine's side of each, on state.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from uurules import Scenario
from uurules.ask import ask
from uurules.cards import book
from uurules.widgets.reference import reference

ROOT = Path(__file__).resolve().parent.parent
FAQ = ROOT / "tests" / "faq"
GAME = "unstable-unicorns"


def _shown(name: str) -> list[tuple[str, str]]:
    """(card, source) of every ruling shown by ``tests/faq/<name>``."""
    return [(card.name, r.source) for card in book(GAME) for r in card.rulings if Path(r.shown_by).name == name]


@pytest.mark.parametrize("path", sorted(FAQ.glob("cc-ruling-*.yaml")), ids=lambda p: p.stem)
def test_a_cc_ruling_question_belongs_to_a_ruling_and_names_its_source(path: Path) -> None:
    shown = _shown(path.name)
    assert shown, f"{path.name} is no card's ruling"
    described = " ".join(str(Scenario.from_file(path).doc.data["description"]).split())
    for card, source in shown:
        assert f"Source: {' '.join(source.split())}" in described, (card, path.name)


WIKI_RULINGS = {
    # CARDS-UU-CHCO.md, "Expansion rules": the rulings kept on the rules wiki (S3)
    "Dread Pirate Unicorn": [
        "cc-ruling-dread-pirate-unicorn-1.yaml",
        "cc-ruling-dread-pirate-unicorn-2.yaml",
        "cc-ruling-parallel-universicorn-1.yaml",
    ],
    "Game Master Unicorn": ["cc-ruling-game-master-unicorn-1.yaml"],
    "Unicornucopia": ["cc-ruling-unicornucopia-1.yaml"],
    "Unicorn Tax": ["cc-ruling-unicornucopia-1.yaml"],
    "Hypnocorn": ["cc-ruling-hypnocorn-1.yaml", "cc-ruling-hypnocorn-2.yaml"],
    "Parallel Universicorn": ["cc-ruling-parallel-universicorn-1.yaml"],
}


@pytest.mark.parametrize(("card", "files"), WIKI_RULINGS.items())
def test_each_wiki_ruling_is_a_ruling_of_its_card(card: str, files: list[str]) -> None:
    shown = {Path(r.shown_by).name: r for r in book(GAME)[card].rulings}
    for name in files:
        assert name in shown, f"{card}: no ruling is shown by {name}"
        assert shown[name].source.startswith("Unstable Games Wiki, 'UU - ")


def _board(name: str, *steps: object) -> Scenario:
    """The board of ``tests/faq/<name>``, with ``steps`` after its script (and no question)."""
    data = yaml.safe_load((FAQ / name).read_text(encoding="utf-8"))
    data["script"] = [*data["script"], *steps]
    for key in ("question", "expect"):
        data.pop(key, None)
    return Scenario.from_text(yaml.safe_dump(data, sort_keys=False), name)


@pytest.mark.rule("UU.CC.8")
def test_drawing_to_the_hand_limit_is_one_draw_for_unicorn_tax() -> None:
    # Unicornucopia draws Ann 4 cards: Unicorn Tax triggers once (one link, one discard)
    scn = _board("cc-ruling-unicornucopia-1.yaml", {"choose": "no"}, {"choose": "Ann/Rainbow Aura"})
    game = scn.play()
    s = game.state
    assert len(s.zone("Ann", "hand")) == 6
    assert [s.cards[c].name for c in s.zone(None, "discard")] == ["Rainbow Aura", "Unicornucopia"]
    assert s.pending is None
    taxed = [
        e
        for link in s.chain
        for e in link.effects
        if e.source is not None and s.cards[e.source].name == "Unicorn Tax" and e.verb == "discard"
    ]
    assert [e.status for e in taxed] == ["done"]


@pytest.mark.rule("UU.REPL.2")
@pytest.mark.rule("UU.HAND.1")
def test_the_end_of_turn_discard_is_checked_after_each_doubled_discard() -> None:
    found = ask(Scenario.from_file(FAQ / "cc-ruling-dread-pirate-unicorn-1.yaml"))
    assert found.answer == "yes" and found.complete
    scn = _board("cc-ruling-dread-pirate-unicorn-1.yaml", {"choose": "Ann/Slowdown"}, {"choose": "Ann/Rainbow Aura"})
    game = scn.play()
    assert game.state.active == "Bob" and len(game.state.zone("Ann", "hand")) == 7


@pytest.mark.rule("UU.CC.4")
@pytest.mark.rule("UU.CC.6")
def test_hypnocorn_stops_a_replacement_and_the_original_effect_happens() -> None:
    game = _board("cc-ruling-hypnocorn-1.yaml").play()
    s = game.state
    # Dread Pirate Unicorn's replacement waits on the pile, as a card effect of Ann's: Bob may answer it
    assert [s.cards[i.card].name for i in s.pile] == ["Dread Pirate Unicorn"]
    assert s.pile[0].player == "Ann" and s.pending is not None and s.pending.player == "Bob"
    game = _board("cc-ruling-hypnocorn-1.yaml", {"respond": {"player": "Bob", "card": "Hypnocorn"}}).play()
    s = game.state
    link = next(
        lk for lk in s.chain if any(e.source is not None and s.cards[e.source].name == "Good Deal" for e in lk.effects)
    )
    discards = [e for e in link.effects if e.verb == "discard" and e.player == "Ann"]
    original = [e for e in discards if e.replaces is None]
    assert [e.status for e in original] == ["waiting"]  # the original effect happens
    assert sorted(e.status for e in discards if e.replaces is not None) == ["cancelled", "cancelled"]
    assert s.zone("Bob", "hand") == () and "Basic Unicorn" in {s.cards[c].name for c in s.zone(None, "discard")}
    assert s.pending is not None and s.pending.player == "Ann" and len(s.zone("Ann", "hand")) == 4


@pytest.mark.rule("UU.CC.4")
def test_without_a_card_to_discard_hypnocorn_does_not_answer_a_replacement() -> None:
    data = yaml.safe_load((FAQ / "cc-ruling-hypnocorn-1.yaml").read_text(encoding="utf-8"))
    data["players"][1]["hand"] = []
    data.pop("question"), data.pop("expect")
    game = Scenario.from_text(yaml.safe_dump(data, sort_keys=False), "no-card.yaml").play()
    s = game.state
    assert s.pile == [] and s.pending is not None and s.pending.player == "Ann"
    link = s.chain[-1]
    assert [e.status for e in link.effects if e.verb == "discard"] == ["replaced", "waiting", "waiting"]


@pytest.mark.rule("UU.CC.6")
def test_a_replacement_is_a_new_effect_replaced_once_by_each_card() -> None:
    game = _board("cc-ruling-parallel-universicorn-1.yaml", {"choose": "yes"}, {"choose": "yes"}).play()
    s = game.state
    link = next(lk for lk in s.chain if any(e.verb == "discard" and e.replaces is None for e in lk.effects))
    dread = [
        e
        for e in link.effects
        if e.replaced_with is not None and s.cards[e.replaced_with].name == "Dread Pirate Unicorn"
    ]
    parallel = [
        e
        for e in link.effects
        if e.replaced_with is not None and s.cards[e.replaced_with].name == "Parallel Universicorn"
    ]
    assert len(dread) == 4 and all(e.status == "replaced" for e in dread)  # each discard once, into two
    assert len(parallel) == 4 and {e.replaces for e in parallel} == {e.id for e in dread}
    assert all(e.verb == "draw" and e.data.get("up-to-hand-limit") for e in parallel)


OPEN_QUESTIONS = {
    # CARDS-UU-CHCO.md leaves these open: no source settles them, the card's reading: does, shown on a board
    "Mutually Assured Destructicorn": ("cc-reading-mutually-assured-destructicorn-1.yaml", "its own player sacrifices"),
    "Slothicorn": ("cc-reading-slothicorn-1.yaml", "a Flyer's return to its hand"),
    "Academicorn": ("cc-reading-academicorn-1.yaml", "UU.CHAIN.3"),
    "Patient Zero Unicorn": ("cc-reading-patient-zero-unicorn-1.yaml", "name what the replaced one"),
    "Ancestor Unicorn": ("cc-reading-ancestor-unicorn-1.yaml", "may be the one sacrificed"),
    "Controlled Destruction": ("cc-reading-controlled-destruction-1.yaml", "a Flyer returns to its hand"),
    "Time Rift": ("cc-reading-time-rift-1.yaml", "returns to the Nursery"),
}


@pytest.mark.parametrize(("card", "shown"), OPEN_QUESTIONS.items())
def test_each_open_question_is_a_reading_shown_by_a_question(card: str, shown: tuple[str, str]) -> None:
    name, said = shown
    d = book(GAME)[card]
    assert said in " ".join(d.reading.split()), f"{card}: its reading: says {said!r}"
    assert not _shown(name), f"{name}: a kit reading is no ruling (no source)"
    scn = Scenario.from_file(FAQ / name)
    assert "this is the kit's reading" in " ".join(str(scn.doc.data["description"]).split())
    found = ask(scn)
    expect = scn.doc.data["expect"]
    assert found.complete
    if "where" in expect:
        assert found.where is not None
        got = {ref: sorted(p.zone for p in places) for ref, places in found.where.items()}
        assert got == {ref: sorted(zones) for ref, zones in expect["where"].items()}
    else:
        assert found.answer == expect["answer"]


def test_every_cc_reading_question_is_an_open_question() -> None:
    listed = {name for name, _ in OPEN_QUESTIONS.values()}
    assert {p.name for p in FAQ.glob("cc-reading-*.yaml")} == listed


@pytest.mark.rule("UU.CHAIN.3")
def test_academicorn_does_not_steal_back_the_upgrade_it_moved() -> None:
    game = _board("cc-reading-academicorn-1.yaml", {"choose": "yes"}).play()
    s = game.state
    assert [s.cards[c].name for c in s.zone("Bob", "stable")] == ["Basic Unicorn", "Rainbow Aura"]
    steal = [e for link in s.chain for e in link.effects if e.verb == "steal"]
    assert [e.status for e in steal] == ["disregarded"]


@pytest.mark.parametrize("card", sorted(WIKI_RULINGS))
def test_the_card_reference_plays_each_cc_ruling(card: str) -> None:
    # lesson 10's card reference: each ruling of a Control & Chaos card with its Play it, which loads its board
    ref = reference(GAME, "notebooks/scenarios/cards")
    ref.choose(card)
    n = len(book(GAME)[card].rulings)
    assert len(ref.ruling_buttons) == n and not any(b.disabled for b in ref.ruling_buttons)
    for i in range(1, n + 1):
        assert f"Ruling {i} on {card}:" in ref.play_ruling(i).title_view.value


BOB_USES_ANNS_PARALLEL = """\
ruleset: unstable-unicorns
players:
  - {name: Bob, hand: [Good Deal, Yay]}
  - {name: Ann, hand: [Basic Unicorn], stable: [Parallel Universicorn, Hypnocorn]}
deck: [Neigh, Slowdown, Rhinocorn, Rainbow Aura]
script:
  - play: {player: Bob, card: Good Deal}
  - choose: "yes"
"""


@pytest.mark.rule("UU.CC.4")
def test_an_optional_replacement_is_the_effect_of_the_player_who_uses_it() -> None:
    # Bob uses Ann's Parallel Universicorn for his own discard: Bob triggers it, so Ann's Hypnocorn may answer
    game = Scenario.from_text(BOB_USES_ANNS_PARALLEL, "parallel.yaml").play()
    s = game.state
    assert [(s.cards[i.card].name, i.player) for i in s.pile] == [("Parallel Universicorn", "Bob")]
    assert s.pending is not None and s.pending.player == "Ann"
    stopped = Scenario.from_text(
        BOB_USES_ANNS_PARALLEL + "  - respond: {player: Ann, card: Hypnocorn}\n  - choose: 'no'\n", "p.yaml"
    )
    s = stopped.play().state
    # Ann pays Hypnocorn's discard (and does not replace it with her own Parallel); Bob has not drawn
    assert s.zone("Ann", "hand") == () and len(s.zone("Bob", "hand")) == 4
    assert s.pending is not None and s.pending.player == "Bob" and "discard" in s.pending.question.lower()
