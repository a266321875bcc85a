"""Nothing crashes, nothing hangs (issue 21's third round): hostile input, each class one clear refusal.

Every case runs the command as a user does (``uurules.cli.main``) and must end as the earlier
rounds' cases do (``tests/test_nothing_lost.py``): exit 2 (130 for Ctrl-C), one line on stderr
starting ``uurules:`` and naming the file and line or step (or the output), no traceback, nothing
on stdout, and the files exactly as they were. Where a class was slow, the test asserts the
mechanism that keeps it fast (a cap refused while the file is read, before the schema walks it;
libyaml's parser; a FIFO refused before it is opened), never a time.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.test_nothing_lost import GOOD, refused, tree
from uurules import yamlio
from uurules.cli import main
from uurules.scenario import MAX_CARDS, MAX_INLINE_CARDS, MAX_STEPS


def _file(tmp_path: Path, text: str, name: str = "bad.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _no_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """The schema check must not run: the refusal comes while the file is read."""

    def validate(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the schema walked a document that should have been refused before")

    monkeypatch.setattr(yamlio, "validate", validate)


# -- tracebacks instead of one line ------------------------------------------------------------------
def test_a_nul_byte_is_refused_on_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nul.yaml"
    path.write_bytes(GOOD.replace("Basic Unicorn]", "Basic\x00Unicorn]").encode("utf-8"))
    for command in (["run", str(path)], ["html", str(path), "-o", str(tmp_path / "x.html")]):
        refused(capsys, tmp_path, command, f"{path}:4: malformed YAML", "the character \\x00 is not allowed")


@pytest.mark.parametrize("command", ["html", "wiki", "render"])
def test_an_output_name_longer_than_the_file_system_allows(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    v = _file(tmp_path, GOOD, "v.yaml")
    out = tmp_path / ("a" * 300 + (".html" if command == "html" else ""))
    refused(capsys, tmp_path, [command, str(v), "-o", str(out)], f"{out}: a name of", "longer than the file system")
    deep = tmp_path / "/".join(["b" * 200] * 30)  # each part fits; the whole path does not
    err = refused(capsys, tmp_path, [command, str(v), "-o", str(deep)], str(deep)[:300], "File name too long")
    assert err.endswith(f"{str(deep)[-300:]}: cannot write: File name too long\n")  # shortened in the middle


def test_choose_player_without_steps_is_refused_by_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "ruleset: unstable-unicorns\ncards:\n"
        "  - {name: Picker, type: Magic, abilities: [{when: played, steps: [{do: choose-player}]}]}\n"
        "players:\n  - {name: Ann, hand: [Picker]}\n  - {name: Bob}\n"
        "script:\n  - play: {player: Ann, card: Picker}\n"
    )
    path = _file(tmp_path, text)
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:3: inline card", "'steps' is a required property")
    one_of = text.replace("{do: choose-player}", "{do: one-of}")
    path = _file(tmp_path, one_of)
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:3: inline card", "'options' is a required property")


def test_copies_past_the_cap_and_a_box_past_the_board_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def box(copies: int, cards: int = 1) -> str:
        inline = "".join(
            f"  - {{name: Clone {i}, type: Basic Unicorn, printed: [{{number: UU-Base-{i:03d}, copies: {copies}}}]}}\n"
            for i in range(cards)
        )
        return (
            f"ruleset: unstable-unicorns\nsetup: base-game\ncards:\n{inline}players: [{{name: Ann}}, {{name: Bob}}]\n"
        )

    path = _file(tmp_path, box(100_000_000_000))
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:4: inline card", "greater than the maximum of 100")
    path = _file(tmp_path, box(100, cards=MAX_INLINE_CARDS))
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:2: setup: base-game", f"more than the {MAX_CARDS - 0:,}")


def test_a_box_too_large_is_counted_before_it_is_laid_out() -> None:
    from uurules.cards import CardBook, CardDef, Printed, base_game

    huge = CardDef("Clone", "Basic Unicorn", "", printed=(Printed("Clone", "UU-Base-001", 10**11),))
    with pytest.raises(ValueError, match="the box holds 100,000,000,000 cards: more than the 20,000"):
        base_game(CardBook("unstable-unicorns", [huge]), 2, limit=20_000)  # a list of 10^11 names: no memory


def test_a_watcher_that_brings_in_what_it_watches_is_refused_at_its_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "ruleset: unstable-unicorns\ncards:\n"
        "  - name: Magnet\n    type: Magical Unicorn\n    abilities:\n"
        "      - when: unicorn-enters-or-leaves-your-stable\n        steps: [{do: bring, what: unicorn}]\n"
        "players:\n  - {name: Ann, hand: [Basic Unicorn, Basic Unicorn], stable: [Magnet]}\n  - {name: Bob}\n"
        "script:\n  - play: {player: Ann, card: Basic Unicorn}\n"
    )
    path = _file(tmp_path, text)
    refused(
        capsys,
        tmp_path,
        ["run", str(path)],
        f"{path}:12: script step 1 (play)",
        "Magnet in Ann's Stable adds the Requirement 'BRING a Unicorn card into your Stable' to each card that "
        "would enter, and meeting it brings in a card that must meet it again, more than 8 deep",
    )


def test_a_step_that_recurses_without_end_is_one_line_at_its_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules.rulesets.unstable_unicorns import UnstableUnicorns

    calls = [0]
    real = UnstableUnicorns.advance

    def advance(self: UnstableUnicorns, game: Any) -> None:
        calls[0] += 1
        if calls[0] == 2:  # the first script step's (the first is the staged board's)
            raise RecursionError("maximum recursion depth exceeded")
        real(self, game)

    monkeypatch.setattr(UnstableUnicorns, "advance", advance)
    path = _file(tmp_path, GOOD)
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:6: script step 1 (play)", "deeper than the rules can follow")


def test_ctrl_c_while_the_command_starts_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # while its modules load: an import that is interrupted, in a process of its own
    program = (
        "import sys\n"
        "class Interrupt:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'uurules.cli':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupt())\n"
        "sys.argv = ['uurules', 'run', 'x.yaml']\n"
        "from uurules.__main__ import run\n"
        "run()\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", program], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 130 and done.stdout == ""
    assert done.stderr == "uurules: interrupted (Ctrl-C) while starting; nothing was read or written\n"
    # while its parser is built (it reads the rule sets)
    import uurules.cli

    def build_parser() -> Any:
        raise KeyboardInterrupt

    mp = pytest.MonkeyPatch()
    mp.setattr(uurules.cli, "build_parser", build_parser)
    try:
        refused(capsys, tmp_path, ["run", "x.yaml"], "interrupted (Ctrl-C) while starting", "", code=130)
    finally:
        mp.undo()
    assert "uurules.__main__:run" in (root / "pyproject.toml").read_text(encoding="utf-8")  # the console script


# -- hangs and slowness without a word ----------------------------------------------------------------
def test_yaml_is_parsed_by_libyaml_with_the_limits_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    assert yamlio.C_PARSER and issubclass(yamlio._Loader, yaml.CSafeLoader)

    def scan(*args: Any) -> Any:
        raise AssertionError("the pure-Python scanner ran (seconds on a long line)")

    monkeypatch.setattr(yaml.scanner.Scanner, "fetch_more_tokens", scan)
    steps = ", ".join("{begin-turn: Ann}" if i % 2 == 0 else "{end-turn: Ann}" for i in range(MAX_STEPS))
    line = "{ruleset: unstable-unicorns, players: [{name: Ann}], script: [" + steps + "]}"
    assert len(line) > 300_000 and "\n" not in line
    assert len(yamlio.load(line, "one-line.yaml").data["script"]) == MAX_STEPS
    # the limits are kept: nesting, alias bombs and loops, digits, duplicate keys, tags
    for text, reason in [
        ("a: " + "[" * 70 + "]" * 70, "nested deeper than 64 levels"),
        ("a: " + "[" * 2000 + "]" * 2000, "nested deeper than 64 levels"),  # libyaml's own limit, in our words
        ("a: &a [" + ", ".join(["x"] * 600) + "]\nb: [" + ", ".join(["*a"] * 600) + "]", "expand to more than"),
        ("a: &a " + "[" * 40 + "x" + "]" * 40 + "\nb: " + "[" * 40 + "*a" + "]" * 40, "aliases nest it deeper"),
        ("a: &p [*p]", "contains it"),
        ("a: " + "9" * 50, "50 digits is too long"),
        ("a: 1\na: 2", "'a' is given twice"),
        ("a: !!python/object/apply:os.system [x]", "could not determine a constructor"),
        ('a: "\\ud800"', "lone surrogate"),
        ("? [script]\n: 1\n", "found unhashable key"),  # a key that is no text: no cap to look up
    ]:
        with pytest.raises(yamlio.InputError, match=reason):
            yamlio.load(text, "x.yaml")


def test_the_pure_python_parser_keeps_the_same_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlio, "_Loader", yamlio._PurePython)
    monkeypatch.setattr(yamlio, "C_PARSER", False)
    assert yamlio.load("a: &x [1, 2]\nb: *x\n", "x.yaml").data == {"a": [1, 2], "b": [1, 2]}
    for text, reason in [
        ("a: " + "[" * 70 + "]" * 70, "nested deeper than 64 levels"),
        ("a: 1\nb: é\x00", r"x.yaml:2: malformed YAML: the character \\x00 is not allowed"),
        ("script: [a, b, c]", "at most 2"),
    ]:
        with pytest.raises(yamlio.InputError, match=reason):
            yamlio.load(text, "x.yaml", caps={"script": (2, "at most 2")})


def _nested_one_of(depth: int) -> str:
    step = "{do: draw}"
    for _ in range(depth):
        step = "{do: one-of, options: [[" + step + "], [{do: draw}]]}"
    return step


def test_nested_one_of_is_checked_once_a_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules.cards import validate_cards

    visits = [0]
    real = yamlio._Validator.descend

    def descend(self: Any, *args: Any, **kwargs: Any) -> Any:
        visits[0] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(yamlio._Validator, "descend", descend)

    def cost(depth: int) -> int:
        visits[0] = 0
        card = f"{{name: Deep, type: Magic, abilities: [{{when: played, steps: [{_nested_one_of(depth)}]}}]}}"
        validate_cards(yamlio.load(f"game: unstable-unicorns\ncards:\n  - {card}\n", "x.yaml"))
        return visits[0]

    assert cost(8) < 3 * cost(4)  # linear in the depth (it was 2^depth: 15 levels took over 12 s)
    monkeypatch.undo()
    card = f"{{name: Deep, type: Magic, abilities: [{{when: played, steps: [{_nested_one_of(15)}]}}]}}"
    text = (
        f"ruleset: unstable-unicorns\ncards:\n  - {card}\nplayers: [{{name: Ann, hand: [Deep]}}, {{name: Bob}}]\n"
        "deck: [Neigh]\nscript:\n  - play: {player: Ann, card: Deep}\n"
    )
    path = _file(tmp_path, text)
    assert main(["run", str(path), "--json"]) == 0
    assert '"question": "Ann: which one?"' in capsys.readouterr().out


def test_a_fifo_or_a_device_is_refused_before_it_is_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    opened: list[Any] = []

    def spy(path: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(path)
        raise AssertionError("opened")

    monkeypatch.setattr(yamlio, "open", spy, raising=False)
    refused(capsys, tmp_path, ["run", str(fifo)], f"{fifo}: is a named pipe (FIFO), not a regular file", "a YAML file")
    refused(capsys, tmp_path, ["run", "/dev/null"], "/dev/null: is a character device", "refusing to read it")
    assert opened == []  # nothing waited for a writer that never comes


def test_a_deck_past_the_cap_is_refused_as_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_schema(monkeypatch)
    deck = "".join("  - Neigh\n" for _ in range(200_000))
    path = _file(tmp_path, f"ruleset: unstable-unicorns\nplayers: [{{name: Ann}}, {{name: Bob}}]\ndeck:\n{deck}")
    # the 20,001st card's line: the rest of the file is never composed
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:{4 + MAX_CARDS}: deck holds more than 20,000 cards", "")
    # the players' zones count together (each within the cap)
    half = ", ".join(["Neigh"] * (MAX_CARDS // 2 + 1))
    path = _file(
        tmp_path,
        f"ruleset: unstable-unicorns\nplayers:\n  - {{name: Ann, hand: [{half}]}}\n  - {{name: Bob, hand: [{half}]}}\n",
    )
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:4: the scenario stages more than 20,000 cards", "")


def test_a_script_past_the_cap_is_refused_as_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules.schemas import scenario_schema

    assert scenario_schema()["properties"]["script"]["maxItems"] == MAX_STEPS  # the schema says the same
    _no_schema(monkeypatch)
    steps = "".join("  - begin-turn: Ann\n" for _ in range(100_001))
    path = _file(tmp_path, f"ruleset: unstable-unicorns\nplayers: [{{name: Ann}}]\nscript:\n{steps}")
    refused(
        capsys,
        tmp_path,
        ["run", str(path)],
        f"{path}:{4 + MAX_STEPS}: the script has more than 20,000 steps",
        "Accepted: at most 20,000 steps",
    )


def test_too_many_inline_cards_are_refused_as_they_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_schema(monkeypatch)
    cards = "".join(f"  - {{name: C{i}, type: Magic}}\n" for i in range(MAX_INLINE_CARDS + 1))
    path = _file(tmp_path, f"ruleset: unstable-unicorns\ncards:\n{cards}players: [{{name: Ann}}]\n")
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:{3 + MAX_INLINE_CARDS}: more than 200 inline cards", "")


def test_a_document_of_too_many_values_is_refused_as_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, "ruleset: unstable-unicorns\nplayers: [{name: Ann}]\nexpect: [" + "1," * 300_000 + "1]\n")
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:3: malformed YAML", "holds more than 250,000 values")


def test_long_work_shows_progress_on_a_terminal_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules import progress
    from uurules.scenario import Scenario

    scn = Scenario.from_text(GOOD)

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(progress, "DELAY", 0)
    screen = Terminal()
    assert [s.number for s in progress.Shown(scn, "drawing", screen)] == [0, 1]
    shown = screen.getvalue()
    assert shown.startswith("\rdrawing:   0%") and "/2 [" in shown  # a bar of the steps to play
    assert shown.endswith(" \r") and progress._open == []  # cleared once done
    # the command: a bar on a terminal, then the one line that says what was written
    monkeypatch.setattr(progress, "wanted", lambda stream: True)
    v = _file(tmp_path, GOOD, "v.yaml")
    out = tmp_path / "steps"
    assert main(["render", str(v), "--all-steps", "--format", "dot", "-o", str(out)]) == 0
    o, e = capsys.readouterr()
    assert o.startswith("wrote 2 pictures") and e.startswith("\rdrawing:") and e.endswith(" \r")
    # interrupted half-way: the bar is taken off before the one line
    monkeypatch.setattr(progress, "wanted", lambda stream: True)
    from uurules import render

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(render, "render_all", fail)
    assert main(["render", str(v), "--all-steps", "-o", str(tmp_path / "other")]) == 130
    e = capsys.readouterr().err
    assert e.endswith("uurules: interrupted (Ctrl-C); no output file was written\n") and "Traceback" not in e
    assert progress._open == [] and not (tmp_path / "other").exists()
    # not a terminal: nothing at all
    monkeypatch.undo()
    quiet = io.StringIO()
    assert len(list(progress.Shown(scn, "drawing", quiet))) == 2 and quiet.getvalue() == ""


# -- leaks ---------------------------------------------------------------------------------------------
def test_graphviz_stderr_is_one_line_never_passed_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules.render import dot

    # a dot that complains in 25 lines on its stderr, then fails: the message counts them, so it read them
    lines = "'Error: trouble in init_rank\\n' + ''.join(f'\\t{i} 0x55 node\\n' for i in range(24))"
    complaint = f"import sys\nsys.stderr.write({lines})\nsys.exit(1)"
    monkeypatch.setattr(dot, "DOT", [sys.executable, "-c", complaint])
    v = _file(tmp_path, GOOD, "v.yaml")
    refused(
        capsys,
        tmp_path,
        ["render", str(v), "-o", str(tmp_path / "x.svg")],
        "graphviz's dot failed (exit 1): Error: trouble in init_rank (and 24 more lines)",
        "the board may be too large to draw",
    )


def test_an_output_name_with_terminal_escapes_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    v = _file(tmp_path, GOOD, "v.yaml")
    out = tmp_path / "x\x1b]0;pwned\x07\x1b[2J.dot"
    assert main(["render", str(v), "--format", "dot", "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "\x1b" not in printed and "\x07" not in printed and "x\\x1b]0;pwned\\x07\\x1b[2J.dot" in printed
    assert out.exists()


# -- ambiguity -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["all", "pass"])
def test_a_player_named_all_or_pass_is_refused(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, f"ruleset: unstable-unicorns\nplayers:\n  - {{name: Ann}}\n  - {{name: {name}}}\n")
    refused(
        capsys, tmp_path, ["run", str(path)], f"{path}:4: a player may not be named {name!r}", "pass: all means every"
    )


def test_names_that_differ_only_by_unicode_form_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    nfc, nfd = "Zo\u00e9", "Zoe\u0301"
    assert nfc != nfd and unicodedata.normalize("NFC", nfd) == nfc
    path = _file(tmp_path, f"ruleset: unstable-unicorns\nplayers:\n  - {{name: {nfc}}}\n  - {{name: {nfd}}}\n")
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:4: two players have names that differ only", "'Zoe\\u0301'")
    cards = "  - {name: Caf\u00e9, type: Magic}\n  - {name: Cafe\u0301, type: Magic}\n"
    path = _file(tmp_path, f"ruleset: unstable-unicorns\ncards:\n{cards}players: [{{name: Ann}}]\n")
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:4: two inline cards have names that differ only", "")
    path = _file(
        tmp_path,
        f"ruleset: unstable-unicorns\ncards:\n{cards.splitlines()[0]}\n{cards.splitlines()[0]}\n"
        "players: [{name: Ann}]\n",
    )
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:4: two inline cards have the same name", "")
    # an inline card that looks like a printed one: Berserk's Проклятый маг, its й decomposed
    look_alike = unicodedata.normalize("NFD", "Проклятый маг")
    path = _file(
        tmp_path, f"ruleset: berserk\ncards:\n  - {{name: {look_alike}, type: Creature}}\nplayers: [{{name: Ann}}]\n"
    )
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:3: inline card", "looks like the printed card")


@pytest.mark.parametrize("command", ["html", "wiki", "render"])
def test_an_empty_output_name_is_refused(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    v = _file(tmp_path, GOOD, "v.yaml")
    monkeypatch.chdir(tmp_path)  # it would have written here
    refused(capsys, tmp_path, [command, str(v), "-o", ""], "'': an empty output name", "current directory")
    assert tree(tmp_path) == {"v.yaml": GOOD.encode("utf-8")}
