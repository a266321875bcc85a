"""The stepper and the ``uurules html`` page in a real browser (Debian's chromium, Playwright).

JupyterLab is started inside the test on 127.0.0.1 (no token) over a temporary copy of
``tests/browser/stepper.ipynb``; the test runs all cells, clicks Step and a decision button,
and checks the diagram and the log in the page. Screenshots go to ``tests/browser/out/``.
Without chromium these tests skip, except under CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import (
    ALL_DONE,
    LOADED,
    MEASURE,
    MIN_TEXT,
    OUT,
    chromium_missing,
    jupyter,
    lab_run_all,
    launch,
    misfits,
)
from tests.conftest import ROOT, SCENARIOS
from uurules.catalogue import Catalogue
from uurules.cli import main

pytestmark = pytest.mark.browser
SEED = SCENARIOS / "seed-001-gameplay.yaml"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    why = chromium_missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser tests must run under CI: {why}")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()


def test_stepper_in_jupyterlab_steps_and_answers(page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    shutil.copy(ROOT / "tests" / "browser" / "stepper.ipynb", tmp_path / "stepper.ipynb")
    shutil.copy(SEED, tmp_path / SEED.name)
    with jupyter("lab", tmp_path, "stepper.ipynb") as url:
        lab_run_all(page, url)
        diagram = page.locator(".uurules-diagram svg")
        expect(diagram).to_be_visible(timeout=60_000)
        # the learner brings the stepper to the top once; from then on no step needs a scroll
        page.locator(".uurules-stepper").evaluate("e => e.scrollIntoView({block: 'start'})")
        expect(diagram).to_contain_text("THE BOARD")
        status = page.locator(".uurules-status")
        expect(status).to_contain_text("Step 0 of 7")
        page.locator(".uurules-step").click()
        expect(status).to_contain_text("Step 1 of 7 · Ann: Beginning of Turn")  # the words beside the picture
        expect(diagram).to_contain_text("Link 1")
        # one screen: the words, the picture and the controls in the viewport, the controls beside the picture
        got = page.evaluate(
            ONE_SCREEN, {"words": ".uurules-status", "picture": ".uurules-diagram svg", "controls": ".uurules-controls"}
        )
        for name in ("words", "picture", "controls"):
            assert inside(got[name], got["viewport"]), (name, got)
        assert got["controls"]["right"] <= got["picture"]["left"], got
        expect(page.locator(".uurules-question")).to_contain_text("use Controlled Chaos?")
        options = page.locator(".uurules-option")
        expect(options).to_have_text(["yes", "no"])
        options.filter(has_text="yes").click()
        log = page.locator(".uurules-log")
        expect(log.locator(".uurules-current")).to_contain_text("2. Ann uses Controlled Chaos")
        expect(log.locator(".uurules-current")).to_contain_text('THE EFFECT CHAIN; "Discard a card","Discard a card"')
        # the log's column: the step's words above its notation, each the column's width (not a word a line)
        pair = log.locator(".uurules-current .uurules-log-pair")
        words, notation = (pair.locator(c).bounding_box() for c in (".uurules-log-words", ".uurules-log-notation"))
        column = page.locator(".uurules-side").bounding_box()
        assert words["width"] >= 0.8 * column["width"] and notation["y"] >= words["y"] + words["height"] - 1, (
            words,
            notation,
            column,
        )
        expect(status).to_contain_text("Step 2 of 7")
        page.locator(".uurules-back").click()
        expect(status).to_contain_text("Step 1 of 7")
        expect(log).not_to_contain_text("Ann uses Controlled Chaos")
        page.locator(".uurules-step").click()
        expect(log.locator(".uurules-current")).to_contain_text("2. Ann uses Controlled Chaos")
        texts = []
        for n in range(3, 7):  # the widest steps of the seed's gameplay: every one on the screen, readable
            page.locator(".uurules-step").click()
            expect(status).to_contain_text(f"Step {n} of 7")
            got = page.evaluate(
                ONE_SCREEN,
                {"words": ".uurules-status", "picture": ".uurules-diagram svg", "controls": ".uurules-controls"},
            )
            for name in ("words", "picture", "controls"):
                assert inside(got[name], got["viewport"]), (n, name, got)
            texts.append((n, round(got["text"], 1)))
        OUT.mkdir(parents=True, exist_ok=True)
        page.locator(".uurules-stepper").screenshot(path=str(OUT / "stepper-lab.png"))
        assert page.locator(".uurules-error").inner_text().strip() == ""
        # the chain one or two columns wide (a replaced effect inside the box of what replaced it), the
        # board beside it: in Lab with the file browser open, the smallest words show at 11 px or more
        assert all(px >= MIN_TEXT for _, px in texts), texts


def test_html_page_steps_without_a_kernel_or_network(page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    out = tmp_path / "page.html"
    assert main(["html", str(SEED), "-o", str(out)]) == 0
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(out.as_uri())
    status = page.locator("#uurules-status")
    expect(status).to_have_text("Step 0 of 7 · The staged board")
    shown = page.locator(".uurules-page-step:visible")
    expect(shown).to_have_count(1)
    expect(shown.locator("h2")).to_contain_text("Step 0 · The staged board")
    page.locator(".uurules-step").click()
    page.locator(".uurules-step").click()
    expect(status).to_have_text("Step 2 of 7 · Ann uses Controlled Chaos")
    expect(shown).to_have_count(1)
    expect(shown.locator("h2")).to_contain_text("Step 2 · Ann uses Controlled Chaos")
    expect(shown.locator(".uurules-question")).to_contain_text("use Parallel Universicorn")
    current = page.locator(".uurules-log-step.uurules-current")
    expect(current).to_contain_text("2. Ann uses Controlled Chaos")
    expect(current.locator(".uurules-marker").first).to_have_text("▶")
    expect(page.locator(".uurules-log-step:visible")).to_have_count(3)
    page.locator(".uurules-last").click()
    expect(status).to_have_text("Step 7 of 7 · Ann searches the deck for Mermaid Unicorn; Ann shuffles the deck")
    for n in range(8):  # every step's picture within the page (one screen: see the test after this one)
        page.locator("#uurules-slider").fill(str(n))
        expect(status).to_contain_text(f"Step {n} of 7")
        shown = page.evaluate(MEASURE, ".uurules-page-step svg")
        assert len(shown) == 1 and shown[0]["right"] <= shown[0]["roomRight"] + 1, (n, shown)
    expect(page.locator(".uurules-step")).to_be_disabled()
    page.locator(".uurules-back").click()
    expect(status).to_contain_text("Step 6 of 7")
    page.locator("#uurules-slider").fill("3")
    expect(status).to_have_text("Step 3 of 7 · Parallel Universicorn replaces 4 effects; Ann draws Yay")
    page.locator(".uurules-first").click()
    expect(status).to_contain_text("Step 0 of 7")
    expect(page.locator(".uurules-back")).to_be_disabled()
    page.keyboard.press("ArrowRight")
    expect(status).to_have_text("Step 1 of 7 · Ann: Beginning of Turn; Ann's Controlled Chaos triggers")
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / "page.png"))
    assert fetched == [out.as_uri()]  # the page alone: nothing else is loaded


def test_explorer_under_voila_runs_stops_and_replays_an_outcome(page: Any, tmp_path: Path) -> None:
    """Run walks in the background: the page keeps answering, Stop is heard, an outcome replays."""
    from playwright.sync_api import expect

    shutil.copy(ROOT / "tests" / "browser" / "explorer.ipynb", tmp_path / "explorer.ipynb")
    shutil.copy(ROOT / "notebooks" / "scenarios" / "faq-three-players-hold-neighs.yaml", tmp_path / "three-neighs.yaml")
    with jupyter("voila", tmp_path, "explorer.ipynb") as url:
        page.goto(url)
        run = page.locator(".uurules-explore-run")
        expect(run).to_be_enabled(timeout=60_000)
        run.click()
        counts = page.locator(".uurules-explore-counts")
        expect(counts).to_contain_text(re.compile(r"^\d{1,3},\d{3} decision nodes"), timeout=60_000)
        page.locator(".uurules-explore-stop").click()
        summary = page.locator(".uurules-explore-summary")
        expect(summary).to_contain_text("stopped with the Stop button after", timeout=30_000)
        expect(summary).to_contain_text("(cut short)")
        tree = page.locator(".uurules-explore-tree svg")
        expect(tree).to_be_visible()
        expect(tree).to_contain_text("Outcome 1")  # the page that shows the outcome picked first
        expect(page.locator(".uurules-explore-page")).to_contain_text(re.compile(r"page \d+ of \d+"))
        for _ in range(3):  # a page of the tree at a time: each fits, its text readable
            shown = page.evaluate(MEASURE, ".uurules-explore-tree svg")
            assert len(shown) == 1 and not misfits(shown), shown
            page.locator(".uurules-explore-next").click()
        choice = page.locator(".uurules-explore-choice select")
        choice.select_option(index=2)
        expect(page.locator(".uurules-explore-details")).to_contain_text("Outcome 3")
        expect(page.locator(".uurules-stepper .uurules-title, .uurules-stepper h3").first).to_contain_text("Outcome 3")
        expect(page.locator(".uurules-stepper .uurules-diagram svg")).to_be_visible()
        expect(page.locator(".uurules-stepper .uurules-log")).to_contain_text("choose: Bob/Rhinocorn")
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "explorer-voila.png"), full_page=True)
        assert page.locator(".uurules-explorer > .uurules-error").first.inner_text().strip() == ""


def test_explorers_question_form_under_voila_answers_draws_and_replays(page: Any, tmp_path: Path) -> None:
    """Ask on the explorer's board: the answer in words, the strategy's pages that fit, the example
    replayed in the form's stepper; then a where: question as a table, each place replayed."""
    from playwright.sync_api import expect

    shutil.copy(ROOT / "tests" / "browser" / "explorer.ipynb", tmp_path / "explorer.ipynb")
    shutil.copy(ROOT / "notebooks" / "scenarios" / "faq-three-players-hold-neighs.yaml", tmp_path / "three-neighs.yaml")
    with jupyter("voila", tmp_path, "explorer.ipynb") as url:
        page.goto(url)
        ask = page.locator(".uurules-ask-run")
        expect(ask).to_be_enabled(timeout=60_000)
        expect(page.locator(".uurules-ask-card select")).to_have_value("Bob/Basic Unicorn")
        ask.click()
        answer = page.locator(".uurules-ask-answer")
        expect(answer).to_contain_text(
            "Yes. Bob can make sure that Bob's Basic Unicorn is in Bob's Stable", timeout=60_000
        )
        expect(page.locator(".uurules-ask-question")).to_contain_text("Can Bob make sure that")
        expect(page.locator(".uurules-ask-status")).to_contain_text("decision nodes searched")
        strategy = answer.locator("svg")
        expect(strategy.first).to_be_visible()
        shown = page.evaluate(MEASURE, ".uurules-ask-answer svg")
        assert len(shown) == strategy.count() >= 1 and not misfits(shown), shown  # every page fits
        replay = page.locator(".uurules-question-form .uurules-stepper .uurules-log")
        expect(replay).to_contain_text("respond: Bob Super Neigh")
        goal = page.locator(".uurules-ask-goal select")
        expect(goal.locator("option").last).to_have_text("where can it end up?")
        goal.select_option(index=goal.locator("option").count() - 1)
        ask.click()
        expect(answer.locator("table")).to_be_visible(timeout=60_000)
        expect(answer.locator("table")).to_contain_text("Bob's Stable")
        places = page.locator(".uurules-ask-place select")
        expect(places).to_be_visible()
        places.select_option(index=1)
        expect(replay).to_contain_text("pass: all")  # the line that takes the Unicorn to the discard pile
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "question-form-voila.png"), full_page=True)
        assert page.locator(".uurules-question-form > .uurules-error").first.inner_text().strip() == ""


LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture(scope="module")
def lessons_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab over a copy of notebooks/ (Lab writes outputs back), for all the lessons."""
    folder = tmp_path_factory.mktemp("lessons")
    shutil.copytree(ROOT / "notebooks", folder, dirs_exist_ok=True)
    with jupyter("lab", folder, LESSONS[0]) as url:
        yield url.rsplit("/lab/tree/", 1)[0]


@pytest.mark.parametrize("name", LESSONS)
def test_every_picture_of_a_lesson_fits_1000_px_with_readable_text(browser: Any, lessons_lab: str, name: str) -> None:
    """As a new learner sees it: JupyterLab at 1400 x 900 with the file browser open, Run All."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    try:
        lab_run_all(page, f"{lessons_lab}/lab/tree/{name}?reset", clear=True)
        page.wait_for_function(ALL_DONE, timeout=120_000, polling=250)
        if name.startswith("09"):  # the explorer widget's tree appears when it has run
            page.locator(".uurules-explore-run").first.click()
            page.locator(".uurules-explore-tree svg").first.wait_for(timeout=60_000)
        shown = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img[src^='data:image/svg']"
        page.wait_for_function(LOADED, arg=shown, timeout=60_000, polling=250)
        pictures = page.evaluate(MEASURE, shown)
        widgets = page.evaluate(MEASURE, ".uurules-diagram svg, .uurules-explore-tree svg")
        stored = [
            o
            for c in json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
            for o in c.get("outputs", [])
            if "image/svg+xml" in o.get("data", {})
        ]
        assert len(pictures) >= len(stored) > 0, f"{name}: {len(pictures)} pictures shown, {len(stored)} stored"
        assert widgets, f"{name}: no stepper picture shown"
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / f"lesson-{name[:2]}.png"))
        assert not misfits(pictures + widgets), f"{name}: {misfits(pictures + widgets)}"
    finally:
        context.close()


def test_stager_matches_any_case_and_unique_starts_and_shows_only_its_controls(page: Any, tmp_path: Path) -> None:
    """Typed as a learner types: a start several cards share adds nothing and shows them; a start one
    card has, in any case, adds that card."""
    from playwright.sync_api import expect

    shutil.copy(ROOT / "tests" / "browser" / "stager.ipynb", tmp_path / "stager.ipynb")
    with jupyter("voila", tmp_path, "stager.ipynb") as url:
        page.goto(url)
        picker = page.locator(".uurules-card-picker input")
        expect(picker).to_be_visible(timeout=60_000)
        cards = page.locator(".uurules-zone-cards select option")
        picker.fill("Neigh")
        page.locator(".uurules-add").click()
        expect(cards).to_have_text(["1. Neigh"])
        picker.fill("unicorn p")
        page.locator(".uurules-add").click()
        feedback = page.locator(".uurules-stager > .uurules-error").first
        expect(feedback).to_contain_text("'unicorn p' starts the names of 3 cards: nothing was added")
        expect(feedback).to_contain_text("Unicorn Phoenix, Unicorn Poison")
        expect(cards).to_have_text(["1. Neigh"])
        picker.fill("unicorn poi")
        page.locator(".uurules-add").click()
        expect(cards).to_have_text(["1. Neigh", "2. Unicorn Poison"])
        expect(feedback).to_contain_text("added Unicorn Poison")
        # the Act tab: no Activate, Attack or hit for Unstable Unicorns
        page.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text="Act").first.click()
        expect(page.locator(".uurules-play-card")).to_be_visible()
        expect(page.locator(".uurules-activate")).to_be_hidden()
        expect(page.locator(".uurules-attack")).to_be_hidden()
        expect(page.locator(".uurules-hit")).to_be_hidden()
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "stager-voila.png"), full_page=True)


def test_jupyterlab_opens_a_lessons_markdown_as_a_notebook_and_saves_the_pair(page: Any, tmp_path: Path) -> None:
    """A teacher double-clicks NN-name.md: Lab shows the lesson's cells (jupytext); saving writes both files."""
    import jupytext
    from playwright.sync_api import expect

    shutil.copytree(ROOT / "notebooks", tmp_path, dirs_exist_ok=True)
    name = "04-replacement-effects"
    with jupyter("lab", tmp_path, f"{name}.md") as url:
        page.goto(url + "?reset")
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
        expect(panel.locator(".jp-Cell").first).to_be_visible(timeout=60_000)
        expect(panel.locator(".jp-MarkdownCell").first).to_contain_text("4. Replacement effects and the hand limit")
        cells = len(jupytext.read(tmp_path / f"{name}.md").cells)
        expect(panel.locator(".jp-Cell")).to_have_count(cells)
        before = (tmp_path / f"{name}.ipynb").stat().st_mtime_ns
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(
            "() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000, polling=100
        )
        expect(panel).to_be_visible()
        for _ in range(100):  # the pair is written by the server as it saves
            if (tmp_path / f"{name}.ipynb").stat().st_mtime_ns != before:
                break
            page.wait_for_timeout(100)
        assert (tmp_path / f"{name}.ipynb").stat().st_mtime_ns != before, "saving the .md wrote its .ipynb too"


def test_lesson_0_runs_in_lab_shows_its_pictures_and_plays_a_game(page: Any, tmp_path: Path) -> None:
    """Lesson 0 as a newcomer meets it: Run All in Lab, its pictures, then the game against the
    computer player: a legal action changes the board, a refused card shows its rule, the
    computer's move comes with its sentence."""
    from playwright.sync_api import expect

    shutil.copytree(ROOT / "notebooks", tmp_path, dirs_exist_ok=True)
    name = "00-how-to-play.ipynb"
    with jupyter("lab", tmp_path, name) as url:
        lab_run_all(page, url, clear=True)
        page.wait_for_function(ALL_DONE, timeout=120_000, polling=250)
        shown = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img[src^='data:image/svg']"
        page.wait_for_function(LOADED, arg=shown, timeout=60_000, polling=250)
        stored = [
            o
            for c in json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
            for o in c.get("outputs", [])
            if "image/svg+xml" in o.get("data", {})
        ]
        assert len(page.evaluate(MEASURE, shown)) >= len(stored) >= 5
        expect(page.locator(".uurules-stepper .uurules-diagram svg")).to_be_visible(timeout=60_000)
        game = page.locator(".uurules-game")
        expect(game.locator(".uurules-play-status")).to_contain_text("Your move", timeout=60_000)
        # the step is said beside its picture (not in it); Cat's hand and the deck are face down
        expect(game.locator(".uurules-step-text")).to_contain_text("Ann: Beginning of Turn")  # the step in words
        expect(game.locator(".uurules-diagram svg")).to_contain_text("face down")
        hand = game.locator(".uurules-hand-card")
        cards = hand.count()
        # a refusal: a Neigh is no card to play in one's own Action phase
        hand.filter(has_text="Neigh").first.click()
        refusal = game.locator(".uurules-refusal")
        expect(refusal).to_contain_text("Neigh is an Instant")
        expect(refusal).to_contain_text("Rule LU.INST.1")
        expect(hand).to_have_count(cards)
        # a legal action: the board changes, and the picture shows the new step
        game.locator(".uurules-action", has_text="Draw a card").click()
        expect(hand).to_have_count(cards + 1)
        expect(refusal).to_have_text("")
        expect(game.locator(".uurules-step-text")).to_contain_text("Step 2 of 2")
        expect(game.locator(".uurules-step-text")).to_contain_text("Ann draws")
        expect(game.locator(".uurules-diagram svg")).to_contain_text("Ann draws")  # your own draw, named
        # one screen (issue #29): the controls beside the picture, the whole widget no taller than
        # the window, and the picture shows your whole hand (8 cards), none cut to "... and 1 more"
        game.evaluate("e => e.scrollIntoView({block: 'start'})")
        fits = page.evaluate(PLAY_BOX)
        assert fits["game"]["height"] <= fits["viewport"]["height"], fits
        assert fits["side"]["right"] <= fits["picture"]["left"] + 1, fits
        assert inside(fits["picture"], fits["viewport"]) and inside(fits["side"], fits["viewport"]), fits
        pictured = game.locator(".uurules-diagram svg").text_content() or ""
        assert "more" not in pictured, pictured
        names = [t.strip() for t in hand.all_inner_texts()]
        assert len(names) == cards + 1 and all(n.split()[0] in pictured for n in names), (names, pictured)
        # every card button says its text when the pointer rests on it
        assert all((hand.nth(k).get_attribute("title") or "").startswith(f"{names[k]}: ") for k in range(len(names)))
        # another refusal: the turn's one action is taken (UU.TURN.1)
        hand.last.click()
        expect(refusal).to_contain_text("Rule UU.TURN.1")
        game.locator(".uurules-action", has_text="End the turn").click()
        says = game.locator(".uurules-says")
        # 8 cards (seed 1's deal, the Draw phase and the draw): one above the hand limit, UU.HAND.1
        expect(game.locator(".uurules-play-question")).to_contain_text("above the hand limit (8/7)")
        game.locator(".uurules-action", has_text="your ").first.click()  # a discard: "your Neigh", never "Ann/Neigh"
        expect(says).to_contain_text("Cat begins their turn.", timeout=30_000)
        expect(says).to_contain_text("because")
        # your turn has begun without a click: Beginning of Turn had nothing to decide
        expect(game.locator(".uurules-play-status")).to_contain_text("Your move")
        expect(game.locator(".uurules-action", has_text="Begin the turn")).to_have_count(0)
        fits = page.evaluate(PLAY_BOX)
        assert fits["game"]["height"] <= fits["viewport"]["height"], fits
        OUT.mkdir(parents=True, exist_ok=True)
        game.screenshot(path=str(OUT / "play-lab.png"))
        assert page.locator(".uurules-game .uurules-error").first.inner_text().strip() == ""


def test_a_lesson_run_and_autosaved_in_lab_reopens_without_dead_widgets_and_git_stays_clean(
    page: Any, tmp_path: Path
) -> None:
    """A study session as ``bash tools/kit.sh lab`` starts it, on a copy of the repository: open a
    lesson, Run All, let Lab save it, open it again. No "model not found"; the lesson saved in the
    learner's copy is complete and clean; the repository's own files are untouched (git status)."""
    import subprocess

    from playwright.sync_api import expect

    from tests.test_notebooks import assert_complete_and_clean
    from uurules.lab import HOOK_ARGS, prepare

    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "notebooks", repo / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copy(ROOT / ".gitignore", repo / ".gitignore")

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-c", "user.name=kit", "-c", "user.email=kit@localhost", *args],
            cwd=repo, capture_output=True, text=True, check=True,
        )  # fmt: skip
        return done.stdout

    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "the lessons")
    folder = prepare(repo)  # what tools/kit.sh lab opens
    name = "01-the-effect-chain"
    with jupyter("lab", folder, f"{name}.md", HOOK_ARGS) as url:
        lab_run_all(page, url + "?reset", timeout=120_000, clear=True)
        page.wait_for_function(ALL_DONE, timeout=180_000, polling=250)
        expect(page.locator(".uurules-stepper").first).to_be_visible(timeout=60_000)
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(
            "() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=60_000, polling=100
        )
        saved = json.loads((folder / f"{name}.ipynb").read_text(encoding="utf-8"))
        code = [c for c in saved["cells"] if c["cell_type"] == "code"]
        assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1)), "Lab saved the run"
        page.goto(url + "?reset")  # open the lesson again, as after closing Lab
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
        expect(panel.locator(".jp-Cell").first).to_be_visible(timeout=60_000)
        expect(panel.locator(".jp-OutputArea-output").filter(has_text="<Stepper ").first).to_be_visible(timeout=60_000)
        assert "model not found" not in panel.inner_text()
        assert page.locator("text=Error displaying widget").count() == 0
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "lesson-reopened.png"))
    assert git("status", "--porcelain") == ""
    for lesson in (repo / "notebooks").glob("*.*"):
        assert lesson.read_bytes() == (ROOT / "notebooks" / lesson.name).read_bytes(), lesson.name
    assert_complete_and_clean(folder / f"{name}.ipynb")  # what the learner saved: no widget view
    assert_complete_and_clean(repo / "notebooks" / f"{name}.ipynb")


def test_the_card_reference_in_lab_finds_draws_plays_and_stages_a_card(page: Any, tmp_path: Path) -> None:
    """Lesson 10 in JupyterLab: search any part of a name in any case, the card's before/after
    pictures fit with readable text, Play it opens a stepper, Put it on a board opens the stager."""
    from playwright.sync_api import expect

    from uurules.lab import HOOK_ARGS

    shutil.copytree(ROOT / "notebooks", tmp_path, dirs_exist_ok=True)
    with jupyter("lab", tmp_path, "10-every-card.ipynb", HOOK_ARGS) as url:
        lab_run_all(page, url + "?reset", timeout=120_000, clear=True)
        page.wait_for_function(ALL_DONE, timeout=180_000, polling=250)
        ref = page.locator(".uurules-reference")
        expect(ref).to_be_visible(timeout=60_000)
        assert ref.locator(".uurules-ref-pictures svg").count() == 2  # Two-For-One, chosen by the lesson
        expect(ref.locator(".uurules-ref-card")).to_contain_text("Two-For-One")
        ref.locator(".uurules-ref-search input").fill("CORN POI")
        expect(ref.locator(".uurules-ref-index select option")).to_have_text(["Unicorn Poison · Magic"])
        every = len(Catalogue("unstable-unicorns", SCENARIOS / "cards"))
        expect(ref.locator(".uurules-ref-count")).to_have_text(f"1 of {every} cards")
        expect(ref.locator(".uurules-ref-card")).to_contain_text("DESTROY a Unicorn card")
        pictures = ref.locator(".uurules-ref-pictures")
        expect(pictures).to_contain_text("Before: the staged board")
        expect(pictures.locator("svg").last).to_contain_text("Step 2 · after 2 steps: what changed")
        shown = page.evaluate(MEASURE, ".uurules-ref-pictures svg")
        assert len(shown) == 2 and not misfits(shown), shown
        assert ref.locator(".uurules-ref-player .uurules-stepper").count() == 0, "no stepper before Play it"
        ref.locator(".uurules-ref-play").click()
        player = ref.locator(".uurules-ref-player .uurules-stepper")
        expect(player).to_be_visible()
        expect(player.locator(".uurules-status")).to_contain_text("Step 0 of 2")
        player.locator(".uurules-step").click()
        expect(player.locator(".uurules-status")).to_contain_text("Step 1 of 2")
        ref.locator(".uurules-ref-stage").click()
        stager = ref.locator(".uurules-ref-stager .uurules-stager")
        expect(stager).to_be_visible()
        expect(stager.locator(".uurules-zone-cards select option")).to_have_text(["1. Unicorn Poison"])
        expect(page.locator(".uurules-reference > .uurules-error").first).to_contain_text(
            "Unicorn Poison is on the board below, in Ann's hand"
        )
        # a card's rulings, each with its own Play it: it loads the ruling's question into the stepper
        ref.locator(".uurules-ref-search input").fill("pandam")
        rulings = ref.locator(".uurules-ref-rulings")
        expect(rulings).to_contain_text("Rulings (5)")
        expect(rulings).to_contain_text("A Panda is still a card")
        rulings.locator(".uurules-ref-ruling-play").nth(2).click()
        expect(player.locator(".uurules-title")).to_contain_text("Ruling 3 on Pandamonium")
        expect(player.locator(".uurules-status")).to_contain_text("Step 0 of 1")
        OUT.mkdir(parents=True, exist_ok=True)
        ref.screenshot(path=str(OUT / "reference-lab.png"))


ONE_SCREEN = """(sel) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  };
  const out = {};
  for (const [name, s] of Object.entries(sel)) {
    const el = [...document.querySelectorAll(s)].find(e => e.getBoundingClientRect().width > 0);
    out[name] = el ? box(el) : null;
  }
  const svg = [...document.querySelectorAll(sel.picture)].find(e => e.getBoundingClientRect().width > 0);
  const m = svg.getScreenCTM();
  const sizes = [...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')));
  out.text = Math.min(...sizes) * m.a;  // the smallest text as shown, px (font sizes in the viewBox's points)
  out.viewport = {width: window.innerWidth, height: window.innerHeight};
  return out;
}"""
"""The boxes of the step's words, its picture and the controls, and the smallest text as shown."""


PLAY_BOX = """() => {
  const box = (s) => {
    const el = document.querySelector(s);
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height};
  };
  return {
    game: box('.uurules-game'),
    side: box('.uurules-game .uurules-play-side'),
    picture: box('.uurules-game .uurules-diagram svg'),
    viewport: {width: window.innerWidth, height: window.innerHeight},
  };
}"""
"""The play widget's box, its column of controls and its picture, and the window."""


def inside(box: dict[str, float], viewport: dict[str, float]) -> bool:
    return (
        box["left"] >= -1
        and box["top"] >= -1
        and box["right"] <= viewport["width"] + 1
        and (box["bottom"] <= viewport["height"] + 1)
    )


def test_a_step_of_the_html_page_fits_one_screen_at_1280_by_800(browser: Any, tmp_path: Path) -> None:
    """After Step, the words, the picture (chain or pile and board) and the controls are all in the
    viewport without scrolling, the controls beside the picture, the picture using the width."""
    out = tmp_path / "page.html"
    assert main(["html", str(SEED), "-o", str(out)]) == 0
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(out.as_uri())
        status = page.locator("#uurules-status")
        texts = []
        for n in range(1, 8):
            page.locator(".uurules-step").click()
            expect_status = f"Step {n} of 7"
            page.wait_for_function(
                f"() => document.getElementById('uurules-status').textContent.includes('{expect_status}')"
            )
            got = page.evaluate(
                ONE_SCREEN,
                {
                    "words": ".uurules-page-step:not([hidden]) h2",
                    "picture": ".uurules-page-step:not([hidden]) svg",
                    "controls": "#uurules-controls",
                },
            )
            vp = got["viewport"]
            assert page.evaluate("() => window.scrollY") == 0
            for name in ("words", "picture", "controls"):
                assert inside(got[name], vp), (n, name, got)
            # beside: the controls to the left of the picture, side by side
            assert (
                got["controls"]["right"] <= got["picture"]["left"] and got["controls"]["top"] < got["picture"]["bottom"]
            )
            assert got["picture"]["right"] - got["picture"]["left"] >= 0.7 * vp["width"]  # it uses the width
            texts.append(round(got["text"], 1))
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / "page-one-screen.png"))
        assert "Step 7 of 7" in status.inner_text()
        # the smallest text as shown (the board's and captions' small type), every step
        assert min(texts) >= MIN_TEXT, texts
    finally:
        context.close()


def test_wiki_pictures_are_embedded_wide_enough_for_11_px_text(browser: Any, tmp_path: Path) -> None:
    """Each picture of a wiki page shown as the page embeds it (an <img> at the page's px width):
    its smallest text, as shown, at least 11 px."""
    assert main(["wiki", str(SEED), "-o", str(tmp_path)]) == 0
    lines = (tmp_path / "seed-001-gameplay.wiki").read_text(encoding="utf-8").splitlines()
    files = [
        (ln.split("|")[0][len("[[File:") :], int(ln.split("|")[3][:-2])) for ln in lines if ln.startswith("[[File:")
    ]
    html = "".join(f'<p><img class="pic" src="{name}" width="{px}"></p>' for name, px in files)
    (tmp_path / "embed.html").write_text(f"<!DOCTYPE html><html><body>{html}</body></html>", encoding="utf-8")
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    try:
        page.goto((tmp_path / "embed.html").as_uri())
        page.wait_for_function(LOADED, arg="img.pic", timeout=30_000)
        shown = page.evaluate(
            """() => [...document.querySelectorAll('img.pic')].map(i => i.getBoundingClientRect().width)"""
        )
        for (name, px), width in zip(files, shown, strict=True):
            svg = (tmp_path / name).read_text(encoding="utf-8")
            width_pt = float(re.search(r'<svg width="([\d.]+)pt"', svg).group(1))
            smallest = min(float(s) for s in re.findall(r'font-size="([\d.]+)"', svg))
            assert abs(width - px) < 1
            assert smallest * width / width_pt >= 11, (name, px, smallest * width / width_pt)
    finally:
        context.close()
