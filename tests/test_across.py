"""One question under every rule set (notebook 8): Ann starts something, Bob's card adds to it
because of it; whose is carried out first? The effect chain says Ann's, the pile and the stack say
Bob's, Berserk's trigger sequence says Ann's."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import run


def position(result: dict[str, Any], **match: Any) -> int:
    """Where the first matching event is; an event that never happens counts as last."""
    for i, e in enumerate(result["events"]):
        if all(e.get(k) == v for k, v in match.items()):
            return i
    return len(result["events"])


CASES = [
    # scenario, the event of Ann's part, the event of Bob's part, whose comes first
    # rule: UU.CHAIN.1 Bob's Barbed Wire discard is a new link: Ann's second DESTROY resolves first
    ("across-uu-chain.yaml", {"type": "destroy", "card": "Llamacorn"}, {"type": "discard", "player": "Bob"}, "Ann"),
    # rule: LU.PILE.4 a Neigh is an answer, so even in Unstable Unicorns it resolves first
    ("across-uu-pile.yaml", {"type": "resolve", "player": "Ann"}, {"type": "resolve", "player": "Bob"}, "Bob"),
    ("across-lu-pile.yaml", {"type": "resolve", "player": "Ann"}, {"type": "resolve", "player": "Bob"}, "Bob"),
    # rule: EOM.STACK.1 last in, first out
    ("across-eom-stack.yaml", {"type": "resolve", "player": "Ann"}, {"type": "resolve", "player": "Bob"}, "Bob"),
    # rule: BK.CHAIN.1 a trigger is carried out as it is declared; what it sets off comes after
    ("across-bk-sequence.yaml", {"type": "counter", "player": "Ann"}, {"type": "counter", "player": "Bob"}, "Ann"),
]


@pytest.mark.parametrize(("name", "ann", "bob", "first"), CASES, ids=[c[0] for c in CASES])
def test_whose_part_is_carried_out_first(name: str, ann: dict[str, Any], bob: dict[str, Any], first: str) -> None:
    _, out = run(name)
    a, b = position(out, **ann), position(out, **bob)
    assert b < len(out["events"]), "Bob's part is carried out at some point"
    assert ("Ann" if a < b else "Bob") == first, "\n".join(out["log"])


@pytest.mark.scenario(
    "across-uu-chain.yaml",
    "across-uu-pile.yaml",
    "across-lu-pile.yaml",
    "across-eom-stack.yaml",
    "across-bk-sequence.yaml",
)
def test_the_order_decides_the_outcome() -> None:
    _, chain = run("across-uu-chain.yaml")
    assert chain["players"]["Bob"]["stable"] == ["Barbed Wire"]  # both DESTROYs happened before the discards
    _, pile = run("across-uu-pile.yaml")
    assert pile["players"]["Bob"]["stable"] == ["Barbed Wire", "Rhinocorn", "Llamacorn"]  # the Neigh stopped it all
    _, llama = run("across-lu-pile.yaml")
    assert llama["players"]["Ann"]["field"] == [] and llama["zones"]["discard"] == ["Basic Llama", "Neigh"]
    _, stack = run("across-eom-stack.yaml")
    assert stack["status"] == {}  # Warding Sigil resolved first: Sabotage disabled nothing
    _, seq = run("across-bk-sequence.yaml")
    assert seq["status"] == {"Ann/Харон": {"counters": 1}, "Bob/Проклятый маг": {"counters": 1}}
