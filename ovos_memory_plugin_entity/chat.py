"""``ovos-entity-memory chat``: each line one turn through the real ovos-persona, as the
assistant runs it; after each, the memory's work is awaited and shown."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Optional, TextIO, Tuple

from ovos_memory_plugin_entity.cli_guards import retired_label, who
from ovos_memory_plugin_entity.doctor import FAIL, UPGRADE, check_assistant, check_persona
from ovos_memory_plugin_entity.domain.errors import UserError
from ovos_memory_plugin_entity.io.client import failure_reason
from ovos_memory_plugin_entity.persona_config import plugin_block, read_persona
from ovos_memory_plugin_entity.plugin import EntityMemory

# The session id OVOS gives a voice satellite's conversation: the facts the assistant itself uses.
DEFAULT_SESSION = "default"


def load_persona(path: str) -> Tuple[str, Dict[str, Any]]:
    """Refused, with the fix, when it cannot load this plugin."""
    persona = read_persona(path)
    assistant = check_assistant(plugin_block(persona))
    if assistant.level == FAIL:
        raise UserError(f"{assistant.detail}\nfix: {assistant.fix}")
    for check in check_persona(persona):
        if check.level == FAIL and check.name != "composite inject_mode":
            raise UserError(f"{check.name}: {check.detail}\nfix: {check.fix}")
    return str(persona.get("name") or Path(path).stem), persona


def entity_memory(memory: Any) -> Optional[EntityMemory]:
    """The memory itself, or a CompositeMemory's member (its members are (name, plugin, weight))."""
    candidates = [memory] + [member[1] for member in getattr(memory, "members", None) or []]
    return next((found for found in candidates if isinstance(found, EntityMemory)), None)


def _labels(memory: EntityMemory, session: str) -> Dict[str, str]:
    return {e.id: e.label for e in memory.entities(session)}


def watch(memory: EntityMemory, session: str, out: TextIO, timeout: float) -> Callable[[], None]:
    """Called before a turn; its result, called after, shows what the memory learnt, replaced, forgot, asked."""
    before = {f.id: f for f in memory.facts(session, include_retired=True)}
    labels = _labels(memory, session)  # before the turn too: a forgotten person is named

    def show() -> None:
        if not memory.flush(timeout):
            print(f"  (the memory's model did not finish within {timeout:g} s; what it learns shows next turn)",
                  file=out)
        labels.update(_labels(memory, session))
        for fact in memory.facts(session, include_retired=True):
            old, whose = before.get(fact.id), who(fact, labels)
            if old is None and fact.live:
                print(f"  learnt    [{fact.id}] {whose}{fact.text}" + ("  (pinned)" if fact.pinned else ""), file=out)
            elif old is not None and old.live and not fact.live:
                kind = {"forgotten": "forgotten", "superseded": "replaced"}.get(fact.retired_reason or "", "retired")
                print(f"  {kind:9} [{fact.id}] {whose}{old.text}  ({retired_label(fact)})", file=out)
            elif old is not None and fact.live and fact.confirmations > old.confirmations:
                print(f"  confirmed [{fact.id}] {whose}{fact.text}", file=out)
        for pending in memory.pending(session):
            if pending.awaiting:
                print(f"  asked     [{pending.id}] " + " | ".join(pending.describe), file=out)
    return show


def run_chat(persona_path: str, lines: Iterable[str], out: TextIO, session_id: str = DEFAULT_SESSION,
             timeout: float = 120.0, prompt: bool = False) -> int:
    """One turn per line, showing the memory's work."""
    name, config = load_persona(persona_path)
    try:
        from ovos_bus_client.session import Session
        from ovos_persona import Persona
    except ImportError:
        raise UserError(f"ovos-persona is not installed here\nfix: {UPGRADE}") from None
    try:
        persona = Persona(name, config)
    except Exception as exc:  # ovos-persona refuses a persona in its own words
        raise UserError(f"ovos-persona cannot load {persona_path}: {exc}") from None
    memory = entity_memory(persona.memory)
    if memory is None:
        raise UserError(f"{persona_path}: ovos-persona did not load this plugin as its memory "
                        f"(run 'ovos-entity-memory doctor --config {persona_path}')")
    block = plugin_block(config) or {}
    session = Session(session_id, lang=block.get("lang") or None)
    where = memory.settings.store_folder if memory.settings.backend == "json" else memory.settings.backend
    print(f"{name}: memory in {where}, session {session_id!r}. One line per turn; end with Ctrl-D.", file=out)
    turns, answered, reason = 0, 0, ""
    try:
        known, labels = memory.facts(session_id), _labels(memory, session_id)
        if known:
            print("already known: " + "; ".join(f"[{f.id}] {who(f, labels)}{f.text}" for f in known), file=out)
        for line in _turns(lines, out, prompt):
            turns += 1
            failure = _turn(persona, memory, session, line, out, timeout)
            answered += failure is None
            reason = failure or reason
    finally:
        memory.close(timeout)
    if turns and not answered:
        raise UserError(f"no turn got an answer from the persona's handlers{reason}; check their api_url and "
                        f"model ('ovos-entity-memory doctor --config {persona_path}')")
    return 0


def _turns(lines: Iterable[str], out: TextIO, prompt: bool) -> Iterable[str]:
    if prompt:
        print("you> ", end="", file=out, flush=True)
    for line in lines:
        if line.strip():
            yield line.strip()
        if prompt:
            print("you> ", end="", file=out, flush=True)
    if prompt:
        print(file=out)


def _turn(persona: Any, memory: EntityMemory, session: Any, utterance: str, out: TextIO, timeout: float
          ) -> Optional[str]:
    """One turn, shown; None when the persona answered, else why not (": reason", or "")."""
    show = watch(memory, session.session_id, out, timeout)
    answer = persona.chat(persona.get_messages(utterance, session), session)
    if not answer:
        error = getattr(persona.solvers, "last_error", None)
        said = f": {failure_reason(error)}" if error else ""
        print(f"  (no answer from the persona's handlers{said}; check their api_url and model)", file=out)
        return said
    print(f"{persona.name}> {answer}", file=out)
    persona.remember(utterance, answer, session)
    show()
    return None
