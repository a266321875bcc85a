"""The board as a table: the players side by side, each zone a row of card tiles.

(Named ``board_table`` and not ``board``: ``uurules.render.board`` is the function that draws a board.)

One node, ``board``, whose table gives each player :data:`TILES` columns, side by side (one, on
a board of :data:`NARROW_AT` players or more: :func:`tiles`): their
name (the port ``p<n>``, framed bold when active), then each zone, a band of rows across all the
players: its title (``Stable · 3``) and its cards as tiles, as many to a row, each tile the
port ``c<card id>`` (so an arrow can point at a card) with its state in small words under its
name; a hand of more than :data:`HAND_TILES` cards shows that many and a count (drawn for a
viewer, the viewer's own hand shows up to :data:`ZONE_TILES`), any other zone of more than
:data:`ZONE_TILES` likewise. The shared zones (``shared``: counts and top cards) stand under the
players, a band each.
The group stands to the right of the chain or the pile it shares a picture with
(:attr:`~uurules.render.markup.Group.right`), and the turn's note (what the step did to the
turn) stands above the table.

Plain data only, like the rest of :mod:`uurules.render.markup`: every name reaches DOT through
:func:`uurules.render.dot.escape`, and the ids come from the players' order and the engine's
card ids, so the same scenario gives the same DOT.

>>> from uurules.scenario import Scenario
>>> game = Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Neigh], stable: [Basic Unicorn, Rhinocorn]}
...   - {name: Bob}
... deck: [Yay]
... ''').stage()
>>> group = board_group(game)
>>> [n.id for n in group.nodes], group.right
(['board'], True)
>>> column_words(group.nodes[0], 0)
'Ann active player Hand · 1 Neigh Stable · 2 Basic Unicorn Rhinocorn'
>>> shared_words(group.nodes[0])
'Shared Deck · 1 Yay Discard pile · 0 — Nursery · 0 —'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from uurules.render.markup import turn_node
from uurules.render.model import Cell, Group, Line, Node, Span, _status_words, wrap, zone_title

if TYPE_CHECKING:
    from collections.abc import Sequence

    from uurules.engine.events import Event
    from uurules.engine.game import Game
    from uurules.engine.position import Changes

TILES = 2
"""How many card tiles stand in one row of a zone (on a board of fewer than :data:`NARROW_AT` players)."""

NARROW_AT = 3
"""A board of this many players or more has one card tile a row in each zone: side by side,
three players' two tiles each would make the board as wide as the chain or pile beside it."""


def tiles(players: int) -> int:
    """How many card tiles stand in one row of a zone on a board of ``players`` players.

    >>> tiles(2), tiles(3)
    (2, 1)
    """
    return TILES if players < NARROW_AT else 1


TILE_WRAP = 12
"""A tile's card name is wrapped at this many characters (a tile is about 100 px wide)."""

HAND_TILES = 6
"""A hand of more cards shows this many tiles and "… and n more"."""

ZONE_TILES = 12
"""Any other zone of a player (a stable, a field, a graveyard ...) of more cards shows this many
tiles and "… and 19,990 more": a board the kit accepts (up to 20,000 cards) stays within what
``dot`` can draw (a zone drawn whole would be a column longer than its 65,535 points)."""

TOP_CARDS = 3
"""How many top cards of a shared zone (deck, discard pile) the board lists."""

NOTE_WRAP = 16
"""A player's notes (active player, resources ...) are wrapped at this many characters (about a
tile's width in their small type)."""

ZONE_WRAP = 14
"""A zone's title and count ("Active Play Area · 1") are wrapped at this many characters (a tile's width)."""


def _tile(game: Game, c: int, changed: Changes | None, small: bool) -> Cell:
    card = game.state.cards[c]
    style = "small" if small else ""
    lines: list[Line] = [[Span(part, style)] for part in wrap(card.shown, TILE_WRAP)]
    now = game.ruleset.status(game, card)  # what the game publishes of the card's own state
    words = _status_words(now)
    lines += [[Span(part, "small italic")] for part in wrap(" · ".join(words), TILE_WRAP)] if words else []
    status = "disabled" if now.get("disabled") else ("closed" if now.get("closed") else None)
    hot = changed is not None and c in changed.cards
    return Cell(lines, port=f"c{c}", status=status, changed=hot, border=True)


def _title(title: str, cards: Sequence[int], per_row: int) -> Cell:
    """A player's zone's title and count, across their columns."""
    return Cell([[Span(line, "small bold")] for line in wrap(f"{title} · {len(cards)}", ZONE_WRAP)], colspan=per_row)


def _zone(
    game: Game, title: str, cards: Sequence[int], changed: Changes | None, limit: int | None, per_row: int
) -> list[list[Cell]]:
    """A zone as rows of a player's columns: its title and count, then its cards, ``per_row`` a row."""
    rows = [[_title(title, cards, per_row)]]
    shown = cards
    if limit is not None and len(cards) > limit:  # what this step changed shows first (as many as fit)
        hot = [c for c in cards if changed is not None and c in changed.cards][:limit]
        cold = [c for c in cards if changed is None or c not in changed.cards][: limit - len(hot)]
        keep = set(hot) | set(cold)
        shown = [c for c in cards if c in keep]
    small = title == "Hand"
    for k in range(0, len(shown), per_row):
        row = [_tile(game, c, changed, small) for c in shown[k : k + per_row]]
        rows.append(row + [Cell() for _ in range(per_row - len(row))])
    if len(shown) < len(cards):
        rows.append([Cell([[Span(f"… and {len(cards) - len(shown):,} more", "small italic")]], colspan=per_row)])
    if not cards:
        rows.append([Cell([[Span("—", "small")]], colspan=per_row)])
    return rows


def _head(game: Game, n: int, changed: Changes | None, per_row: int) -> list[list[Cell]]:
    """A player's name and notes (active player, resources ...), framed bold when active."""
    s = game.state
    p = s.players[n]
    notes = []
    if p == s.active:
        notes.append("active player")
    for key, value in s.numbers.get(p, {}).items():
        notes.append(f"{key} {value}")
    if s.winner == p:
        notes.append("WINNER")
    elif s.ended is not None and s.winner is None:
        notes.append("LOSES (everyone does)")
    lines: list[Line] = [[Span(p, "bold")]]
    lines += [[Span(line, "small")] for line in wrap(" · ".join(notes), NOTE_WRAP)] if notes else []
    hot = changed is not None and p in changed.players
    frame = "player-active" if p == s.active else "player"
    return [[Cell(lines, port=f"p{n}", changed=hot, colspan=per_row, frame=frame)]]


def _face_down(
    game: Game, title: str, cards: Sequence[int], changed: Changes | None, per_row: int, viewer: str
) -> list[list[Cell]]:
    """A zone whose cards the viewer does not see: its title and count, and "face down"; the cards
    of it the viewer knows (:class:`~uurules.engine.view.View`: a card taken from their hand, one
    returned to a hand face up) face up first, and then how many are face down."""
    rows = [[_title(title, cards, per_row)]]
    known: list[int] = []
    if cards:
        from uurules.engine.view import View

        view = View(game, viewer)
        known = [c for c in cards if not view.hidden(c)]
    for k in range(0, len(known), per_row):
        row = [_tile(game, c, changed, True) for c in known[k : k + per_row]]
        rows.append(row + [Cell() for _ in range(per_row - len(row))])
    down = len(cards) - len(known)
    if down or not cards:
        words = ("face down" if not known else f"{down} face down") if cards else "—"
        rows.append([Cell([[Span(words, "small italic")]], colspan=per_row)])
    return rows


def _shared(game: Game, changed: Changes | None, columns: int, viewer: str | None = None) -> list[list[Cell]]:
    """The shared zones under the players, a band each: the zone's title and count (``shared``:
    the first), then its top cards as tiles, as many to a row as the players' columns allow
    (none for a face-down zone when the board is drawn for a ``viewer``)."""
    rows: list[list[Cell]] = []
    for k, z in enumerate(game.ruleset.shared_zones):
        cards = game.state.zones[(None, z)]
        title: list[Line] = [[Span(f"{zone_title(z)} · {len(cards)}", "small bold")]]
        if viewer is not None and z in game.ruleset.secret_zones:
            title.append([Span("face down", "small italic")])
            rows.append([Cell(title, port="shared" if k == 0 else None), *(Cell() for _ in range(columns - 1))])
            continue
        if len(cards) > TOP_CARDS:
            title.append([Span(f"top {TOP_CARDS} shown", "small italic")])
        elif len(cards) > 1:
            title.append([Span("top card first", "small italic")])
        head = Cell(title, port="shared" if k == 0 else None)
        tiles: list[Cell] = []
        for c in cards[:TOP_CARDS]:
            hot = changed is not None and c in changed.cards
            lines: list[Line] = [[Span(part, "small")] for part in wrap(game.shown(c), TILE_WRAP)]
            tiles.append(Cell(lines, port=f"c{c}", changed=hot, border=True))
        if not cards:
            tiles.append(Cell([[Span("—", "small")]]))
        per_row = max(columns - 1, 1)
        for n in range(0, len(tiles), per_row):
            row = [head if n == 0 else Cell(), *tiles[n : n + per_row]]
            rows.append(row + [Cell() for _ in range(columns - len(row))])
    return rows


def _limit(zone: str, player: str, viewer: str | None) -> int:
    """How many tiles a player's zone shows: a hand :data:`HAND_TILES`, except the viewer's own
    (the cards the viewer chooses from: :data:`ZONE_TILES`, whole as hands go); any other zone
    :data:`ZONE_TILES`, so that every board the kit accepts stays within what ``dot`` can draw."""
    return HAND_TILES if zone == "hand" and player != viewer else ZONE_TILES


def board_node(
    game: Game, changed: Changes | None = None, viewer: str | None = None, per_row: int | None = None
) -> Node:
    """The board's table: :func:`tiles` columns a player, side by side, each section (the
    players' names, then each zone) one band of rows across them all; then the shared zones,
    a band each. Drawn for a ``viewer`` (a player), the zones that are face down to that player
    (:attr:`~uurules.rulesets.base.Ruleset.secret_zones`: the others' hands, the deck) show only
    their count. ``per_row``: card tiles a row, if not :func:`tiles`' (one: a narrower board)."""
    s = game.state
    players = range(len(s.players))
    secret = game.ruleset.secret_zones if viewer is not None else ()
    per_row = per_row or tiles(len(s.players))
    sections = [[_head(game, n, changed, per_row) for n in players]]
    for z in game.ruleset.player_zones:
        sections.append(
            [
                _face_down(game, zone_title(z), s.zones[(p, z)], changed, per_row, viewer)
                if viewer is not None and z in secret and p != viewer
                # the viewer's own hand is whole: those are the cards they choose from
                else _zone(game, zone_title(z), s.zones[(p, z)], changed, _limit(z, p, viewer), per_row)
                for p in s.players
            ]
        )
    bands: list[list[Cell]] = []
    for section in sections:
        height = max((len(rows) for rows in section), default=0)
        for k in range(height):
            band: list[Cell] = []
            for rows in section:
                band += rows[k] if k < len(rows) else [Cell(colspan=per_row)]
            bands.append(band)
    columns = max(len(s.players), 1) * per_row
    if game.ruleset.shared_zones:
        bands.append([Cell([[Span("Shared", "bold")]], colspan=columns, frame="shared")])
        bands += _shared(game, changed, columns, viewer)
    return Node("board", "board-table", bands)


def board_group(
    game: Game,
    changed: Changes | None = None,
    events: Sequence[Event] = (),
    viewer: str | None = None,
    per_row: int | None = None,
) -> Group:
    """THE BOARD: the table (:func:`board_node`), with the turn's note above it when ``events``
    did something to the turn (:func:`uurules.render.markup.turn_node`); it stands to the right.
    ``viewer``, ``per_row``: drawn as that player sees it, so many tiles a row (:func:`board_node`)."""
    group = Group("cluster_board", "THE BOARD", "board", right=True)
    turn = turn_node(events, game.ruleset.terms, viewer)
    if turn is not None:
        group.nodes.append(turn)
    group.nodes.append(board_node(game, changed, viewer, per_row))
    group.columns = [[n.id for n in group.nodes]]
    return group


def all_cells(node: Node) -> list[Cell]:
    """Every cell of the board's table, row by row."""
    return [c for row in node.rows for c in row]


def column_words(node: Node, player: int) -> str:
    """The words of one player's columns, top to bottom (the shared zones' bands left out)."""
    out = []
    per_row = node.rows[0][0].colspan  # the players' names: one cell each, across their columns
    for row in node.rows:
        if row[0].frame == "shared":
            break
        at = 0
        for c in row:
            if at // per_row == player and c.lines:
                out.append(" ".join(" ".join(s.text for s in line).strip() for line in c.lines))
            at += c.colspan
    return " ".join(out)


def shared_words(node: Node) -> str:
    """The words of the shared zones' bands, row by row."""
    start = next((k for k, row in enumerate(node.rows) if row[0].frame == "shared"), len(node.rows))
    out = []
    for row in node.rows[start:]:
        out += [" ".join(" ".join(s.text for s in line).strip() for line in c.lines) for c in row if c.lines]
    return " ".join(out)
