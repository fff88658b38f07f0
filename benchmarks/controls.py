"""What recognising a spoken control adds to a turn, and how well the rules read, per language.

Run by hand: ``python benchmarks/controls.py``. Prints, per shipped language, the
median time of :func:`language.controls.recognise` on ordinary utterances (what every
turn pays; issue 32's target: under 50 µs on a turn that holds no control), on the
development half's turns that hold none (tests/data/speech), and on the controls themselves, the forget gate on a 264,000-character
utterance (issue 27: once 52 s), and the rules extractor's precision and recall on its
own test set (``tests/rules_cases.py``).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests/ beside it

from timing import median_ms, timed  # noqa: E402

from ovos_memory_plugin_entity.language.controls import recognise  # noqa: E402
from ovos_memory_plugin_entity.language.gates import user_asked_to_forget, user_asked_to_forget_all  # noqa: E402
from ovos_memory_plugin_entity.language.locale_data import load_language  # noqa: E402
from tests.rules_cases import CASES, score  # noqa: E402
from tests.test_commands import SPOKEN  # noqa: E402

ORDINARY = ["What's the weather like in Porto tomorrow?", "Set a timer for ten minutes",
            "I had a long day at work and my daughter Emma is allergic to cats, so we stayed home.",
            "Tell me a joke about penguins"]
REPEAT = 2_000
SPEECH = Path(__file__).resolve().parents[1] / "tests" / "data" / "speech"


def spoken_without_control(lang: str) -> list:
    """The development half's user turns in ``lang`` that hold no control (facts, small talk, commands)."""
    import json
    path = SPEECH / f"{lang}.json"
    if not path.is_file():
        return []
    return [t["user"] for s in json.loads(path.read_text(encoding="utf-8"))
            if s["category"] in ("fact", "smalltalk", "other_skill", "question", "correction") for t in s["turns"]]


def main() -> None:
    print("== recognising a control, median per utterance (every turn pays the first column)")
    for lang, spoken in SPOKEN.items():
        language = load_language(lang)
        controls = [spoken[k] for k in ("recall", "forget_last", "forget_slot", "pause", "resume", "forget_all")]
        ordinary = timed(lambda: [recognise(u, language) for u in ORDINARY], REPEAT)
        heard = timed(lambda: [recognise(u, language) for u in controls], REPEAT)
        spoken = spoken_without_control(lang)
        fresh = timed(lambda: [recognise(u, language) for u in spoken], 200) if spoken else [0.0]
        print(f"{lang}: ordinary {median_ms([t / len(ORDINARY) for t in ordinary])}   "
              f"spoken, no control {median_ms([t / max(1, len(spoken)) for t in fresh])}   "
              f"controls {median_ms([t / len(controls) for t in heard])}")
    english = load_language("en-us")
    huge = "I like tea, " * 22_000
    print(f"\n== forget gates on a {len(huge):,}-character utterance: "
          f"{median_ms(timed(lambda: (user_asked_to_forget(huge, english), user_asked_to_forget_all(huge, english)), 5))}")
    print("\n== the rules on their own test set: precision, recall")
    for lang in CASES:
        precision, recall, notes = score(lang)
        print(f"{lang}: precision {precision:.2f}  recall {recall:.2f}  ({len(CASES[lang])} sentences)")
        for note in notes:
            print(f"    {note}")


if __name__ == "__main__":
    main()
