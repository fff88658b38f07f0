"""The shipped defaults keep a household's facts over months and still inject little;
past the cap, a fact said only once goes before one said again."""
from __future__ import annotations

from ovos_memory_plugin_entity.settings import SPECS


class Clock:
    def __init__(self) -> None:
        self.now = 1.7e9

    def __call__(self) -> float:
        self.now += 3600.0  # an hour between facts
        return self.now


def test_the_defaults_keep_a_long_conversation_and_inject_within_budget(make_memory):
    """300 facts told, no setting but the store: the first one, the oldest, is still kept
    and is what a question about it gets, in at most the default budget."""
    memory = make_memory(extractor="rules", _kwargs={"wall_clock": Clock()})
    memory.add_fact("s", "Has a guinea pig named Oscar")
    for n in range(299):
        memory.add_fact("s", f"Mentioned errand number {n} at the market")
    assert len(memory.facts("s")) == 300
    block = memory.build_conversation_context("what is my guinea pig called?", "s")[-2].content
    assert "- Has a guinea pig named Oscar" in block
    lines = [line for line in block.splitlines() if line.startswith("- ")]
    assert sum(len(line) + 1 for line in lines) <= SPECS["context_budget_chars"].default


def test_past_the_cap_a_fact_said_once_goes_before_one_said_again(make_memory):
    """The fact said twice is the least recently confirmed; the one said once still goes."""
    memory = make_memory(max_facts=3, _kwargs={"wall_clock": Clock()})
    memory.add_fact("s", "Plays the cello")
    memory.add_fact("s", "Plays the cello")  # said again: confirmed
    for text in ("Bought a kettle", "Lent the ladder to a colleague", "Visited the bakery on Monday"):
        memory.add_fact("s", text)
    assert sorted(f.text for f in memory.facts("s")) == [
        "Lent the ladder to a colleague", "Plays the cello", "Visited the bakery on Monday"]
