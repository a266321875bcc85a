"""Scenarios (CONTRACT.md): stage a board from YAML, play its script, report the outcome.

>>> from uurules.scenario import Scenario
>>> scn = Scenario.from_text('''
... ruleset: unstable-unicorns
... players:
...   - {name: Ann, hand: [Unicorn Poison]}
...   - {name: Bob, stable: [Basic Unicorn]}
... script:
...   - play: {player: Ann, card: Unicorn Poison}
... ''')
>>> game = scn.play()
>>> scn.result(game)["players"]["Bob"]["stable"]
[]
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from uurules import interrupt, yamlio
from uurules.cards import book, card_from_data, card_to_data, chosen_decks, validate_cards
from uurules.cards import box as deck_box
from uurules.engine.actions import Action, Choose, from_step, to_step
from uurules.engine.errors import IllegalAction, InputError
from uurules.engine.game import Game, shuffled_under
from uurules.engine.state import State
from uurules.rulesets import make, ruleset_class
from uurules.rulesets.base import Ruleset, is_lone
from uurules.schemas import scenario_file_schema, scenario_schema

if TYPE_CHECKING:
    from pathlib import Path

    import yaml

MAX_AUTO_ANSWERS = 10_000
"""How many answers ``auto:`` gives after the script, plus four per card on the board (a hand of
20,000 cards discards down to the hand limit one answer at a time)."""


MAX_STEPS = 20_000
"""How many steps a script may have: refused as the file is read, before its steps are checked
(a 10,000-step script plays in a fraction of a second, and its page draws in about half a minute)."""

MAX_CARDS = 20_000
"""How many cards a scenario may stage, in its zones and ``setup: base-game``'s box together:
refused before they are checked (each costs a check against the schema and a place on the board)."""

MAX_INLINE_CARDS = 200
"""How many cards a scenario may define inline (``cards:``; each is checked against its game's
vocabulary, a few milliseconds a card)."""

SETUP_WORDS: dict[str, tuple[str, ...]] = {
    "base-game": ("white-box",),
    "control-base": ("control",),
    "chaos-base": ("chaos",),
}
"""``setup:``'s words and the decks each stages (``{box: [control, chaos]}`` names decks one by one)."""

RESERVED_PLAYERS = ("all", "pass")
"""Words a script gives a meaning of their own where a player is named (``pass: all`` is every
player's pass; ``pass`` is the answer of a response window): no player may be named so."""

ZONE_KEYS = ("deck", "discard", "nursery", "world")
"""The shared zones a scenario may stage (each ruleset has some of them)."""


def _mapping(node: yaml.Node | None) -> dict[str, yaml.Node]:
    """The values of a mapping node by their keys (scalar keys only); ``{}`` for any other node."""
    import yaml  # imported already: the node was parsed by it

    if not isinstance(node, yaml.MappingNode):
        return {}
    return {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}


CAPS = {
    "script": (
        MAX_STEPS,
        f"the script has more than {MAX_STEPS:,} steps. Accepted: at most {MAX_STEPS:,} steps "
        "(split a long game into scenarios)",
    ),
    "cards": (
        MAX_INLINE_CARDS,
        f"more than {MAX_INLINE_CARDS:,} inline cards. Accepted: at most {MAX_INLINE_CARDS:,} (a card file of "
        "its own for more)",
    ),
    **{
        zone: (MAX_CARDS, f"{zone} holds more than {MAX_CARDS:,} cards. Accepted: at most {MAX_CARDS:,} cards staged")
        for zone in ZONE_KEYS
    },
}
"""What :func:`uurules.yamlio.load` refuses as it reads a scenario: a script past :data:`MAX_STEPS`,
inline cards past :data:`MAX_INLINE_CARDS`, a shared zone past :data:`MAX_CARDS` (the players'
zones together: :func:`check_size`)."""


_READ_LIMITS = f"scenario {MAX_CARDS} {sorted(CAPS.items())!r}"
"""What :meth:`Scenario.from_file` refuses as it reads a file besides :mod:`uurules.yamlio`'s limits
(:data:`CAPS`, :func:`check_size`): part of the key of a file kept in the validation cache."""


def check_size(file: str) -> Any:
    """A :func:`uurules.yamlio.load` check: the staged cards, all zones together, within
    :data:`MAX_CARDS`, counted on the node tree before any value is built or checked."""

    def check(root: yaml.Node) -> None:
        import yaml  # imported already: the node was parsed by it

        doc = yamlio.Located(None, root, file)
        top = _mapping(root)
        zones: list[tuple[list[str | int], yaml.Node]] = [([key], top[key]) for key in ZONE_KEYS if key in top]
        players = top.get("players")
        if isinstance(players, yaml.SequenceNode):
            for i, player in enumerate(players.value):
                zones += [(["players", i, key], value) for key, value in _mapping(player).items() if key != "name"]
        total = 0
        for path, value in zones:
            if isinstance(value, yaml.SequenceNode):
                total += len(value.value)
                if total > MAX_CARDS:
                    raise doc.error(
                        f"the scenario stages more than {MAX_CARDS:,} cards. Accepted: at most {MAX_CARDS:,} "
                        "in all its zones together",
                        path,
                    )

    return check


def same_text(names: list[str]) -> tuple[str, str] | None:
    r"""Two different names of ``names`` that are the same text once normalised (NFC), or ``None``.

    >>> [ascii(name) for name in same_text(["Zo\u00e9", "Ann", "Zoe\u0301"])]
    ["'Zo\\xe9'", "'Zoe\\u0301'"]
    >>> same_text(["Ann", "Bob"]) is None
    True
    """
    seen: dict[str, str] = {}
    for name in names:
        key = unicodedata.normalize("NFC", name)
        if key in seen and seen[key] != name:
            return seen[key], name
        seen.setdefault(key, name)
    return None


def auto_limit(game: Game) -> int:
    """The most answers ``auto:`` may give on ``game``'s board before it says the game did not settle."""
    return MAX_AUTO_ANSWERS + 4 * len(game.state.cards)


@dataclass
class Step:
    """One script item: its position, line, verb and the action(s) it stands for."""

    index: int
    line: int | None
    verb: str
    raw: Any
    actions: list[Action] = field(default_factory=list)


@dataclass
class Scenario:
    """A parsed scenario: the staged board and the script, ready to play."""

    doc: yamlio.Located
    ruleset: Ruleset
    title: str
    steps: list[Step]
    auto: dict[str, str]

    # -- loading ------------------------------------------------------------------------------
    @classmethod
    def from_file(cls, path: str | Path) -> Scenario:
        """The scenario in ``path``. A file read and found valid once is kept in the validation
        cache (:func:`uurules.yamlio.remember_document`: its data and its lines, under a digest of
        its text, of the scenario schema and of the limits it was read within), so the next run
        reads no YAML and checks nothing again; its errors name the same lines."""
        text = yamlio.read_text(path, "YAML file")
        key = yamlio.document_key(text, scenario_file_schema(), _READ_LIMITS)
        cached = yamlio.cached_document(key, str(path))
        if cached is not None:
            return cls.parse(cached, valid=True)
        doc = yamlio.load(text, str(path), check_size(str(path)), CAPS)
        scn = cls.parse(doc)
        yamlio.remember_document(key, doc)
        return scn

    @classmethod
    def from_text(cls, text: str, file: str = "<scenario>") -> Scenario:
        return cls.parse(yamlio.load(text, file, check_size(file), CAPS))

    @classmethod
    def parse(cls, doc: yamlio.Located, *, valid: bool = False) -> Scenario:
        """The scenario of a document; ``valid``: the document was found valid against the scenario
        schema before (:meth:`from_file`'s cache), so it is not checked again."""
        if not isinstance(doc.data, dict):
            raise doc.error("a scenario is a mapping with ruleset, players and script")
        name = doc.data.get("ruleset")
        try:
            ruleset_class(str(name))
        except KeyError:
            from uurules.rulesets import RULESETS

            raise doc.error(f"unknown ruleset {name!r}. Accepted: {', '.join(RULESETS)}", ["ruleset"]) from None
        if not valid:
            yamlio.validate(doc, scenario_schema(), "scenario")
        extra = []
        printed = book(str(name))
        named: dict[str, str] = {}  # each inline card's names (NFC) -> the name as written
        for i, c in enumerate(doc.data.get("cards", []) or []):
            inline = yamlio.Located({"game": name, "cards": [c]}, None, doc.file)
            try:
                validate_cards(inline, "inline card")
            except InputError as exc:
                raise doc.error(exc.message, ["cards", i]) from None
            card = card_from_data(c)
            for n in (card.name, *card.aliases):
                key = unicodedata.normalize("NFC", n)
                first = named.get(key)
                if first is not None:
                    same = "the same name" if first == n else "names that differ only in their Unicode form"
                    shown = ascii(n) if first == n else f"{first!a} and {n!a} look the same"
                    raise doc.error(
                        f"two inline cards have {same} ({shown}). Accepted: a name of its own", ["cards", i]
                    )
                named[key] = n
                look_alike = next((p for p in printed.names if p != n and unicodedata.normalize("NFC", p) == key), None)
                if look_alike is not None:
                    raise doc.error(
                        f"inline card {n!a} looks like the printed card {look_alike!a} (the same letters "
                        "in another Unicode form). Accepted: the printed card's name as it is, or another name",
                        ["cards", i],
                    )
            extra.append(card)
        ruleset = make(str(name), extra)
        steps = [cls._step(doc, ruleset, i, item) for i, item in enumerate(doc.data.get("script", []) or [])]
        scn = cls(doc, ruleset, str(doc.data.get("title", "")), steps, dict(doc.data.get("auto", {}) or {}))
        scn.stage()  # check the board now: unknown cards and zones are input errors
        return scn

    @staticmethod
    def _step(doc: yamlio.Located, ruleset: Ruleset, i: int, item: dict[str, Any]) -> Step:
        verb, arg = next(iter(item.items()))
        return Step(i + 1, doc.line(["script", i]), verb, arg, [from_step(verb, arg)])

    @property
    def question(self) -> dict[str, Any] | None:
        """The scenario's ``question:`` (CONTRACT.md; answered by :func:`uurules.ask.ask`), or ``None``."""
        q = self.doc.data.get("question")
        return q if isinstance(q, dict) else None

    # -- staging the board --------------------------------------------------------------------
    def stage(self, *, undo: bool = True) -> Game:
        """A new game on the staged board (before any script step); ``undo=False``: see :class:`Game`."""
        doc, rs = self.doc, self.ruleset
        data = doc.data
        names = [p["name"] for p in data["players"]]
        for i, name in enumerate(names):
            if unicodedata.normalize("NFC", name) in RESERVED_PLAYERS:
                raise doc.error(
                    f"a player may not be named {name!r}: a script's pass: all means every player, and pass answers "
                    f"a response window. Accepted: any other name",
                    ["players", i, "name"],
                )
        if len(set(names)) != len(names):
            raise doc.error("two players have the same name", ["players"])
        twins = same_text(names)
        if twins is not None:
            raise doc.error(
                f"two players have names that differ only in their Unicode form ({twins[0]!a} and "
                f"{twins[1]!a} look the same). Accepted: names that differ in their letters",
                ["players", names.index(twins[1])],
            )
        active = data.get("active", names[0])
        if active not in names:
            raise doc.error(
                f"active player {active!r} is not among the players. Accepted: {', '.join(names)}", ["active"]
            )
        limit = int(data.get("hand_limit", rs.default_hand_limit))
        zones: dict[tuple[str | None, str], tuple[int, ...]] = {}
        for p in names:
            for z in rs.player_zones:
                zones[(p, z)] = ()
        for z in rs.shared_zones:
            zones[(None, z)] = ()
        state = State(rs.name, names, zones, {}, active, limit)
        state.seed = int(data.get("seed", 0))
        state.rng_state = random.Random(state.seed).getstate()
        zone_keys = {z.replace("_", "-"): z for z in rs.player_zones}
        for i, pdata in enumerate(data["players"]):
            p = pdata["name"]
            state.numbers[p] = {n: 0 for n in rs.player_numbers}
            for key, value in pdata.items():
                if key == "name":
                    continue
                path = ["players", i, key]
                if key in rs.player_numbers:
                    if not isinstance(value, int):
                        raise doc.error(f"{key} of {p} must be a whole number", path)
                    state.numbers[p][key] = value
                elif key in zone_keys:
                    if not isinstance(value, list):
                        raise doc.error(f"zone {key} of {p} must be a list of cards", path)
                    self._put(state, p, zone_keys[key], value, path)
                else:
                    accepted = ", ".join([*zone_keys, *rs.player_numbers])
                    raise doc.error(f"unknown zone {key!r} for player {p} in {rs.title}. Accepted: {accepted}", path)
        shared = {z.replace("_", "-"): z for z in rs.shared_zones}
        for key in ("deck", "discard", "nursery", "world"):
            if key in data:
                if key not in shared:
                    raise doc.error(f"{rs.title} has no shared zone {key!r}. Accepted: {', '.join(shared)}", [key])
                self._put(state, None, shared[key], data[key], [key])
        if "setup" in data:
            self._base_game(state)
        chance = "explicit" if any(step.verb == "chance" for step in self.steps) else "seed"
        game = Game(rs, state, title=self.title, undo=undo, chance=chance)
        game.copies_apart = any(_copy_ref(step) for step in self.steps)
        return game

    def setup_decks(self) -> tuple[str, ...]:
        """The decks ``setup:`` chooses (:data:`SETUP_WORDS`, or ``{box: [...]}``: a combination of
        :func:`uurules.cards.chosen_decks`); a combination the rules do not allow is refused naming the
        file's line of ``setup:`` and what is accepted."""
        value = self.doc.data.get("setup")
        if isinstance(value, str):
            return SETUP_WORDS[value]
        words = value["box"]
        try:
            return chosen_decks(words)
        except ValueError as exc:
            raise self.doc.error(f"setup: box: {exc}", ["setup", "box"]) from None

    def _base_game(self, state: State) -> None:
        """``setup:``: the rest of the chosen decks' box for this many players, on the board
        (``setup: base-game``: the white box).

        The cards of :func:`uurules.cards.box` for the scenario's decks and players, less one copy of
        each card the scenario stages anywhere (by its printed name; a card staged by its card name,
        "Basic Unicorn", takes its first printed face still in the box). The Baby Unicorns left go
        to the Nursery, under any staged there, in catalogue order; the other cards are shuffled
        (with a generator seeded from the scenario's ``seed``, apart from the game's own, so that
        the game's shuffles are what they would be on the same board staged card by card) and go
        into the deck, under any staged there.
        """
        rs = self.ruleset
        decks = self.setup_decks()
        said = self.doc.data["setup"]
        try:
            box = deck_box(rs.book, len(state.players), decks, MAX_CARDS - len(state.cards))
        except ValueError as exc:
            raise self.doc.error(f"setup: {said if isinstance(said, str) else 'box'}: {exc}", ["setup"]) from None
        left = Counter([*box.deck, *box.nursery])
        faces: dict[str, list[str]] = {}
        for name in dict.fromkeys([*box.deck, *box.nursery]):
            faces.setdefault(rs.book.canonical(name), []).append(name)
        for card in state.cards.values():
            if left[card.shown] > 0:
                left[card.shown] -= 1
            elif card.shown == card.name:  # staged by the card's own name: one of its printed faces
                face = next((f for f in faces.get(card.name, []) if left[f] > 0), None)
                if face is not None:
                    left[face] -= 1
        deck: list[str] = []
        for name in box.deck:
            if left[name] > 0:
                left[name] -= 1
                deck.append(name)
        nursery: list[str] = []
        for name in box.nursery:
            if left[name] > 0:
                left[name] -= 1
                nursery.append(name)
        random.Random(f"setup:{state.seed}").shuffle(deck)
        staged = len(state.zone(None, "deck"))
        self._put(state, None, "deck", deck, ["setup"])
        shuffled_under(state, staged, len(deck))  # the box's cards: their order is chance's (Game.reveal)
        self._put(state, None, "nursery", nursery, ["setup"])

    def _put(self, state: State, player: str | None, zone: str, entries: list[Any], path: list[Any]) -> None:
        rs = self.ruleset
        added: list[int] = []
        for j, entry in enumerate(entries):
            spec = entry if isinstance(entry, dict) else {"card": entry}
            name = str(spec["card"])
            if name not in rs.book:
                raise self.doc.error(
                    f"unknown card {name!r} for {rs.title}. Accepted (closest): {rs.book.suggest(name)}", [*path, j]
                )
            unknown = set(spec) - {"card", *rs.staged_keys}
            if unknown:
                accepted = ", ".join(["card", *rs.staged_keys])
                raise self.doc.error(
                    f"unknown card state {', '.join(sorted(unknown))!r}. Accepted: {accepted}",
                    [*path, j],
                )
            cid = state.new_id()
            card = rs.new_card(cid, rs.book.canonical(name), name, player)
            try:
                rs.stage_card(card, spec)
            except (TypeError, ValueError) as exc:
                raise self.doc.error(f"bad card state for {name}: {exc}", [*path, j]) from None
            state.add_card(card)
            added.append(cid)
        state.set_zone((player, zone), [*state.zones[(player, zone)], *added])

    # -- playing ------------------------------------------------------------------------------
    def play(self, *, upto: int | None = None, auto: bool = True, undo: bool = True) -> Game:
        """Stage the board and play the script (the first ``upto`` steps); auto-answer after it.

        ``undo=False`` plays forward only: memory stays the board and the log (``uurules run``).
        """
        game = self.stage(undo=undo)
        game.start()
        steps = self.steps[:upto]
        for i, step in enumerate(steps):
            self.apply_step(game, step)
            if game.copies_apart:
                self.take_lone(game, steps[i + 1] if i + 1 < len(steps) else None)
        if upto is None:
            self.seed_chance(game)
        if auto and upto is None:
            self.auto_answer(game)
        return game

    def take_lone(self, game: Game, then: Step | None) -> None:
        """A game that tells copies apart (:attr:`Game.copies_apart`) leaves a lone option that
        stands for several copies pending: unless the next step chooses one of them, it is taken,
        as any game takes it at once."""
        while game.pending is not None and is_lone(game.pending):
            if then is not None and then.verb == "choose" and isinstance(then.raw, str) and "/" in then.raw:
                return
            try:
                game.push(Choose(game.pending.options[0]))
            except (IllegalAction, RecursionError) as exc:
                raise self._refused(exc, then.line if then else None, "a lone option") from None

    def seed_chance(self, game: Game) -> None:
        """Where the game stands at a chance point (a script with ``chance:`` steps is played with
        explicit chance) and the script names no outcome, the seed picks it."""
        while game.chance_point is not None:
            game.push(game.seeded_chance())

    def apply_step(self, game: Game, step: Step) -> None:
        interrupt.checkpoint("playing")
        if step.verb != "chance":
            self.seed_chance(game)
        for action in step.actions:
            try:
                game.push(action)
            except (IllegalAction, RecursionError) as exc:
                raise self._refused(exc, step.line, f"script step {step.index} ({step.verb})") from None

    def _refused(self, exc: IllegalAction | RecursionError, line: int | None, where: str) -> InputError:
        """The :class:`InputError` for an action the game refused (or that recursed without end)."""
        if isinstance(exc, IllegalAction):
            message = exc.reason + (f". Accepted: {exc.accepted}" if exc.accepted else "")
        else:  # a safety net: the rule sets keep their own recursion bounded (Requirements' nesting)
            message = "playing it goes deeper than the rules can follow (a card whose effect sets itself off again?)"
        return InputError(message, file=self.doc.file, line=line, where=where)

    def auto_answer(self, game: Game) -> None:
        """Answer what is left as ``auto:`` says (response windows: pass; yes/no: optional; else first)."""
        for _ in range(auto_limit(game)):
            label = self.auto_choice(game)
            if label is None:
                return
            try:
                game.push(Choose(label))
            except (IllegalAction, RecursionError) as exc:
                raise self._refused(exc, self.doc.line(["auto"]), f"auto answer {label!r}") from None
        raise InputError("auto answers did not settle the game", file=self.doc.file)

    def auto_choice(self, game: Game) -> str | None:
        """The answer ``auto:`` gives to the pending decision, or ``None`` when it gives none."""
        d = game.pending
        if not self.auto or d is None:
            return None
        if d.is_response_window:
            return "pass"
        if d.data.get("optional") and "optional" in self.auto:
            return "yes" if self.auto["optional"] == "accept" else "no"
        if self.auto.get("pick") == "first" or d.data.get("optional"):
            return d.options[0]
        return None

    # -- reporting ----------------------------------------------------------------------------
    def result(self, game: Game, lang: str = "en") -> dict[str, Any]:
        return board_json(game, lang)


def _copy_ref(step: Step) -> bool:
    """Whether ``step`` chooses a card by a copy's number (``choose: Bob/Neigh#2``)."""
    return step.verb == "choose" and isinstance(step.raw, str) and re.search(r"/.+#[0-9]+$", step.raw) is not None


def scenario_dict(game: Game, *, title: str = "", include_script: bool = True) -> dict[str, Any]:
    """A scenario (CONTRACT.md) that stages ``game``'s starting board and replays what was done.

    ``Scenario.from_text(yaml.safe_dump(scenario_dict(game)))`` plays back to the same board.
    """
    rs = game.ruleset
    start = game.initial_state()
    keys = rs.staged_keys

    def entry(cid: int) -> Any:
        card = start.cards[cid]
        printed = rs.new_card(cid, card.name, card.shown, card.owner)
        rs.stage_card(printed, {})
        spec: dict[str, Any] = {"card": card.shown}
        for k in keys:
            if hasattr(card, k) and getattr(card, k) != getattr(printed, k, None):
                spec[k] = getattr(card, k)
        return spec if len(spec) > 1 else card.shown

    players = []
    for p in start.players:
        pd: dict[str, Any] = {"name": p}
        for z in rs.player_zones:
            if start.zones[(p, z)]:
                pd[z.replace("_", "-")] = [entry(c) for c in start.zones[(p, z)]]
        for n in rs.player_numbers:
            if start.numbers.get(p, {}).get(n):
                pd[n] = start.numbers[p][n]
        players.append(pd)
    out: dict[str, Any] = {"ruleset": rs.name}
    if title or game.title:
        out["title"] = title or game.title
    if start.seed:
        out["seed"] = start.seed
    if start.hand_limit != rs.default_hand_limit:
        out["hand_limit"] = start.hand_limit
    out["players"] = players
    for z in rs.shared_zones:
        if start.zones[(None, z)]:
            out[z.replace("_", "-")] = [entry(c) for c in start.zones[(None, z)]]
    if start.active != start.players[0]:
        out["active"] = start.active
    printed = book(rs.name)
    inline = [c for c in rs.book if c.name not in printed.names]
    if inline:
        out["cards"] = [card_to_data(c) for c in inline]
    if include_script and game.actions:
        out["script"] = [to_step(a) for a in game.actions]
    return out


def board_view(game: Game) -> dict[str, Any]:
    """The board alone: ``players``, ``zones``, ``status`` and ``winner`` as CONTRACT.md prints them."""
    s = game.state
    rs = game.ruleset
    players: dict[str, Any] = {}
    for p in s.players:
        entry: dict[str, Any] = {}
        for z in rs.player_zones:
            entry[z.replace("_", "-")] = game.shown_all(s.zones[(p, z)])
        for n in rs.player_numbers:
            entry[n] = s.numbers.get(p, {}).get(n, 0)
        players[p] = entry
    zones = {z.replace("_", "-"): game.shown_all(s.zones[(None, z)]) for z in rs.shared_zones}
    status: dict[str, Any] = {}
    if not rs.has_status():  # no card can differ from its printed state: none is read
        return {"players": players, "zones": zones, "status": status, "winner": s.winner}
    for p in s.players:
        for c in game.cards_of(p):
            st = rs.status(game, s.cards[c])
            if st:
                status[game.ref(c)] = st
    for z in rs.shared_zones:
        for c in s.zones[(None, z)]:
            st = rs.status(game, s.cards[c])
            if st:
                status[game.shown(c)] = st
    return {"players": players, "zones": zones, "status": status, "winner": s.winner}


def board_json(game: Game, lang: str = "en") -> dict[str, Any]:
    """The board as CONTRACT.md's ``uurules run --json`` object (the log in ``lang`` where the ruleset has it).

    Beyond CONTRACT.md's keys it has ``title``, ``winner`` (the player who won, or ``null``) and
    ``ended``: ``null`` while the game goes on, else how it ended, one of the words its rule set's
    ``end`` lists (``"unicorns"``: a player reached the winning number; ``"deck-ran-out"``: the deck
    ran out, UU.END.1; ``"creatures-destroyed"``: BK.END.1; ``"midnight"``: EOM.END.1). ``ended``
    set with ``winner`` null means that everyone lost.
    """
    s = game.state
    view = board_view(game)
    return {
        "ruleset": game.ruleset.name,
        "title": game.title,
        "active": s.active,
        "players": view["players"],
        "zones": view["zones"],
        "status": view["status"],
        "events": [e.to_json() for e in game.events if not e.note],
        "log": game.log_in(lang),
        "pending": s.pending.to_json() if s.pending is not None else None,
        "winner": s.winner,
        "ended": s.ended,
    }


def board_text(result: dict[str, Any]) -> str:
    """The board of :func:`board_json`'s ``result`` for a person: what ``uurules run`` prints under the log.

    >>> game = Scenario.from_text('''
    ... ruleset: unstable-unicorns
    ... players: [{name: Ann, hand: [Neigh]}, {name: Bob, stable: [Basic Unicorn]}]
    ... ''').play()
    >>> print(board_text(board_json(game)))
    Board (unstable-unicorns), active player: Ann
      Ann
        hand: Neigh
        stable: -
      Bob
        hand: -
        stable: Basic Unicorn
      deck: -
      discard: -
      nursery: -
    """
    lines = [f"Board ({result['ruleset']}), active player: {result['active']}"]
    for name, zones in result["players"].items():
        lines.append(f"  {name}")
        for zone, cards in zones.items():
            shown = ", ".join(cards) if isinstance(cards, list) else str(cards)
            lines.append(f"    {zone}: {shown or '-'}")
    for zone, cards in result["zones"].items():
        lines.append(f"  {zone}: {', '.join(cards) or '-'}")
    for ref, st in result["status"].items():
        lines.append(f"  {ref}: " + ", ".join(k if v is True else f"{k} {v}" for k, v in st.items()))
    if result.get("winner"):
        lines.append(f"Winner: {result['winner']}")
    elif result.get("ended"):
        lines.append("Everyone loses")
    p = result["pending"]
    if p:
        lines.append(f"Waiting for {p['player']}: {p['question']} [{' | '.join(p['options'])}]")
    return "\n".join(lines)
