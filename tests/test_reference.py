"""The card reference (uurules/widgets/reference.py) and the catalogue's search, without a browser:
driven by ``.value`` and ``.click()``, checked on what the engine and the catalogue hold."""

from __future__ import annotations

import html
import re

import pytest

from tests.conftest import SCENARIOS
from uurules.catalogue import TYPES, Catalogue
from uurules.engine.errors import IllegalAction
from uurules.scenario import Scenario, board_json
from uurules.widgets import Reference, Stager, Stepper, reference
from uurules.widgets.reference import before_after

CARDS = SCENARIOS / "cards"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue("unstable-unicorns", CARDS, deck="white-box")  # the white box's cards: its counts below


def shown(ref: Reference) -> list[str]:
    return [name for _, name in ref.index.options]


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_search_finds_any_part_of_a_name_in_any_case(catalogue: Catalogue) -> None:
    ref = Reference(catalogue)
    assert shown(ref) == [e.card.name for e in catalogue]  # every card of the catalogue, in its order
    ref.search.value = "nArWhAl"
    assert shown(ref) == [
        "Baby Unicorn",  # printed as Baby Narwhal too
        "Basic Unicorn",  # printed as Narwhal too
        "Shabby the Narwhal",
        "Narwhal Torpedo",
        "Alluring Narwhal",
        "Classy Narwhal",
        "The Great Narwhal",
    ]
    assert ref.count.value == f"7 of {len(catalogue)} cards" and ref.shown == "Baby Unicorn"
    ref.search.value = "  corn p"  # the middle of a name; spaces at the ends do not count
    assert shown(ref) == ["Unicorn Phoenix", "Unicorn Poison"]
    ref.search.value = "baby unicorn (pur"  # a printed colour variant names its card
    assert shown(ref) == ["Baby Unicorn"]
    ref.search.value = "zebra"
    assert shown(ref) == [] and ref.shown is None
    none = f"0 of {len(catalogue)} cards: no name holds 'zebra'; search for a shorter part of it"
    assert text(ref.count.value) == none
    assert ref.play_button.disabled and ref.stage_button.disabled


def test_the_index_goes_by_type_and_the_search_within_it(catalogue: Catalogue) -> None:
    ref = Reference(catalogue)
    assert [v for _, v in ref.kind.options] == ["", *(t for t in TYPES if t != "Ultimate Unicorn")]
    assert [label for label, _ in ref.kind.options][-1] == "Instant (2)"
    ref.kind.value = "Upgrade"
    upgrades = [e for e in catalogue if e.card.type == "Upgrade"]
    assert shown(ref) == [e.card.name for e in upgrades]
    white_box = [e for e in upgrades if any(p.number.startswith("UU-Base-") for p in e.card.printed)]
    assert len(white_box) == 8  # the white box's (Control & Chaos's come after)
    assert all(label.endswith(" · Upgrade") for label, _ in ref.index.options)
    ref.search.value = "rainbow"
    assert shown(ref) == ["Rainbow Aura", "Rainbow Lasso"]
    ref.kind.value = ""
    assert shown(ref) == ["Baby Unicorn", "Rainbow Unicorn", "Rainbow Aura", "Rainbow Lasso"]  # Baby: (Rainbow)
    assert ref.shown == "Rainbow Aura"  # the card on show stays while the search keeps it
    index = catalogue.index()
    assert [k for k, _ in index.kinds] == [t for t in TYPES if t != "Ultimate Unicorn"]  # a C&C type
    assert repr(index).splitlines()[-1] == "Instant (2): Neigh, Super Neigh"
    assert index._repr_markdown_().splitlines()[:2] == ["| Type | Cards |", "|:--|:--|"]


def test_a_card_shows_its_text_and_a_before_after_picture_of_its_scenario(catalogue: Catalogue) -> None:
    ref = Reference(catalogue)
    ref.choose("STABBY")
    assert ref.shown == "Stabby the Unicorn"
    card = text(ref.card_view.value)
    assert catalogue.entry("Stabby the Unicorn").card.text in card
    assert "scenarios/cards/stabby-the-unicorn.yaml" in card
    pictures = ref.pictures.value
    assert pictures.count("<svg") == 2, "before and after"
    assert "Before: the staged board" in pictures and "After: what the scenario changed" in pictures
    assert "Step 0 · The staged board" in text(pictures) and "Step 2 · after 2 steps: what changed" in text(pictures)


@pytest.mark.rule("UU.STABLE.1")
def test_an_upgrade_or_a_downgrade_says_it_may_go_into_any_stable(catalogue: Catalogue) -> None:
    """Publisher's FAQ (quoted on the wiki's Upgrade and Downgrade pages): an Upgrade may go into another
    player's Stable, a Downgrade into your own; the reference says so for every card of those types."""
    ref = Reference(catalogue)
    for name, usually in (("Rainbow Aura", "usually your own"), ("Slowdown", "usually another player's")):
        ref.choose(name)
        assert f"Played into any player's Stable, {usually} (UU.STABLE.1)." in text(ref.card_view.value)
        assert usually in catalogue.entry(name).text() and usually in catalogue.entry(name).markdown()
    ref.choose("Unicorn Poison")
    assert "any player's Stable" not in text(ref.card_view.value)  # a Magic card goes nowhere
    kinds = {e.card.type for e in catalogue if e.goes}
    assert kinds == {"Upgrade", "Downgrade"}
    assert not any(e.goes for e in Catalogue("llamas-unleashed", CARDS))  # the ruling is Unstable Unicorns'


def test_before_after_spans_the_whole_scenario_and_names_a_refused_step() -> None:
    scn = Scenario.from_file(CARDS / "stabby-the-unicorn.yaml")
    ba = before_after(scn)
    assert ba.steps == 2 and ba.note == ""
    assert ba.before.number == 0 and ba.before.before is None
    end = scn.play()
    assert board_json(ba.after.live) == board_json(end)
    assert ba.after.previous is not None and ba.after.previous.state.zone("Ann", "stable") != []  # the staged board
    refused = before_after(Scenario.from_file(CARDS / "broken-stable.yaml"))
    assert refused.steps == 0
    assert refused.note.startswith("the engine refuses step 1 (play: Ann Yay): Ann cannot play Yay: Broken Stable")


def test_play_it_builds_one_stepper_on_demand() -> None:
    ref = reference("unstable-unicorns", CARDS)
    assert ref.stepper is None and ref.player_box.children == ()
    ref.choose("unicorn poison")
    assert ref.stepper is None, "choosing a card draws its pictures, not a stepper"
    ref.play_button.click()
    first = ref.stepper
    assert isinstance(first, Stepper) and ref.player_box.children == (first,)
    assert first.history.labels()[1] == "play: Ann Unicorn Poison" and first.position == 0
    ref.choose("Two-For-One")
    assert ref.player_box.children == (), "another card: its stepper waits for Play it"
    ref.play_button.click()
    assert ref.stepper is first and ref.player_box.children == (first,)  # one stepper, loaded again
    assert "Two-For-One" in first.history.labels()[1]
    first.step_button.click()
    assert first.position == 1


def test_a_cards_rulings_are_listed_each_with_a_play_it_button_for_its_board() -> None:
    ref = reference("unstable-unicorns", CARDS)
    ref.choose("Pandamonium")
    shown = "".join(w.value for row in ref.rulings_box.children[1:] for w in row.children if hasattr(w, "value"))
    assert ref.rulings_box.children[0].value == "<h4>Rulings (5)</h4>"
    assert "A Panda is still a card: Two-For-One" in shown and "The kit's reading:" in shown
    assert "tests/faq/uu-ruling-pandamonium-1.yaml" in shown and "Unstable Games, Unstable Unicorns rules page" in shown
    assert len(ref.ruling_buttons) == 5 and not any(b.disabled for b in ref.ruling_buttons)
    assert ref.stepper is None, "a ruling's stepper waits for its Play it"
    ref.ruling_buttons[2].click()  # ruling 3: Two-For-One destroys a Panda
    stepper = ref.stepper
    assert isinstance(stepper, Stepper) and ref.player_box.children == (stepper,)
    assert stepper.history.labels()[1] == "play: Ann Two-For-One"
    assert "Ruling 3 on Pandamonium" in stepper.title_view.value and "answer: yes" in stepper.title_view.value
    ref.play_button.click()  # the card's own scenario: the same stepper, loaded again
    assert ref.stepper is stepper and "Pandamonium" in stepper.title_view.value
    ref.choose("Glitter Tornado")
    ref.ruling_buttons[1].click()  # a scenario: the engine refuses its play, and the stepper says so
    assert ref.stepper is stepper and "Ruling 2 on Glitter Tornado" in stepper.title_view.value
    ref.choose("Good Deal")
    assert ref.rulings_box.children == () and ref.ruling_buttons == []


def test_a_ruling_that_is_not_there_is_refused_with_the_ones_that_are() -> None:
    ref = reference("unstable-unicorns", CARDS)
    ref.choose("Reset Button")
    ref.play_ruling(1)
    with pytest.raises(IllegalAction, match="Reset Button has no ruling 2"):
        ref.play_ruling(2)
    ref.choose("Good Deal")
    with pytest.raises(IllegalAction, match="Good Deal has no ruling 1"):
        ref.play_ruling(1)


def test_any_card_can_be_put_on_a_board_in_the_stager() -> None:
    ref = reference("unstable-unicorns", CARDS)
    assert ref.stager is None
    ref.choose("unicorn poi")
    ref.stage_button.click()
    stager = ref.stager
    assert isinstance(stager, Stager) and stager in ref.stager_box.children
    assert stager.cards_in(("Ann", "hand")) == ["Unicorn Poison"]
    assert ref.feedback.message == "Unicorn Poison is on the board below, in Ann's hand"
    stager.zone.value = ("Bob", "stable")  # the next card goes where the stager's zone says
    ref.choose("Rhinocorn")
    ref.stage_button.click()
    assert ref.stager is stager and stager.cards_in(("Bob", "stable")) == ["Rhinocorn"]
    stager.act_card.value = "Ann/Unicorn Poison"
    stager.play_button.click()
    assert board_json(stager.game)["players"]["Bob"]["stable"] == []  # the engine played it


def test_choosing_a_name_several_cards_hold_or_none_is_refused_with_the_names(catalogue: Catalogue) -> None:
    ref = Reference(catalogue)
    assert not ref.feedback.run(ref.choose, "corn p")
    assert ref.feedback.message == "'corn p' names 2 cards. Accepted: Unicorn Phoenix, Unicorn Poison"
    assert not ref.feedback.run(ref.choose, "zebra")
    assert ref.feedback.message == "no card's name holds 'zebra'. Accepted: any part of a card's name"
    ref.choose("neigh")  # a whole name wins over the longer names that hold it
    assert ref.shown == "Neigh"


def test_the_text_repr_is_short_and_deterministic(catalogue: Catalogue) -> None:
    ref = Reference(catalogue)
    n = len(catalogue)
    assert repr(ref) == f"<Reference: {n} cards of Unstable Unicorns, {n} in the index; showing Baby Unicorn>"


def _every_card_scenario() -> list[tuple[str, str]]:
    """(game, card) for every card of every card file whose scenario is written."""
    from pathlib import Path

    out = []
    for path in sorted(Path("cards").glob("*.yaml")):
        cat = Catalogue(path.stem, CARDS)
        out += [(path.stem, e.card.name) for e in cat.entries if e.scenario.is_file()]
    return out


EVERY_CARD_SCENARIO = _every_card_scenario()


def test_every_card_with_a_scenario_is_checked() -> None:
    assert len(EVERY_CARD_SCENARIO) >= 60 and len(set(EVERY_CARD_SCENARIO)) == len(EVERY_CARD_SCENARIO)


@pytest.mark.parametrize(("game", "card"), EVERY_CARD_SCENARIO)
def test_before_is_the_staged_board_and_after_the_resolved_one(game: str, card: str) -> None:
    """The reference's "Before" is the scenario's staged board (not its end, as it once was for
    every card: the before step read the history's game, which then played on), "After" the board
    its script and answers leave: on the state and on the pictures' DOT source."""
    from uurules import render
    from uurules.timeline import STAGED_WORDS
    from uurules.widgets.stepper import STAGED, History, StepView

    entry = Catalogue(game, CARDS).entry(card)
    scn = Scenario.from_file(entry.scenario)
    ba = before_after(scn)
    staged = scn.stage()
    staged.start()
    assert ba.before.state == staged.state and ba.before.live.state == staged.state
    assert board_json(ba.before.live) == board_json(staged)
    fresh = StepView(0, STAGED, staged.state, tuple(staged.events), None, staged, STAGED_WORDS)
    assert render.step(ba.before).source == render.step(fresh).source
    end = History.from_scenario(scn)
    end.goto(ba.steps)
    assert ba.after.state == end.game.state and board_json(ba.after.live) == board_json(end.game)
    if ba.steps:
        assert ba.after.previous.state == staged.state
        changed = render.step(ba.after).source
        assert changed != render.step(ba.before).source or ba.before.state == ba.after.state
