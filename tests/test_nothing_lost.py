"""Nothing crashes, nothing is lost: the fuzzing classes of bad input, output and interruption.

Every case is run as a user runs the command (``uurules.cli.main``) and must end the same way:
exit status 2 (130 for Ctrl-C), one line on stderr naming the file and line or script step (or
the output) and the reason, no traceback, nothing on stdout, and the files exactly as they were.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from uurules import render
from uurules.cli import main

GOOD = """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""


def tree(root: Path) -> dict[str, bytes | None]:
    """Every file and directory under ``root`` with its bytes (``None`` for a directory or a link)."""
    out: dict[str, bytes | None] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            out[str(p.relative_to(root))] = p.read_bytes() if p.is_file() and not p.is_symlink() else None
    return out


def refused(
    capsys: pytest.CaptureFixture[str], root: Path, argv: list[str], starts: str, reason: str, code: int = 2
) -> str:
    """Run ``uurules argv``: it exits ``code`` with one stderr line starting ``uurules: {starts}`` and
    holding ``reason``, prints nothing on stdout, and leaves ``root`` exactly as it was."""
    before = tree(root)
    assert main(argv) == code
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"uurules: {starts}"), err
    assert reason in err, err
    assert tree(root) == before
    return err


# -- malformed documents: the loader's limits ----------------------------------------------------------
def _bomb() -> str:
    lines = ["ruleset: unstable-unicorns", "players: [{name: Ann}]", 'a0: &a0 ["lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    return "\n".join([*lines, "expect: {x: *a9}"]) + "\n"


DOCUMENTS = {
    "a seed of 5000 digits": (
        "ruleset: unstable-unicorns\nseed: " + "9" * 5000 + "\nplayers: [{name: Ann}]\n",
        ":2",
        "5000 digits is too long",
    ),
    "nested 500 deep": (
        "ruleset: unstable-unicorns\nplayers: [{name: Ann}]\nexpect: " + "[" * 500 + "]" * 500 + "\n",
        ":3",
        "nested deeper than 64 levels",
    ),
    "a lone surrogate in a name": (
        'ruleset: unstable-unicorns\nplayers: [{name: "A\\ud800"}]\n',
        ":2",
        "lone surrogate",
    ),
    "counters: .inf": (
        "ruleset: berserk\nplayers:\n  - {name: Ann, field: [{card: Харон, counters: .inf}]}\n",
        ":3",
        ".inf is not a finite number",
    ),
    "counters: .nan": (
        "ruleset: berserk\nplayers:\n  - {name: Ann, field: [{card: Харон, counters: .nan}]}\n",
        ":3",
        ".nan is not a finite number",
    ),
    "a billion laughs": (_bomb(), ":", "aliases expand to more than 250,000 values"),
    "an alias inside itself": (
        "ruleset: unstable-unicorns\nplayers: &p [{name: Ann, hand: *p}]\n",
        ":2",
        "contains it",
    ),
    "a key given twice": (
        "ruleset: unstable-unicorns\nruleset: berserk\nplayers: [{name: Ann}]\n",
        ":2",
        "'ruleset' is given twice",
    ),
}


@pytest.mark.parametrize("case", sorted(DOCUMENTS))
def test_a_malformed_document_is_refused_on_its_line(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, line, reason = DOCUMENTS[case]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for command in (["run", str(path)], ["html", str(path), "-o", str(tmp_path / "x.html")]):
        refused(capsys, tmp_path, command, f"{path}{line}", reason)


def test_a_document_too_large_is_refused_before_it_is_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from uurules.yamlio import MAX_BYTES

    path = tmp_path / "huge.yaml"
    path.write_bytes(b"# " + b"x" * MAX_BYTES + b"\n")
    refused(capsys, tmp_path, ["run", str(path)], f"{path}: ", "too large")


# -- input paths that are not readable files ----------------------------------------------------------
def test_an_input_path_that_is_no_readable_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "adir").mkdir()
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    long = tmp_path / ("a" * 300 + ".yaml")
    cases = [
        (tmp_path / "adir", "is a directory, not a YAML file"),
        (tmp_path / "loop1", "Too many levels of symbolic links"),
        (long, "File name too long"),
        (tmp_path / "missing.yaml", "no such file"),
    ]
    for path, reason in cases:
        for command in (["run", str(path)], ["wiki", str(path), "-o", str(tmp_path / "w")]):
            refused(capsys, tmp_path, command, f"{path}: ", reason)
    # unreadable: as root, permissions do not stop a read, so the refusal is made to happen
    import uurules.yamlio

    secret = tmp_path / "secret.yaml"
    secret.write_text(GOOD, encoding="utf-8")

    def denied(path: Any, mode: str = "r", **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(uurules.yamlio, "open", denied, raising=False)
    refused(capsys, tmp_path, ["run", str(secret)], f"{secret}: ", "cannot read it: Permission denied")


# -- what the schemas refuse --------------------------------------------------------------------------
def _inline(card: str, ruleset: str = "unstable-unicorns", hand: str = "[]") -> str:
    return f"ruleset: {ruleset}\ncards:\n  - {card}\nplayers:\n  - {{name: Ann, hand: {hand}}}\n"


SCHEMA = {
    "counters: 1.7": (
        "ruleset: berserk\nplayers:\n  - {name: Ann, field: [{card: Харон, counters: 1.7}]}\n",
        ":3",
        "1.7 is not of type 'integer'",
    ),
    "counters: 1.0": (
        "ruleset: berserk\nplayers:\n  - {name: Ann, field: [{card: Харон, counters: 1.0}]}\n",
        ":3",
        "1.0 is not of type 'integer'",
    ),
    "counters: -3": (
        "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, stable: [{card: Basic Unicorn, counters: -3}]}\n",
        ":3",
        "-3 is less than the minimum of 0",
    ),
    "closed: 'false'": (
        "ruleset: berserk\nplayers:\n  - {name: Ann, field: [{card: Харон, closed: 'false'}]}\n",
        ":3",
        "'false' is not of type 'boolean'",
    ),
    "resources: 1.5": (
        "ruleset: eve-of-midnight\nplayers:\n  - {name: Ann, resources: 1.5}\n",
        ":3",
        "1.5 is not valid",
    ),
    "an unknown when:": (
        _inline("{name: Odd, type: Magic, abilities: [{when: start-of-turn, steps: [{do: draw}]}]}"),
        ":3",
        "'start-of-turn' is not one of ['played', 'enter'",
    ),
    "an unknown static:": (
        _inline("{name: Odd, type: Upgrade, static: [you-cannot-lose]}"),
        ":3",
        "'you-cannot-lose' is not one of ['cannot-be-neighed'",
    ),
    "counts-as-unicorns: lots": (
        _inline("{name: Big, type: Magical Unicorn, static: [{counts-as-unicorns: lots}]}"),
        ":3",
        "'lots' is not of type 'integer'",
    ),
    "Eve of Midnight cost: {counters: 1}": (
        _inline(
            "{name: Zap, type: Spell, abilities: [{when: activated, cost: {counters: 1}, steps: [{do: draw}]}]}",
            "eve-of-midnight",
        ),
        ":3",
        "{'counters': 1} is not of type 'integer'",
    ),
    "a key the game never reads": (_inline("{name: Odd, type: Magic, lives: 3}"), ":3", "'lives' was unexpected"),
    "drawing a billion cards": (
        _inline("{name: Greed, type: Magic, abilities: [{when: played, steps: [{do: draw, count: 1000000000}]}]}"),
        ":3",
        "1000000000 is greater than the maximum of 100",
    ),
    "a card name with '/'": (_inline("{name: Bob/Rhino, type: Magic}"), ":3", "does not match"),
    "a card name ending in #2": (_inline("{name: 'Rhino#2', type: Magic}"), ":3", "not ending in #N"),
    "an alias ending in #12": (_inline("{name: Rhino, aliases: ['Rh#12'], type: Magic}"), ":3", "not ending in #N"),
    "a card name with a line break": (
        _inline('{name: "Rhino\\n== Evil ==", type: Magic}'),
        ":3",
        "no control characters",
    ),
    "a card name with a terminal escape": (
        _inline('{name: "Rhino\\e[31m", type: Magic}'),
        ":3",
        "no control characters",
    ),
    "a player name with a line break": (
        'ruleset: unstable-unicorns\nplayers:\n  - {name: "Ann\\n* evil"}\n',
        ":3",
        "no control characters",
    ),
    "a #N of 5000 digits": (
        GOOD.replace("Unicorn Poison}\n", "Unicorn Poison, targets: ['Bob/Basic Unicorn#" + "9" * 5000 + "']}\n"),
        ":6",
        "is too long",
    ),
    "a title with a terminal escape": (
        'ruleset: unstable-unicorns\ntitle: "\\e]0;pwned\\a"\nplayers: [{name: Ann}]\n',
        ":2",
        "one line, no control characters",
    ),
}


@pytest.mark.parametrize("case", sorted(SCHEMA))
def test_the_schemas_refuse_what_the_engine_cannot_read(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, line, reason = SCHEMA[case]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    refused(capsys, tmp_path, ["run", str(path), "--json"], f"{path}{line}", reason)


# -- board references -------------------------------------------------------------------------------
REFERENCES = {
    "Bob/Rhinocorn#0": "'Bob/Rhinocorn#0' names copy #0: copies are counted from #1. Accepted: Bob/Rhinocorn#1",
    "Bob/Basic Unicorn#0": "names copy #0",  # not the last copy
    "Bob/Basic Unicorn#" + "9" * 270: "matches no card: Bob has 1 Basic Unicorn",
    "Bob/Basic Unicorn#2": "matches no card: Bob has 1 Basic Unicorn",
}


@pytest.mark.parametrize("ref", sorted(REFERENCES), ids=lambda r: r[:24])
def test_a_reference_to_no_card_is_refused_at_its_step(
    ref: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ref.yaml"
    path.write_text(GOOD.replace("Unicorn Poison}\n", f"Unicorn Poison, targets: ['{ref}']}}\n"), encoding="utf-8")
    refused(capsys, tmp_path, ["run", str(path)], f"{path}:6: script step 1 (play)", REFERENCES[ref])


# -- outputs: never onto the input, never half-written --------------------------------------------------
needs_dot = pytest.mark.skipif(
    __import__("shutil").which("dot") is None and not os.environ.get("CI"),
    reason="graphviz's dot is not installed (CI installs it)",
)


def _scenario(tmp_path: Path, name: str = "v.yaml") -> Path:
    path = tmp_path / name
    path.write_text(GOOD, encoding="utf-8")
    return path


@needs_dot
def test_no_command_writes_onto_its_input_by_any_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = _scenario(tmp_path)
    (tmp_path / "link.yaml").symlink_to(v)
    os.link(v, tmp_path / "hard.yaml")
    for out in (str(v), str(tmp_path / "." / "v.yaml"), str(tmp_path / "link.yaml"), str(tmp_path / "hard.yaml")):
        for command in ("html", "render"):
            refused(
                capsys, tmp_path, [command, str(v), "-o", out], f"{out}: is the input file", "refusing to write onto it"
            )
    refused(capsys, tmp_path, ["wiki", str(v), "-o", str(v)], f"{v}: is the input file", "refusing")
    # a directory output whose files would overwrite the input: a scenario named like the page it makes
    page = tmp_path / "w" / "v.wiki"
    page.parent.mkdir()
    page.write_text(GOOD, encoding="utf-8")
    refused(capsys, tmp_path, ["wiki", str(page), "-o", str(page.parent)], f"{page}: is the input file", "refusing")
    step = tmp_path / "steps" / "step-000.dot"
    step.parent.mkdir()
    step.write_text(GOOD, encoding="utf-8")
    argv = ["render", str(step), "--all-steps", "--format", "dot", "-o", str(step.parent)]
    refused(capsys, tmp_path, argv, f"{step}: is the input file", "refusing")


@needs_dot
def test_an_output_that_cannot_be_written_is_one_line_and_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    v = _scenario(tmp_path)
    (tmp_path / "adir").mkdir()
    refused(
        capsys,
        tmp_path,
        ["html", str(v), "-o", str(tmp_path / "adir")],
        f"{tmp_path / 'adir'}: is a directory",
        "a file name",
    )
    refused(capsys, tmp_path, ["wiki", str(v), "-o", str(v)], f"{v}: is the input file", "")
    for command in (["html", str(v), "-o", "/dev/full"], ["render", str(v), "-o", "/dev/full"]):
        refused(capsys, tmp_path, command, "/dev/full: cannot write: No space left on device", "")
    refused(capsys, tmp_path, ["wiki", str(v), "-o", "/dev/full"], "/dev/full: is not a directory", "")
    # a read-only directory: as root, permissions do not stop a write, so the refusal is made to happen
    import tempfile

    real = tempfile.mkstemp

    def read_only(*args: Any, **kwargs: Any) -> Any:
        if str(kwargs.get("dir", "")).startswith(str(tmp_path / "ro")):
            raise PermissionError(13, "Permission denied")
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    (tmp_path / "ro").mkdir()
    out = tmp_path / "ro" / "new" / "x.html"
    refused(capsys, tmp_path, ["html", str(v), "-o", str(out)], f"{out}: cannot write: Permission denied", "")


def _fails_at(monkeypatch: pytest.MonkeyPatch, n: int, error: BaseException) -> None:
    """Drawing the ``n``-th picture (counting from 1) raises ``error``: a failure half-way through."""
    drawn = [0]
    real_pipe, real_all = render.Picture.pipe, render.render_all

    def count() -> None:
        drawn[0] += 1
        if drawn[0] == n:
            raise error

    def pipe(self: render.Picture, format: str = "svg") -> bytes:
        count()
        return real_pipe(self, "dot")  # the DOT source: no graphviz needed for the steps before

    def render_all(sources: Any, format: str = "svg", batch: int = 50) -> Any:
        for data in real_all(sources, "dot", batch):
            count()
            yield data

    monkeypatch.setattr(render.Picture, "pipe", pipe)
    monkeypatch.setattr(render, "render_all", render_all)


MANY_FILES: dict[str, Callable[[Path, Path], list[str]]] = {
    "wiki": lambda v, out: ["wiki", str(v), "-o", str(out)],
    "render --all-steps": lambda v, out: ["render", str(v), "--all-steps", "-o", str(out)],
    "html": lambda v, out: ["html", str(v), "-o", str(out / "page.html")],
    "render": lambda v, out: ["render", str(v), "--step", "0", "-o", str(out / "step.svg")],
}


@pytest.mark.parametrize("command", sorted(MANY_FILES))
@pytest.mark.parametrize("existing", [False, True], ids=["new directory", "existing directory"])
def test_a_failure_half_way_writes_nothing(
    command: str, existing: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    v = tmp_path / "seed.yaml"
    v.write_bytes((SCENARIOS / "seed-001-gameplay.yaml").read_bytes())
    out = tmp_path / "out" / "deeper"
    if existing:
        out.mkdir(parents=True)
        (out / "keep.txt").write_text("mine", encoding="utf-8")
    _fails_at(monkeypatch, 4 if command != "render" else 1, render.RenderError("graphviz's dot failed: boom"))
    refused(capsys, tmp_path, MANY_FILES[command](v, out), "graphviz's dot failed: boom", "")


@pytest.mark.parametrize("command", sorted(MANY_FILES))
def test_ctrl_c_exits_130_with_one_line_and_writes_nothing(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    v = tmp_path / "seed.yaml"
    v.write_bytes((SCENARIOS / "seed-001-gameplay.yaml").read_bytes())
    _fails_at(monkeypatch, 3 if command != "render" else 1, KeyboardInterrupt())
    argv = MANY_FILES[command](v, tmp_path / "out")
    refused(capsys, tmp_path, argv, "interrupted (Ctrl-C)", "no output file was written", code=130)


def test_ctrl_c_while_a_scenario_plays_exits_130(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules.rulesets.unstable_unicorns import UnstableUnicorns

    v = _scenario(tmp_path)
    calls = [0]
    real = UnstableUnicorns.advance

    def advance(self: UnstableUnicorns, game: Any) -> None:
        calls[0] += 1
        if calls[0] == 2:
            raise KeyboardInterrupt
        real(self, game)

    monkeypatch.setattr(UnstableUnicorns, "advance", advance)
    for command in (["run", str(v)], ["run", str(v), "--json"]):
        calls[0] = 0
        refused(capsys, tmp_path, command, "interrupted (Ctrl-C)", "", code=130)


@needs_dot
def test_wiki_files_of_two_scenarios_differing_by_space_or_hyphen_stay_apart(tmp_path: Path) -> None:
    a = _scenario(tmp_path, "my scenario.yaml")
    b = tmp_path / "my-scenario.yaml"
    b.write_text(
        GOOD.replace("ruleset: unstable-unicorns", "ruleset: unstable-unicorns\ntitle: The other one"), encoding="utf-8"
    )
    out = tmp_path / "wiki"
    assert main(["wiki", str(a), "-o", str(out)]) == 0
    first = tree(out)
    assert main(["wiki", str(b), "-o", str(out)]) == 0
    both = tree(out)
    assert {k: v for k, v in both.items() if k in first} == first  # the first scenario's files are untouched
    assert len(both) == 2 * len(first)
    assert "my-scenario.wiki" in both and "The other one" in (both["my-scenario.wiki"] or b"").decode()


# -- text from a scenario stays text --------------------------------------------------------------------
def test_wiki_text_never_starts_a_heading_a_list_or_a_rule() -> None:
    from uurules.render.wiki import wiki_text

    for evil in ("Ann\n= Heading =", "Ann\r\n* item", "Ann\u2028----", "Ann\x0b# one"):
        text = wiki_text(evil)
        assert "\n" not in text and "\r" not in text and "\u2028" not in text and "\x0b" not in text


@needs_dot
def test_graphviz_never_expands_backslash_escapes_in_names() -> None:
    import xml.etree.ElementTree as ET

    from uurules.timeline import Timeline

    text = GOOD.replace("name: Bob", "name: 'Bob \\N \\G \\L'")
    tl = Timeline.from_text(text)
    root = ET.fromstring(render.step(tl.last).svg())
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any("Bob \\N \\G \\L" in t for t in texts), texts  # as written, not the node's or graph's name


def test_run_prints_no_terminal_escape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "esc.yaml"
    path.write_text(GOOD + '  - choose: "\\e[2J\\e]0;pwned\\a"\n', encoding="utf-8")
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and err.count("\n") == 1
    assert "\\x1b[2J" in err  # shown, not obeyed


# -- blow-ups: memory O(board + steps), work linear in the hand -------------------------------------------
def _long(steps: int) -> str:
    lines = [
        "ruleset: unstable-unicorns",
        "players: [{name: Ann}, {name: Bob}]",
        f"deck: [{', '.join(['Neigh'] * (steps // 2 + 1))}]",  # a card a turn: a deck that runs out ends the game
    ]
    lines.append("script:")
    for i in range(steps):
        p = "Ann" if (i // 2) % 2 == 0 else "Bob"
        lines.append(f"  - {'begin-turn' if i % 2 == 0 else 'end-turn'}: {p}")
    return "\n".join(lines) + "\n"


def test_a_game_played_forward_keeps_no_snapshot_and_still_refuses_exactly() -> None:
    from uurules.engine.actions import EndTurn
    from uurules.engine.errors import IllegalAction
    from uurules.scenario import Scenario

    game = Scenario.from_text(_long(40)).play(undo=False)
    assert game._stack == [] and len(game.actions) == 40  # no snapshot per action
    before, events, log = game.state.copy(), list(game.events), list(game.log)
    with pytest.raises(IllegalAction, match="not in its Action phase"):
        game.push(EndTurn("Ann"))
    assert game.state == before and game.events == events and game.log == log  # played again up to here
    with pytest.raises(IllegalAction, match="played forward only"):
        game.undo()
    assert Scenario.from_text(_long(40)).play().state == game.state  # the same game as with undo


def test_steps_are_played_and_drawn_keeping_only_a_batch_of_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    import weakref

    from uurules.render import dot
    from uurules.scenario import Scenario
    from uurules.timeline import Playing

    runs: list[int] = []
    drawn: list[str] = []

    def pipe(sources: str, format: str) -> bytes:  # one dot run: count its graphs
        graphs = ["digraph " + g for g in sources.split("digraph ")[1:]]
        runs.append(len(graphs))
        drawn.extend(graphs)
        return b"<svg></svg>\n" * runs[-1]

    monkeypatch.setattr(dot, "_dot_batch", pipe)
    monkeypatch.setattr(dot, "_dot", pipe)
    boards: list[weakref.ref[Any]] = []
    alive = 0
    playing = Playing(Scenario.from_text(_long(240)))
    for step, svg in render.steps(playing):
        boards.append(weakref.ref(step.state))
        alive = max(alive, sum(r() is not None for r in boards))  # freed as soon as no step holds it
        assert svg == b"<svg></svg>\n"
    assert playing.played == 241 and len(boards) == 241
    assert alive <= dot.BATCH + 1  # the batch being drawn (and the board before it), never all 241
    assert runs == [50, 50, 50, 50, 41]  # one dot run per 50 pictures, not one per picture
    assert len(set(drawn)) == 241  # each titled with its step: no two the same (tests/test_long_games.py)


def test_run_copies_the_board_once_not_once_a_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules.engine.state import State

    path = tmp_path / "long.yaml"
    path.write_text(_long(300), encoding="utf-8")
    copies = [0]
    real = State.copy

    def copy(self: State) -> State:
        copies[0] += 1
        return real(self)

    monkeypatch.setattr(State, "copy", copy)
    for argv in (["run", str(path)], ["run", str(path), "--json"]):
        copies[0] = 0
        assert main(argv) == 0
        assert copies[0] == 1  # the board before the first action, to play again from if one is refused
    capsys.readouterr()
