"""The ``uurules`` command: ``uurules run FILE.yaml [--json]`` (CONTRACT.md) and friends.

``uurules render FILE.yaml -o OUT [--step N | --all-steps] [--format svg|png|dot]`` draws the
board and what is resolving after a step; ``uurules wiki FILE.yaml -o DIR`` writes a MediaWiki
page with its pictures (``--publish API_URL`` uploads them and saves the page on a wiki instead,
:mod:`uurules.publish`); ``uurules html FILE.yaml -o page.html`` writes one self-contained page
that steps through the scenario; on a terminal, work that lasts shows a progress bar on stderr
(:mod:`uurules.progress`). Bad input exits 2 with one message. Ctrl-C stops every command within a
second, wherever it is, exits 130 with one line and leaves no ``.part`` file nor ``dot`` child
behind (:mod:`uurules.interrupt`); SIGTERM (``kill``, ``timeout``) does the same and exits 143.

``uurules cards GAME [--json]`` lists every card of a game with its catalogue code
(:func:`uurules.catalogue.card_list`).

``uurules explore FILE.yaml [--json] [--max-nodes N] [--max-seconds S] [--plays]`` plays the
scenario's script (forward: no undo snapshot per step), then walks every way its pending
decisions can go (:func:`uurules.explore.explore`) and prints the distinct outcomes: a table of
what each changes on the board and how many decision paths reach it, then one shortest example
path for each, in words. ``--json`` prints
``{"outcomes": [{"players", "zones", "status", "paths", "example"}], "nodes": N}``, each
example a list of script steps that replays it when appended to the scenario's script. A walk
cut by ``--max-nodes``, by ``--max-seconds`` (seconds of walking, once the script is played;
10 unless given, ``0`` or ``none`` for no limit: ``ask`` has the same default), or by its memory
bound prints what it found, says why in one line on stderr and exits 0; cut
by Ctrl-C, it does the same and exits 130 (as ``ask`` does); Ctrl-C before the walk has started
exits 130 with one line; bad input exits 2 with one message, as ``run`` does.

The command starts fast: each command imports what it needs when it runs, so ``uurules --help``
loads neither the rule sets nor the explorer, the renderer, the widgets or ``jsonschema``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from uurules import interrupt
from uurules.engine.errors import UURulesError
from uurules.limits import DEFAULT_MAX_SECONDS, parse_seconds

# Each command imports what it needs when it runs: ``uurules --help`` (and building the parser)
# loads neither the rule sets, nor the explorer, the renderer, the widgets or jsonschema.

DEFAULT_MAX_NODES = 100_000  # uurules.explore.DEFAULT_MAX_NODES, without importing the explorer
DEFAULT_LANG = "en"  # the language of run's log unless --lang says another


def cmd_run(args: argparse.Namespace) -> int:
    from uurules.scenario import Scenario, board_text

    scn = Scenario.from_file(args.file)
    game = scn.play(undo=False)  # played forward: no snapshot per step
    result = scn.result(game, args.lang)
    interrupt.checkpoint("writing")
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        if scn.title:
            print(printable(scn.title))
            print()
        print("\n".join(printable(line) for line in result["log"]) or "(nothing happened)")
        print()
        print(printable(board_text(result)))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    """One picture (the last step, or ``--step N``), or one file per step (``--all-steps``)."""
    from pathlib import Path

    from uurules import output, render
    from uurules.engine.errors import InputError
    from uurules.progress import Shown
    from uurules.scenario import Scenario

    out = Path(args.output)
    output.check([args.output], [args.file])  # the name as given: Path("") would be "."
    playing = Shown(Scenario.from_file(args.file), "drawing" if args.all_steps else "playing")
    if args.all_steps:
        fmt = args.format or "svg"
        with output.atomic_directory(out, [args.file]) as put:  # a missing dot writes nothing
            for s, data in render.steps(playing, fmt):  # drawn as the scenario plays
                put(f"step-{s.number:03d}.{fmt}", data)
        last = playing.played - 1
        print(f"wrote {playing.played} pictures to {printable(str(out))}/ (step-000.{fmt} .. step-{last:03d}.{fmt})")
        return 0
    chosen = None
    for s in playing:  # only the wanted step is kept
        if args.step is None or s.number == args.step:
            chosen = s
    n = playing.played - 1 if args.step is None else args.step
    if chosen is None or not 0 <= n < playing.played:
        accepted = f"0 (the staged board) to {playing.played - 1}"
        raise InputError(f"--step {n} is out of range. Accepted: {accepted}", file=args.file)
    suffix = out.suffix[1:].lower()
    fmt = args.format or (suffix if suffix in render.FORMATS else "svg")
    if out.is_dir():
        out = out / f"step-{n:03d}.{fmt}"
    path = output.write_bytes(out, render.step(chosen).pipe(fmt), [args.file])
    print(f"wrote {printable(str(path))} (step {n}: {printable(chosen.label)})")
    return 0


def cmd_wiki(args: argparse.Namespace) -> int:
    """A MediaWiki page in the style of the seed pages, and the SVG pictures it links: written to a
    directory (``-o``), or uploaded and saved on a wiki (``--publish API_URL``, :mod:`uurules.publish`)."""
    from pathlib import Path

    from uurules import output
    from uurules.progress import Shown
    from uurules.render import wiki
    from uurules.scenario import Scenario

    link = wiki.CARD_LINK if args.card_link is None else args.card_link
    wiki.check_card_link(link)
    if args.publish is not None:
        from uurules import publish

        publish.api_parts(args.publish)  # a URL that is no API's is refused before anything is asked
        scenario = Scenario.from_file(args.file)
        title = wiki.wiki_title(args.page or scenario.title or Path(args.file).stem)
        who = publish.credentials()
        try:
            done = publish.publish_scenario(scenario, args.publish, title, link, who)
        except KeyboardInterrupt:
            _clear_progress()
            print(
                f"uurules: interrupted ({interrupt.cause()}) while publishing to {printable(args.publish)}: what was "
                "already uploaded stays on the wiki; run the command again to finish (what is unchanged gets no new "
                "revision)",
                file=sys.stderr,
            )
            return interrupt.status()
        print(printable(done.summary()))
        return 0
    if args.page is not None:
        raise UURulesError("--page names the page on a wiki: it goes with --publish API_URL, not -o")
    output.check([args.output], [args.file])
    playing = Shown(Scenario.from_file(args.file))
    written = wiki.export(playing, args.output, Path(args.file).stem, inputs=[args.file], card_link=link)
    print(f"wrote {printable(str(written[0]))} and {len(written) - 1} pictures")
    return 0


def cmd_html(args: argparse.Namespace) -> int:
    """One self-contained HTML page that steps through the scenario (no kernel, no network)."""
    from uurules import output
    from uurules.progress import Shown
    from uurules.scenario import Scenario
    from uurules.widgets.page import page_parts

    output.check([args.output], [args.file])
    playing = Shown(Scenario.from_file(args.file))
    with output.atomic_file(args.output, [args.file]) as f:  # written as the steps are drawn
        for part in page_parts(playing):  # a missing dot writes nothing
            interrupt.checkpoint("writing")
            f.write(part.encode("utf-8"))
    print(f"wrote {printable(args.output)} ({playing.played} steps: 0 .. {playing.played - 1})")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    """Every card of a game with its catalogue code (:func:`uurules.catalogue.card_list`)."""
    from uurules.rulesets import RULESETS

    if args.game not in RULESETS:
        raise UURulesError(f"no game {args.game!r}. Accepted: {', '.join(RULESETS)}")
    from uurules.catalogue import card_list, card_list_lines, one_deck

    listing = card_list(args.game)
    if args.deck is not None:
        listing = one_deck(listing, args.deck)
    interrupt.checkpoint("writing")
    if args.json:
        print(json.dumps(listing, ensure_ascii=False, indent=2))
    else:
        print("\n".join(printable(line) for line in card_list_lines(listing)))
    return 0


def max_seconds(args: argparse.Namespace) -> float | None:
    """The time budget ``--max-seconds`` gives (:func:`uurules.limits.parse_seconds`), or the
    default one (:data:`~uurules.limits.DEFAULT_MAX_SECONDS`); ``None``: no time limit."""
    if args.max_seconds is None:
        return DEFAULT_MAX_SECONDS
    try:
        return parse_seconds(args.max_seconds)
    except ValueError as exc:
        raise UURulesError(str(exc)) from None


def _by_default(args: argparse.Namespace, message: str | None) -> bool:
    """Whether the search was stopped by the default time budget (no ``--max-seconds`` given)."""
    return args.max_seconds is None and message is not None and f"max_seconds={DEFAULT_MAX_SECONDS:g}" in message


def _default_spent(what: str) -> str:
    return (
        f"stopped after {DEFAULT_MAX_SECONDS:g} s (the default --max-seconds); {what}; "
        "--max-seconds S gives it S seconds, --max-seconds none no time limit"
    )


def cmd_explore(args: argparse.Namespace) -> int:
    from uurules import progress
    from uurules.explore import explore

    if args.max_nodes < 1:
        raise UURulesError(f"--max-nodes must be at least 1, not {args.max_nodes}")
    seconds = max_seconds(args)
    # the script is played forward, then the walk keeps only the state it reached (not the
    # scenario nor the played game): see "Limits" in uurules.explore
    with progress.searching("exploring", seconds) as bar:
        show = bar.figures if bar is not None else None
        found = explore(args.file, max_nodes=args.max_nodes, progress=show, plays=args.plays, max_seconds=seconds)
    interrupt.checkpoint("writing")
    # written as they are made: a big board's outcomes are never one string in memory
    if args.json:
        json.dump(found.to_json(), sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        for line in found.lines():
            print(line)
    if found.message and _by_default(args, found.message):
        said = f"{found.nodes} decision nodes walked, the outcomes and path counts so far are shown"
        print(f"uurules: {_default_spent(said)}", file=sys.stderr)
    elif found.message:
        print(f"uurules: {found.message}", file=sys.stderr)
    return interrupt.status() if found.message and found.message.startswith("interrupted") else 0


def cmd_ask(args: argparse.Namespace) -> int:
    """Answer the scenario's ``question:`` (CONTRACT.md): yes, no or unknown, and how."""
    from uurules import progress
    from uurules.ask import ask
    from uurules.limits import watched

    if args.max_nodes is not None and args.max_nodes < 1:
        raise UURulesError(f"--max-nodes must be at least 1, not {args.max_nodes}")
    seconds = max_seconds(args)
    with (
        progress.searching("searching", seconds) as bar,
        watched(bar.budget) if bar is not None else contextlib.nullcontext(),
    ):
        found = ask(args.file, max_nodes=args.max_nodes, max_seconds=seconds, odds=args.odds)
    interrupt.checkpoint("writing")
    stopped = found.message is not None and "Ctrl-C" in found.message
    if args.json:
        print(json.dumps(found.to_json(), ensure_ascii=False, indent=2))
    else:
        if found.title:
            print(printable(found.title))
            print()
        print(printable(found.text()))
        if found.where is not None:
            print()
            for row in found.table():
                print(printable(f"- {row[0]} in {row[1]}: {row[2]}"))
    if found.message and _by_default(args, found.message):
        unknown = "the answer" if found.answer == "unknown" else "the odds"  # a yes or no found, its odds cut
        said = f"{unknown} {'is' if unknown == 'the answer' else 'are'} unknown after {found.nodes} decision nodes"
        print(f"uurules: {_default_spent(said)}", file=sys.stderr)
    elif found.message:
        print(f"uurules: {one_line(interrupt.said(found.message))}", file=sys.stderr)  # cut by SIGTERM: it says so
    return interrupt.status() if stopped else 0


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, which measures the terminal only when it lays text out: argparse
    makes one for each option it adds (to check its metavar), and measuring imports ``shutil``
    (with its compression modules: milliseconds of every start). The width is argparse's own:
    the terminal's columns less two, as ``shutil.get_terminal_size`` reads them."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: Any = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, width=0 if width is None else width)
        if width is None:  # measured when first needed (the properties below), as argparse measures it
            self._lazy: tuple[int, int] | None = (indent_increment, max_help_position)
            self._measured: int | None = None
            self._most: int | None = None

    @property  # type: ignore[override]
    def _width(self) -> int:
        if self.__dict__.get("_lazy") is not None and self._measured is None:
            import shutil

            self._measured = shutil.get_terminal_size().columns - 2
        width: int = self.__dict__["_measured"]
        return width

    @_width.setter
    def _width(self, value: int) -> None:
        self.__dict__["_measured"] = value

    @property  # type: ignore[override]
    def _max_help_position(self) -> int:
        lazy = self.__dict__.get("_lazy")
        if lazy is not None and self._most is None:
            indent, most = lazy
            self._most = min(most, max(self._width - 20, indent * 2))
        found: int = self.__dict__["_most"]
        return found

    @_max_help_position.setter
    def _max_help_position(self, value: int) -> None:
        self.__dict__["_most"] = value


class _Parser(argparse.ArgumentParser):
    """A command's parser that may finish itself (``prepare``) only when it is used: what an option
    accepts may come from the rule sets, imported then, not for ``uurules --help``.

    Nor for arguments that cannot name the options ``prepare`` adds: each one either no option
    (a file) or one of ``plain`` (``uurules run FILE --json``). Then the parse is the same without
    them, and their values are their defaults (``unprepared``); anything else (another option, an
    abbreviation, ``-h``, an error's usage line) finishes the parser first."""

    prepare: Callable[[argparse.ArgumentParser], None] | None = None
    plain: frozenset[str] = frozenset()
    unprepared: tuple[tuple[str, Any], ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def _ready(self) -> None:
        if self.prepare is not None:
            prepare, self.prepare = self.prepare, None
            prepare(self)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        plain = args is not None and all(a in self.plain or not a.startswith("-") for a in args)
        if self.prepare is not None and plain:
            parsed, rest = super().parse_known_args(args, namespace)
            for name, value in self.unprepared:
                if not hasattr(parsed, name):
                    setattr(parsed, name, value)
            return parsed, rest
        self._ready()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self._ready()
        return super().format_usage()

    def format_help(self) -> str:
        self._ready()
        return super().format_help()


def _lang_option(run: argparse.ArgumentParser) -> None:
    """``uurules run --lang``: the languages the rule sets print their logs in."""
    from uurules.rulesets import games, languages

    run.add_argument(
        "--lang",
        choices=languages(),
        default=DEFAULT_LANG,
        help="language of the log ("
        + "; ".join(f"{cls.title}: {' or '.join(cls.languages)}" for cls in games() if len(cls.languages) > 1)
        + "; the other rule sets print English)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``uurules`` command's parser (``run``'s ``--lang`` is added when ``run`` is parsed or its help shown)."""
    parser = argparse.ArgumentParser(
        prog="uurules", description="Play and picture card-game rule scenarios.", formatter_class=_Formatter
    )
    # prog: what argparse would lay out for it (the parser's usage before its commands), without measuring
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, prog=parser.prog)
    run = sub.add_parser("run", help="play a scenario and print its log and final board")
    run.add_argument("file")
    run.add_argument("--json", action="store_true", help="print CONTRACT.md's JSON object")
    assert isinstance(run, _Parser)
    run.prepare = _lang_option  # the languages come from the rule sets: not imported for `run FILE [--json]`
    run.plain = frozenset({"--json"})
    run.unprepared = (("lang", DEFAULT_LANG),)
    run.set_defaults(func=cmd_run)
    rnd = sub.add_parser("render", help="draw a scenario's board and resolution (needs graphviz's dot)")
    rnd.add_argument("file")
    rnd.add_argument("-o", "--output", required=True, help="the picture file; a directory with --all-steps")
    which = rnd.add_mutually_exclusive_group()
    which.add_argument("--step", type=int, help="the state after step N (0: the staged board; default: the last)")
    which.add_argument("--all-steps", action="store_true", help="one picture per step: OUT/step-001.svg ...")
    rnd.add_argument("--format", choices=["svg", "png", "dot"], help="default: the output's suffix, else svg")
    rnd.set_defaults(func=cmd_render)
    wk = sub.add_parser(
        "wiki",
        help="write a MediaWiki page of a scenario, with its pictures, or publish it on a wiki",
        description="Write the page and its SVG pictures to a directory (-o), or upload the pictures to a "
        "wiki and save the page there (--publish API_URL; the user and password come from "
        "UURULES_WIKI_USER and UURULES_WIKI_PASSWORD, or are asked for on a terminal). Publishing again "
        "updates the same page and files.",
    )
    wk.add_argument("file")
    where = wk.add_mutually_exclusive_group(required=True)
    where.add_argument("-o", "--output", help="the directory for NAME.wiki and the SVG files")
    where.add_argument(
        "--publish", metavar="API_URL", help="the wiki's api.php (https://wiki.example.org/w/api.php) to publish to"
    )
    wk.add_argument("--page", metavar="TITLE", help="the page's title on the wiki (default: the scenario's title)")
    wk.add_argument(
        "--card-link",
        metavar="PATTERN",
        help="how card names link to their pages: {name} the name shown, {card} the card's own name "
        "(default '[[{name}]]'; e.g. '[[Card:{name}|{name}]]'; '' for no links)",
    )
    wk.set_defaults(func=cmd_wiki)
    ht = sub.add_parser("html", help="write one self-contained HTML page that steps through a scenario")
    ht.add_argument("file")
    ht.add_argument("-o", "--output", required=True, help="the HTML file to write")
    ht.set_defaults(func=cmd_html)
    exp = sub.add_parser(
        "explore",
        help="walk every way a scenario's pending decisions can go and list the distinct outcomes",
        description="Play the scenario's script, then try every response, pass, choice, target and order "
        "from there; print each distinct final board, how many decision paths reach it and one shortest "
        "example path.",
    )
    exp.add_argument("file")
    exp.add_argument("--json", action="store_true", help='print {"outcomes": [...], "nodes": N}')
    exp.add_argument(
        "--max-nodes",
        type=int,
        default=DEFAULT_MAX_NODES,
        metavar="N",
        help=f"stop after N decision nodes and show what was found (default {DEFAULT_MAX_NODES})",
    )
    exp.add_argument(
        "--max-seconds",
        metavar="S",
        help=f"stop the walk after S seconds and show what was found (default {DEFAULT_MAX_SECONDS:g}; "
        "0 or none: no time limit)",
    )
    exp.add_argument(
        "--plays", action="store_true", help="from a quiet board, also try every card the active player may play"
    )
    exp.set_defaults(func=cmd_explore)
    ask = sub.add_parser(
        "ask",
        help="answer the scenario's question: (can a player make sure that ...?): yes, no or unknown, and how",
        description="Play the scenario's script, then search every way play can go from there (the asker "
        "picks at their decisions, everyone else against them) until the question is proved or refuted.",
    )
    ask.add_argument("file")
    ask.add_argument(
        "--json", action="store_true", help='print {"answer", "example", "nodes", "complete"} (CONTRACT.md)'
    )
    ask.add_argument("--max-nodes", type=int, default=None, metavar="N", help="stop after N decision nodes: unknown")
    ask.add_argument(
        "--max-seconds",
        default=None,
        metavar="S",
        help=f"stop after S seconds: unknown (default {DEFAULT_MAX_SECONDS:g}; 0 or none: no time limit)",
    )
    ask.add_argument(
        "--odds",
        action="store_true",
        help='also the best chance the asker can reach, every random outcome equally likely ("odds": "P/Q")',
    )
    ask.set_defaults(func=cmd_ask)
    cards = sub.add_parser(
        "cards",
        help="list every card of a game with its catalogue code (UU-Base-014), name, type, copies and text",
    )
    cards.add_argument("game", help="a rule set's name: unstable-unicorns, llamas-unleashed, ...")
    cards.add_argument(
        "--json",
        action="store_true",
        help='print {"game", "title", "cards": [{"code", "name", "card", "type", "copies", "text", ...}]}',
    )
    cards.add_argument(
        "--deck",
        metavar="DECK",
        help="only the faces of one base deck: white-box, control or chaos (Control & Chaos: shared faces in both)",
    )
    cards.set_defaults(func=cmd_cards)
    return parser


_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
MAX_LINE = 2000


def printable(text: str) -> str:
    r"""``text`` safe to print on a terminal: control characters shown as escapes (``\x1b``), not obeyed.

    >>> printable("Ann\x1b[31m")
    'Ann\\x1b[31m'
    """
    return _UNPRINTABLE.sub(lambda m: repr(m.group())[1:-1], text)


def one_line(text: str) -> str:
    """An error message as one printable line of at most :data:`MAX_LINE` characters."""
    text = printable(text.replace("\r\n", "\n").replace("\n", " | ").replace("\r", " | ").replace("\t", " "))
    return text if len(text) <= MAX_LINE else text[: MAX_LINE - 1] + "…"


def _clear_progress() -> None:
    """Take a progress bar off the screen, if one is up (:mod:`uurules.progress`, loaded only when used)."""
    shown = sys.modules.get("uurules.progress")
    if shown is not None:
        shown.clear()


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command: 0 when done; 2 for bad input (one line on stderr, nothing written); 130 on
    Ctrl-C, 143 on SIGTERM."""
    # started with SIGINT ignored (a background job of a shell script): heard all the same; SIGTERM
    # stops the command as Ctrl-C does
    interrupt.listen()
    try:
        parser = build_parser()
        # parsing ``run`` reads the rule sets (its --lang): Ctrl-C while they load is one line too
        args = parser.parse_args(argv)
    except KeyboardInterrupt:
        said = f"interrupted ({interrupt.cause()}) while starting; nothing was read or written"
        print(f"uurules: {said}", file=sys.stderr)
        return interrupt.status()
    try:
        code: int = args.func(args)
        sys.stdout.flush()
    except UURulesError as exc:
        _clear_progress()
        print(f"uurules: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        _clear_progress()
        print(f"uurules: interrupted ({interrupt.cause()}); no output file was written", file=sys.stderr)
        return interrupt.status()
    except BrokenPipeError:
        # the reader went away (`uurules run F | head`): stop quietly, as other commands do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
