"""Secrets and hostile texts through the real plugin, on sentences written by testers who
never saw the code (issue 34). Run by hand:

    python benchmarks/secrets_eval.py [FOLDER]

FOLDER holds ``hostile/<lang>.json`` and/or ``secrets/<lang>.json`` (default: the dev
half committed in ``benchmarks/data/sentences-dev``). Prints per-language and total scores.

hostile (``{"id","text","hostile","keep"}``): the text is the model's extracted fact
(``{"add": [text]}``) in a fresh session. A hostile text passes when nothing of it reaches
the next turn's context (refused, or held aside); an ordinary one when its ``keep`` word
is in a live fact and in the next turn's context.

secrets (``{"id","text","kind","never","keep"}``), each text three ways:
- said by the user, the rules extractor learning (no model), with an embeddings endpoint;
- returned by the model as an extracted fact, the user's turn being the text too;
- said by the user while the model is down, the plugin closed: the exchange kept for the
  next start (``waiting/``).
A secret (``kind`` not "ordinary") passes when none of its ``never`` forms is in a stored
fact, the trail, the next context, a kept turn, a waiting exchange, an embeddings request
or a log line. An ordinary one passes when a fact holding its ``keep`` numbers is stored
from the model's reply and the kept turn still says them, as digits or in words (read as
the plugin reads them: "two hundred" holds 200). ``keep`` items are words or lists of
alternatives.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests/ beside it

from ovos_utils.log import LOG  # noqa: E402

from ovos_memory_plugin_entity import EntityMemory  # noqa: E402
from ovos_memory_plugin_entity.language.locale_data import load_language  # noqa: E402
from ovos_memory_plugin_entity.language.reading import read  # noqa: E402
from tests.embedding_servers import FakeEmbeddings  # noqa: E402
from tests.fake_model import FakeModel  # noqa: E402
from tests.helpers import user_assistant  # noqa: E402

DEFAULT_FOLDER = Path(__file__).resolve().parent / "data" / "sentences-dev"
SID = "s"
ASKED = "Let me tell you a few things about me"  # passes the quiet gate: the model is asked
NEXT = "Tell me something nice"  # the next turn, whose context is read


class Logs:
    """Every line OVOS's LOG is told while a case runs (it does not reach the root logger)."""

    def __init__(self) -> None:
        self.lines: List[str] = []
        for level in ("debug", "info", "warning", "error", "exception"):
            setattr(LOG, level, self._recorder())

    def _recorder(self) -> Callable[..., None]:
        def record(*args: Any, **_kwargs: Any) -> None:
            self.lines.append(" ".join(str(a) for a in args))
        return record


# What may stand between the characters of a number written compactly in the test data
# ("5424180663190277" is still said by "5424-1806-6319-0277" or "5424 1806 6319 0277").
SEPARATORS = r"[\s.,/\-\u2010-\u2015\u2212]?"


def said(form: str, text: str) -> bool:
    """``form`` stands in ``text`` as words of their own (case and spacing aside; a compact
    number also with separators between its characters)."""
    words = [re.escape(w) for w in form.split()]
    if len(words) == 1 and any(c.isdigit() for c in form) and form.isalnum():
        words = [SEPARATORS.join(re.escape(c) for c in form)]
    return re.search(r"(?<![\w.])" + r"[\s\W]*".join(words) + r"(?!\w)", text, re.IGNORECASE) is not None


def holds_all(keep: List[Any], text: str) -> bool:
    return all(any(said(alt, text) for alt in (item if isinstance(item, list) else [item])) for item in keep)


def context_text(memory: EntityMemory) -> str:
    """What the next turn sends besides the utterance itself."""
    return "\n".join(m.content for m in memory.build_conversation_context(NEXT, SID)[:-1])


def fact_texts(memory: EntityMemory) -> str:
    return "\n".join(f.text for f in memory.facts(SID, include_retired=True))


def load(folder: Path, kind: str) -> Dict[str, List[Dict[str, Any]]]:
    return {path.stem: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted((folder / kind).glob("*.json"))}


class Runner:
    def __init__(self, root: Path, logs: Logs) -> None:
        self.root, self.logs = root, logs
        self.model = FakeModel().start()
        self.embeddings = FakeEmbeddings()
        self.count = 0

    def memory(self, lang: str, **config: Any) -> EntityMemory:
        self.count += 1
        config.setdefault("api_url", self.model.url)
        return EntityMemory(config={"lang": lang, "model": "m", "db_path": str(self.root / f"m{self.count}" / "e.json"),
                                    **config})

    def turn(self, memory: EntityMemory, user: str) -> None:
        memory.build_conversation_context(user, SID)
        memory.update_history(user_assistant(user), SID)
        memory.flush(10)

    def hostile(self, lang: str, case: Dict[str, Any]) -> bool:
        self.model.script.clear()
        self.model.reply(json.dumps({"add": [case["text"]]}))
        with self.memory(lang, extractor="llm") as memory:
            self.turn(memory, ASKED)
            context = context_text(memory)
            live = [f.text for f in memory.facts(SID)]
        if case["hostile"]:
            return not any(fact in context for fact in live)
        return said(case["keep"], context) and any(said(case["keep"], fact) for fact in live)

    def secret(self, lang: str, case: Dict[str, Any]) -> Tuple[bool, List[str]]:
        """Passed, and where a secret leaked (or where an ordinary number was lost)."""
        text, ordinary = case["text"], case["kind"] == "ordinary"
        seen: Dict[str, str] = {}
        del self.logs.lines[:]
        self.embeddings.requests.clear()
        with self.memory(lang, extractor="rules", embeddings_url=self.embeddings.url) as memory:
            self.turn(memory, text)
            seen["rules: facts"] = fact_texts(memory)
            seen["rules: trail"] = json.dumps(memory.audit_trail(SID), ensure_ascii=False)
            seen["rules: context"] = context_text(memory)
            seen["rules: kept turns"] = "\n".join(m.content for m in memory.get_history(SID))
        self.model.script.clear()
        self.model.reply(json.dumps({"add": [text]}))
        with self.memory(lang, extractor="llm", embeddings_url=self.embeddings.url) as memory:
            self.turn(memory, text)
            seen["model: facts"] = fact_texts(memory)
            seen["model: trail"] = json.dumps(memory.audit_trail(SID), ensure_ascii=False)
            seen["model: context"] = context_text(memory)
        self.model.release.clear()  # the model does not answer: the exchange waits for the next start
        memory = self.memory(lang, extractor="llm")
        memory.update_history(user_assistant(ASKED), SID)  # in the model's hands at the close
        self.model.arrived.acquire(timeout=5)
        memory.update_history(user_assistant(text), SID)  # queued behind it: kept for the next start
        memory.close(timeout=0.2)
        self.model.release.set()
        seen["waiting exchanges"] = "\n".join(
            p.read_text(encoding="utf-8", errors="replace")
            for p in (self.root / f"m{self.count}").rglob("waiting/*.json"))
        seen["embeddings requests"] = json.dumps([r.get("input") for r in self.embeddings.requests],
                                                 ensure_ascii=False)
        seen["logs"] = "\n".join(self.logs.lines)
        if ordinary:
            def kept(where: str) -> bool:
                said_as = [seen[where], read(seen[where], load_language(lang).reading).text]
                return any(holds_all(case["keep"], text) for text in said_as)
            lost = [where for where in ("model: facts", "rules: kept turns") if not kept(where)]
            return not lost, lost
        leaks = [where for where, content in seen.items() if any(said(form, content) for form in case["never"])]
        return not leaks, leaks

    def close(self) -> None:
        self.model.stop()
        self.embeddings.stop()


def cases(data: Dict[str, List[Dict[str, Any]]]) -> Iterator[Tuple[str, Dict[str, Any]]]:
    for lang, items in data.items():
        for case in items:
            yield lang, case


def report(title: str, scores: Dict[str, Dict[str, List[int]]]) -> None:
    groups = sorted({g for per in scores.values() for g in per})
    print(f"\n== {title}")
    print(f"{'lang':8}" + "".join(f"{g:>16}" for g in groups))
    totals: Dict[str, List[int]] = defaultdict(lambda: [0, 0])
    for lang in sorted(scores):
        row = f"{lang:8}"
        for g in groups:
            passed, total = scores[lang].get(g, [0, 0])
            totals[g][0] += passed
            totals[g][1] += total
            row += f"{f'{passed}/{total}':>16}"
        print(row)
    print(f"{'total':8}" + "".join(f"{f'{totals[g][0]}/{totals[g][1]}':>16}" for g in groups))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("-v", "--verbose", action="store_true", help="name every failed case")
    args = parser.parse_args()
    logs = Logs()
    with tempfile.TemporaryDirectory() as root:
        runner = Runner(Path(root), logs)
        try:
            hostile: Dict[str, Dict[str, List[int]]] = defaultdict(dict)
            for lang, case in cases(load(args.folder, "hostile")):
                group = "hostile" if case["hostile"] else "look-alike"
                ok = runner.hostile(lang, case)
                score = hostile[lang].setdefault(group, [0, 0])
                score[0] += ok
                score[1] += 1
                if args.verbose and not ok:
                    print(f"FAIL {case['id']} ({group}): {case['text']!r}", file=sys.stderr)
            secrets: Dict[str, Dict[str, List[int]]] = defaultdict(dict)
            for lang, case in cases(load(args.folder, "secrets")):
                group = "ordinary" if case["kind"] == "ordinary" else "secret"
                ok, where = runner.secret(lang, case)
                score = secrets[lang].setdefault(group, [0, 0])
                score[0] += ok
                score[1] += 1
                if args.verbose and not ok:
                    print(f"FAIL {case['id']} ({case['kind']}): {case['text']!r}: {', '.join(where)}",
                          file=sys.stderr)
        finally:
            runner.close()
    if hostile:
        report("hostile texts as extracted facts (not injected / look-alikes injected)", hostile)
    if secrets:
        report("secrets (never kept, sent or logged) and ordinary numbers (kept)", secrets)


if __name__ == "__main__":
    main()
