"""The board stager: build a board with the mouse, act on it, save it as a scenario file.

The stager's model is a scenario (CONTRACT.md) as a plain dict: the rule set, the players with
their zones and numbers, the shared zones, the hand limit, the seed. Every edit is made on a
copy, and the game is rebuilt from it through :class:`~uurules.scenario.Scenario` (so an
unknown card or a bad board is refused with the scenario loader's own message, and nothing
changes); the steps already taken are replayed on the new board. Acting pushes onto that game:
the actions offered are exactly ``game.legal_actions()``, and free entry (play, respond, pass,
activate, attack, begin and end turns) goes to the engine, which refuses with its reason. The
stepper below shows the game, its log and its decisions. **Save** writes
:func:`~uurules.scenario.scenario_dict` (the staged board and every step) as YAML.

A card picked, selected in a zone or named to act with shows its text in the card panel (and
as the field's tooltip); a decision's buttons say their card's text, and why it is asked.
**Ask a question** opens the question form (:class:`~uurules.widgets.question.QuestionForm`)
on the board at the stepper's step: who asks and what they want, then the answer, no code.

>>> st = stage(players=["Ann", "Bob"])
>>> st.zone.value = ("Ann", "hand"); st.card.value = "Unicorn Poison"; st.add_button.click()
>>> st.zone.value = ("Bob", "stable"); st.card.value = "Basic Unicorn"; st.add_button.click()
>>> st.act_card.value = "Ann/Unicorn Poison"; st.play_button.click()
>>> st.stepper.game.state.zone("Bob", "stable"), st.feedback.message
((), '')
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import yaml

from uurules import output
from uurules.engine.actions import (
    Action,
    Activate,
    Attack,
    BeginTurn,
    DrawAction,
    EndTurn,
    Pass,
    Play,
    Respond,
    Response,
    describe,
)
from uurules.engine.errors import IllegalAction
from uurules.rulesets import RULESETS, make
from uurules.rulesets.base import Ruleset
from uurules.scenario import Scenario, scenario_dict
from uurules.widgets.feedback import Feedback
from uurules.widgets.stepper import History, Planned, Stepper
from uurules.widgets.views import STYLE, card_html, card_tip

Zone = tuple[str | None, str]
"""A zone of the board dict: ``(player, zone-key)``, ``(None, zone-key)`` for a shared one."""

KEPT_KEYS = ("title", "description", "rules")
"""Keys of a loaded scenario that Save writes back beside the board and the script."""


def _key(zone: str) -> str:
    return zone.replace("_", "-")


def _entry_name(entry: Any) -> str:
    return str(entry["card"]) if isinstance(entry, dict) else str(entry)


def _entry_text(entry: Any) -> str:
    if not isinstance(entry, dict):
        return str(entry)
    extra = ", ".join(k if v is True else f"{k} {v}" for k, v in entry.items() if k != "card")
    return f"{entry['card']} ({extra})" if extra else str(entry["card"])


class _Dumper(yaml.SafeDumper):
    """YAML in the scenarios' own style: a list of names and a small mapping on one line."""


def _flat(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=all(map(_flat, data)))


def _dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    # an action's arguments or a staged card on one line; a player, a script item, the file: blocks
    small = len(data) > 1 and "name" not in data
    small = small and all(_flat(v) or (isinstance(v, list) and all(map(_flat, v))) for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=small)


_Dumper.add_representer(list, _list)
_Dumper.add_representer(dict, _dict)


def dump(data: dict[str, Any]) -> str:
    """A scenario dict as YAML text: safe (plain data only), Unicode kept, keys in their order,
    short lists and small mappings on one line as the scenario files write them."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=120)


class Stager(widgets.VBox):  # type: ignore[misc]
    """Stage a board, act on it, save and load it; the stepper sits below."""

    def __init__(self, ruleset: str = "unstable-unicorns", players: list[str] | tuple[str, ...] = ("Ann", "Bob")):
        self.feedback = Feedback()
        self.stepper = Stepper()
        self.board: dict[str, Any] = {"ruleset": ruleset, "players": [{"name": p} for p in players]}
        self._scenario: Scenario | None = None
        self._legal: list[Action] = []
        self._syncing = False
        run = self.feedback.callback

        def field(w: widgets.Widget, cls: str) -> widgets.Widget:
            w.add_class(cls)
            return w

        wide = {"description_width": "initial"}
        # -- the board -----------------------------------------------------------------------------
        self.ruleset = field(widgets.Dropdown(options=RULESETS, description="rule set", style=wide), "uurules-ruleset")
        self.players = field(
            widgets.Text(description="players", continuous_update=False, placeholder="Ann, Bob"), "uurules-players"
        )
        self.active = field(widgets.Dropdown(description="active"), "uurules-active")
        self.title_text = field(widgets.Text(description="title", continuous_update=False), "uurules-title")
        self.hand_limit = field(
            widgets.BoundedIntText(min=0, max=99, description="hand limit", style=wide), "uurules-hand-limit"
        )
        self.seed = field(widgets.BoundedIntText(min=0, max=2**31 - 1, description="seed"), "uurules-seed")
        self.numbers = widgets.HBox()
        self.zone = field(widgets.Dropdown(description="zone"), "uurules-zone")
        self.card = field(
            # the typed text is the value (not the last option that matched): add() takes it in any
            # case, whole or by a start only one card has; otherwise it shows the candidates
            widgets.Combobox(description="card", placeholder="a name or its start: unicorn poi", ensure_option=False),
            "uurules-card-picker",
        )
        self.add_button = self._button("Add", "uurules-add", "add the card to the zone (at the bottom)")
        self.cards = field(widgets.Select(description="cards", rows=7), "uurules-zone-cards")
        self.up_button = self._button("Up", "uurules-up", "move the selected card up (towards the top)")
        self.down_button = self._button("Down", "uurules-down", "move the selected card down")
        self.remove_button = self._button("Remove", "uurules-remove", "remove the selected card")
        self.move_to = field(widgets.Dropdown(description="move to"), "uurules-move-to")
        self.move_button = self._button("Move", "uurules-move", "move the selected card to another zone")
        # -- acting --------------------------------------------------------------------------------
        self.actor = field(widgets.Dropdown(description="player"), "uurules-actor")
        self.act_card = field(
            widgets.Combobox(description="card", placeholder="Ann/Neigh, or a card name in hand"), "uurules-act-card"
        )
        self.targets = field(
            widgets.Text(description="targets", placeholder="Bob/Basic Unicorn, ... (attack: the target)"),
            "uurules-targets",
        )
        self.hit = field(widgets.Dropdown(options=["weak", "medium", "strong"], description="hit"), "uurules-hit")
        self.play_button = self._button("Play", "uurules-play-card", "play the card")
        self.respond_button = self._button("Respond", "uurules-respond", "respond with the card to the top of the pile")
        self.pass_button = self._button("Pass", "uurules-pass", "the player declines to respond")
        self.pass_all_button = self._button("All pass", "uurules-pass-all", "every player declines")
        self.activate_button = self._button("Activate", "uurules-activate", "use the card's activated ability")
        self.attack_button = self._button("Attack", "uurules-attack", "attack the first target with the card")
        self.begin_button = self._button("Begin turn", "uurules-begin-turn", "the player's Beginning of Turn")
        self.end_button = self._button("End turn", "uurules-end-turn", "the player's End of Turn")
        self.draw_button = self._button("Draw", "uurules-draw", "draw a card instead of playing one")
        self.card_text = field(widgets.HTML(), "uurules-card-text")
        self.act_card_text = field(widgets.HTML(), "uurules-card-text")
        self.ask_button = self._button(
            "Ask a question", "uurules-stager-ask", "what can a player make sure of from this board? (no code)"
        )
        self.ask_button.icon = "question"
        self.question_box = field(widgets.VBox(), "uurules-stager-question")
        self.form: Any = None
        """The question form Ask a question opened (``None`` before)."""
        self.legal = field(widgets.Dropdown(description="legal now", style=wide), "uurules-legal")
        self.do_button = self._button("Do", "uurules-do", "do the chosen legal action")
        # -- files ---------------------------------------------------------------------------------
        self.path = field(widgets.Text(description="file", placeholder="my-scenario.yaml"), "uurules-path")
        self.save_button = self._button("Save", "uurules-save", "write the board and every step as a scenario file")
        self.load_button = self._button("Load", "uurules-load", "load a scenario file")
        self.yaml_text = field(
            widgets.Textarea(placeholder="scenario YAML", layout=widgets.Layout(width="100%", height="180px")),
            "uurules-yaml",
        )
        self.show_yaml_button = self._button("Show YAML", "uurules-show-yaml", "the scenario as YAML, below")
        self.load_yaml_button = self._button("Load YAML", "uurules-load-yaml", "load the scenario written below")

        for w, fn in [
            (self.ruleset, self._set_ruleset),
            (self.players, self._set_players),
            (self.active, self._set_active),
            (self.title_text, self._set_title),
            (self.hand_limit, self._set_hand_limit),
            (self.seed, self._set_seed),
            (self.zone, self._show_zone),
        ]:
            w.observe(self._guarded(fn), names="value")
        self.add_button.on_click(run(self.add))
        self.up_button.on_click(run(lambda: self.shift(-1)))
        self.down_button.on_click(run(lambda: self.shift(1)))
        self.remove_button.on_click(run(self.remove))
        self.move_button.on_click(run(self.move))
        self.play_button.on_click(run(lambda: self.act(Play(self.actor.value, self._card(), self._targets()))))
        self.respond_button.on_click(run(lambda: self.act(Respond((Response(self.actor.value, self._card()),)))))
        self.pass_button.on_click(run(lambda: self.act(Pass(self.actor.value))))
        self.pass_all_button.on_click(run(lambda: self.act(Pass("all"))))
        self.activate_button.on_click(run(lambda: self.act(Activate(self.actor.value, self._card(), self._targets()))))
        self.attack_button.on_click(run(self._attack))
        self.begin_button.on_click(run(lambda: self.act(BeginTurn(self.actor.value))))
        self.end_button.on_click(run(lambda: self.act(EndTurn(self.actor.value))))
        self.draw_button.on_click(run(lambda: self.act(DrawAction(self.actor.value))))
        self.do_button.on_click(run(self._do_legal))
        self.ask_button.on_click(run(self.ask))
        self.card.observe(lambda ch: self._read(self.card, self.card_text, ch["new"]), names="value")
        self.cards.observe(lambda ch: self._read_selected(), names="value")
        self.act_card.observe(lambda ch: self._read(self.act_card, self.act_card_text, ch["new"]), names="value")
        self.save_button.on_click(run(lambda: self.save(self.path.value)))
        self.load_button.on_click(run(lambda: self.load(self.path.value)))
        self.show_yaml_button.on_click(run(self._show_yaml))
        self.load_yaml_button.on_click(run(lambda: self.load_text(self.yaml_text.value, "<the YAML box>")))
        # after every change of step (Step, Back, the slider, a decision's button, an action, a new board)
        self.stepper.on_change(lambda _: self._sync_acting())

        row = widgets.HBox
        flow = widgets.Layout(flex_flow="row wrap", align_items="center")
        board_box = widgets.VBox(
            [
                row([self.ruleset, self.players, self.active], layout=flow),
                row([self.title_text, self.hand_limit, self.seed], layout=flow),
                self.numbers,
                row([self.zone, self.card, self.add_button], layout=flow),
                self.card_text,
                row([self.cards, widgets.VBox([self.up_button, self.down_button, self.remove_button])], layout=flow),
                row([self.move_to, self.move_button], layout=flow),
            ]
        )
        act_box = widgets.VBox(
            [
                row([self.actor, self.act_card, self.targets, self.hit], layout=flow),
                self.act_card_text,
                row(
                    [
                        self.play_button,
                        self.respond_button,
                        self.pass_button,
                        self.pass_all_button,
                        self.activate_button,
                        self.attack_button,
                        self.begin_button,
                        self.end_button,
                        self.draw_button,
                    ],
                    layout=flow,
                ),
                row([self.legal, self.do_button], layout=flow),
            ]
        )
        file_box = widgets.VBox(
            [
                row([self.path, self.save_button, self.load_button], layout=flow),
                row([self.show_yaml_button, self.load_yaml_button], layout=flow),
                self.yaml_text,
            ]
        )
        tabs = widgets.Tab([board_box, act_box, file_box])
        for i, name in enumerate(["The board", "Act", "Save and load"]):
            tabs.set_title(i, name)
        self.tabs = tabs
        super().__init__(
            [
                widgets.HTML(f"<style>{STYLE}</style>"),
                tabs,
                self.ask_button,
                self.feedback,
                self.stepper,
                self.question_box,
            ]
        )
        self.add_class("uurules-stager")
        self._rebuild(self.board)

    @staticmethod
    def _button(text: str, cls: str, tip: str) -> widgets.Button:
        b = widgets.Button(description=text, tooltip=tip, layout=widgets.Layout(width="auto"))
        b.add_class(cls)
        return b

    def _guarded(self, fn: Any) -> Any:
        def observer(change: dict[str, Any]) -> None:
            if not self._syncing and not self.feedback.run(fn, change["new"]):
                self._sync_board()  # a refused edit: the controls show the board as it is

        return observer

    # -- reading cards, asking ---------------------------------------------------------------------
    def _read(self, field: widgets.Widget, panel: widgets.HTML, name: Any) -> None:
        """A card named in ``field``: its text in ``panel`` and as the field's tooltip."""
        text = str(name or "").strip()
        if "/" not in text and text:
            found = self.ruleset_obj.book.starting(text)
            text = found[0] if len(found) == 1 else text
        game = self.stepper.game
        panel.value = card_html(game, text)
        field.tooltip = card_tip(game, text) if panel.value else None

    def _read_selected(self) -> None:
        """The card selected in the zone's list: its text in the card panel."""
        zone, index = self.zone.value, self.cards.value
        if zone is None or index is None:
            return
        names = self.cards_in(zone)
        if 0 <= index < len(names):
            self._read(self.cards, self.card_text, names[index])

    def ask(self) -> Any:
        """Open the question form on the board at the stepper's step (the staged board and the steps
        taken so far): who asks, what they want, Ask."""
        from uurules.widgets.question import QuestionForm

        data = scenario_dict(self.stepper.game, title=self.board.get("title", "") or "the staged board")
        scn = Scenario.from_text(dump(data), "<the staged board>")
        self.form = QuestionForm(scn)
        self.question_box.children = [self.form]
        return self.form

    # -- the board model -----------------------------------------------------------------------------
    @property
    def ruleset_obj(self) -> Ruleset:
        """The rule set of the board (with any cards the scenario defines inline)."""
        if self._scenario is not None:
            return self._scenario.ruleset
        return make(self.board["ruleset"])

    @property
    def game(self) -> Any:
        return self.stepper.game

    def zones(self) -> list[tuple[str, Zone]]:
        """Every zone of the board: (label, (player or None, zone key))."""
        rs = self.ruleset_obj
        names = [p["name"] for p in self.board["players"]]
        out: list[tuple[str, Zone]] = [(f"{p} · {_key(z)}", (p, _key(z))) for p in names for z in rs.player_zones]
        out += [(_key(z), (None, _key(z))) for z in rs.shared_zones]
        return out

    @staticmethod
    def _zone_list(board: dict[str, Any], zone: Zone) -> list[Any]:
        player, key = zone
        if player is None:
            return board.setdefault(key, [])  # type: ignore[no-any-return]
        for p in board["players"]:
            if p["name"] == player:
                return p.setdefault(key, [])  # type: ignore[no-any-return]
        raise IllegalAction(f"no player is called {player!r}", ", ".join(p["name"] for p in board["players"]))

    def cards_in(self, zone: Zone) -> list[str]:
        """The card names in a zone of the staged board, in order (a deck: top card first)."""
        return [_entry_name(e) for e in self._zone_list(copy.deepcopy(self.board), zone)]

    def edit(self, change: Any) -> None:
        """Apply ``change(board)`` to a copy of the board; keep it only if the board it makes is valid."""
        board = copy.deepcopy(self.board)
        change(board)
        for p in board["players"]:  # empty zones are not written
            for k in [k for k, v in p.items() if v == []]:
                del p[k]
        for k in [k for k, v in board.items() if v == [] and k != "players"]:
            del board[k]
        self._rebuild(board)

    def _rebuild(self, board: dict[str, Any], replay: bool = True) -> None:
        """Stage ``board``; replay the steps taken so far on it (as far as they are still legal)."""
        scn = Scenario.from_text(dump(board), "<the board>")
        game = scn.stage()
        game.start()
        old = self.stepper.history
        labels = old.labels()[1:]
        plan = [Planned(a, labels[i]) for i, a in enumerate(old.game.actions)] + old.future
        at = old.position
        history = History(game, plan if replay else [])
        note = ""
        try:
            history.goto(at)
        except IllegalAction as exc:
            note = f"on the new board, step {history.position + 1} ({history.future[0].label}) is refused: {exc}"
        self.board = board
        self._scenario = scn
        self.stepper.load(history, title=board.get("title", ""))
        self._sync_board()
        if note:
            self.feedback.show(note, "note")

    def _selected(self) -> tuple[Zone, int]:
        zone = self.zone.value
        index = self.cards.value
        if zone is None or index is None:
            raise IllegalAction("select a card in the zone's list first")
        return zone, int(index)

    # -- board edits -----------------------------------------------------------------------------------
    def add(self, name: str | None = None, zone: Zone | None = None) -> None:
        """Add a card (default: the picker's) to a zone (default: the chosen one), at the bottom."""
        typed = (name if name is not None else str(self.card.value or "")).strip()
        zone = zone or self.zone.value
        book = self.ruleset_obj.book
        if not typed:
            raise IllegalAction("choose a card first", "a card's name, or its start in any case: unicorn poi")
        found = book.starting(typed)  # any case, whole or a unique start: exactly one card, or nothing
        if not found:
            raise IllegalAction(
                f"no card of {self.ruleset_obj.title} is called {typed!r} or starts so: nothing was added",
                book.hint(typed),
            )
        if len(found) > 1:
            raise IllegalAction(
                f"{typed!r} starts the names of {len(found)} cards: nothing was added; type more of one",
                ", ".join(found),
            )
        name = found[0]
        if zone is None:
            raise IllegalAction("choose a zone first")
        self.edit(lambda b: self._zone_list(b, zone).append(name))
        self.zone.value = zone
        self.cards.value = len(self._zone_list(self.board, zone)) - 1
        if name != typed:
            self.feedback.show(f"added {name}", "note")

    def remove(self) -> None:
        """Remove the selected card from its zone."""
        zone, i = self._selected()
        self.edit(lambda b: self._zone_list(b, zone).pop(i))

    def shift(self, by: int) -> None:
        """Move the selected card ``by`` places (-1: up, towards the top of a deck)."""
        zone, i = self._selected()
        j = i + by
        if not 0 <= j < len(self._zone_list(self.board, zone)):
            raise IllegalAction("the card is already at the " + ("top" if by < 0 else "bottom"))

        def swap(b: dict[str, Any]) -> None:
            cards = self._zone_list(b, zone)
            cards[i], cards[j] = cards[j], cards[i]

        self.edit(swap)
        self.cards.value = j

    def move(self, to: Zone | None = None) -> None:
        """Move the selected card to another zone (at the bottom)."""
        zone, i = self._selected()
        to = to or self.move_to.value
        if to is None:
            raise IllegalAction("choose the zone to move the card to")

        def change(b: dict[str, Any]) -> None:
            self._zone_list(b, to).append(self._zone_list(b, zone).pop(i))

        self.edit(change)

    def _set_ruleset(self, name: str) -> None:
        names = [p["name"] for p in self.board["players"]]
        board: dict[str, Any] = {"ruleset": name}
        if self.board.get("title"):
            board["title"] = self.board["title"]
        board["players"] = [{"name": p} for p in names]
        self._scenario = None
        self._rebuild(board, replay=False)
        self.feedback.show(f"a new rule set: the board starts empty ({', '.join(names)})", "note")

    def _set_players(self, text: str) -> None:
        names = [n.strip() for n in text.split(",") if n.strip()]
        if not names:
            raise IllegalAction("a board needs at least one player", "names separated by commas: Ann, Bob")
        odd = [n for n in names if "/" in n or "#" in n]
        if odd:  # board references are Player/Card Name#2
            raise IllegalAction(f"a player's name cannot hold / or #: {', '.join(odd)}", "names such as Ann, Bob")
        old = {p["name"]: p for p in self.board["players"]}

        def change(b: dict[str, Any]) -> None:
            b["players"] = [copy.deepcopy(old.get(n, {"name": n})) for n in names]
            if b.get("active") not in names:
                b.pop("active", None)

        self.edit(change)

    def _set_active(self, name: str | None) -> None:
        first = self.board["players"][0]["name"]

        def change(b: dict[str, Any]) -> None:
            b.pop("active", None)
            if name and name != first:
                b["active"] = name

        self.edit(change)

    def _set_title(self, title: str) -> None:
        title = title.strip()

        def change(b: dict[str, Any]) -> None:
            rest = {k: v for k, v in b.items() if k not in ("ruleset", "title")}
            b.clear()
            b.update({"ruleset": rest.pop("ruleset", None) or self.board["ruleset"]})
            if title:
                b["title"] = title
            b.update(rest)

        self.edit(change)

    def _set_hand_limit(self, value: int) -> None:
        default = self.ruleset_obj.default_hand_limit

        def change(b: dict[str, Any]) -> None:
            b.pop("hand_limit", None)
            if value != default:
                b["hand_limit"] = int(value)

        self.edit(change)

    def _set_seed(self, value: int) -> None:
        def change(b: dict[str, Any]) -> None:
            b.pop("seed", None)
            if value:
                b["seed"] = int(value)

        self.edit(change)

    def set_number(self, player: str, number: str, value: int) -> None:
        """Set a player-level number (``resources`` in Eve of Midnight)."""
        if number not in self.ruleset_obj.player_numbers:
            raise IllegalAction(
                f"{self.ruleset_obj.title} has no number {number!r}",
                ", ".join(self.ruleset_obj.player_numbers) or "none",
            )

        def change(b: dict[str, Any]) -> None:
            for p in b["players"]:
                if p["name"] == player:
                    p.pop(number, None)
                    if value:
                        p[number] = int(value)

        self.edit(change)

    # -- acting ------------------------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """Do ``action`` on the game at the stepper's step (the engine refuses an illegal one).
        Whatever happens, the lists that follow the game are read from the engine again."""
        try:
            self.stepper.act(action)
        finally:
            self._sync_acting()

    def legal_now(self) -> list[Action]:
        """The engine's legal actions at the stepper's step, read now (never a copy kept)."""
        return self.stepper.game.legal_actions()

    def _card(self) -> str:
        card = str(self.act_card.value or "").strip()
        if not card:
            raise IllegalAction("name the card first", "a board reference such as Ann/Neigh, or a card name in hand")
        return card

    def _targets(self) -> tuple[str, ...]:
        return tuple(t.strip() for t in str(self.targets.value or "").split(",") if t.strip())

    def _attack(self) -> None:
        targets = self._targets()
        if not targets:
            raise IllegalAction("name the attack's target in targets", "a board reference such as Bob/Monk of Targ")
        self.act(Attack(self.actor.value, self._card(), targets[0], self.hit.value))

    def _do_legal(self) -> None:
        legal = self.legal_now()
        shown = [label for label, _ in self.legal.options]
        if shown != [describe(a) for a in legal]:  # the list was drawn for another step: draw it again
            self._sync_acting()
            raise IllegalAction("the game has changed since the list was shown: choose again", ", ".join(shown))
        if self.legal.value is None or not legal:
            raise IllegalAction("nothing is legal now" if not legal else "choose a legal action first")
        self.act(legal[int(self.legal.value)])

    # -- files -----------------------------------------------------------------------------------------
    def scenario(self) -> dict[str, Any]:
        """The board and every step (taken, then still to take) as a scenario dict."""
        h = self.stepper.history
        out = scenario_dict(h.game, title=self.board.get("title", ""), include_script=False)
        for key in KEPT_KEYS:
            if key in self.board and key not in out:
                out[key] = copy.deepcopy(self.board[key])
        script = h.script()
        if script:
            out["script"] = script
        return out

    def yaml(self) -> str:
        """:meth:`scenario` as YAML text."""
        return dump(self.scenario())

    def save(self, path: str | Path) -> Path:
        """Write :meth:`yaml` to ``path`` (whole or not at all: :func:`uurules.output.write_bytes`)."""
        if not str(path).strip():
            raise IllegalAction("name the file first", "a path such as my-scenario.yaml")
        path = Path(str(path).strip()).expanduser()
        text = self.yaml()
        output.write_bytes(path, text.encode("utf-8"))
        self.yaml_text.value = text
        self.feedback.show(f"saved to {path}", "note")
        return path

    def load(self, path: str | Path) -> None:
        """Load a scenario file: its board, and its script as the steps to come."""
        if not str(path).strip():
            raise IllegalAction("name the file first", "a path such as notebooks/scenarios/seed-001-gameplay.yaml")
        if self._load(Scenario.from_file(Path(str(path).strip()).expanduser())):
            self.feedback.show(f"loaded {path}", "note")

    def load_text(self, text: str, file: str = "<text>") -> None:
        """Load a scenario from YAML text."""
        self._load(Scenario.from_text(text, file))

    def _load(self, scn: Scenario) -> bool:
        """Show ``scn``; ``False`` when its script stops at a step the engine refuses (shown)."""
        data = copy.deepcopy(scn.doc.data)
        self.board = {k: v for k, v in data.items() if k not in ("script", "expect", "auto")}
        self._scenario = scn
        history = History.from_scenario(scn)
        self.stepper.load(history, title=scn.title)
        self._sync_board()
        self.yaml_text.value = self.yaml()
        if history.error:
            self.feedback.show(history.error)
        return not history.error

    def _show_yaml(self) -> None:
        self.yaml_text.value = self.yaml()

    # -- the controls follow the model -----------------------------------------------------------------------
    def offered(self) -> dict[str, bool]:
        """Which optional controls the rule set has a use for, derived from the rule set:

        - ``activate``: some card of its book has an activated ability (``activate: true`` or
          ``when: activated``);
        - ``attack`` (and the hit strength): some card of its book has a ``hit`` value;
        - ``draw``: it has a deck to draw from (a shared ``deck`` zone).
        """
        rs = self.ruleset_obj
        abilities = [ab for card in rs.book for ab in card.get("abilities", ()) or ()]
        return {
            "activate": any(ab.get("activate") or ab.get("when") == "activated" for ab in abilities),
            "attack": any(card.get("hit") for card in rs.book),
            "draw": "deck" in rs.shared_zones,
        }

    def _show_controls(self) -> None:
        shown = self.offered()
        for name, controls in [
            ("activate", [self.activate_button]),
            ("attack", [self.attack_button, self.hit]),
            ("draw", [self.draw_button]),
        ]:
            for w in controls:
                w.layout.display = None if shown[name] else "none"

    def _sync_board(self) -> None:
        rs = self.ruleset_obj
        b = self.board
        names = [p["name"] for p in b["players"]]
        self._syncing = True
        try:
            self.ruleset.value = b["ruleset"]
            self.players.value = ", ".join(names)
            self.active.options = names
            self.active.value = b.get("active", names[0])
            self.title_text.value = str(b.get("title", ""))
            self.hand_limit.value = int(b.get("hand_limit", rs.default_hand_limit))
            self.seed.value = int(b.get("seed", 0))
            self.numbers.children = self._number_fields()
            zones = self.zones()
            chosen = self.zone.value if self.zone.value in [z for _, z in zones] else zones[0][1]
            self.zone.options = zones
            self.zone.value = chosen
            target = self.move_to.value
            self.move_to.options = zones
            self.move_to.value = target if target in [z for _, z in zones] else zones[-1][1]
            names_and_aliases = sorted({*rs.book.names, *(a for c in rs.book for a in c.aliases)})
            if list(self.card.options) != names_and_aliases:
                self.card.options = names_and_aliases
            self._fill_zone(chosen)
            actor = self.actor.value
            self.actor.options = names
            self.actor.value = actor if actor in names else self.active.value
        finally:
            self._syncing = False
        self._show_controls()
        self._sync_acting()

    def _number_fields(self) -> list[widgets.Widget]:
        fields = []
        for p in self.board["players"]:
            for n in self.ruleset_obj.player_numbers:
                w = widgets.BoundedIntText(value=int(p.get(n, 0)), min=0, max=999, description=f"{p['name']} {n}")
                w.add_class("uurules-number")
                w.observe(self._guarded(lambda v, p=p["name"], n=n: self.set_number(p, n, v)), names="value")
                fields.append(w)
        return fields

    def _fill_zone(self, zone: Zone) -> None:
        keep = self.cards.value
        entries = self._zone_list(copy.deepcopy(self.board), zone)
        self.cards.options = [(f"{i + 1}. {_entry_text(e)}", i) for i, e in enumerate(entries)]
        self.cards.value = keep if keep is not None and keep < len(entries) else (0 if entries else None)

    def _show_zone(self, zone: Zone) -> None:
        self._syncing = True
        try:
            self._fill_zone(zone)
        finally:
            self._syncing = False

    def _sync_acting(self) -> None:
        """The legal actions and the card references follow the game at the stepper's step."""
        game = self.stepper.game
        self._legal = self.legal_now()
        refs = [game.ref(c) for p in game.state.players for c in game.cards_of(p)]
        self._syncing = True
        try:
            self.legal.options = [(describe(a), i) for i, a in enumerate(self._legal)]
            self.legal.value = 0 if self._legal else None
            self.act_card.options = refs
            d = game.pending
            if d is not None and d.player in self.actor.options:
                self.actor.value = d.player
        finally:
            self._syncing = False

    def __repr__(self) -> str:
        names = ", ".join(p["name"] for p in self.board["players"])
        return f"<Stager {self.board['ruleset']} ({names}): {self.stepper!r}>"


def stage(ruleset: str = "unstable-unicorns", players: list[str] | tuple[str, ...] = ("Ann", "Bob")) -> Stager:
    """The board stager for ``ruleset`` (one of :data:`uurules.rulesets.RULESETS`), with the stepper below."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown rule set {ruleset!r}. Accepted: {', '.join(RULESETS)}")
    return Stager(ruleset, tuple(players))
