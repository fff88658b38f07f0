"""A thing forgotten and what replaces it, said in one breath (issue 32), on sentences written by a tester who never
saw the code. Run by hand:

    python benchmarks/replace_eval.py [FILE]

FILE (default: the development half in ``data/sentences-dev/replace33``) holds items
``{"id","lang","kind","before","said","old","new","expect"}``. Prints two scores:

- controls: a ``replace`` item passes when the recognised control forgets a thing, is clear (not asked), the new
  value is not part of the thing and is what is learnt; a look-alike that should forget nothing passes when no clear
  control is recognised, one that should forget the thing only when nothing is learnt beside it;
- rules, end to end (no model): of the ``replace`` items whose old value the rules learnt from ``before``, how many
  have the old value gone and the new one kept after ``said``.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List

from ovos_plugin_manager.agents import load_memory_plugin
from ovos_utils.log import LOG

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speech_eval import fact_lines, fold, turn  # noqa: E402  (beside this script)

from ovos_memory_plugin_entity.language.controls import recognise  # noqa: E402
from ovos_memory_plugin_entity.language.locale_data import load_language  # noqa: E402
from ovos_memory_plugin_entity.language.reading import read  # noqa: E402

DEFAULT = Path(__file__).resolve().parent / "data" / "sentences-dev" / "replace33" / "dev.json"


def squashed(text: str) -> str:
    return re.sub(r"\W+", "", fold(text))


def control_passes(item: Dict[str, Any]) -> Any:
    """True or False; None for a look-alike whose expectation is neither kind."""
    language = load_language(item["lang"])
    found = recognise(item["said"], language)
    if item["kind"] == "replace":
        new = squashed(read(item["new"], language.reading).text)
        return found is not None and found.kind == "forget_thing" and not found.unsure \
            and new not in squashed(found.target) and new in squashed(found.rest)
    want = item["expect"].lower()
    if want.startswith("nothing"):
        return found is None or found.unsure
    if want.startswith("forget"):
        return found is not None and found.kind == "forget_thing" and not found.unsure and not found.rest
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT))
    items: List[Dict[str, Any]] = json.loads(Path(parser.parse_args().file).read_text(encoding="utf-8"))
    LOG.set_level("ERROR")
    for kind in ("replace", "lookalike"):
        scored = [ok for ok in (control_passes(i) for i in items if i["kind"] == kind) if ok is not None]
        print(f"controls, {kind}: {sum(scored)}/{len(scored)}")
    plugin = load_memory_plugin("ovos-memory-plugin-entity-facts")
    learnt = both = 0
    with tempfile.TemporaryDirectory() as folder:
        for n, item in enumerate(i for i in items if i["kind"] == "replace"):
            memory = plugin(config={"lang": item["lang"], "extractor": "rules", "db_path": f"{folder}/{n}.json"})
            for said in item["before"]:
                turn(memory, "s", said, "Okay.")
            if squashed(item["old"]) in squashed(" ".join(fact_lines(memory, "s"))):
                learnt += 1
                turn(memory, "s", item["said"], "Okay.")
                after = squashed(" ".join(fact_lines(memory, "s")))
                both += squashed(item["old"]) not in after and squashed(item["new"]) in after
            memory.close()
    print(f"rules end to end: old gone and new kept {both}/{learnt} (of the items whose old value the rules learnt)")


if __name__ == "__main__":
    main()
