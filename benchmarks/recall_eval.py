"""Recall at the default budget over a long, multi-session conversation of our own making.

300 facts told over 60 sessions; 90 questions, each needing one fact told early, in the
middle or recently. Reported: how often the needed fact is in the injected block, and
the mean characters injected, beside "inject the newest 50 facts" (the peer's policy).
"""
from __future__ import annotations

import random
import statistics
import tempfile

from ovos_memory_plugin_entity import EntityMemory, load_settings

PETS = ["dog", "cat", "parrot", "rabbit", "hamster", "horse", "turtle", "goldfish", "ferret", "pony"]
NAMES = ["Rex", "Luna", "Kiwi", "Milo", "Nala", "Otto", "Pip", "Zora", "Bruno", "Coco", "Fig", "Juno"]
FOODS = ["sushi", "lasagna", "ramen", "paella", "falafel", "goulash", "tacos", "pho", "curry", "risotto"]
PLACES = ["Lisbon", "Oslo", "Kyoto", "Lima", "Quito", "Hanoi", "Porto", "Tunis", "Cusco", "Bergen"]
HOBBIES = ["chess", "pottery", "climbing", "sailing", "knitting", "archery", "fencing", "rowing", "origami"]
PEOPLE = ["sister", "brother", "cousin", "aunt", "uncle", "neighbour", "colleague", "mentor", "friend"]


def make_facts(rng: random.Random):
    facts = []
    for pet in PETS:
        facts.append((f"Has a {pet} named {rng.choice(NAMES)}", f"What is my {pet} called?"))
    for food in FOODS:
        facts.append((f"Loves eating {food} on Fridays", f"Where can I get good {food}?"))
    for place in PLACES:
        facts.append((f"Visited {place} last year", f"What did I think of {place}?"))
    for hobby in HOBBIES:
        facts.append((f"Practises {hobby} every weekend", f"Any tips to improve at {hobby}?"))
    for person in PEOPLE:
        name = rng.choice(NAMES)
        facts.append((f"Their {person} is called {name}", f"When is my {person}'s birthday?"))
    filler = [(f"Mentioned detail number {n} about errand {rng.randint(1, 999)}", None) for n in range(300 - len(facts))]
    everything = facts + filler
    rng.shuffle(everything)
    return everything


def run() -> None:
    rng = random.Random(42)
    facts = make_facts(rng)
    budget = load_settings({})[0].context_budget_chars
    with tempfile.TemporaryDirectory() as folder:
        memory = EntityMemory(config={"db_path": f"{folder}/m.json", "max_facts": 0, "extractor": "rules"})
        for text, _ in facts:
            memory.add_fact("u", text)
        questions = [(i, text, q) for i, (text, q) in enumerate(facts) if q]
        hits = {"early": [0, 0], "middle": [0, 0], "recent": [0, 0]}
        newest_hits = {"early": [0, 0], "middle": [0, 0], "recent": [0, 0]}
        chars, newest_chars = [], []
        newest = {t for t, _ in facts[-50:]}
        for position, text, question in questions:
            part = "early" if position < 100 else ("middle" if position < 200 else "recent")
            block = memory.build_conversation_context(question, "u")[-2].content
            chars.append(len(block))
            hits[part][0] += f"- {text}" in block
            hits[part][1] += 1
            newest_hits[part][0] += text in newest
            newest_hits[part][1] += 1
            newest_chars.append(sum(len(t) + 3 for t in newest))
        memory.close()
    print(f"\n== recall: 300 facts, {len(questions)} questions, budget {budget} chars")
    for part in hits:
        ours = hits[part][0] / hits[part][1]
        theirs = newest_hits[part][0] / newest_hits[part][1]
        print(f"  {part:>6}: ours {ours:6.1%}   newest-50 {theirs:6.1%}   ({hits[part][1]} questions)")
    total = sum(h[0] for h in hits.values()) / len(questions)
    total_newest = sum(h[0] for h in newest_hits.values()) / len(questions)
    print(f"  all:    ours {total:6.1%}   newest-50 {total_newest:6.1%}")
    print(f"  mean injected chars: ours {statistics.mean(chars):7.0f}   newest-50 {statistics.mean(newest_chars):7.0f}")


if __name__ == "__main__":
    run()
