"""Pictures that fit: every picture is laid out to fit 1000 px wide without being shrunk.

The fast checks read the DOT source (every title, caption and arrow label wrapped to its width;
the graph attributes that keep the layout narrow). One check lays out every step of every
scenario and each page of the FAQ outcome trees with graphviz and reads the width it chose
(the SVG's ``width``, in points: 1 pt = 4/3 px), never the SVG bytes. The browser tests
(tests/test_browser.py) measure the same pictures as JupyterLab, the stepper, the explorer and
the html page display them.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.conftest import SCENARIOS
from uurules import InputError, render
from uurules.explore import explore
from uurules.render import board_table, chain_picture, dot, markup
from uurules.timeline import Timeline

needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="graphviz's dot is not installed (CI installs it)"
)

WIDTH_PT = 705
"""1000 px less the margin JupyterLab's output area keeps with the file browser open (940 px)."""

SCENARIO_FILES = sorted(p.relative_to(SCENARIOS).as_posix() for p in SCENARIOS.rglob("*.yaml"))  # cards/ too
LABEL = re.compile(r"\b(?:x?label)=<(<.*?>)>(?=[ \]]|$)", re.M)
FONT_TEXT = re.compile(r"<FONT[^>]*>|</FONT>|</?[BIS]>|<TABLE[^>]*>|</TABLE>|</?TR>|<TD[^>]*>|</TD>")


def lines_of(source: str) -> list[str]:
    """Every line of text of every label in a DOT source (entities left as written)."""
    out = []
    for body in LABEL.findall(source):
        for part in re.split(r"<BR/>|</TR>|</TD>", body):
            text = FONT_TEXT.sub("", part).strip()
            if text:
                out.append(re.sub(r"&[a-z#0-9]+;", "x", text))
    return out


def timelines() -> list[Timeline]:
    """Every scenario that plays (a few show a refused play: the engine stops them at that step)."""
    out = []
    for name in SCENARIO_FILES:
        try:
            out.append(Timeline.from_file(SCENARIOS / name))
        except InputError as exc:  # a refused action, on purpose: its scenario expects it
            assert "script step" in str(exc), exc
    assert len(out) > 100 and any(name.startswith("cards/") for name in SCENARIO_FILES)
    return out


def test_every_label_line_is_wrapped_to_its_width() -> None:
    widest = markup.WRAP + len("▶ this step: ")
    for tl in timelines():
        for step in tl:
            for line in lines_of(render.step(step).source):
                words = line.split(" ")
                assert len(line) <= max(dot.TITLE_WRAP, widest) or len(words) == 1, (tl.title, step.number, line)
    # the arrows' words, the captions and the titles have their own, narrower widths
    seed = Timeline.from_file(SCENARIOS / "seed-001-gameplay.yaml")
    source = render.step(seed[4]).source
    lines = lines_of(source)  # what the arrows' words were, in the boxes they lead to, wrapped there
    assert "by Dread Pirate Unicorn" in lines and "by Parallel Universicorn" in lines
    title = re.search(r"\blabel=<<TABLE.*?</TABLE>>", source.split("node [")[0]).group(0)
    assert title.count("<TR>") == 3  # the scenario's long title in two lines, then the step


def test_the_layout_attributes_keep_pictures_narrow() -> None:
    source = render.step(Timeline.from_file(SCENARIOS / "seed-001-gameplay.yaml")[4]).source
    head = source.split("node [")[0]
    assert "rankdir=LR" in head and "ranksep=0.2" in head and "forcelabels=true" in head and "pad=0.03" in head
    # the frames' words are as large as a box's, and stand close to what they hold
    chain_head = source.split("subgraph cluster_chain {")[1].split("subgraph")[0]
    assert f"fontsize={dot.Style.SIZE}" in chain_head and f"margin={dot.GROUP_MARGIN}" in chain_head
    d = markup.step_scene(Timeline.from_file(SCENARIOS / "seed-001-gameplay.yaml")[4])
    # the board is one table beside the chain, two card tiles a row a player; the decision stands
    # atop the board's column, beside the chain (it adds no width)
    board = next(g for g in d.groups if g.id == "cluster_board")
    (table,) = [n for n in board.nodes if n.id == "board"]
    players = len(Timeline.from_file(SCENARIOS / "seed-001-gameplay.yaml")[4].state.players)
    per_row = board_table.tiles(players)
    assert board.right and all(sum(c.colspan for c in row) == players * per_row for row in table.rows)
    assert board.columns == [["decision", "board"]]
    # a chain too tall for one column comes in two, of narrower boxes (their words wrapped narrower)
    chain = next(g for g in d.groups if g.id == "cluster_chain")
    assert len(chain.columns) == 2 and all(chain.columns)
    effects = [n for n in d.all_nodes() if n.id.startswith("e") and n.status != "used"]  # not the trigger
    lines = ["".join(s.text for s in line) for n in effects for row in n.rows for line in row[0].lines]
    assert max(map(len, lines)) <= chain_picture.NARROW[1] and len(effects) == 5
    # a big outcome tree comes in pages two decisions deep
    found = explore(SCENARIOS / "faq-does-the-order-of-my-neighs-matter.yaml")
    assert markup.LEVELS == 2 and len(render.tree_pages(found)) == 2


def test_a_three_player_board_and_a_pile_that_resolved_stay_narrow() -> None:
    # three players side by side, one card tile a row each (two would make the board as wide as
    # what stands beside it); the players' notes and the zones' titles wrapped to a tile's width
    step = Timeline.from_file(SCENARIOS / "eom-stack-1-lifo.yaml")[6]
    d = markup.step_scene(step)
    (table,) = [n for g in d.groups if g.id == "cluster_board" for n in g.nodes if n.id == "board"]
    assert len(step.state.players) == 3 and board_table.tiles(3) == 1 and board_table.tiles(2) == board_table.TILES
    players = [row for row in table.rows if row[0].frame != "shared"]
    assert all(sum(c.colspan for c in row) == 3 for row in players)
    titles = [[s.text for line in c.lines for s in line] for row in players for c in row if c.lines]
    assert ["Active Play", "Area · 1"] in titles and ["Active Play", "Area · 0"] in titles
    assert board_table.column_words(table, 0).startswith("Ann active player · resources 1 Hand · 1 Quickening")
    # the same board with two players' tiles a row when asked (a picture's narrower variant is one)
    wide = markup.step_scene(step, per_row=2).node("board")
    assert all(sum(c.colspan for c in row) == 6 for row in wide.rows if row[0].frame != "shared")
    # the stack as it was, every card waiting, stands left of the stack as it is (no chain above them)
    waiting, stack = (next(g for g in d.groups if g.id == i) for i in ("cluster_waiting", "cluster_pile"))
    assert waiting.left and not stack.left and d.columns == [[stack.columns[0][0]]]
    assert any((e.tail, e.head, e.status) == (waiting.columns[0][0], stack.columns[0][0], "order") for e in d.edges)
    # ... and the other way round among the picture's arrangements, and with the board under
    others = markup.arrangements(d)
    moved = next(o for o in others if not next(g for g in o.groups if g.id == "cluster_waiting").left)
    assert moved.columns[0][:2] == [waiting.columns[0][0], stack.columns[0][0]]
    assert any(not any(g.right for g in o.groups) for o in others)
    # each card of the stack: its name and its player on the box's first line
    for node in stack.nodes:
        assert [s.text.strip() for s in node.rows[0][0].lines[0]][1:] in (["· Ann"], ["· Bob"], ["· Cat"])


@needs_dot
def test_every_tree_page_and_the_legend_are_laid_out_within_1000_px() -> None:
    too_wide = []
    for name in ("faq-can-bob-save-his-unicorn.yaml", "faq-does-the-order-of-my-neighs-matter.yaml"):
        found = explore(SCENARIOS / name)
        for page in range(1, len(render.tree_pages(found)) + 1):
            svg = render.outcomes(found, page=page, highlight=1).svg()
            width = float(re.search(r'<svg width="([\d.]+)pt"', svg).group(1))
            if width > WIDTH_PT:
                too_wide.append(f"{name} tree page {page}: {width * 4 / 3:.0f} px")
    legend = float(re.search(r'<svg width="([\d.]+)pt"', render.legend().svg()).group(1))
    assert legend <= WIDTH_PT
    assert not too_wide, too_wide


@needs_dot
def test_every_step_of_every_scenario_is_laid_out_within_1000_px() -> None:
    # the board stands beside the chain or the pile; where that is wider than a notebook shows,
    # the picture is drawn again with the board under them (Picture.pipe, markup.board_below)
    too_wide, narrowed = [], 0
    for tl in timelines():
        steps = list(tl)
        pictures = [render.step(s) for s in steps]
        for step, picture, svg in zip(steps, pictures, render.render_all([p.source for p in pictures]), strict=True):
            if width_pt(svg) <= WIDTH_PT:
                continue
            drawn = picture.pipe("svg")  # as a notebook or a stepper draws it (alone, not in a batch)
            narrowed += not any(g.right for g in picture.diagram.groups)  # drawn with the board under
            if width_pt(drawn) > WIDTH_PT:
                too_wide.append(f"{tl.title} step {step.number}: {width_pt(drawn) * 4 / 3:.0f} px")
    assert narrowed > 0  # some pictures are wide with the board beside: the fallback is exercised
    assert not too_wide, too_wide


def width_pt(svg: bytes) -> float:
    m = re.search(rb'<svg width="([\d.]+)pt"', svg)
    assert m is not None
    return float(m.group(1))


@needs_dot
def test_every_page_of_a_questions_strategy_and_a_where_table_is_laid_out_within_1000_px() -> None:
    from uurules.ask import ask

    # the others fastest: every answer of theirs is in the strategy, so it comes in several pages
    save = {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}], "fastest": "others"}
    too_wide = []
    for name in (
        "faq-can-bob-save-his-unicorn.yaml",
        "faq-does-the-order-of-my-neighs-matter.yaml",
        "faq-three-players-hold-neighs.yaml",
    ):
        found = ask(SCENARIOS / name, save)
        pictures = [render.strategy(found, page=p) for p in range(1, len(render.strategy_pages(found)) + 1)]
        pictures.append(render.strategy(ask(SCENARIOS / name, {"where": ["Bob/Basic Unicorn"]})))
        for k, pic in enumerate(pictures, 1):
            width = float(re.search(r'<svg width="([\d.]+)pt"', pic.svg()).group(1))
            if width > WIDTH_PT:
                too_wide.append(f"{name} picture {k}: {width * 4 / 3:.0f} px")
    assert len(pictures) > 2 and not too_wide, too_wide


STEPPER_PX = (744, 730)
"""The stepper's picture area in JupyterLab at 1400x900 with the file browser open (its side
panel to the left, its height ``100vh - 170px``), as tests/test_browser.py measures it."""


HTML_PX = (1012, 650)
"""The html page's picture area at 1280x800 (uurules/widgets/page.py: the steps' column, at most
``100vh - 150px`` high), as tests/test_browser.py's one-screen test shows it."""


def test_the_areas_are_those_the_stepper_and_the_page_draw_for() -> None:
    from uurules.widgets import page
    from uurules.widgets.stepper import AREA

    assert AREA == STEPPER_PX and page.AREA == HTML_PX


WORST = [
    "eom-stack-1-lifo.yaml",  # a stack that resolves card by card, three players
    "lu-inst-1-answer-back.yaml",  # a pile four cards high that resolves in one step
    "render-neigh-pile.yaml",  # a chain with a pile under it, three players
    "seed-004-complex-stack.yaml",  # a stack that comes and goes in one step
    "across-uu-chain.yaml",  # a chain in two columns with its targets
    "cards/glitter-tornado.yaml",  # a chain aimed at three players' cards
    "cards/swift-flying-unicorn.yaml",  # a chain with a pile under it that resolved
    "eom-act-2-active-player-zones-first.yaml",  # three players' triggers
]
"""The kinds of step whose smallest words showed under 11 px in the stepper (benchmarks/step_text.py)."""


@needs_dot
def test_the_worst_kinds_of_step_show_11_px_text_in_the_stepper_and_on_the_html_page() -> None:
    # each drawn as the stepper (alone, for its area) and the html page (in a batch, for its own)
    # draw it: the first arrangement that shows the words at 11 px (the board beside, narrower ...)
    from tests.browser_support import MIN_TEXT

    small = []
    for name in WORST:
        tl = Timeline.from_file(SCENARIOS / name)
        for step, svg in render.steps(tl, titled=False, area=HTML_PX):
            lab = render.step(step, titled=False).fitted(STEPPER_PX)
            for where, drawn, area in (("Lab", lab, STEPPER_PX), ("html", svg, HTML_PX)):
                px = render.shown_text(drawn, area)
                if px < MIN_TEXT:
                    small.append(f"{name} step {step.number} in {where}: {px:.1f} px")
    assert not small, small


def extents(svg: str) -> dict[str, tuple[float, float]]:
    """The left and right (points) of each frame and box of an SVG drawn by graphviz, by its DOT id."""
    out = {}
    for m in re.finditer(r'<g id="[^"]+" class="(?:cluster|node)">\s*<title>([^<]+)</title>(.*?)</g>', svg, re.S):
        shape = re.search(r'<(?:polygon[^>]*points|path[^>]*\bd)="([^"]+)"', m.group(2))
        if shape is not None:
            xs = [float(x) for x in re.findall(r"(-?[\d.]+),-?[\d.]+", shape.group(1))]
            out[m.group(1)] = (min(xs), max(xs))
    return out


@needs_dot
def test_a_frames_words_do_not_widen_it() -> None:
    # a pile's frame, the pile's as it was, and a link's, as wide as their widest box and their
    # margins: their words ("THE INSTANT PILE · waiting, before it resolved") wrapped to that width
    checked = 0
    for name, number in [
        ("lu-inst-1-answer-back.yaml", 4),
        ("eom-stack-1-lifo.yaml", 6),
        ("seed-001-gameplay.yaml", 1),
    ]:
        pic = render.step(Timeline.from_file(SCENARIOS / name)[number], titled=False)
        box = extents(pic.svg())
        groups = [g for top in pic.diagram.groups for g in (top, *top.groups)]
        for g in groups:
            if g.id in ("cluster_pile", "cluster_waiting") or g.id.startswith("cluster_link"):
                widest = max(box[n.id][1] - box[n.id][0] for n in g.nodes if n.id in box)
                assert box[g.id][1] - box[g.id][0] <= widest + 2 * dot.GROUP_MARGIN + 10, (name, g.id, g.label)
                checked += 1
    assert checked == 5


@needs_dot
def test_each_step_of_the_seeds_gameplay_fits_the_stepper_with_11_px_text() -> None:
    # the stepper shows a picture as large as its area allows: 10-point words (the smallest)
    # show at 11 px when the picture is at most 10/11 of the area's px in points each way
    from tests.browser_support import MIN_TEXT

    tl = Timeline.from_file(SCENARIOS / "seed-001-gameplay.yaml")
    sizes = []
    for step in tl:
        m = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', render.step(step, titled=False).svg())
        w, h = float(m.group(1)), float(m.group(2))
        sizes.append((step.number, round(dot.Style.SMALL * min(STEPPER_PX[0] / w, STEPPER_PX[1] / h), 1)))
    assert [n for n, px in sizes if px < MIN_TEXT] == [], sizes
