"""Spoken turns, scored as a household would judge them: with no model (the rules extract).

Reads scenario files (one JSON list per language, ``<lang>.json``) written by testers who
never read the code: each scenario is a few user→assistant exchanges and what must then
hold (``kept`` words in some live fact, ``not_kept`` words in none, ``nothing_new`` for the
last turn, ``nothing_lost`` by it, ``context_has`` words in the context built for ``ask``). Every turn goes through
the plugin as ovos-persona drives it, loaded through OPM: ``build_conversation_context``
then ``update_history``, then ``flush``.

    python benchmarks/speech_eval.py                                   # speech22's development half
    python benchmarks/speech_eval.py DIR --show-failures               # what went wrong, per scenario

Prints, per language and in total: controls (recall, forget that, forget one thing, forget
everything), pauses and resumes, corrections, contrasts (words that look like a correction
and are not one: nothing lost), questions, quiet turns (small talk and
other skills' commands: nothing stored, nothing forgotten), and the rules' recall and
precision over the facts said.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any, Dict, Iterable, List, Tuple

from ovos_plugin_manager.agents import load_memory_plugin
from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole
from ovos_utils.log import LOG

GROUPS = {
    "control_recall": "controls", "control_forget_last": "controls", "control_forget_thing": "controls",
    "control_forget_all": "controls", "control_pause": "pauses", "control_resume": "pauses",
    "correction": "corrections", "repair": "corrections", "question": "questions", "smalltalk": "quiet",
    "other_skill": "quiet", "fact": "facts", "fact_followup": "facts", "not_correction": "contrasts",
}
ORDER = ("controls", "pauses", "corrections", "contrasts", "questions", "quiet", "facts")


def fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def alternatives(item: Any) -> List[str]:
    return [fold(str(a)) for a in (item if isinstance(item, list) else [item])]


def found(item: Any, texts: Iterable[str]) -> bool:
    return any(a in t for a in alternatives(item) for t in texts)


def fact_lines(memory: Any, sid: str) -> List[str]:
    labels = {e.id: e.label for e in memory.entities(sid)}
    return [fold(f"{labels.get(f.about, '')} {f.text}") for f in memory.facts(sid) if f.text]


def turn(memory: Any, sid: str, user: str, assistant: str) -> None:
    memory.build_conversation_context(user, sid)
    memory.update_history([AgentMessage(role=MessageRole.USER, content=user),
                           AgentMessage(role=MessageRole.ASSISTANT, content=assistant)], sid)
    memory.flush(30)


def run_scenario(memory: Any, scenario: Dict[str, Any]) -> Tuple[bool, List[str], Dict[str, Any]]:
    """Whether the scenario held, why not, and the facts it stored (for the rules' scores)."""
    sid = f"eval-{scenario['id']}"
    expect = scenario.get("expect", {})
    turns = scenario.get("turns", [])
    before: List[str] = []
    for i, exchange in enumerate(turns):
        if i == len(turns) - 1:
            before = fact_lines(memory, sid)
        turn(memory, sid, exchange.get("user", ""), exchange.get("assistant", ""))
    after = fact_lines(memory, sid)
    why = []
    for item in expect.get("kept", []):
        if not found(item, after):
            why.append(f"not kept: {item}")
    for item in expect.get("not_kept", []):
        if found(item, after):
            why.append(f"kept, should not be: {item}")
    if expect.get("nothing_new") and sorted(after) != sorted(before):
        why.append(f"last turn changed facts: {sorted(set(before) ^ set(after))}")
    if expect.get("nothing_lost") and set(before) - set(after):
        why.append(f"last turn lost facts: {sorted(set(before) - set(after))}")
    if scenario.get("ask") and expect.get("context_has"):
        context = fold(" ".join(m.content for m in memory.build_conversation_context(scenario["ask"], sid)))
        for item in expect["context_has"]:
            if not found(item, [context]):
                why.append(f"not in the context for {scenario['ask']!r}: {item}")
    return not why, why, {"facts": after}


def evaluate(folder: Path, show: bool, only: str = "") -> Dict[str, Dict[str, List[int]]]:
    scores: Dict[str, Dict[str, List[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    cls = load_memory_plugin("ovos-memory-plugin-entity-facts")
    for path in sorted(folder.glob("*.json")):
        lang = path.stem
        if only and lang != only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            memory = cls(config={"lang": lang, "extractor": "rules", "db_path": f"{tmp}/entity_memory.json"})
            try:
                for scenario in json.loads(path.read_text(encoding="utf-8")):
                    group = GROUPS.get(scenario.get("category", ""), "")
                    if not group:
                        continue
                    ok, why, seen = run_scenario(memory, scenario)
                    scores[lang][group][0] += ok
                    scores[lang][group][1] += 1
                    if group in ("facts", "quiet"):
                        _score_rules(scores[lang], scenario, seen["facts"])
                    if show and not ok:
                        print(f"FAIL {scenario['id']} {scenario.get('category')}: {'; '.join(why)}")
                        for exchange in scenario.get("turns", []):
                            print(f"     > {exchange.get('user')}")
                        print(f"     facts: {seen['facts']}")
            finally:
                memory.close()
    return scores


def _score_rules(lang_scores: Dict[str, List[int]], scenario: Dict[str, Any], facts: List[str]) -> None:
    """Recall: the facts said that were kept. Precision: the stored facts that hold a word said as a fact."""
    expect = scenario.get("expect", {})
    kept = expect.get("kept", []) if scenario.get("category") == "fact" else []
    for item in kept:
        lang_scores["rules_recall"][0] += found(item, facts)
        lang_scores["rules_recall"][1] += 1
    for fact in facts:
        lang_scores["rules_precision"][0] += any(found(item, [fact]) for item in expect.get("kept", []))
        lang_scores["rules_precision"][1] += 1


def report(scores: Dict[str, Dict[str, List[int]]]) -> None:
    total: Dict[str, List[int]] = defaultdict(lambda: [0, 0])
    columns = ORDER + ("rules_recall", "rules_precision")
    print(f"{'lang':8}" + "".join(f"{c:>17}" for c in columns))
    for lang in sorted(scores):
        row = ""
        for column in columns:
            ok, n = scores[lang].get(column, [0, 0])
            total[column][0] += ok
            total[column][1] += n
            row += f"{f'{ok}/{n}':>17}"
        print(f"{lang:8}{row}")
    print(f"{'total':8}" + "".join(f"{f'{total[c][0]}/{total[c][1]}':>17}" for c in columns))
    for column in ("rules_recall", "rules_precision"):
        ok, n = total[column]
        print(f"{column}: {ok / n:.2f}" if n else f"{column}: n/a")


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(Path(__file__).parent / "data" / "sentences-dev" / "speech22"))
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument("--lang", default="")
    args = parser.parse_args(argv)
    LOG.set_level("ERROR")
    report(evaluate(Path(args.folder), args.show_failures, args.lang))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
