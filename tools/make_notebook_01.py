"""Writes notebooks/01-the-effect-chain.ipynb (run it, then execute the notebook to store outputs)."""

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell(
        "# 1. The effect chain\n\n"
        "In Unstable Unicorns, when one card's effect sets off another card's effect, the new effect becomes "
        "a new **link** of the **effect chain**. The first link resolves completely before the next one: the "
        "chain is *first in, first out* (UU.CHAIN.1). Effects that trigger at the same moment, such as at the "
        "Beginning of Turn, form one single link (UU.CHAIN.2), and within a link no card is chosen as a target "
        "twice (UU.CHAIN.3).\n\n"
        "This notebook plays the gameplay example of the seed page *Dread Pirate Unicorn and Parallel "
        "Universicorn*: a hand of 6 cards, and Controlled Chaos, Dread Pirate Unicorn and Parallel Universicorn "
        "in the Stable. At the Beginning of Turn the player uses Controlled Chaos (discard 2 cards; if you do, "
        "destroy a Unicorn or search the deck for one)."
    ),
    new_code_cell(
        "from uurules import Scenario\n\n"
        'scn = Scenario.from_file("scenarios/seed-001-gameplay.yaml")\n'
        "game = scn.play()\n"
        'print("\\n".join(game.log))'
    ),
    new_markdown_cell(
        "Read the chain lines from the top:\n\n"
        '1. Controlled Chaos adds two discard effects: `"Discard a card","Discard a card"`.\n'
        "2. Dread Pirate Unicorn is mandatory, so it acts first (UU.REPL.1): each discard becomes two "
        "(UU.REPL.2).\n"
        "3. Parallel Universicorn is optional: the player lets it turn every discard into a draw up to the hand "
        "limit, `Draw a card*` (UU.REPL.3).\n"
        "4. Resolution: draw (7 cards, the limit); at the limit the next draw is carried out as the discard it "
        "replaced (6); draw (7); discard (6). The hand never goes above the limit (UU.HAND.2).\n"
        "5. The replacements satisfied Controlled Chaos's *if you do* (UU.REPL.4), so the player may now destroy "
        "a Unicorn or search the deck; here they search.\n\n"
        "Net result, as the seed says: drew 2, discarded 2."
    ),
    new_code_cell(
        "events = [e.to_json() for e in game.events]\n"
        'drew = [e["card"] for e in events if e["type"] == "draw"]\n'
        'discarded = [e["card"] for e in events if e["type"] == "discard"]\n'
        'print("drawn by the chain:", drew[:2], "  (then the Draw phase drew", drew[2:], ")")\n'
        'print("discarded:", discarded)\n'
        'print("hand now:", [game.shown(c) for c in game.state.zone("Ann", "hand")])'
    ),
    new_markdown_cell(
        "The next notebooks draw the chain as a picture, let you step through it and answer the decisions "
        "yourself, and compare it with the *last in, first out* instant pile of Neigh cards (LU.PILE.4)."
    ),
]
nb = new_notebook(
    cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
)
nbformat.write(nb, "notebooks/01-the-effect-chain.ipynb")
