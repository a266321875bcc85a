from tests.conftest import run


def test_unicorn_poison_destroys_bobs_unicorn() -> None:
    _, out = run(
        """
ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: Bob, stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    )
    assert out["players"]["Bob"]["stable"] == []
    assert out["zones"]["discard"] == ["Basic Unicorn", "Unicorn Poison"]
