"""The publisher's rulings, kept as data beside the cards (``rulings:`` in ``cards/<game>.yaml``).

Each ruling names its source and the FAQ question (``tests/faq/``, answered by ``uurules ask``) or
scenario (``notebooks/scenarios/``) that shows it on a board. Checked here: every ``shown-by`` file
exists; ``ask`` answers every ruling's question as its file's ``expect:`` says (and the search was
complete); every ruling's scenario meets its ``expect:``; the card file refuses a ruling whose file
is missing, naming the line; and the open questions of issue #27 each have a ruling.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_ask_faq import KNOWN
from tests.test_scenarios import check
from uurules import InputError, Scenario, board_json
from uurules.ask import ask
from uurules.cards import CardDef, Ruling, book, card_to_data, parse_cards
from uurules.yamlio import load

ROOT = Path(__file__).resolve().parent.parent
GAME = "unstable-unicorns"
RULINGS: list[tuple[CardDef, int, Ruling]] = [
    (card, i, r) for card in book(GAME) for i, r in enumerate(card.rulings, 1)
]


def _id(card: CardDef, i: int) -> str:
    return f"{card.name}-{i}"


def _param(card: CardDef, i: int, r: Ruling) -> Any:
    reason = KNOWN.get(Path(r.shown_by).name)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(card, r, id=_id(card, i), marks=marks)


def test_the_base_game_has_rulings() -> None:
    assert len(RULINGS) >= 40
    assert len({card.name for card, _, _ in RULINGS}) >= 20


@pytest.mark.parametrize(("card", "ruling"), [_param(*x) for x in RULINGS])
def test_a_rulings_board_shows_it(card: CardDef, ruling: Ruling) -> None:
    path = ROOT / ruling.shown_by
    assert path.is_file(), f"{card.name}: {ruling.shown_by} does not exist"
    assert ruling.ruling and ruling.source
    scn = Scenario.from_file(path)
    expect = scn.doc.data.get("expect")
    assert isinstance(expect, dict), f"{ruling.shown_by} says what it expects"
    if ruling.is_question:
        found = ask(scn)
        assert found.complete, found.message
        if "where" in expect:
            assert found.where is not None
            got = {ref: sorted(p.zone for p in places) for ref, places in found.where.items()}
            assert got == {ref: sorted(zones) for ref, zones in expect["where"].items()}
        else:
            assert found.answer == expect["answer"], (found.answer, found.example)
        return
    if "error" in expect:
        with pytest.raises(InputError) as info:
            scn.play()
        assert expect["error"] in str(info.value)
        return
    check(expect, board_json(scn.play()))


def test_a_rulings_own_board_names_its_source() -> None:
    # the uu-ruling-* questions and ruling-* scenarios were written for their rulings: each says where
    # the ruling was published, in its description
    own = [(card, r) for card, _, r in RULINGS if Path(r.shown_by).name.startswith(("uu-ruling-", "ruling-"))]
    assert len(own) >= 40
    for card, r in own:
        described = " ".join(str(Scenario.from_file(ROOT / r.shown_by).doc.data["description"]).split())
        assert f"Source: {' '.join(r.source.split())}" in described, (card.name, r.shown_by)


def test_every_ruling_question_belongs_to_a_ruling() -> None:
    shown = {r.shown_by for _, _, r in RULINGS}
    for path in sorted((ROOT / "tests" / "faq").glob("uu-ruling-*.yaml")):
        assert f"tests/faq/{path.name}" in shown, f"{path.name} is no card's ruling"


OPEN_QUESTIONS = {
    # issue #27, item 3: each settled by a source or a stated reading, and tested
    "Reset Button": "uu-ruling-reset-button-1.yaml",
    "Mystical Vortex": "uu-ruling-mystical-vortex-1.yaml",
    "Baby Unicorn": "uu-ruling-baby-unicorn-1.yaml",
    "Blinding Light": "uu-ruling-blinding-light-1.yaml",
    "Pandamonium": "uu-ruling-pandamonium-1.yaml",
    "Nanny Cam": "uu-ruling-nanny-cam-1.yaml",
    "Greedy Flying Unicorn": "uu-57-deck-runs-out-wins.yaml",
    "Black Knight Unicorn": "uu-ruling-black-knight-unicorn-1.yaml",
    "Tiny Stable": "uu-ruling-tiny-stable-1.yaml",
    "Unicorn Swap": "uu-ruling-unicorn-swap-1.yaml",
    "Glitter Tornado": "ruling-glitter-tornado-empty-stable.yaml",
}


@pytest.mark.parametrize(("card", "file"), OPEN_QUESTIONS.items())
def test_each_open_question_is_settled_by_a_ruling(card: str, file: str) -> None:
    found = [r for r in book(GAME)[card].rulings if Path(r.shown_by).name == file]
    assert found, f"{card}: no ruling is shown by {file}"
    assert found[0].source


def test_pandas_are_cards_to_two_for_one_back_kick_and_glitter_tornado() -> None:
    shown = {Path(r.shown_by).name for r in book(GAME)["Pandamonium"].rulings}
    assert {f"uu-ruling-pandamonium-{n}.yaml" for n in (1, 2, 3)} <= shown


def test_a_card_keeps_its_rulings_when_written_back() -> None:
    card = book(GAME)["Pandamonium"]
    data = card_to_data(card)
    assert data["rulings"][2]["shown-by"] == "tests/faq/uu-ruling-pandamonium-1.yaml"
    assert "reading" in data["rulings"][2] and "reading" not in data["rulings"][0]
    assert "rulings" not in card.data  # description, not rules data


CARD_FILE = """\
game: unstable-unicorns
cards:
  - name: Sample
    type: Magic
    text: DESTROY a Unicorn card.
    rulings:
      - ruling: It destroys.
        source: Somewhere, a page
        shown-by: %s
"""


def _repository(tmp_path: Path) -> Path:
    (tmp_path / "tests" / "faq").mkdir(parents=True)
    (tmp_path / "notebooks" / "scenarios").mkdir(parents=True)
    (tmp_path / "cards").mkdir()
    (tmp_path / "tests" / "faq" / "there.yaml").write_text("ruleset: unstable-unicorns\n", encoding="utf-8")
    return tmp_path / "cards" / "sample.yaml"


def test_a_ruling_whose_file_is_missing_is_refused_naming_the_line(tmp_path: Path) -> None:
    path = _repository(tmp_path)
    ok = CARD_FILE % "tests/faq/there.yaml"
    assert parse_cards(load(ok, str(path)))["Sample"].rulings[0].shown_by == "tests/faq/there.yaml"
    with pytest.raises(InputError) as info:
        parse_cards(load(CARD_FILE % "tests/faq/missing.yaml", str(path)))
    assert f"{path}:9:" in str(info.value)
    assert "Sample: ruling 1 is shown by tests/faq/missing.yaml, which does not exist" in str(info.value)


def test_a_card_file_outside_its_repository_is_not_checked_for_files(tmp_path: Path) -> None:
    # a packaged card file (no tests/faq beside it) keeps its rulings as text
    card = parse_cards(load(CARD_FILE % "tests/faq/missing.yaml", str(tmp_path / "sample.yaml")))["Sample"]
    assert card.rulings[0].is_question


@pytest.mark.parametrize(
    ("shown_by", "said"),
    [
        ("README.md", "shown-by"),
        ("tests/faq/../../etc/passwd.yaml", "shown-by"),
        ("notebooks/scenarios/x.yml", "shown-by"),
    ],
)
def test_a_rulings_file_must_be_a_question_or_a_scenario(tmp_path: Path, shown_by: str, said: str) -> None:
    path = _repository(tmp_path)
    with pytest.raises(InputError) as info:
        parse_cards(load(CARD_FILE % shown_by, str(path)))
    assert f"{path}:9:" in str(info.value) and said in str(info.value)


def test_a_ruling_without_a_source_is_refused(tmp_path: Path) -> None:
    path = _repository(tmp_path)
    text = (CARD_FILE % "tests/faq/there.yaml").replace("        source: Somewhere, a page\n", "")
    with pytest.raises(InputError) as info:
        parse_cards(load(text, str(path)))
    assert "source" in str(info.value)
