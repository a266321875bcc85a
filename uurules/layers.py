"""The kit's layers: which module sits on which floor, and the few stated ways back up.

Data flows one way, from the engine up to the command line. A module imports only modules of its
own layer or of a lower one, at module level and inside functions alike; ``tests/test_layers.py``
reads every module's imports (``ast``, nothing imported) and checks it, and that module-level
imports close no circle.

A lower layer never needs a higher one: it is handed data or a callback instead. The one kind of
exception is a lazy import (inside a function) of a higher layer, from the one place that
:data:`LAZY_UP` states for that pair of modules, with its reason: a game drawing itself in a
notebook (python-chess's ``Board._repr_svg_`` imports ``chess.svg`` when asked for a picture).

This module imports nothing: it is a table.
"""

from __future__ import annotations

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engine", ("uurules.engine",)),
    (
        "io",
        ("uurules.interrupt", "uurules.yamlio", "uurules.output", "uurules.limits", "uurules.svg", "uurules.layers"),
    ),
    ("cards", ("uurules.cards",)),
    ("rulesets", ("uurules.rulesets",)),
    ("schemas", ("uurules.schemas", "uurules.rules")),
    ("scenario", ("uurules.scenario", "uurules.timeline")),
    ("question", ("uurules.words", "uurules.question", "uurules.explore", "uurules.computer", "uurules.why")),
    ("search", ("uurules.search",)),
    ("answer", ("uurules.answer", "uurules.ask_words", "uurules.ask")),
    ("render", ("uurules.render", "uurules.catalogue")),
    ("widgets", ("uurules.widgets",)),
    (
        "cli",
        (
            "uurules.cli",
            "uurules.__main__",
            "uurules.progress",
            "uurules.publish",
            "uurules.course",
            "uurules.lab",
            "uurules",
        ),
    ),
)
"""The layers, lowest first, each with the modules (and packages: every module under them) it holds.

- engine: state, actions, events, decisions, the game, the position contract (pure, typed);
- io: reading YAML safely, writing outputs, the solver's budget (no game knowledge);
- cards: the card book (``cards/*.yaml`` as data);
- rulesets: each game's rules over the engine;
- schemas: the JSON Schemas generated from the rulesets' registries, and the rule IDs;
- scenario: a scenario staged and played (and a timeline of its steps);
- question: a question parsed and checked (``uurules.question``), the explorer, the computer player,
  why a decision is asked (each reads positions through the contract; none searches for an answer);
- search: the question solver's AND/OR/chance search over the contract (``uurules.search``);
- answer: the solver's answer (the strategy, the example, the words) and its public entry
  (``uurules.ask``: question -> search -> answer);
- render: plain data -> DOT -> pictures (and the card catalogue, which draws each card's scenario);
- widgets: the notebook's views over the layers below;
- cli: the commands, the lessons' imports, JupyterLab, and the lazy package ``uurules`` itself.
"""

LAZY_UP: dict[tuple[str, str], tuple[str, str]] = {
    ("uurules.engine.game", "uurules.rulesets.base"): (
        "TYPE_CHECKING",
        "the game names its rule set's class for the type checker only; at run time it is handed one",
    ),
    ("uurules.engine.game", "uurules.render"): (
        "Game.picture",
        "a game draws itself in a notebook (``_repr_mimebundle_``), importing the pictures only then",
    ),
    ("uurules.cards", "uurules.schemas"): (
        "card_file_schema",
        "a card file is checked against the schema generated from the registries of the rule sets that read it",
    ),
    ("uurules.timeline", "uurules.render"): (
        "Step",
        "a step draws itself in a notebook (``Step.picture``), and measures its picture (``Step.waiting``)",
    ),
    ("uurules.explore", "uurules.render"): (
        "Exploration.picture",
        "an exploration draws its outcome tree in a notebook",
    ),
    ("uurules.answer", "uurules.render"): (
        "Answer",
        "an answer draws its strategy in a notebook (``Answer.picture``, ``_repr_mimebundle_``)",
    ),
}
"""(importer, imported) -> (the one place that may import it, why): the imports of a higher layer.
The place is a function, or a class (its methods: a model's display hooks, as python-chess's
``Board._repr_svg_``), or ``TYPE_CHECKING`` (an import for the type checker, which runs nowhere).
Each pair has one place; any other import of a higher layer is refused. A package named as the
imported module stands for its modules too."""


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of a ``uurules`` module (the longest listed prefix names it)."""
    best, found = -1, -1
    for index, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), index
    if found < 0:
        raise KeyError(f"module {module!r} is in no layer of uurules.layers.LAYERS")
    return found
