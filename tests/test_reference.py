"""The card reference (uurules/widgets/reference.py) and the catalogue's search, without a browser:
driven by ``.value`` and ``.click()``, checked on what the engine and the catalogue hold."""

from __future__ import annotations

import html
import re

import pytest

from tests.conftest import SCENARIOS
from uurules.catalogue import TYPES, Catalogue
from uurules.scenario import Scenario, board_json
from uurules.widgets import Reference, Stager, Stepper, reference
from uurules.widgets.reference import before_after

CARDS = SCENARIOS / "cards"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue("unstable-unicorns", CARDS)


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
    assert [v for _, v in ref.kind.options] == ["", *TYPES]
    assert [label for label, _ in ref.kind.options][-1] == "Instant (2)"
    ref.kind.value = "Upgrade"
    assert shown(ref) == [e.card.name for e in catalogue if e.card.type == "Upgrade"] and len(shown(ref)) == 8
    assert all(label.endswith(" · Upgrade") for label, _ in ref.index.options)
    ref.search.value = "rainbow"
    assert shown(ref) == ["Rainbow Aura", "Rainbow Lasso"]
    ref.kind.value = ""
    assert shown(ref) == ["Baby Unicorn", "Rainbow Unicorn", "Rainbow Aura", "Rainbow Lasso"]  # Baby: (Rainbow)
    assert ref.shown == "Rainbow Aura"  # the card on show stays while the search keeps it
    index = catalogue.index()
    assert [k for k, _ in index.kinds] == list(TYPES)
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
