"""Writes the curriculum, notebooks/01-*.ipynb .. 09-*.ipynb, from the cells below.

The .ipynb files are what learners open; this script only keeps the nine consistent. Build
them and execute them (which stores the outputs nbval compares, and prints the time taken):

    python tools/build_notebooks.py --execute

``--execute`` alone runs with this checkout's ``uurules`` first on the kernels' path.

Conventions: markdown first, one idea per cell, short code cells; every rule ID a notebook
teaches appears in its text; every exercise (``predict(...)``) gets its answer from the engine,
and the answers are printed at the back of each notebook.
"""

from __future__ import annotations

import argparse
import os
import textwrap
import time
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "notebooks"

Cell = tuple[str, str]


def md(text: str) -> Cell:
    return ("md", text)


def code(text: str) -> Cell:
    return ("code", text)


def cell(kind: str, text: str) -> nbformat.NotebookNode:
    text = textwrap.dedent(text).strip("\n")
    if kind == "md":
        return new_markdown_cell(text)
    made = new_code_cell(text)
    if "predict(" in text:
        # an exercise: its code holds the explanation, so JupyterLab shows it folded; the widget shows
        made.metadata["jupyter"] = {"source_hidden": True}
    return made


def build(name: str, cells: list[tuple[str, str]]) -> Path:
    made = [cell(kind, text) for kind, text in cells]
    for i, c in enumerate(made):
        c["id"] = f"c{i:02d}"  # stable ids: rebuilding changes only what changed
    nb = new_notebook(
        cells=made,
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
            "language_info": {"name": "python"},
        },
    )
    path = OUT / f"{name}.ipynb"
    nbformat.write(nb, path)
    return path


# -- the notebooks ------------------------------------------------------------------------------
NOTEBOOKS: dict[str, list[Cell]] = {}


def notebook(name: str):  # type: ignore[no-untyped-def]
    def register(fn):  # type: ignore[no-untyped-def]
        NOTEBOOKS[name] = fn()
        return fn

    return register


SETUP = '''
from uurules import Scenario, board_json
from uurules.scenario import board_text
from uurules.timeline import Timeline
from uurules.widgets import stepper
from uurules.widgets.exercise import predict


def story(game):
    """Print what happened (the log), then the board at the end, as `uurules run` does."""
    print("\\n".join(game.log))
    print()
    print(board_text(board_json(game)))
'''


def setup(extra: str = "") -> Cell:
    """The first code cell of every notebook: the imports and one small printing helper."""
    text = textwrap.dedent(SETUP).strip("\n")
    if extra:
        head, rest = text.split("\n\n\n", 1)
        text = head + "\n" + textwrap.dedent(extra).strip("\n") + "\n\n\n" + rest
    return code(text)


def answers(*names: str) -> list[Cell]:
    listed = ", ".join(names)
    return [
        md(
            """
            ## Answers

            Try the exercises above before you read this. The engine's answers, and why:
            """
        ),
        code(f'for exercise in [{listed}]:\n    print(exercise.solution(), end="\\n\\n")'),
    ]


@notebook("01-the-effect-chain")
def nb01() -> list[Cell]:
    return [
        md(
            """
            # 1. The effect chain

            *Unstable Unicorns · rules UU.CHAIN.1, UU.CHAIN.2, UU.CHAIN.3, UU.SEQ.1*

            When a card does something, it often makes another card do something too. Unstable
            Unicorns keeps these effects in order with the **effect chain**. This notebook teaches
            three rules:

            - **UU.CHAIN.1** An effect set off by another effect is a new **link** of the chain.
              A link resolves completely before the next one starts: *first in, first out*.
            - **UU.CHAIN.2** Effects that trigger at the same moment are *one* link, and all their
              targets are chosen before that link resolves.
            - **UU.CHAIN.3** Within one link no card is chosen as a target twice; mandatory
              effects choose first.
            """
        ),
        md(
            """
            **How to use this course.** Run the cells from top to bottom (*Shift+Enter*, or
            *Run → Run All Cells*). Every example is a **scenario** in the `scenarios/` folder: a
            staged board and a short script. The engine plays it and writes a log in the notation
            of the rules wiki: `THE EFFECT CHAIN; ...` shows what is waiting, and each
            `| RESOLUTION: ... |` line is one effect carried out.

            At **Predict, then check**, pick an answer *before* you run the example, then press
            *Check*. The engine plays the board and tells you whether you were right, and why.

            Some pictures are wide: hide the file browser (*View → Left Sidebar*, or *Ctrl+B*) to
            give them room.
            """
        ),
        setup(),
        md(
            """
            ## A new link waits its turn (UU.CHAIN.1)

            Ann's Stable holds **Barbed Wire** ("each time a Unicorn card enters or leaves your
            Stable, DISCARD a card") and a Basic Unicorn. She plays **Two-For-One**: "SACRIFICE a
            card, then DESTROY 2 cards". Bob has two Unicorns.

            Sacrificing her Unicorn makes it leave her Stable, so Barbed Wire triggers *in the
            middle of* Two-For-One. When is Ann's discard carried out?
            """
        ),
        code(
            """
            chain1 = Scenario.from_file("scenarios/uu-chain-1-new-link.yaml")


            def when_is_the_discard(out):
                discard = out.index("discard", player="Ann")
                destroys = [out.index("destroy", card=c) for c in ("Rhinocorn", "Llamacorn")]
                if discard < min(destroys):
                    return "At once, before the two DESTROYs"
                if discard > max(destroys):
                    return "After both DESTROYs"
                return "Between the two DESTROYs"


            ex1 = predict(
                "When is the discard from Barbed Wire carried out?",
                ["At once, before the two DESTROYs", "Between the two DESTROYs", "After both DESTROYs"],
                chain1,
                when_is_the_discard,
                why="Barbed Wire's discard is a new link (link 2). Two-For-One's link (SACRIFICE, "
                "then DESTROY 2 cards) resolves completely first: first in, first out (UU.CHAIN.1).",
                wrong={"At once, before the two DESTROYs": "that would be last in, first out, "
                       "like the instant pile of notebook 5"},
            )
            ex1
            """
        ),
        md("Now let the engine play it:"),
        code(
            """
            game = chain1.play()
            story(game)
            """
        ),
        md(
            """
            Read the log from the top. Two-For-One's link resolves completely: the SACRIFICE, *then*
            both DESTROYs. Only then does link 2, Barbed Wire's discard, resolve. The actions of one
            card are carried out in the order they are written (UU.SEQ.1).

            The picture shows the chain halfway through the script (`play(upto=2)`: the first two
            steps), when Ann is about to choose her first DESTROY target: link 1 is resolving,
            link 2 waits below it.
            """
        ),
        code(
            """
            halfway = chain1.play(upto=2)
            halfway
            """
        ),
        md(
            """
            ## Step by step

            A **timeline** keeps the board after every step of the script: step 0 is the staged
            board, step *n* the board after the *n*-th line of the script. `tl[n]` draws step *n*,
            with what that step changed highlighted.
            """
        ),
        code(
            """
            tl = Timeline(chain1)
            for step in tl:
                print(f"step {step.number}: {step.label}")
            """
        ),
        code("tl[1]"),
        md(
            """
            **Step through it yourself.** The stepper below plays the same scenario one step at a
            time: *Step* and *Back* (the engine's exact undo), *First*, *Last*, the slider and
            *Play*. It shows the step's diagram, the log and the board. When the engine waits for a
            decision, its options appear as buttons: the script's own answer keeps to the script,
            any other answer branches away from it (and *Back* takes it back).
            """
        ),
        code("stepper(chain1)"),
        md(
            """
            ## Effects at the same moment are one link (UU.CHAIN.2)

            At the beginning of Ann's turn two of her cards trigger together: **Sadistic Ritual**
            (mandatory: "SACRIFICE a Unicorn card, then DRAW a card") and **Rhinocorn** (optional:
            "you may DESTROY a Unicorn card; if you do, skip to your End of Turn phase"). Together
            they are *one* link, and every target of that link is chosen before it resolves. So Ann
            picks Rhinocorn's target, Bob's Llamacorn, while the link is still forming, before
            anything is sacrificed.
            """
        ),
        code(
            """
            chain2 = Scenario.from_file("scenarios/uu-chain-2-one-link.yaml")
            story(chain2.play())
            """
        ),
        md(
            """
            The order of the script shows it: `yes` (use Rhinocorn), `Bob/Llamacorn` (its target),
            and only then `Ann/Basic Unicorn` (the card sacrificed as Sadistic Ritual resolves).
            Here is the board just after Ann said `yes` to Rhinocorn: one link holds both effects,
            nothing has resolved, and the engine already asks for Rhinocorn's target.
            """
        ),
        code("Timeline(chain2)[2]"),
        md(
            """
            ## No card is targeted twice in one link (UU.CHAIN.3)

            Now Ann has **Horn of Ruin** (a card made for this course: a *mandatory* "DESTROY a
            Unicorn card" at the beginning of her turn) and **two Rhinocorns** (optional). Bob has
            only two Unicorns. All three effects trigger together, as one link. Mandatory effects
            choose their targets first, no Unicorn may be chosen twice in the link, and an effect
            left without a target does not trigger.
            """
        ),
        code(
            """
            chain3 = Scenario.from_file("scenarios/uu-chain-3-distinct-targets.yaml")

            ex2 = predict(
                "How many of the three effects destroy a Unicorn?",
                ["One: only Horn of Ruin, because it is mandatory",
                 "Two: Horn of Ruin and one Rhinocorn",
                 "Three: one of Bob's Unicorns is chosen twice"],
                chain3,
                lambda out: {1: "One: only Horn of Ruin, because it is mandatory",
                             2: "Two: Horn of Ruin and one Rhinocorn",
                             3: "Three: one of Bob's Unicorns is chosen twice"}[len(out.events("destroy"))],
                why="Horn of Ruin is mandatory, so it chooses first; the first Rhinocorn takes the other "
                "Unicorn; the second Rhinocorn has no target left that is not already chosen in this "
                "link, so it does not trigger (UU.CHAIN.3).",
            )
            ex2
            """
        ),
        code("story(chain3.play())"),
        md(
            """
            The line `Rhinocorn cannot be used (every possible target is already chosen in this
            link)` is UU.CHAIN.3 at work. The picture of the first step shows the link forming:
            Horn of Ruin asks for its target before any Rhinocorn is offered.
            """
        ),
        code("Timeline(chain3)[1]"),
        md(
            """
            ## Summary

            - **UU.CHAIN.1** An effect triggered by another is a new link; each link resolves
              completely before the next: first in, first out.
            - **UU.CHAIN.2** Effects triggered at the same moment are one link; all its targets
              are chosen before it resolves.
            - **UU.CHAIN.3** In one link no card is targeted twice; with too few targets, fewer
              effects trigger; mandatory effects choose first.
            - **UU.SEQ.1** A card's actions happen in the order they are written.

            Next, notebook 2: what a card needs before it can be played, and the words that join
            its actions.
            """
        ),
        *answers("ex1", "ex2"),
    ]


@notebook("02-requirements-and-sequencing")
def nb02() -> list[Cell]:
    return [
        md(
            """
            # 2. Requirements and the words that join actions

            *Unstable Unicorns · rules UU.REQ.1, UU.REQ.2, UU.REQ.3, UU.REQ.4, UU.SEQ.1, UU.SEQ.2,
            UU.SEQ.3, UU.SEQ.4*

            Some cards cannot be played at all unless something is true first: that something is
            their **Requirement**. And many cards do several things, joined by *and*, *then* or
            *if you do*; each word means something different. This notebook shows both, on boards
            the engine plays.
            """
        ),
        setup(
            """
            from uurules import IllegalAction, InputError
            from uurules.engine.actions import Play
            """
        ),
        md(
            """
            ## A Requirement is the first statement (UU.REQ.1)

            **Two-For-One** says "SACRIFICE a card, then DESTROY 2 cards". Its first statement,
            the sacrifice, is its Requirement: Ann's Stable must hold a card she could sacrifice
            *before* she may play it. Here her Stable holds a Baby Unicorn, so she can:
            """
        ),
        code(
            """
            met = Scenario.from_file("scenarios/uu-req-1-requirement-met.yaml")
            story(met.play())
            """
        ),
        md(
            """
            With an empty Stable she cannot. The engine refuses the play and says why; a scenario
            that tries it stops at that line of its script:
            """
        ),
        code(
            """
            unmet = Scenario.from_file("scenarios/uu-req-1-requirement-unmet.yaml")
            try:
                unmet.play()
            except InputError as refusal:
                print(refusal)
            """
        ),
        md(
            """
            **Try it yourself.** Stage the same board (`play(upto=0)`: no script step yet) and
            push the play by hand. A refused action changes nothing: the board afterwards is
            exactly the staged one.
            """
        ),
        code(
            """
            game = unmet.play(upto=0)
            try:
                game.push(Play("Ann", "Two-For-One"))
            except IllegalAction as refusal:
                print("refused:", refusal.reason)
            print(board_text(board_json(game)))
            """
        ),
        md(
            """
            ## Cards in play can add a Requirement (UU.REQ.3)

            **Barbed Wire** in a Stable says: "each time a Unicorn card enters or leaves your
            Stable, DISCARD a card". That adds a Requirement to every Unicorn Ann would play into
            her Stable: she must be able to discard. Ann holds a second card, Yay, so she can play
            her Basic Unicorn, and Barbed Wire makes her discard:
            """
        ),
        code(
            """
            added = Scenario.from_file("scenarios/uu-req-3-added-requirement.yaml")
            story(added.play())
            """
        ),
        md(
            """
            ## An effect cannot stand in for a Requirement to play (UU.REQ.2)

            **Parallel Universicorn** may turn a discard into a draw, once the discard is an effect
            on the chain (notebook 4). Can it help Ann meet Barbed Wire's Requirement? Here her
            hand holds *only* the Basic Unicorn she wants to play.
            """
        ),
        code(
            """
            stand_in = Scenario.from_file("scenarios/uu-req-2-effect-cannot-stand-in.yaml")

            ex1 = predict(
                "Barbed Wire and Parallel Universicorn are in Ann's Stable; her hand holds only a "
                "Basic Unicorn. Can she play it?",
                ["Yes: Parallel Universicorn turns the discard into a draw",
                 "No: she could not discard, and an effect cannot stand in for a Requirement to play"],
                stand_in,
                lambda out: ("No: she could not discard, and an effect cannot stand in for a Requirement to play"
                             if out.refused else "Yes: Parallel Universicorn turns the discard into a draw"),
                why="The Requirement is checked against her Hand and Stable before the card is played "
                "(UU.REQ.1). Parallel Universicorn only replaces a discard that is already an effect on "
                "the chain, once the card resolves (UU.REQ.2).",
            )
            ex1
            """
        ),
        code(
            """
            try:
                stand_in.play()
            except InputError as refusal:
                print(refusal)
            """
        ),
        md(
            """
            ## A mandatory effect on entering is not a Requirement to play (UU.REQ.4)

            **Llamacorn**: "when this card enters your Stable, each player (you included) must
            DISCARD a card". Once it has entered, the discards are mandatory, a Requirement *to
            perform*, but they do not stop Ann from playing it, even with no other card in her
            hand. Her own discard is then impossible, and it is simply disregarded (notebook 3):
            """
        ),
        code(
            """
            enters = Scenario.from_file("scenarios/uu-req-4-mandatory-enter-effect.yaml")
            story(enters.play())
            """
        ),
        md("The chain after Llamacorn entered: two discard effects, one for each player."),
        code("Timeline(enters)[1]"),
        md(
            """
            ## The words that join actions (UU.SEQ.1 – UU.SEQ.4)

            A card's actions are carried out in the order they are written (UU.SEQ.1). The word
            between two actions decides whether the second happens:

            | word | meaning | rule |
            |---|---|---|
            | **and** | do both | UU.SEQ.2 |
            | **then** | do the second only if the first *was performed* (a replaced first action counts) | UU.SEQ.3 |
            | **if you do** | the first is your choice; do the second only if you chose it *and* it resolved | UU.SEQ.4 |

            **Good Deal**: "DRAW 3 cards *and* DISCARD a card". Both happen, in order:
            """
        ),
        code("story(Scenario.from_file('scenarios/uu-seq-2-and.yaml').play())"),
        md(
            """
            **Sadistic Ritual**: "SACRIFICE a Unicorn card, *then* DRAW a card". With a Unicorn to
            sacrifice, Ann sacrifices it and then draws:
            """
        ),
        code("story(Scenario.from_file('scenarios/uu-seq-3-then-performed.yaml').play())"),
        md(
            """
            (The second draw is the turn's ordinary Draw phase, which comes after the Beginning of
            Turn.) Now the same card with *no* Unicorn in her Stable:
            """
        ),
        code(
            """
            then_not = Scenario.from_file("scenarios/uu-seq-3-then-not-performed.yaml")

            ex2 = predict(
                "Sadistic Ritual triggers, but Ann has no Unicorn to sacrifice. Does its "
                "\\"then DRAW a card\\" happen?",
                ["Yes: the draw happens anyway", "No: the first action was not performed"],
                then_not,
                lambda out: ("No: the first action was not performed" if out.events("skip", player="Ann")
                             else "Yes: the draw happens anyway"),
                why="Sacrificing with no Unicorn is an impossible action, so it is disregarded (UU.IMP.2). "
                "\\"then\\" makes the draw depend on the sacrifice being performed, so the draw is not "
                "performed either (UU.SEQ.3). The card Ann still draws is her Draw phase's.",
            )
            ex2
            """
        ),
        code("story(then_not.play())"),
        md(
            """
            **Seductive Unicorn**: "when this card enters your Stable, you *may* DISCARD a card,
            *then* STEAL a Unicorn card". A replaced action counts as performed: here Parallel
            Universicorn turns Ann's discard into a draw, the deck is empty so nothing is drawn,
            and still the discard counts, so she steals (UU.SEQ.3):
            """
        ),
        code("story(Scenario.from_file('scenarios/uu-seq-3-then-replaced.yaml').play())"),
        md(
            """
            **Rhinocorn**: "at the beginning of your turn, you *may* DESTROY a Unicorn card. *If you
            do*, immediately skip to your End of Turn phase". The destroy is Ann's choice. The two
            scenarios below differ only in her answer, `yes` or `no`:
            """
        ),
        code(
            """
            for name in ["uu-seq-4-if-you-do-yes", "uu-seq-4-if-you-do"]:
                out = board_json(Scenario.from_file(f"scenarios/{name}.yaml").play())
                print(f"{name}:")
                print("   Bob's Stable:", ", ".join(out["players"]["Bob"]["stable"]) or "-")
                print("   Ann's hand:  ", ", ".join(out["players"]["Ann"]["hand"]) or "-")
                print("   whose turn:  ", out["active"])
            """
        ),
        code(
            """
            if_you_do = Scenario.from_file("scenarios/uu-seq-4-if-you-do.yaml")

            ex3 = predict(
                "Rhinocorn triggers at the beginning of Ann's turn and she answers \\"no\\". "
                "Does her turn skip to its End of Turn phase?",
                ["Yes", "No"],
                if_you_do,
                lambda out: "Yes" if out.events("phase", phase="end-of-turn") else "No",
                why="With \\"if you do\\", the second action happens only if the player chose to perform "
                "the first and it resolved (UU.SEQ.4). Ann chose not to destroy, so her turn goes on: "
                "she draws in her Draw phase and may act.",
            )
            ex3
            """
        ),
        md(
            """
            **Answer it yourself.** Step to the decision "use Rhinocorn?" and press **yes** instead
            of the script's *no*: you branch away from the script, Bob's Basic Unicorn is destroyed
            and Ann's turn skips to its End. *Back* undoes your answer exactly.
            """
        ),
        code("stepper(if_you_do)"),
        md(
            """
            ## Summary

            - **UU.REQ.1** A card's first statement is its Requirement; if the Hand or Stable
              cannot meet it, the card cannot be played, and the board stays as it was.
            - **UU.REQ.2** An effect cannot stand in for a Requirement to play a card.
            - **UU.REQ.3** Cards in play can add Requirements to other cards (Barbed Wire).
            - **UU.REQ.4** A mandatory effect on entering must be performed, but does not stop the
              card being played.
            - **UU.SEQ.1** Actions happen in the order they are written. **UU.SEQ.2** *and*: both.
              **UU.SEQ.3** *then*: only if the first was performed (a replaced one counts).
              **UU.SEQ.4** *if you do*: only if the player chose the first and it resolved.
            """
        ),
        *answers("ex1", "ex2", "ex3"),
    ]


@notebook("03-impossible-actions")
def nb03() -> list[Cell]:
    return [
        md(
            """
            # 3. Impossible actions

            *Unstable Unicorns and Llamas Unleashed · rules UU.IMP.1, UU.IMP.2, LU.IMP.1*

            Sometimes a card asks for something that cannot be done: discarding with an empty
            hand, sacrificing from an empty Stable, destroying a Unicorn that cannot be destroyed.
            The rules answer in two different ways, depending on *whose* card asks:

            - **UU.IMP.1** A card *in your hand* whose effect needs an impossible action cannot be
              played.
            - **UU.IMP.2** When a card *in a Stable*, or a card *another player* played, asks you for
              an impossible action, that action is **disregarded**: no error, and the rest goes on.
            - **LU.IMP.1** Llamas Unleashed works the same way, with the Field for the Stable.
            """
        ),
        setup("from uurules import InputError"),
        md(
            """
            ## A card you cannot carry out cannot be played (UU.IMP.1)

            Ann holds **Unicorn Poison** ("DESTROY a Unicorn card"). Bob's only Unicorn sits
            beside **Rainbow Aura** ("your Unicorn cards cannot be destroyed").
            """
        ),
        code(
            """
            poison = Scenario.from_file("scenarios/uu-imp-1-cannot-play.yaml")

            ex1 = predict(
                "Can Ann play Unicorn Poison?",
                ["Yes, but it does nothing", "Yes, and Rainbow Aura is destroyed instead",
                 "No: the engine refuses the play"],
                poison,
                lambda out: "No: the engine refuses the play" if out.refused else (
                    "Yes, and Rainbow Aura is destroyed instead" if "Rainbow Aura" in out.zone(None, "discard")
                    else "Yes, but it does nothing"),
                why="Unicorn Poison is in Ann's hand, and its effect needs an impossible action: no Unicorn "
                "can be destroyed. So she may not play it (UU.IMP.1). Its text is also its Requirement "
                "(UU.REQ.1).",
            )
            ex1
            """
        ),
        code(
            """
            try:
                poison.play()
            except InputError as refusal:
                print(refusal)
            """
        ),
        md(
            """
            Notebook 2's Two-For-One with an empty Stable was the same rule: its sacrifice was
            impossible, so it could not be played.

            ## Impossible actions asked by others are disregarded (UU.IMP.2)

            Ann plays **Llamacorn**: "each player (you included) must DISCARD a card". Bob's hand
            is empty. Llamacorn is *Ann's* card, so for Bob the discard is an impossible action
            asked by another player's card: it is disregarded, and nothing else changes.
            """
        ),
        code(
            """
            llamacorn = Scenario.from_file("scenarios/uu-imp-2-disregarded.yaml")
            story(llamacorn.play())
            """
        ),
        md(
            """
            The same happens with a card already in a Stable. At the beginning of Ann's turn
            **Horn of Ruin** destroys Bob's Basic Unicorn and **Sadistic Ritual** sacrifices Ann's
            (one link, notebook 1). Bob's Unicorn leaving his Stable triggers his **Barbed Wire**:
            DISCARD a card. Bob has no card in hand, so that discard is disregarded.
            """
        ),
        code(
            """
            two_links = Scenario.from_file("scenarios/render-two-links.yaml")
            two_links_game = two_links.play()
            story(two_links_game)
            """
        ),
        md("The last step drawn: the disregarded discard is marked in the chain."),
        code("two_links_game"),
        md(
            """
            A disregarded action still counts as *not performed*: with *then*, the next action
            does not happen either (notebook 2, Sadistic Ritual with no Unicorn, UU.SEQ.3).

            ## Llamas Unleashed: the Field (LU.IMP.1)

            In Llamas Unleashed the Stable is called the **Field**; the rules are the same.
            **Alpacalypse** makes each player SACRIFICE an Animal card. Ann has a Basic Goat in her
            Field; Bob's Field holds only Velcro Barrier, which is not an Animal; Cat has a Baby
            Llama.
            """
        ),
        code(
            """
            alpacalypse = Scenario.from_file("scenarios/lu-imp-1-impossible-actions.yaml")


            def what_happens(out):
                if out.refused:
                    return "Ann cannot play Alpacalypse"
                if "Baby Llama" in out.zone("Cat", "field"):
                    return "Alpacalypse stops at Bob: Cat keeps her Baby Llama"
                return "Bob's sacrifice is disregarded; Cat still sacrifices"


            ex2 = predict(
                "Bob has no Animal to sacrifice. What happens when Ann plays Alpacalypse?",
                ["Ann cannot play Alpacalypse",
                 "Alpacalypse stops at Bob: Cat keeps her Baby Llama",
                 "Bob's sacrifice is disregarded; Cat still sacrifices"],
                alpacalypse,
                what_happens,
                why="Ann can sacrifice her own Goat, so she may play the card. For Bob the sacrifice is an "
                "impossible action asked by another player's card: it is disregarded and the rest goes "
                "on, so Cat's Baby Llama is sacrificed (it returns to the Nursery) (LU.IMP.1, UU.IMP.2).",
            )
            ex2
            """
        ),
        code(
            """
            alpacalypse_game = alpacalypse.play()
            story(alpacalypse_game)
            """
        ),
        code("alpacalypse_game"),
        md(
            """
            Step through it: the three sacrifices are one link, and Bob's is marked as
            disregarded when its turn comes.
            """
        ),
        code("stepper(alpacalypse)"),
        md(
            """
            **Try it yourself.** Here is the same board written out in full, with Ann's Field
            empty too. Change it (give Ann back her Basic Goat, or empty Cat's Field) and run the
            cell again.
            """
        ),
        code(
            '''
            board = """
            ruleset: llamas-unleashed
            players:
              - {name: Ann, hand: [Alpacalypse], field: []}
              - {name: Bob, field: [Velcro Barrier]}
              - {name: Cat, field: [Baby Llama]}
            script:
              - play: {player: Ann, card: Alpacalypse}
              - resolve: all
            """

            ex3 = predict(
                "Ann's own Field is empty now. Can she play Alpacalypse?",
                ["Yes: her own sacrifice is disregarded", "No: her card needs an impossible action"],
                Scenario.from_text(board),
                lambda out: "No: her card needs an impossible action" if out.refused
                else "Yes: her own sacrifice is disregarded",
                why=lambda out: "Alpacalypse is in Ann's own hand, and it would ask her for an impossible "
                "action, so she may not play it (UU.IMP.1, LU.IMP.1). The engine says: "
                + (out.error or "it was played") + ".",
            )
            ex3
            '''
        ),
        md(
            """
            ## Summary

            - **UU.IMP.1** A card in your hand whose effect needs an impossible action cannot be
              played (the engine refuses it and the board is unchanged).
            - **UU.IMP.2** An impossible action asked by a card in a Stable, or by another
              player's card, is disregarded; the rest of the effect goes on.
            - **LU.IMP.1** The same in Llamas Unleashed, with the Field for the Stable.
            """
        ),
        *answers("ex1", "ex2", "ex3"),
    ]


@notebook("04-replacement-effects")
def nb04() -> list[Cell]:
    return [
        md(
            """
            # 4. Replacement effects and the hand limit

            *Unstable Unicorns · rules UU.REPL.1, UU.REPL.2, UU.REPL.3, UU.REPL.4, UU.HAND.1,
            UU.HAND.2*

            A **replacement effect** does not add an effect to the chain: it *changes* one that is
            being added. This notebook follows the rules wiki's own worked example, in which two
            Unicorns replace the same discards, one after the other, and then shows what the hand
            limit does to it.
            """
        ),
        setup("import yaml"),
        md("The three cards of the example, as the kit's card book words them:"),
        code(
            """
            gameplay = Scenario.from_file("scenarios/seed-001-gameplay.yaml")
            for name in ["Controlled Chaos", "Dread Pirate Unicorn", "Parallel Universicorn"]:
                print(f"{name}: {gameplay.ruleset.book[name].text}")
            """
        ),
        md(
            """
            The rules for them:

            - **UU.REPL.1** Mandatory effects come before optional ones: Dread Pirate Unicorn
              (mandatory) replaces first; only then is Parallel Universicorn (optional) offered.
            - **UU.REPL.2** Dread Pirate Unicorn turns each discard effect into *two*.
            - **UU.REPL.3** Parallel Universicorn may turn each discard into a draw that only draws
              *up to the hand limit*, written `Draw a card*`. A `Draw a card*` whose player is
              already at the limit is carried out as the discard it replaced.
            - **UU.HAND.2** So drawing through Parallel Universicorn never takes a hand above the
              limit.
            - **UU.REPL.4** A replacement satisfies the requirement it replaced: Controlled Chaos's
              "DISCARD 2 cards. *If you do*, ..." goes on even when the discards became draws.
            """
        ),
        md(
            """
            ## The gameplay example

            Ann holds 6 cards; the hand limit is 7. At the beginning of her turn she uses
            Controlled Chaos (2 discards). Predict the end of the chain first.
            """
        ),
        code(
            '''
            def chain_counts(result):
                """Cards drawn and discarded before the turn's Draw phase, that is: by the chain."""
                events = result["events"]
                before = events[: [e.get("phase") for e in events].index("draw")]
                return sum(e["type"] == "draw" for e in before), sum(e["type"] == "discard" for e in before)


            ex1 = predict(
                "By the end of the chain (before the search), how many cards has Ann drawn and discarded?",
                ["drew 4, discarded 0", "drew 2, discarded 2", "drew 0, discarded 4", "drew 2, discarded 0"],
                gameplay,
                lambda out: "drew {}, discarded {}".format(*chain_counts(out.result)),
                why="2 discards become 4 (Dread Pirate Unicorn), then 4 draws up to the limit (Parallel "
                "Universicorn). From 6 cards: draw (7, the limit); at the limit the next is carried out "
                "as a discard (6); draw (7); discard (6): drew 2, discarded 2, as the seed says (UU.REPL.3, "
                "UU.HAND.2).",
                wrong={"drew 4, discarded 0": "the hand never goes above the limit (UU.HAND.2)"},
            )
            ex1
            '''
        ),
        md(
            """
            Now step through it. Each step is one line of the scenario's script; under it, the
            log lines that step added.
            """
        ),
        code(
            """
            tl = Timeline(gameplay)
            for step in tl:
                print(f"step {step.number}: {step.label}")
                for line in step.log:
                    print("    " + line)
            """
        ),
        md(
            """
            Step 2 is the heart of it: Ann uses Controlled Chaos, Dread Pirate Unicorn doubles the
            discards at once (it is mandatory, UU.REPL.1 and UU.REPL.2), and the engine asks
            whether Parallel Universicorn should replace them.
            """
        ),
        code("tl[2]"),
        md(
            """
            After `yes` (step 3) the four effects are `Draw a card*`. The first has drawn Ann up to
            7, the limit, so the second is being carried out as a discard: the engine asks which
            card.
            """
        ),
        code("tl[3]"),
        md(
            """
            At the end the discards were satisfied by replacements, so Controlled Chaos's
            *if you do* goes on (UU.REPL.4): Ann searched the deck for Mermaid Unicorn (back to
            7 cards) and shuffled. Then came her Draw phase.
            """
        ),
        code("story(tl.game)"),
        md(
            """
            **Step through it yourself.** The stepper plays the seed's example one step at a time:
            *Step* and *Back* (the engine's exact undo), *First*, *Last*, the slider and *Play*,
            with the step's diagram, the log and the board. When the engine waits for a decision,
            its options appear as buttons. Try answering **no** to Parallel Universicorn: four
            discards, and Controlled Chaos still goes on.
            """
        ),
        code("stepper(gameplay)"),
        md(
            """
            ## At the hand limit (the seed's second trace)

            Ann already holds 8 cards (the limit is checked only at the end of the turn, or when
            an effect refers to it). She plays a Basic Unicorn, so she holds 7, and her Barbed
            Wire asks for one discard.
            """
        ),
        code(
            """
            at_limit = Scenario.from_file("scenarios/seed-001-hand-limit.yaml")

            ex2 = predict(
                "One discard, Dread Pirate Unicorn and Parallel Universicorn, and Ann at the limit (7). "
                "How many cards does she hold when the chain is done?",
                ["5", "6", "7", "8"],
                at_limit,
                lambda out: str(len(out.hand("Ann"))),
                why="1 discard becomes 2, then 2 draws*. Ann is at the limit, so the first is carried out "
                "as a discard (6); the second draws (7). Never above the limit (UU.REPL.3, UU.HAND.2).",
            )
            ex2
            """
        ),
        code("story(at_limit.play())"),
        md(
            """
            ## What the hand limit does to it

            The limit decides how many `Draw a card*` effects become discards. Here is the
            gameplay example again under other hand limits. The engine answers the questions the
            script would ask by taking the first option (`auto: {pick: first}`).
            """
        ),
        code(
            """
            base = yaml.safe_load(open("scenarios/seed-001-gameplay.yaml", encoding="utf-8"))


            def with_limit(limit):
                doc = {key: value for key, value in base.items() if key != "expect"}
                doc["hand_limit"] = limit
                doc["script"] = base["script"][:3]  # begin the turn, use Controlled Chaos, let Parallel replace
                doc["auto"] = {"pick": "first"}
                return Scenario.from_text(yaml.safe_dump(doc, allow_unicode=True))


            print("hand limit   drawn   discarded   (Ann starts with 6 cards)")
            for limit in [6, 7, 8, 9, 10]:
                drawn, discarded = chain_counts(board_json(with_limit(limit).play()))
                print(f"{limit:>10} {drawn:>7} {discarded:>11}")
            """
        ),
        md(
            """
            Read it as: each of the four `Draw a card*` effects draws if Ann is below the limit,
            and is carried out as a discard if she is at it. With a limit of 6 she starts *at* the
            limit, so the first one is a discard; with 10 she never reaches it and draws all four.
            """
        ),
        code(
            """
            ex3 = predict(
                "With the hand limit at 9, how many cards does Ann discard during the chain?",
                ["0", "1", "2", "4"],
                with_limit(9),
                lambda out: str(chain_counts(out.result)[1]),
                why="From 6 cards she draws to 7, 8 and 9, the new limit; only the fourth Draw a card* "
                "finds her at the limit and is carried out as a discard (UU.REPL.3).",
            )
            ex3
            """
        ),
        md(
            """
            ## The hand limit at the end of the turn (UU.HAND.1)

            The limit is checked whenever an effect refers to it, as above, and at the end of
            every turn: discarding down to the limit is the *last* thing in the End of Turn phase,
            and nobody ends a turn above it. Here the limit is 3 and Ann ends her turn holding 5:
            """
        ),
        code(
            """
            end_of_turn = Scenario.from_file("scenarios/uu-hand-1-end-of-turn.yaml").play()
            for event in board_json(end_of_turn)["events"]:
                print(event)
            print()
            print(board_text(board_json(end_of_turn)))
            """
        ),
        md(
            """
            ## Summary

            - **UU.REPL.1** A mandatory replacement (Dread Pirate Unicorn) applies before an
              optional one (Parallel Universicorn) is offered.
            - **UU.REPL.2** Dread Pirate Unicorn replaces each discard effect with two.
            - **UU.REPL.3** Parallel Universicorn may replace each discard with a draw up to the hand
              limit; at the limit, it is carried out as the discard.
            - **UU.REPL.4** A replacement satisfies the requirement it replaced.
            - **UU.HAND.1** The hand limit is checked at end of turn (its last effect) and whenever
              an effect refers to it. **UU.HAND.2** Parallel Universicorn never draws above it.
            """
        ),
        *answers("ex1", "ex2", "ex3"),
    ]


@notebook("05-the-instant-pile")
def nb05() -> list[Cell]:
    return [
        md(
            """
            # 5. The instant pile

            *Unstable Unicorns and Llamas Unleashed · rules LU.INST.1, LU.PILE.1, LU.PILE.2,
            LU.PILE.3, LU.PILE.4*

            **Instant** cards, such as **Neigh** ("stop their card from being played"), answer a
            card as it is played. Answers go on an **instant pile**, and the pile works the
            opposite way from the effect chain of notebook 1: *last in, first out*. The rules come
            from Llamas Unleashed's wiki; Unstable Unicorns' Neigh and Super Neigh follow the same
            pile.

            - **LU.INST.1** An Instant may answer any other player's card. The player answered may
              answer back, though they already played a card this turn. Any number per turn.
            - **LU.PILE.1** An answer goes *on top* of the card it answers. Once there is a pile,
              only its top card may be answered.
            - **LU.PILE.2** When several players answer the same card, only the fastest answer goes
              on the pile; the others go back to their owners' hands.
            - **LU.PILE.3** Players may keep answering each new top card until everyone declines.
            - **LU.PILE.4** The pile resolves from the top, the most recent card first. Each time a
              card leaves the pile, the new top card may be answered again before it resolves.
            """
        ),
        setup("from uurules import InputError"),
        md(
            """
            ## Neigh, and answering back (LU.INST.1, LU.PILE.1, LU.PILE.4)

            Ann plays **Unicorn Poison** at Bob's Basic Unicorn. Bob answers with a Neigh. Ann has
            already played her card for the turn, but she may answer Bob's Neigh with a Neigh of
            her own. Cat holds a Neigh too, and passes.
            """
        ),
        code(
            """
            answered_back = Scenario.from_file("scenarios/uu-pile-neigh-answered-back.yaml")

            ex1 = predict(
                "Ann's Unicorn Poison, Bob's Neigh on it, Ann's Neigh on top. Is Bob's Basic Unicorn destroyed?",
                ["Yes", "No"],
                answered_back,
                lambda out: "Yes" if "Basic Unicorn" in out.zone(None, "discard") else "No",
                why="The pile resolves from the top (LU.PILE.4): Ann's Neigh stops Bob's Neigh. Unicorn "
                "Poison is then the top card; nobody else answers it (Cat passes), so it resolves and "
                "destroys the Unicorn.",
            )
            ex1
            """
        ),
        code(
            """
            tl = Timeline(answered_back)
            story(tl.game)
            """
        ),
        md(
            """
            Each `THE INSTANT PILE;` line lists the pile from the bottom: `A <- B` means B answers
            A. Step 3 is the full pile, three cards high, just before it starts to resolve:
            """
        ),
        code("tl[3]"),
        md(
            """
            Step through the whole pile, or answer the response windows yourself: let Cat answer
            Unicorn Poison with her Neigh when the window on it opens again (after step 4).
            """
        ),
        code("stepper(answered_back)"),
        md(
            """
            After Ann's Neigh stopped Bob's (step 4), Unicorn Poison became the top card again and
            could be answered again (LU.PILE.4): Cat was asked, and passed (step 5).

            ## Only the top card may be answered (LU.PILE.1)

            Once Bob's Neigh lies on Unicorn Poison, Cat may answer Bob's Neigh, but not the
            Poison underneath. The engine refuses, and says what it would accept:
            """
        ),
        code(
            """
            try:
                Scenario.from_file("scenarios/uu-pile-only-top.yaml").play()
            except InputError as refusal:
                print(refusal)
            """
        ),
        md(
            """
            ## Cards that change the pile: Super Neigh, Yay, Slowdown

            An Instant may answer any card "unless a card says otherwise" (LU.INST.1). Three
            Unstable Unicorns cards say otherwise:

            - **Super Neigh** works like a Neigh, but *cannot be Neigh'd*.
            - **Yay** (an Upgrade): cards its owner plays cannot be Neigh'd, Super Neigh included.
            - **Slowdown** (a Downgrade): its owner cannot play Instant cards.

            Each scenario below tries the answer that card forbids; the engine refuses it, and the
            card on the pile resolves at once.
            """
        ),
        code(
            """
            for name in ["uu-pile-super-neigh", "uu-pile-yay", "uu-pile-slowdown"]:
                try:
                    Scenario.from_file(f"scenarios/{name}.yaml").play()
                except InputError as refusal:
                    print(refusal.message)
                    print()
            """
        ),
        md(
            """
            ## The fastest answer (LU.PILE.2)

            Two players answer the same card at once. Only the fastest goes on the pile. In the
            script, `respond: [A, B]` lists simultaneous answers fastest first. Here Cat's Super
            Neigh was faster than Bob's Neigh.
            """
        ),
        code(
            """
            fastest = Scenario.from_file("scenarios/uu-pile-fastest.yaml")

            ex2 = predict(
                "Cat's Super Neigh and Bob's Neigh answer Ann's Unicorn Poison at once; Cat is faster. "
                "Where does Bob's Neigh end up?",
                ["On the pile, under Cat's Super Neigh", "Back in Bob's hand", "In the discard pile"],
                fastest,
                lambda out: ("Back in Bob's hand" if "Neigh" in out.hand("Bob")
                             else "In the discard pile" if "Neigh" in out.zone(None, "discard")
                             else "On the pile, under Cat's Super Neigh"),
                why="Only the fastest answer goes on the pile; every slower answer returns to its owner's "
                "hand (LU.PILE.2). Cat's Super Neigh then stops the Poison, and Bob keeps his Neigh.",
            )
            ex2
            """
        ),
        code("story(fastest.play())"),
        md(
            """
            ## Llamas Unleashed

            Llamas Unleashed, where these rules come from, has the same pile. Ann plays a Basic
            Llama; Bob answers with a Neigh; Ann answers back; Bob answers *that*. Four cards on
            the pile, in one turn (LU.INST.1).
            """
        ),
        code(
            """
            llamas = Scenario.from_file("scenarios/lu-inst-1-answer-back.yaml")

            ex3 = predict(
                "Basic Llama <- Neigh (Bob) <- Neigh (Ann) <- Neigh (Bob). Does the Basic Llama enter Ann's Field?",
                ["Yes", "No"],
                llamas,
                lambda out: "Yes" if "Basic Llama" in out.zone("Ann", "field") else "No",
                why="From the top (LU.PILE.4): Bob's second Neigh stops Ann's Neigh; then Bob's first Neigh "
                "is on top, nobody answers it, and it stops the Basic Llama.",
            )
            ex3
            """
        ),
        code(
            """
            llamas_game = llamas.play()
            story(llamas_game)
            """
        ),
        code("Timeline(llamas)[4]"),
        md(
            """
            Everyone may keep answering until *every* player declines (LU.PILE.3). Here Bob
            passes, but nothing resolves until Cat has passed too:
            """
        ),
        code(
            """
            until_all_pass = Scenario.from_file("scenarios/lu-pile-3-until-all-pass.yaml")
            print(until_all_pass.play(upto=2).pending.question, "(after Bob passed)")
            story(until_all_pass.play())
            """
        ),
        md(
            """
            And each new top card may be answered again (LU.PILE.4). Ann's Neigh stops Bob's;
            her Basic Llama is the top card once more, and Cat now answers it:
            """
        ),
        code("story(Scenario.from_file('scenarios/lu-pile-4-lifo-reopen.yaml').play())"),
        md(
            """
            Llamas Unleashed's **Tranquilizer** is one more card that "says otherwise": a player
            with a Tranquilizer in their Field cannot play Instants. While it is still on the pile
            it can be answered like any card:
            """
        ),
        code("story(Scenario.from_file('scenarios/lu-tranquilizer.yaml').play())"),
        md(
            """
            ## Summary

            - **LU.INST.1** An Instant may answer any other player's card; the player answered
              may answer back; any number per turn, unless a card says otherwise (Super Neigh,
              Yay, Slowdown, Tranquilizer).
            - **LU.PILE.1** An answer goes on top; only the top card may be answered.
            - **LU.PILE.2** Of simultaneous answers only the fastest goes on the pile; the others
              go back to hand.
            - **LU.PILE.3** Answering goes on until every player declines.
            - **LU.PILE.4** The pile resolves from the top, last in, first out, and each new top
              card may be answered again. Compare the effect chain (UU.CHAIN.1): first in, first
              out.
            """
        ),
        *answers("ex1", "ex2", "ex3"),
    ]


@notebook("06-stacks-and-priority")
def nb06() -> list[Cell]:
    return [
        md(
            """
            # 6. Stacks and priority

            *Eve of Midnight · rules EOM.STACK.1, EOM.STACK.2, EOM.STACK.3, EOM.PRI.1, EOM.PRI.2,
            EOM.PRI.3, EOM.ACT.1, EOM.ACT.2*

            Eve of Midnight has a **stack**: like the instant pile of notebook 5 it resolves last
            in, first out, but *who* may answer, and *when*, follow their own rules. It also has
            rules for effects that happen at the same moment, and a **World card** whose effects
            come first. Players here have **resources** (a number beside their zones), and their
            cards lie in an **Active Play Area** (where abilities work) and a **Reserve**.
            """
        ),
        setup(),
        md(
            """
            ## The stack (EOM.STACK.1)

            A stack starts when an effect is triggered: a card is played or an ability is used.
            Answers go on top. When every player has passed, the stack resolves *last in, first
            out*. The rules' own simple example: Ann uses her Support card **Supply Depot** ("gain
            2 resources"); Bob answers with **Countermand** ("cancel an opponent's ability").
            """
        ),
        code(
            """
            simple = Scenario.from_file("scenarios/seed-004-simple-stack.yaml")

            ex1 = predict(
                "Supply Depot (Ann) <- Countermand (Bob). How many resources does Ann gain?",
                ["0", "2"],
                simple,
                lambda out: str(out.number("Ann", "resources")),
                why="The stack resolves last in, first out (EOM.STACK.1): Bob's Countermand first, and it "
                "cancels Ann's ability before it resolves. She gains nothing.",
            )
            ex1
            """
        ),
        code("story(simple.play())"),
        md(
            """
            The rules' complex example has three cards: Ann's **Sabotage** ("disable an opponent's
            Support card", aimed at Bob's Supply Depot), Bob's **Warding Sigil** ("opponents' cards
            cannot target yours") on it, and Cat's **Quickening** ("your next card costs 2 less")
            on top. The picture of the last step shows the stack and the order it resolved in:
            """
        ),
        code(
            """
            complex_stack = Timeline(Scenario.from_file("scenarios/seed-004-complex-stack.yaml"))
            complex_stack[-1]
            """
        ),
        code("story(complex_stack.game)"),
        md(
            """
            **Unlike the instant pile**, once everyone has passed the whole stack resolves, one
            item after another, with no new answers in between (Llamas Unleashed re-opens answers
            at every new top card, LU.PILE.4). The script can step through it with `resolve: 1`:
            """
        ),
        code(
            """
            one_by_one = Timeline(Scenario.from_file("scenarios/eom-stack-1-lifo.yaml"))
            for step in one_by_one:
                print(f"step {step.number}: {step.label}")
                for line in step.log:
                    print("    " + line)
            """
        ),
        code("one_by_one[6]"),
        md("Step through it: the stack grows to three, then resolves one item at a time, from the top."),
        code('stepper("scenarios/eom-stack-1-lifo.yaml")'),
        md(
            """
            ## Who may answer (EOM.STACK.2, EOM.STACK.3)

            Only cards and abilities that *say* they answer may go on the stack (EOM.STACK.2). Bob
            holds Sabotage, Countermand and Warding Sigil, but when Ann's Sabotage is played only
            Warding Sigil may answer it (Countermand cancels *abilities*, and Sabotage is a card):
            """
        ),
        code(
            """
            game = Scenario.from_file("scenarios/eom-stack-2-response-cards.yaml").play(upto=1)
            print(game.pending.question)
            print("options:", game.pending.options)
            """
        ),
        md(
            """
            And an **uninterruptible** card resolves at once: it never enters the stack, so there
            is nothing to answer (EOM.STACK.3). Ann plays Iron Will; Bob's Countermand never gets
            a chance:
            """
        ),
        code("story(Scenario.from_file('scenarios/eom-stack-3-uninterruptible.yaml').play())"),
        md(
            """
            ## Priority (EOM.PRI.1, EOM.ACT.1)

            The player whose turn it is, the **active player**, acts first in every phase; the
            others may only answer where a card allows it; at the end of the turn priority passes
            to the next player (EOM.ACT.1). When something may be answered, the active player is
            asked first, then the opponents in turn order, one at a time (EOM.PRI.1).
            """
        ),
        code(
            """
            priority = Scenario.from_file("scenarios/eom-pri-1-active-player-first.yaml")

            ex2 = predict(
                "Turn order Ann, Bob, Cat; it is Ann's turn. Ann plays Sabotage against Cat's card. "
                "Who is asked first whether to answer it?",
                ["Ann", "Bob", "Cat"],
                priority,
                lambda out: out.result["pending"]["player"],
                upto=1,
                why="The active player is always asked first, then the opponents in turn order (EOM.PRI.1). "
                "Cat, whose card is the target, has to wait for Ann and Bob to pass.",
            )
            ex2
            """
        ),
        code(
            """
            for step in Timeline(priority):
                waiting = step.state.pending
                print(f"step {step.number}: {step.label:<40} next asked: {waiting.player if waiting else '-'}")
            """
        ),
        md(
            """
            A whole turn, for EOM.ACT.1: Ann acts in her turn (Bob may only answer); at her End of
            Turn priority passes to Bob, who begins his turn and acts.
            """
        ),
        code("story(Scenario.from_file('scenarios/eom-act-1-priority-passes.yaml').play())"),
        md(
            """
            ## Effects at the same moment (EOM.PRI.2, EOM.ACT.2)

            Effects that happen at the same time (say, at the start of a turn) do not use the
            stack. They resolve in this order: **mandatory**, then **triggered**, then
            **optional** (EOM.PRI.2). Within each, the active player's effects come first, then
            the others' in turn order (EOM.ACT.2).

            At the start of Ann's turn: the World card Blood Moon (every player gains 1), Ann's
            **Dawn Patrol** (mandatory: draw), her **Scrying Pool** (optional: gain 1), and two
            **Tithe Collectors** (triggered: "when an opponent gains resources, gain 1").
            """
        ),
        code(
            """
            same_time = Scenario.from_file("scenarios/eom-pri-2-mandatory-triggered-optional.yaml")
            story(same_time.play())
            """
        ),
        md(
            """
            Scrying Pool lies first in Ann's Active Play Area, yet it resolves last of her
            effects: it is optional. And in the scenario `eom-act-2-active-player-zones-first`,
            where it is Bob's turn, Bob's Tithe Collector resolves before Ann's and Cat's, and the
            one in his Reserve does nothing:
            """
        ),
        code("story(Scenario.from_file('scenarios/eom-act-2-active-player-zones-first.yaml').play())"),
        md(
            """
            ## World effects, and a contradiction in the rules (EOM.PRI.3)

            The rules text says: *"Global effects tied to the World Card are resolved before
            player-specific effects during the same phase."* But the same document's one-line
            summary at the end reads: *"Mandatory → Triggered → Optional → World Effects"*:
            World **last**. The two cannot both be right. The kit follows the rule text, which is
            the fuller statement; the summary looks like a slip. Here is the board that shows the
            difference: Blood Moon, Dawn Patrol and Scrying Pool at the start of Ann's turn.
            """
        ),
        code(
            """
            world = Scenario.from_file("scenarios/eom-pri-3-world-first.yaml")

            ex3 = predict(
                "Blood Moon (World: every player gains 1) and Ann's Dawn Patrol (mandatory: draw a card) "
                "take effect at the start of her turn. Which resolves first?",
                ["Blood Moon", "Dawn Patrol"],
                world,
                lambda out: out.events("resolve")[0]["card"],
                why="World effects resolve before player-specific effects in the same phase (EOM.PRI.3), "
                "as the rule text says. Only the seed's one-line summary puts World last.",
            )
            ex3
            """
        ),
        md("The engine's order, beside the order the summary line would give:"),
        code(
            """
            resolved = [e for e in board_json(world.play())["events"] if e["type"] == "resolve"]
            kit = [f"{e['card']} ({e['rank']})" for e in resolved]
            summary_rank = {"mandatory": 0, "triggered": 1, "optional": 2, "world": 3}
            summary = [f"{e['card']} ({e['rank']})" for e in sorted(resolved, key=lambda e: summary_rank[e["rank"]])]
            print(f"{'':3} {'rule text (the kit)':<28} summary line (not followed)")
            for n, (a, b) in enumerate(zip(kit, summary), 1):
                print(f"{n:<3} {a:<28} {b}")
            """
        ),
        md(
            """
            On this board the two orders end with the same resources (only the order differs);
            with a card whose effect depends on resources or cards in hand, the order would
            change the outcome too. That is why the kit picks one reading, and says which.
            """
        ),
        code("story(world.play())"),
        md(
            """
            ## Summary

            - **EOM.STACK.1** A stack starts when an effect triggers; answers go on top; when all
              pass it resolves last in, first out, without new answers in between.
            - **EOM.STACK.2** Only cards and abilities that say so may answer.
              **EOM.STACK.3** An uninterruptible effect resolves at once and never enters the
              stack.
            - **EOM.PRI.1** The active player resolves first; opponents are asked in turn order.
              **EOM.ACT.1** The active player acts first in each phase; priority then passes on.
            - **EOM.PRI.2** Simultaneous effects: mandatory, then triggered, then optional.
              **EOM.ACT.2** The active player's zones first.
            - **EOM.PRI.3** World card effects first, as the rule text says (the seed's summary
              line says last; the kit follows the rule text).
            """
        ),
        *answers("ex1", "ex2", "ex3"),
    ]


@notebook("07-berserk")
def nb07() -> list[Cell]:
    return [
        md(
            """
            # 7. Berserk: zero, floors, endless chains, and card text over rules

            *Berserk · rules BK.ZERO.1, BK.ZERO.2, BK.ZERO.3, BK.ATK.1, BK.CHAIN.1, BK.AXE.1*

            Berserk (Берсерк) is a Russian collectible card game. Its creatures have a three-part
            **hit** `weak-medium-strong` (for example `1-1-1`), take **wounds**, hold **counters**
            (фишки) and are **open** or **closed** (tapped). The rules here come from the Russian
            rule book, so the kit keeps the Russian card names, and its log can be printed in
            Russian too: `game.log_in("ru")`.

            | Russian rule name | in English | rule IDs |
            |---|---|---|
            | Правило нуля | the zero rule | BK.ZERO.1, BK.ZERO.2, BK.ZERO.3 |
            | правило 522.1 | the floor of an attack at 0 | BK.ATK.1 |
            | Правило бесконечных цепочек | the infinite-chain rule | BK.CHAIN.1 |
            | Правило топора | the axe rule: card text wins | BK.AXE.1 |
            """
        ),
        setup(
            """
            from uurules import IllegalAction
            from uurules.engine.actions import Activate
            """
        ),
        md("The cards of this notebook, with their English names (the engine accepts both):"),
        code(
            """
            charon = Scenario.from_file("scenarios/seed-003-charon-cursed-mages.yaml")
            print(f"{'card':<17} {'in English':<20} hit")
            for card in charon.ruleset.book:
                print(f"{card.name:<17} {card.aliases[0]:<20} {card.get('hit')}")
            """
        ),
        md(
            """
            ## Правило нуля: the zero rule (BK.ZERO.1, BK.ZERO.2, BK.ZERO.3)

            *"Если игродействие производит эффект, численное значение которого равно нулю, то
            такой эффект на карту не наносится."* An effect whose number is zero is not applied:
            the card counts as never having received it (BK.ZERO.1). Zero resources cannot pay
            for anything either.

            **Пустая Чаша** (Empty Cup, a card made for this course) gains 0 counters at the
            start of its owner's turn. Bob's **Проклятый маг** (Cursed Mage) gains a counter
            whenever an enemy creature gains one. Does he?
            """
        ),
        code(
            """
            zero = Scenario.from_file("scenarios/bk-zero-1-nothing-gained.yaml").play()
            story(zero)
            print()
            print("\\n".join(zero.log_in("ru")))
            """
        ),
        md(
            """
            Wounds work the same way (BK.ZERO.2): a hit for 0 deals no wounds, and nothing tied
            to *receiving wounds* triggers. Abilities "on hit" (при ударе) still do: the hit
            happened. **Монах Тарга** (Monk of Targ) "opens when he receives wounds from an
            enemy attack". He is closed, and Bob's **Задира** (Brawler, hit `0-1-2`, "on hit:
            gains a counter") hits him with a weak hit: 0.
            """
        ),
        code(
            """
            monk = Scenario.from_file("scenarios/seed-003-monk-zero-hit.yaml")

            ex1 = predict(
                "Задира hits the closed Монах Тарга for 0. What happens?",
                ["The Monk opens, and Задира gains a counter",
                 "The Monk stays closed, and Задира gains a counter",
                 "The Monk stays closed, and nothing triggers at all"],
                monk,
                lambda out: ("The Monk stays closed" if out.status("Ann/Монах Тарга").get("closed")
                             else "The Monk opens") + (", and Задира gains a counter"
                                                       if out.status("Bob/Задира").get("counters")
                                                       else ", and nothing triggers at all"),
                wrong={"The Monk stays closed, and nothing triggers at all":
                       "\\"on hit\\" abilities do trigger: the hit happened, it only dealt no wounds"},
                why="A hit for 0 deals no wounds, so the Monk has not received any and does not open; "
                "\\"on hit\\" abilities still trigger (BK.ZERO.2).",
            )
            ex1
            """
        ),
        code("story(monk.play())"),
        md(
            """
            Counters too (BK.ZERO.3): a card cannot gain, receive or spend zero of them. **Джокер**
            (Joker) "starts the battle with X counters; X: summon a creature of cost X". With 2
            counters he summons **Страж** (Guard, cost 2):
            """
        ),
        code(
            """
            joker = Scenario.from_file("scenarios/seed-003-joker.yaml")
            story(joker.play())
            """
        ),
        md(
            """
            **Try it yourself.** Could he instead spend 0 counters on **Послушник** (Novice, cost
            0)? Stage the board and push that activation by hand:
            """
        ),
        code(
            """
            game = joker.play(upto=0)
            try:
                game.push(Activate("Ann", "Ann/Джокер", ("Ann/Послушник",)))
            except IllegalAction as refusal:
                print("refused:", refusal.reason)
                print("accepted:", refusal.accepted)
            """
        ),
        md(
            """
            ## Правило 522.1: the floor at zero comes last (BK.ATK.1)

            *"Если сила атаки с учётом всех модификаторов стала меньше 0, то она принимается
            равной 0."* An attack below 0 *after all modifiers* counts as 0: add up the modifiers
            first, take the floor last.

            **Хранитель Древа** (Keeper of the Tree) heals Монах Тарга and lowers his hit by 2:
            `1-1-1` becomes `0-0-0`. Then **Ингри** (Ingri) gives him +2.
            """
        ),
        code(
            """
            floor = Scenario.from_file("scenarios/seed-003-monk-hit-floor.yaml")
            printed = floor.ruleset.book["Монах Тарга"].get("hit")

            ex2 = predict(
                "Монах Тарга (hit 1-1-1) gets -2, then +2. What is his hit now?",
                ["0-0-0", "1-1-1", "2-2-2", "3-3-3"],
                floor,
                lambda out: out.status("Ann/Монах Тарга").get("hit", printed),
                why="Modifiers are summed first: -2 + 2 = 0, so his hit is his printed 1-1-1. The floor at 0 "
                "is taken last (BK.ATK.1); flooring after the -2 and then adding 2 would wrongly give 2-2-2.",
                wrong={"2-2-2": "that floors too early, before Ingri's +2 is added"},
            )
            ex2
            """
        ),
        code(
            """
            print("after Хранитель Древа:", board_json(floor.play(upto=1))["status"]["Ann/Монах Тарга"])
            story(floor.play())
            """
        ),
        md(
            """
            (A card's status lists only what differs from the printed card: at `1-1-1` the Monk's
            hit is back to normal, so it is not listed.)

            ## Правило бесконечных цепочек: the infinite-chain rule (BK.CHAIN.1)

            A **sequence** of triggered abilities arises when one ability triggers another. A
            **repetition** is the same ability triggering again with the same targets and sources.
            The sequence stops *just before* its first repetition.

            The rule book's example: Ann's **Харон** (Charon) accumulates a counter at the start
            of her turn. Bob's Проклятый маг gains a counter for it (its source and target: itself).
            Ann's Проклятый маг gains one for *that*. Bob's mage would now gain one again, with the
            same source and target...
            """
        ),
        code(
            """
            ex3 = predict(
                "How many counters does Bob's Проклятый маг end with?",
                ["1", "2", "3", "It never stops"],
                charon,
                lambda out: str(out.status("Bob/Проклятый маг").get("counters", 0)),
                why="Bob's mage triggering a second time would repeat trigger 2 (the same ability, the same "
                "source and target), so the sequence stops just before it (BK.CHAIN.1). Харон and both "
                "mages end with one counter each, as the rule book says.",
            )
            ex3
            """
        ),
        code(
            """
            charon_game = charon.play()
            print("\\n".join(charon_game.log_in("ru")))
            """
        ),
        md("The sequence as a picture: each trigger, what set it off, and the cut."),
        code("charon_game"),
        md(
            """
            ## Правило топора: card text wins (BK.AXE.1)

            *"Если в тексте карты в явном виде прописано противоречие с настоящими Правилами, то
            преимущество в этой ситуации имеет текст карты."* Where a card's text explicitly
            contradicts the rules, the card wins.

            By the rules a defender closes, and defends once a turn. **Лёккен** (Lökken): *"Выступая
            защитником, не закрывается. Может выступать защитником любое число раз за ход"*: he
            does not close when he defends, and may defend any number of times a turn. He takes
            two of Bob's attacks aimed at Ann's Страж:
            """
        ),
        code(
            """
            lokken = Scenario.from_file("scenarios/seed-003-lokken.yaml").play()
            story(lokken)
            """
        ),
        code("print('\\n'.join(lokken.log_in('ru')))"),
        md("Step through the two attacks: Лёккен stays open after each."),
        code('stepper("scenarios/seed-003-lokken.yaml")'),
        md(
            """
            ## Summary

            - **BK.ZERO.1** (Правило нуля) An action worth zero is not applied; zero resources pay
              for nothing. **BK.ZERO.2** Zero wounds are none: wound abilities do not trigger, "on
              hit" ones do. **BK.ZERO.3** No card gains, receives or spends zero counters.
            - **BK.ATK.1** (522.1) Sum the hit modifiers first, then floor at zero.
            - **BK.CHAIN.1** (Правило бесконечных цепочек) A sequence of triggers stops just
              before its first repetition: the same ability with the same targets and sources.
            - **BK.AXE.1** (Правило топора) Where card text explicitly contradicts the rules, the
              card text wins.
            """
        ),
        *answers("ex1", "ex2", "ex3"),
    ]


@notebook("08-same-board-different-rules")
def nb08() -> list[Cell]:
    return [
        md(
            """
            # 8. Same question, four rule sets

            *All four games · rules UU.CHAIN.1, LU.PILE.1, LU.PILE.4, EOM.STACK.1, BK.CHAIN.1*

            The sharpest way to understand a rule is to ask one question under several rule sets
            and compare the answers. Here is the question:

            > **Ann starts something. Because of it, Bob's card adds something of its own.
            > Which is carried out first: the rest of Ann's, or Bob's?**

            Each game answers it with its own machinery: Unstable Unicorns' *effect chain*
            (notebook 1) and *instant pile* (notebook 5), Llamas Unleashed's *instant pile*, Eve of
            Midnight's *stack* (notebook 6) and Berserk's *trigger sequence* (notebook 7). The
            boards are as alike as the games allow: two players, Ann and Bob, and it is Ann's turn.
            """
        ),
        setup(
            """
            from IPython.display import display

            from uurules.widgets.exercise import play as outcome
            """
        ),
        md(
            """
            ## The five boards

            For each board, the scenario file, what Ann started, what Bob's card added, and the
            two events that show each being carried out. A small function reads the engine's
            event list and says whose came first.
            """
        ),
        code(
            '''
            BOARDS = [
                # rule set, scenario, Ann's part, Bob's part, the event of Ann's part, the event of Bob's part
                ("Unstable Unicorns, effect chain", "across-uu-chain", "Two-For-One's 2nd DESTROY",
                 "Barbed Wire's discard", {"type": "destroy", "card": "Llamacorn"}, {"type": "discard", "player": "Bob"}),
                ("Unstable Unicorns, instant pile", "across-uu-pile", "Two-For-One", "Neigh",
                 {"type": "resolve", "player": "Ann"}, {"type": "resolve", "player": "Bob"}),
                ("Llamas Unleashed, instant pile", "across-lu-pile", "Basic Llama", "Neigh",
                 {"type": "resolve", "player": "Ann"}, {"type": "resolve", "player": "Bob"}),
                ("Eve of Midnight, stack", "across-eom-stack", "Sabotage", "Warding Sigil",
                 {"type": "resolve", "player": "Ann"}, {"type": "resolve", "player": "Bob"}),
                ("Berserk, trigger sequence", "across-bk-sequence", "Харон's counter",
                 "Проклятый маг's counter", {"type": "counter", "player": "Ann"}, {"type": "counter", "player": "Bob"}),
            ]


            def first(out, ann, bob):
                """Whose part the engine carried out first: "Ann's" or "Bob's" (never carried out counts as last)."""
                last = len(out.events())
                a, b = out.index(**ann), out.index(**bob)
                return "Ann's" if (last if a is None else a) < (last if b is None else b) else "Bob's"
            '''
        ),
        md(
            """
            Before the table, predict two of the answers. First Llamas Unleashed: Ann plays a
            Basic Llama, and Bob answers it with a Neigh.
            """
        ),
        code(
            """
            _, lu_file, _, _, lu_ann, lu_bob = BOARDS[2]

            ex1 = predict(
                "Llamas Unleashed: Ann plays Basic Llama, Bob answers with Neigh. Which is carried out first?",
                ["Ann's Basic Llama", "Bob's Neigh"],
                f"scenarios/{lu_file}.yaml",
                lambda out: "Ann's Basic Llama" if first(out, lu_ann, lu_bob) == "Ann's" else "Bob's Neigh",
                why="The Neigh goes on top of the Basic Llama, and the instant pile resolves from the top: last "
                "in, first out (LU.PILE.1, LU.PILE.4). Bob's Neigh stops the Llama, which never resolves.",
            )
            ex1
            """
        ),
        md(
            """
            Now Unstable Unicorns' effect chain: Ann plays Two-For-One ("SACRIFICE a card, then
            DESTROY 2 cards") at Bob's Rhinocorn and Llamacorn. Destroying the Rhinocorn triggers
            Bob's **Barbed Wire** (DISCARD a card) while Ann's second DESTROY still waits.
            """
        ),
        code(
            """
            _, uu_file, _, _, uu_ann, uu_bob = BOARDS[0]

            ex2 = predict(
                "Unstable Unicorns: which is carried out first, Ann's second DESTROY or Bob's Barbed Wire discard?",
                ["Ann's second DESTROY", "Bob's Barbed Wire discard"],
                f"scenarios/{uu_file}.yaml",
                lambda out: "Ann's second DESTROY" if first(out, uu_ann, uu_bob) == "Ann's"
                else "Bob's Barbed Wire discard",
                why="Barbed Wire's discard is a new link of the effect chain, and a link resolves completely "
                "before the next one: first in, first out (UU.CHAIN.1).",
            )
            ex2
            """
        ),
        md("## The answers side by side"),
        code(
            """
            print(f"{'rule set':<32} {'Ann started':<26} {'Bob added':<24} carried out first")
            for ruleset, name, ann_part, bob_part, ann, bob in BOARDS:
                out = outcome(f"scenarios/{name}.yaml")
                winner = ann_part if first(out, ann, bob) == "Ann's" else bob_part
                print(f"{ruleset:<32} {ann_part:<26} {bob_part:<24} {first(out, ann, bob)}: {winner}")
            """
        ),
        md(
            """
            Three orders, for three reasons:

            | machinery | what arrives later | rule |
            |---|---|---|
            | Unstable Unicorns' **effect chain** | waits: each link resolves completely before the next (*first in, first out*) | UU.CHAIN.1 |
            | the **instant pile** (Unstable Unicorns' Neighs, Llamas Unleashed) | goes on top (LU.PILE.1) and resolves first (*last in, first out*); each new top card may be answered again | LU.PILE.4 |
            | Eve of Midnight's **stack** | goes on top and resolves first; once all pass, the whole stack resolves without new answers | EOM.STACK.1 |
            | Berserk's **trigger sequence** | is declared *after* the ability that set it off has been carried out; the sequence stops just before a repetition | BK.CHAIN.1 |

            Unstable Unicorns appears twice on purpose: a Neigh is an *answer*, so it uses the
            instant pile, while Barbed Wire's discard is an *effect set off by an effect*, so it
            joins the chain. The same game, both orders.
            """
        ),
        md(
            """
            ## The boards as pictures

            Each board after its last step, drawn by the engine, one under the other: the title of
            each picture names its rule set.
            """
        ),
        code(
            """
            for ruleset, name, *_ in BOARDS:
                display(Timeline(Scenario.from_file(f"scenarios/{name}.yaml"))[-1])
            """
        ),
        md(
            """
            Step through any of them: change the file name to compare. Here is the effect chain,
            where Bob's Barbed Wire waits for Ann's second DESTROY:
            """
        ),
        code('stepper("scenarios/across-uu-chain.yaml")'),
        md(
            """
            ## One more: what the order changes

            The order is not a detail: it decides what happens. In Eve of Midnight, Ann's Sabotage
            ("disable an opponent's Support card") is aimed at Bob's Supply Depot, and Bob answers
            with Warding Sigil ("opponents' cards cannot target yours").
            """
        ),
        code(
            """
            ex3 = predict(
                "Eve of Midnight: is Bob's Supply Depot disabled at the end?",
                ["Yes", "No"],
                "scenarios/across-eom-stack.yaml",
                lambda out: "Yes" if out.status("Bob/Supply Depot").get("disabled") else "No",
                why="Warding Sigil went on the stack last, so it resolved first (EOM.STACK.1): by the time "
                "Sabotage resolved, Bob's cards could not be targeted, and Sabotage did nothing.",
            )
            ex3
            """
        ),
        code("story(Scenario.from_file('scenarios/across-eom-stack.yaml').play())"),
        md(
            """
            **Try it yourself.** Berserk's sequence shows its special rule only when triggers
            could go round in a circle. Give Ann a Проклятый маг too, and the sequence runs
            Харон → Bob's mage → Ann's mage, then stops before Bob's mage would repeat (notebook 7):
            """
        ),
        code(
            '''
            circle = Scenario.from_text("""
            ruleset: berserk
            players:
              - {name: Ann, field: [Харон, Проклятый маг]}
              - {name: Bob, field: [Проклятый маг]}
            script:
              - begin-turn: Ann
            """)
            story(circle.play())
            '''
        ),
        md(
            """
            ## Summary

            - One question, four games: *Ann started something, Bob's card added to it; whose is
              carried out first?*
            - **UU.CHAIN.1** Unstable Unicorns' effect chain: Ann's, first in, first out.
            - **LU.PILE.1**, **LU.PILE.4** The instant pile (Neighs in Unstable Unicorns, and
              Llamas Unleashed): Bob's answer goes on top and is carried out first, last in, first
              out, with new answers at each new top card.
            - **EOM.STACK.1** Eve of Midnight's stack: Bob's, last in, first out, resolved in one
              go once everyone passes.
            - **BK.CHAIN.1** Berserk's trigger sequence: Ann's, carried out as it was declared;
              what it sets off follows, and the sequence stops before a repetition.

            Every scenario used here is a YAML file in `scenarios/`: copy one, change the board,
            and play it with `Scenario.from_file(...)` or `uurules run FILE.yaml`. Next, notebook
            9: not one script, but every way a board can play out.
            """
        ),
        *answers("ex1", "ex2", "ex3"),
    ]


@notebook("09-the-faq-explorer")
def nb09() -> list[Cell]:
    return [
        md(
            """
            # 9. The FAQ explorer: every way a board can play out

            *Unstable Unicorns · rules LU.INST.1, LU.PILE.2, LU.PILE.3, LU.PILE.4*

            Rules questions often sound like *"Can Bob still save his Unicorn?"* or *"Does the
            order of my Neighs matter?"*. The answer depends on what everybody else may still do,
            so the kit can answer them by trying **everything**. This notebook asks both questions
            about the instant pile of notebook 5, whose rules decide every answer:

            - **LU.INST.1** An Instant may answer any other player's card, and the player answered
              may answer back.
            - **LU.PILE.2** When several players answer the same card, only the fastest answer goes
              on the pile; the others go back to their owners' hands.
            - **LU.PILE.3** Players may keep answering each new top card until everyone declines.
            - **LU.PILE.4** The pile resolves from the top, and each new top card may be answered
              again before it resolves.
            """
        ),
        md(
            """
            **How the explorer works.** `explore(...)` starts from a board where a decision is
            pending and walks every legal sequence of decisions (every response or pass, every
            optional effect used or not, every target, every order) with the engine's own `push`
            and `undo`.

            Two sequences that reach the same position are **merged**, so each position is walked
            once. Each distinct final board is an **outcome**: the explorer counts the decision
            paths that reach it and keeps one shortest example path, as scenario script steps you
            can replay.
            """
        ),
        setup(
            """
            from uurules import explore
            from uurules.engine.actions import describe
            from uurules.explore import example_scenario
            from uurules.widgets import explorer
            """
        ),
        md(
            """
            ## Can Bob still save his Unicorn?

            Ann plays **Unicorn Poison** at Bob's only Unicorn. Bob and Cat each hold a **Neigh**.
            An Instant may answer another player's card (LU.INST.1), players may keep answering
            the new top card until everybody passes (LU.PILE.3), and the pile resolves from the
            top, last in, first out (LU.PILE.4). Before the explorer walks it, predict how many
            different boards it can end in.
            """
        ),
        code(
            """
            save = Scenario.from_file("scenarios/faq-can-bob-save-his-unicorn.yaml")

            ex1 = predict(
                "Ann plays Unicorn Poison at Bob's only Unicorn; Bob and Cat each hold a Neigh. In how many "
                "different boards (outcomes) can it end?",
                ["2", "3", "4", "7"],
                save,
                lambda out: str(len(explore(out.game).outcomes)),
                why="Nobody Neighs, and the Unicorn is destroyed; only Bob Neighs, or only Cat: the Unicorn is "
                "saved, and a different Neigh is spent; or both Neigh: the second stops the first, and the "
                "Poison resolves after all (LU.PILE.4). Four boards; several orders of answers end on the same one.",
                wrong={"2": "the Unicorn is destroyed or saved, but whose Neigh was spent makes a different board",
                       "7": "that counts the decision paths: Bob first or Cat first, both Neighs end on one board"},
            )
            ex1
            """
        ),
        md("Now let the explorer walk it. `text()` is the table `uurules explore` prints:"),
        code(
            """
            found = explore(save)
            print(found.text())
            """
        ),
        md(
            """
            Read the table one row at a time. Bob keeps his Unicorn in outcomes 2 and 4: when
            **exactly one** Neigh is played, his or Cat's. Bob is asked first (turn order), but Cat
            need not wait for him: the fastest answer goes on the pile (LU.PILE.2), so she may
            Neigh before Bob has decided, or after he passed. That is why outcome 2 is reached by
            **two** paths. Outcome 3 is reached by **three**: when both Neighs are played, in any
            order, the second one stops the first, because the pile resolves from the top
            (LU.PILE.4), and then the Poison resolves after all. So yes, Bob can save his Unicorn,
            but Cat can undo his help.

            The picture below is the same walk as a tree, collapsed where paths merge: each
            question box is a position (drawn once, however many paths reach it), each arrow a
            decision, and each green note an outcome with its path count and what it changes.
            """
        ),
        code("found  # an exploration shows itself as its outcome tree"),
        md(
            """
            ## Does the order of my Neighs matter?

            Now Bob holds a Neigh **and** a Super Neigh (it cannot be Neigh'd, notebook 5), and
            Ann keeps a Neigh of her own: a player whose card was answered may answer back
            (LU.INST.1). Which should Bob play first?

            An outcome's example is only *one* shortest path to it. To see what Bob's first
            decision commits him to, follow the tree from each of his first answers and collect
            every outcome below it. `positions[0]` is the start of the walk; its `edges` are the
            decisions tried there, each with the position it leads to.
            """
        ),
        code(
            '''
            def outcomes_after(found, position):
                """The outcomes (numbered as in the table) reachable from a position of the walk."""
                seen, todo, reached = set(), [position], set()
                while todo:
                    pid = todo.pop()
                    if pid not in seen:
                        seen.add(pid)
                        todo += [child for _, child in found.positions[pid].edges]
                        if found.positions[pid].outcome is not None:
                            reached.add(found.positions[pid].outcome + 1)
                return sorted(reached)


            def first_decisions(found):
                """Each decision at the start of the walk, and the outcomes it can still lead to."""
                return {describe(action): outcomes_after(found, child) for action, child in found.positions[0].edges}
            '''
        ),
        code(
            """
            neighs = Scenario.from_file("scenarios/faq-does-the-order-of-my-neighs-matter.yaml")
            WORDS = {"pass: Bob": "Pass", "respond: Bob Neigh": "His Neigh", "respond: Bob Super Neigh": "His Super Neigh"}


            def keeps_both(found, number):
                bob = found.outcomes[number - 1].players["Bob"]
                return "Basic Unicorn" in bob["stable"] and "Neigh" in bob["hand"]


            def safe_first(out):
                found = explore(out.game)
                safe = [WORDS[first] for first, reached in first_decisions(found).items()
                        if all(keeps_both(found, n) for n in reached)]
                return " or ".join(safe) or "Neither: Ann can always spoil it"


            ex2 = predict(
                "Bob wants to save his Unicorn and still hold his plain Neigh at the end, whatever happens after "
                "his first answer. Which card should he play first?",
                ["His Neigh", "His Super Neigh", "His Neigh or His Super Neigh", "Neither: Ann can always spoil it"],
                neighs,
                safe_first,
                why="Nobody may answer a Super Neigh, so after it the Poison is stopped and Bob still holds his "
                "Neigh. After his Neigh, Ann may answer back (LU.INST.1): then only the Super Neigh saves the "
                "Unicorn, at once or when the pile reopens on the Poison (LU.PILE.4), and Bob's hand ends empty.",
                wrong={"His Neigh": "Ann may Neigh his Neigh (LU.INST.1); and if she lets it be, Bob keeps "
                       "the Super Neigh, not the Neigh"},
            )
            ex2
            """
        ),
        code(
            """
            order = explore(neighs)
            print(order.text())
            print()
            for first, reached in first_decisions(order).items():
                print(f"{first:<26} can end in outcome{'s' if len(reached) > 1 else ''} {', '.join(map(str, reached))}")
            """
        ),
        md("Where Bob keeps his Unicorn, and what he still holds:"),
        code(
            """
            for number, o in enumerate(order.outcomes, 1):
                if o.players["Bob"]["stable"]:
                    kept = ", ".join(o.players["Bob"]["hand"]) or "nothing"
                    print(f"Outcome {number}: Bob keeps his Unicorn and {kept} in hand ({o.example_text})")
            """
        ),
        md(
            """
            Yes, the order matters, though not for the Unicorn:

            - **Super Neigh first** (outcome 6): nobody can Neigh a Super Neigh, the Poison is
              stopped, and Bob still holds his Neigh.
            - **Neigh first** (outcome 2): if Ann lets it be, the Poison is stopped too, and Bob
              keeps his Super Neigh.
            - **Neigh first, and Ann answers back** with her Neigh (LU.INST.1): Bob can still save
              his Unicorn with the Super Neigh, either at once, on top of Ann's Neigh (outcome 5),
              or later: when Ann's Neigh has stopped Bob's, the Poison is the top card again and
              may be answered again before it resolves (LU.PILE.4, outcome 4). Either way Bob ends
              with an empty hand; if he passes instead, he loses the Unicorn and the Neigh
              (outcome 3). Outcomes 4 and 5 show the same stables; only the order of the discard
              pile differs.

            The explorer tries every answer, including one from a player who has not been asked
            yet (the fastest answer goes on the pile, LU.PILE.2); a pass only from the player asked
            (the order in which players decline changes nothing). When several players answer at
            once, only the fastest answer goes on the pile and the others return to their owners'
            hands (LU.PILE.2): the same board as if only the fastest had answered, so the explorer
            does not walk such lists, nor `pass: all` and `resolve`, which are made of passes.

            `picture(highlight=n)` draws the example path of one outcome bold; here outcome 6, the
            Super Neigh first (outcomes are counted from 0 in Python).
            """
        ),
        code("order.picture(highlight=5)"),
        md(
            """
            ## Replay an outcome step by step

            `example_scenario(...)` writes an outcome down as a scenario: the explored board, its
            script, then the outcome's example path. Here is outcome 4, where the pile reopens on
            the Poison (LU.PILE.4) and Bob answers it with his Super Neigh:
            """
        ),
        code(
            """
            reopened = example_scenario(neighs, order.outcomes[3], "Outcome 4: the pile reopens on the Poison")
            tl = Timeline(reopened)
            for step in tl:
                print(f"step {step.number}: {step.label}")
            print()
            story(tl.game)
            """
        ),
        md(
            """
            At step 4 Bob passes on Ann's Neigh, which resolves and stops his Neigh. The Poison is
            the top card again, and Bob is asked once more whether to answer it (LU.PILE.4):
            """
        ),
        code("tl[4]"),
        md(
            """
            Step through it yourself, and try the other answer at that last question: *pass*
            loses the Unicorn (outcome 3). *Back* undoes it exactly.
            """
        ),
        code("stepper(reopened)"),
        md(
            """
            ## The explorer widget

            Click **Run** to walk the board, pick an outcome from the list to see its path drawn
            bold in the tree, and step through it in the stepper below it: the scenario's script,
            then the example's steps, shown at the last one. **Back** takes the steps back one by
            one, with the engine's exact undo.
            """
        ),
        code('explorer("scenarios/faq-does-the-order-of-my-neighs-matter.yaml")'),
        md(
            """
            ## Long explorations

            Bigger boards have many more paths. `max_nodes` caps the walk: when it is reached, the
            explorer stops cleanly and returns what it found so far, with a message; the path
            counts are then lower bounds. The same happens when you interrupt the kernel during
            `explore(...)` (the ■ button), and when you press **Stop** in the widget, which walks a
            few hundred nodes at a time so that it can hear the button.

            The benchmark board below has all three players holding Neighs around a Two-For-One:
            about 30,000 decision nodes in all.
            """
        ),
        code(
            """
            big = explore("scenarios/faq-three-players-hold-neighs.yaml", max_nodes=2000)
            print(big.summary())
            print(f"{len(big.outcomes)} outcomes found so far, reached by at least {big.paths} decision paths")
            """
        ),
        md(
            """
            From a terminal, `uurules explore FILE.yaml` prints the same table (`--json` for a
            program, `--max-nodes N` for the cap, `--plays` to also try every card the active
            player may play from a quiet board).
            """
        ),
        md(
            """
            ## Summary

            - `explore(board)` walks every legal sequence of decisions from a board, merges the
              positions several paths reach, and lists each distinct final board (an **outcome**)
              with its number of decision paths and one shortest example; `text()` prints the
              table, and an exploration draws itself as the outcome tree.
            - `example_scenario(...)` turns an outcome into a scenario to replay in a `stepper`;
              the `explorer(...)` widget does the walk, the tree and the replay in one place;
              `max_nodes` (or **Stop**) ends a long walk with what was found so far.
            - **LU.INST.1** An Instant may answer any other player's card, and the player answered
              may answer back: Cat's Neigh, or Ann's, can undo Bob's.
            - **LU.PILE.2** Of simultaneous answers only the fastest goes on the pile, so the
              explorer asks one window at a time.
            - **LU.PILE.3** Answering goes on until every player passes: that is where a path ends.
            - **LU.PILE.4** The pile resolves from the top, and a new top card may be answered
              again: the order of Bob's Neighs decides what he keeps, not whether he saves the
              Unicorn.

            That is the whole course. Every scenario used here is a YAML file in `scenarios/`:
            copy one, change the board, and play it with `Scenario.from_file(...)`, or ask
            `explore(...)` every way it can go.
            """
        ),
        *answers("ex1", "ex2"),
    ]


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def drop_widget_views(nb: nbformat.NotebookNode) -> None:
    """Store widgets (exercises, steppers) by their text only.

    A stored widget view without a kernel behind it shows "model not found" in JupyterLab; the
    text says what the cell holds and to run it. Running the cell brings the live widget back.
    nbval never compares widget views, so the stored text is what it checks.
    """
    for c in nb.cells:
        for o in c.get("outputs", []):
            if WIDGET_VIEW in o.get("data", {}):
                del o["data"][WIDGET_VIEW]


def execute(paths: list[Path]) -> float:
    """Run every notebook in its own kernel (cwd: notebooks/) and store the outputs; the seconds taken."""
    from nbclient import NotebookClient

    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    start = time.perf_counter()
    for path in paths:
        t = time.perf_counter()
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(
            nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(OUT)}}, store_widget_state=False
        )
        client.execute()
        drop_widget_views(nb)
        nbformat.write(nb, path)
        print(f"executed {path.relative_to(ROOT)} in {time.perf_counter() - t:.1f} s")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--execute", action="store_true", help="also run the notebooks and store their outputs")
    args = parser.parse_args()
    for old in OUT.glob("0*.ipynb"):
        if old.stem not in NOTEBOOKS:
            old.unlink()
    paths = []
    for name, cells in NOTEBOOKS.items():
        paths.append(build(name, cells))
        print("wrote", paths[-1].relative_to(ROOT))
    if args.execute:
        print(f"executed all {len(paths)} notebooks in {execute(paths):.1f} s")


if __name__ == "__main__":
    main()
