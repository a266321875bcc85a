"""The answer to a question (:func:`uurules.ask.ask`) as plain data for a picture: the strategy.

A "yes" is proved by the asker's strategy: one choice at each of the asker's decisions, and
every answer the others have to it; a "no" by the others' strategy: every try of the asker, and
the answer that stops it. :attr:`uurules.ask.Answer.strategy` holds that tree; :func:`strategy`
draws it in the house style of the outcome tree (:func:`uurules.render.markup.outcomes`).

Node ids are stable, from the strategy's own numbering (positions are numbered breadth first
as the solver builds the tree): ``n<k>`` (the k-th position; ``n1`` is the board the question is
about), ``m<k>`` (the "+N more" choices of position k that the size bound left out) and ``c<k>``
(position k, drawn on a later page: "continues on page n"). A ``where:`` answer is one box a
card (``w<i>``), each place it can end up with a line that takes it there.

Nothing here decides a rule: the words are the solver's (:class:`uurules.ask.Choice.words`) and
the board differences are :func:`uurules.explore.board_changes`'.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from uurules.render.markup import MAX_CHANGES, TREE_WRAP, Cell, Diagram, Edge, Node, Span, plural, text

if TYPE_CHECKING:
    from uurules.ask import Answer, StrategyNode

LEVELS = 2
"""How many decisions deep one page of a strategy goes (so that a page fits 1000 px), as the
outcome tree's pages do."""


@dataclass(frozen=True)
class StrategyPages:
    """How a strategy is cut into pages, each :data:`LEVELS` decisions deep.

    Page ``k`` draws the positions ``(k - 1) * levels`` to ``k * levels`` decisions below the
    board the question is about: ``roots[k - 1]`` lists the ids of the positions it starts from
    (page 1: the board itself; a later page: every position where the page before stopped, one
    below another); ``page_of`` gives the page on which each position is drawn in full (a position
    where a page stops is drawn there as a "continues on page n" box).
    """

    roots: list[list[int]]
    page_of: dict[int, int]

    def __len__(self) -> int:
        return len(self.roots)


def strategy_pages(answer: Answer, levels: int = LEVELS) -> StrategyPages:
    """Cut ``answer``'s strategy into pages ``levels`` decisions deep (see :class:`StrategyPages`)."""
    if levels < 1:
        raise ValueError("levels must be at least 1")
    roots: list[list[int]] = []
    page_of: dict[int, int] = {}
    if answer.strategy is None:
        return StrategyPages(roots, page_of)
    frontier = [answer.strategy]
    depth = 0
    while frontier:
        if depth % levels == 0 and any(n.holds is None for n in frontier):
            roots.append([n.id for n in frontier if n.holds is None])
        for node in frontier:
            # a rest stands on the page that reaches it; a question at a page's edge, on the next
            at_edge = depth > 0 and depth % levels == 0 and node.holds is not None
            page_of[node.id] = depth // levels + (0 if at_edge else 1)
        frontier = [c.then for n in frontier for c in n.choices if c.then is not None]
        depth += 1
    return StrategyPages(roots, page_of)


def question_title(answer: Answer) -> str:
    """The question and its answer in a few words, for a picture's title."""
    from uurules.ask_words import question_text, who_words

    q = answer.question
    if answer.where is not None:
        refs = [ref for ref, _ in q.where]
        return f"Where can {_listed_refs(refs)} end up?"
    who = who_words(q.players)
    if answer.answer == "yes":
        said = f"Yes: {who}'s strategy (one choice at each decision, and every answer of the others)"
    elif answer.answer == "no":
        said = f"No: how the others stop every try of {who}"
    else:
        said = "Unknown: the search was cut short"
    return f"{question_text(q)}\n{said}"


def _listed_refs(refs: list[str]) -> str:
    from uurules.ask_words import ref_words
    from uurules.rulesets.unstable_unicorns.vocabulary import listed

    return listed([ref_words(r) for r in refs])


def strategy(answer: Answer, *, page: int = 1, levels: int = LEVELS, max_lines: int = MAX_CHANGES) -> Diagram:
    """The strategy that proves ``answer`` (or, for a ``where:`` answer, each card's places).

    Each position where a decision is pending is a box with its question; each choice the
    strategy keeps is an arrow labelled in words, the asker's choices (``ask-mine``: bold) styled
    apart from the others' answers (``ask-theirs``: dashed). A pass of every player
    (``pass: all``) is on the asker's side: the asker may answer instead, or let the card
    resolve. Each rest is a note: whether every condition holds there (``ask-holds``) or not
    (``ask-fails``), and what changed on the board from the question's board (at most
    ``max_lines`` lines). Choices the size bound left out end in one "+N more" box a position.
    A deep strategy comes in pages ``levels`` decisions deep (:func:`strategy_pages`); ``page``
    (from 1) picks one, and a path that goes on ends in a "continues on page n" box.

    >>> from uurules.ask import ask
    >>> from uurules.scenario import Scenario
    >>> found = ask(Scenario.from_text('''
    ... ruleset: unstable-unicorns
    ... players:
    ...   - {name: Ann, hand: [Unicorn Poison, Neigh]}
    ...   - {name: Bob, hand: [Neigh, Super Neigh], stable: [Basic Unicorn]}
    ... script:
    ...   - play: {player: Ann, card: Unicorn Poison}
    ... question:
    ...   can: Bob
    ...   make: [{card: Bob/Basic Unicorn, in: Bob/stable}]
    ... '''))
    >>> d = strategy(found)
    >>> [(n.id, n.status, n.caption) for n in d.nodes]
    [('n1', 'start', 'start'), ('n2', 'ask-holds', 'every condition holds')]
    >>> [(e.tail, e.head, e.status, e.label) for e in d.edges]
    [('n1', 'n2', 'ask-mine', "Bob answers Ann's Unicorn Poison with Super Neigh")]
    """
    if answer.where is not None:
        return _where(answer)
    pages = strategy_pages(answer, levels)
    title = [answer.title] if answer.title else []
    title.append(question_title(answer))
    if len(pages) > 1:
        if not 1 <= page <= len(pages):
            raise ValueError(f"the strategy has pages 1 to {len(pages)}, not {page}")
        title.append(f"Page {page} of {len(pages)} (from the question at its top)")
    elif page != 1:
        raise ValueError(f"the strategy has one page, not {page}")
    diagram = Diagram("strategy", "\n".join(title))
    root = answer.strategy
    if root is None:  # unknown: nothing was proved
        words = answer.message or "the search was cut short"
        diagram.nodes.append(Node("unknown", "unwalked", [text(words, "", TREE_WRAP)], "no strategy"))
        return diagram
    tops = set(pages.roots[page - 1]) if pages.roots else {root.id}
    start = answer.start or {}
    stubs: list[StrategyNode] = []
    todo = [n for n in root.walk() if n.id in tops]
    if len(todo) > 1:  # the subtrees of a later page, one below another
        diagram.columns = [[f"n{n.id}" for n in todo]]
    while todo:
        node = todo.pop(0)
        diagram.nodes.append(_position(node, node is root, start, max_lines))
        cut = [c for c in node.choices if c.then is None]
        for c in node.choices:
            if c.then is None:
                continue
            mine = c.asker or c.by == "everyone"
            child = c.then
            if pages.page_of.get(child.id) == page:
                head = f"n{child.id}"
                todo.append(child)
            else:
                head = f"c{child.id}"
                stubs.append(child)
            diagram.edges.append(Edge(f"n{node.id}", head, "ask-mine" if mine else "ask-theirs", c.words))
        more = max(node.more, len(cut))
        if more:
            diagram.nodes.append(Node(f"m{node.id}", "more", [text(f"+{more} more", "italic")]))
            diagram.edges.append(Edge(f"n{node.id}", f"m{node.id}", "choice"))
    for node in stubs:
        rows = [text(node.question or "(resolving)", "", TREE_WRAP)]
        on = pages.page_of[node.id]
        diagram.nodes.append(Node(f"c{node.id}", "continued", rows, f"continues on page {on}"))
    return diagram


def _position(node: StrategyNode, first: bool, start: dict[str, Any], max_lines: int) -> Node:
    """A position of the strategy: its question, or at a rest whether it holds and what changed."""
    from uurules.explore import board_changes

    if node.holds is not None:
        lines = board_changes(start, node.board) if start and node.board else []
        if len(lines) > max_lines:
            lines = [*lines[: max_lines - 1], f"… {len(lines) - max_lines + 1} more changes"]
        head = "At rest: it holds" if node.holds else "At rest: it fails"
        rows = [[Cell([[Span(head, "bold")]])]]
        rows += [text(line, "small", TREE_WRAP) for line in lines or ["(the board is unchanged)"]]
        status = "ask-holds" if node.holds else "ask-fails"
        caption = "every condition holds" if node.holds else "a condition fails"
        return Node(f"n{node.id}", status, rows, caption)
    rows = [text(node.question or "(resolving)", "", TREE_WRAP)]
    if first:
        return Node(f"n{node.id}", "start", rows, "start")
    return Node(f"n{node.id}", "position", rows)


def _where(answer: Answer) -> Diagram:
    """A ``where:`` answer: a box a card, each place it can end up and a line that takes it there."""
    from uurules.ask_words import place_words, ref_words

    title = [answer.title] if answer.title else []
    title.append(question_title(answer))
    if not answer.complete:
        title.append(answer.message or "the search was cut short: there may be more places")
    diagram = Diagram("where", "\n".join(title))
    for i, (ref, places) in enumerate((answer.where or {}).items(), 1):
        rows = [[Cell([[Span(ref_words(ref), "bold")]])]]
        for place in places:
            rows.append([Cell([[Span(f"in {place_words(place.zone)}", "")]])])
            line = "; ".join(place.words) or "as things stand"
            rows += [text(line, "small", TREE_WRAP * 2)]
        if not places:
            rows.append(text("nowhere found", "italic"))
        diagram.nodes.append(Node(f"w{i}", "position", rows, plural(len(places), "place")))
    diagram.columns = [[n.id for n in diagram.nodes]]
    return diagram


MAX_PAGES = 6
"""How many pages of a strategy a notebook shows under the answer (the rest: ``render.strategy(answer, page=n)``)."""


def answer_bundle(answer: Answer) -> dict[str, str]:
    """Jupyter's mime bundle for an answer: the paragraph, then the strategy's pictures (a
    ``where:`` answer: its table), as HTML, every piece of text escaped; and the same as text.

    Without graphviz's ``dot`` the HTML says how to install it in place of the pictures.
    """
    import html

    from uurules.render import Picture, RenderError
    from uurules.svg import inline_svg

    paragraph = answer.text()
    parts = [f"<p>{html.escape(paragraph)}</p>"]
    plain = [paragraph]
    if answer.where is not None:
        rows = answer.table()
        head = "<tr><th>card</th><th>can end up in</th><th>a line of play that takes it there</th></tr>"
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
        parts.append(f'<table class="uurules-where">{head}{body}</table>')
        plain += [f"- {card} in {place}: {line}" for card, place, line in rows]
    elif answer.strategy is not None:
        pages = len(strategy_pages(answer))
        try:
            for page in range(1, min(pages, MAX_PAGES) + 1):
                pic = Picture(strategy(answer, page=page))
                digest = hashlib.sha256(pic.source.encode("utf-8")).hexdigest()[:10]
                parts.append(f"<div>{inline_svg(pic.svg(), prefix=f'uurules-strategy-{digest}-')}</div>")
        except RenderError as exc:
            parts.append(f"<p><i>{html.escape(str(exc))}</i></p>")
        if pages > MAX_PAGES:
            parts.append(
                f"<p><i>{pages - MAX_PAGES} more pages: render.strategy(answer, page=n), n up to {pages}</i></p>"
            )
    return {"text/html": "\n".join(parts), "text/plain": "\n".join(plain)}


__all__ = ["LEVELS", "MAX_PAGES", "StrategyPages", "answer_bundle", "question_title", "strategy", "strategy_pages"]
