"""The owner's commands and the parser that names them; imported by ``cli.main`` only
after logging is quieted (importing OVOS may log)."""
from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import logging
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from ovos_memory_plugin_entity.about import __version__
from ovos_memory_plugin_entity.cli_guards import confirm, counted, nothing_yet, retired_label, who
from ovos_memory_plugin_entity.domain.editor import Editor
from ovos_memory_plugin_entity.domain.entities import event_end, parse_when
from ovos_memory_plugin_entity.domain.errors import OwnerError, ReadOnlyStore, StoreUnavailable, UsageError, UserError
from ovos_memory_plugin_entity.domain.record import Fact
from ovos_memory_plugin_entity.io.stores import open_store
from ovos_memory_plugin_entity.persona_config import plugin_block, read_persona
from ovos_memory_plugin_entity.pipelines.owner import Owner, read_json_file
from ovos_memory_plugin_entity.settings import Settings, device_defaults, load_settings, read_settings

DESCRIPTION = "ovos-entity-memory: the owner's command line for the entity memory plugin."
# What a command shows: its JSON (--json) and its text; a command that prints its own returns its status.
Shown = Tuple[Any, str]
PROGRESS_WIDTH = 30  # characters of the bar export and import draw on a terminal


def _plugin_config(args: argparse.Namespace, unused_ok: bool = False) -> Dict[str, Any]:
    """The plugin's block from ``--config`` (a persona, composite or not, or the block); without one nothing
    is evicted (max_facts is unknown). A persona not using us is refused, unless ``unused_ok`` (doctor)."""
    config: Dict[str, Any] = {"max_facts": 0}
    if args.config:
        persona = read_persona(args.config)
        block = plugin_block(persona)
        named = persona.get("memory_module")
        if block is None and isinstance(named, str) and isinstance(persona.get(named), dict):
            block = dict(persona[named])  # the plugin under another name (an alias of its entry point)
        # A persona (it names its memory, its handlers or itself), not a plugin's block.
        if block is None and {"memory_module", "handlers", "name"} & persona.keys():
            if not unused_ok:
                raise UserError(f"{args.config} does not use this plugin (memory_module is "
                                f"{persona.get('memory_module')!r}); 'doctor --config {args.config}' says the fix")
            block = {}
        config = dict(persona) if block is None else block
    if args.db_path:
        config["db_path"] = args.db_path
    if args.db_url:
        config.update(backend="postgres", db_url=args.db_url)
    return config


def cmd_path(args: argparse.Namespace) -> Shown:
    """Print where the facts live (the JSON backend's folder)."""
    folder = str(_settings(args).store_folder)
    return {"path": folder}, folder


def cmd_demo(args: argparse.Namespace) -> int:
    """Run a short conversation through the real plugin and show what its memory did each turn.

    With no --api-url the built-in rules extract the facts (no model needed) and the
    store is a temporary folder; with --api-url your local model does the extracting.
    """
    from ovos_memory_plugin_entity.demo import run_demo
    return run_demo(args.api_url, args.timeout, args.out)


def cmd_chat(args: argparse.Namespace) -> int:
    """Talk to your persona through the real ovos-persona, a line per turn (typed or piped);
    after each, what its memory learnt, replaced, forgot and asked. A second run remembers."""
    from ovos_memory_plugin_entity.chat import run_chat
    if not args.verbose:  # a handler that fails is said on the turn's own line
        logging.disable(logging.ERROR)
    persona = args.persona or args.config
    if not persona:
        raise UsageError("name the persona JSON: chat --persona persona.json")
    return run_chat(persona, sys.stdin, args.out, session_id=args.session, timeout=args.timeout,
                    prompt=args.interactive)


def _owner(args: argparse.Namespace, create: bool = False) -> Owner:
    """Only a command that adds may ``create`` the store."""
    settings = _settings(args)
    missing = "" if create else nothing_yet(settings)
    if missing:
        raise UserError(missing + "; check --db-path, or the persona's db_path with --config")
    if settings.backend == "memory":
        raise UserError("backend 'memory' keeps facts inside the assistant's process; "
                        "the command line can only reach the 'json' and 'postgres' backends")
    try:
        store = open_store(settings.backend, settings.store_folder, settings.db_url, key_file=settings.key_file)
        args.stores.append(store)  # closed when the command ends (a pool's threads are stopped)
        policy = settings.policy(store.tombstone_key)  # the tombstone key is read (or made) here
    except (OSError, ValueError) as exc:
        where = "the database" if settings.backend == "postgres" else f"the store at {settings.store_folder}"
        raise UserError(f"cannot use {where}: {exc}") from None
    return Owner(store, policy, time.time, actor="cli", scope=settings.scope)


def _settings(args: argparse.Namespace) -> Settings:
    try:
        return load_settings(_plugin_config(args), device_defaults())[0]
    except ValueError as exc:
        raise UserError(str(exc)) from None


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False) if args.json else text, file=args.out)


def _when(timestamp: Optional[float]) -> str:
    return "-" if timestamp is None else datetime.datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")


def _progress(done: int, total: int) -> None:
    """A bar on stderr, when it is a terminal."""
    if sys.stderr.isatty():
        filled = PROGRESS_WIDTH * done // max(total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (PROGRESS_WIDTH - filled)}] {done}/{total}" + "\n" * (done == total))
        sys.stderr.flush()


def cmd_sessions(args: argparse.Namespace) -> Shown:
    """List sessions with their live and retired fact counts and last change."""
    summaries = _owner(args).sessions()
    lines = [f"{s.session_id}\t{s.live} live\t{s.retired} retired\t{_when(s.last_change)}" for s in summaries]
    return [s.__dict__ for s in summaries], "\n".join(lines) or "(no sessions)"


def _iso_when(value: str) -> str:
    """A date the owner gives is checked as argparse checks a number: a wrong form is a usage mistake (exit 2)."""
    if parse_when(value) is None:
        raise argparse.ArgumentTypeError(f"must be an ISO date or date-time (2030-01-02 or 2030-01-02T15:00), got {value!r}")
    return value


def _fact_line(fact: Fact, now: float, who: str = "") -> str:
    """``who`` (:func:`cli_guards.who`) leads where no heading says it."""
    state = "pinned" if fact.pinned and fact.live else (
        "live" if fact.live else f"{retired_label(fact)} {_when(fact.superseded_at)}")
    if fact.when and fact.live:
        state += "; past" if event_end(fact.when) < now else "; upcoming"
    date = f"{fact.when}: " if fact.when else ""
    return (f"[{fact.id}] {who}{date}{fact.text or '(forgotten)'}  "
            f"({state}; confirmed {fact.confirmations}x, last {_when(fact.confirmed_at)})")


def _labels(owner: Owner, session: str) -> Dict[str, str]:
    return {e.id: e.label for e in owner.record(session).entities}


def cmd_facts(args: argparse.Namespace) -> Shown:
    """Show a session's live facts grouped by who they are about; --all adds retired ones."""
    owner = _owner(args)
    found = owner.facts(args.session, include_retired=args.all)
    names = _labels(owner, args.session)
    now = time.time()
    lines: List[str] = []
    for about in [None] + sorted({f.about for f in found if f.about}, key=lambda a: names.get(a, a)):
        group = [f for f in found if f.about == about]
        if group:
            lines.append("The user:" if about is None else f"{names.get(about) or '(forgotten)'} [{about}]:")
            lines += [f"  {_fact_line(f, now)}" for f in group]
    return [f.to_dict() for f in found], "\n".join(lines) or "(no facts)"


def cmd_entities(args: argparse.Namespace) -> Shown:
    """List the people, pets and places the memory knows, with their relation to the user."""
    owner = _owner(args)
    found = owner.entities(args.session)
    counts = Counter(f.about for f in owner.facts(args.session))
    return ([dict(e.to_dict(), facts=counts[e.id]) for e in found],
            "\n".join(f"[{e.id}] {e.label}  ({counted(counts[e.id], 'fact')})" for e in found) or "(no entities)")


def cmd_history(args: argparse.Namespace) -> Shown:
    """Show a session's audit trail: every change, when, by whom."""
    trail = _owner(args).history(args.session)
    lines = [f"{_when(e.get('at'))}  {e.get('actor', '?'):9} {e.get('action', '?'):9} {e.get('fact') or '':5} "
             + " -> ".join(str(e[k]) for k in ("before", "after") if e.get(k)) for e in trail]
    return trail, "\n".join(lines) or "(no history)"


def cmd_add(args: argparse.Namespace) -> Shown:
    """Add a fact (the owner's add also lifts a tombstone on the same words)."""
    owner = _owner(args, create=True)
    fact = owner.add(args.session, args.text, pin=args.pin, about=args.about, relation=args.relation, when=args.when)
    return fact.to_dict(), f"added {_fact_line(fact, time.time(), who(fact, _labels(owner, args.session)))}"


def cmd_edit(args: argparse.Namespace) -> Shown:
    """Replace a fact's text; the old text stays in the history as superseded."""
    owner = _owner(args)
    fact = owner.edit(args.session, args.fact_id, args.text)
    return fact.to_dict(), f"now {_fact_line(fact, time.time(), who(fact, _labels(owner, args.session)))}"


def cmd_pending(args: argparse.Namespace) -> Shown:
    """List facts waiting for the user's yes (confirm: on), or held aside for yours."""
    items = _owner(args).pending(args.session)
    lines = [f"[{p.id}] {' | '.join(p.describe)}  ({'held aside, ' * p.held}since {_when(p.created_at)})" for p in items]
    return [p.to_dict() for p in items], "\n".join(lines) or "(nothing pending)"


def cmd_export(args: argparse.Namespace) -> int:
    """Export one session (or --all) as versioned JSON, history and tombstones included."""
    owner = _owner(args)
    if args.all == bool(args.session):
        raise UsageError("name one SESSION or give --all")
    ids = owner.store.sessions() if args.all else [args.session]
    if not args.all:
        owner.record(args.session, must_exist=True)
    print(json.dumps(owner.export(ids, _progress), indent=1, ensure_ascii=False), file=args.out)
    return 0


def cmd_import(args: argparse.Namespace) -> Shown:
    """Import an export of this plugin, or the older plugin's entity_memory.json."""
    owner = _owner(args, create=True)
    report = owner.import_data(read_json_file(args.file), _progress)
    for reason in owner.skipped:
        print(f"skipped {reason}", file=sys.stderr)
    refused = ", ".join(f"{count} {kind}" for kind, count in sorted(report.refused_secrets.items()))
    forgotten = (f"; {counted(report.forgotten_here, 'fact')} left out: forgotten here earlier (the owner's "
                 f"'add SESSION TEXT' brings one back)" if report.forgotten_here else "")
    return ({"sessions": report.sessions, "forgotten_here": report.forgotten_here, "skipped": owner.skipped,
             "refused_secrets": report.refused_secrets},
            f"imported into {counted(report.sessions, 'session')}" + forgotten
            + (f"; refused, never kept: {refused}" if refused else ""))


def cmd_erase(args: argparse.Namespace) -> Shown:
    """Erase a session: facts, tombstones, history and quarantined copies."""
    settings = _settings(args)
    owner = _owner(args)
    live = len(owner.facts(args.session))
    confirm(f"Erase session {args.session!r}: {counted(live, 'live fact')}, its history and tombstones? "
            f"It cannot be undone.", assume_yes=args.yes, interactive=args.interactive)
    owner.erase(args.session)
    seed = Path(settings.db_path).expanduser()
    try:
        kept = seed.is_file() and args.session in json.loads(seed.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        kept = False
    note = f"\nnote: the older plugin's file {seed} still holds this session; this tool never changes that file"
    return {"erased": args.session, "seed_file_still_holds_it": kept}, f"erased {args.session}" + (note if kept else "")


def cmd_forget_all(args: argparse.Namespace) -> Shown:
    """Forget every fact of a session for good (erase, instead, lets them be learnt again)."""
    owner = _owner(args)
    live = len(owner.facts(args.session))
    confirm(f"Forget all {counted(live, 'live fact')} of session {args.session!r}? It cannot be undone.",
            assume_yes=args.yes, interactive=args.interactive)
    forgotten = owner.change(args.session, lambda editor: editor.forget_everything())
    return {"forgotten": forgotten}, f"forgot {counted(forgotten, 'fact')} of {args.session}"


def cmd_doctor(args: argparse.Namespace) -> int:
    """Check the endpoint, the store, OPM's plugin names and the persona; say how to fix."""
    from ovos_memory_plugin_entity.doctor import run_checks
    persona = read_persona(args.config) if args.config else None
    checks = run_checks(read_settings(_plugin_config(args, unused_ok=True), device_defaults()), persona,
                        timeout=args.timeout)
    _emit(args, [dict(c.__dict__, ok=c.ok) for c in checks],
          "\n".join(f"{c.level}  {c.name}: {c.detail}" + (f"\n      fix: {c.fix}" if c.fix and c.level != "PASS" else "")
                    for c in checks))
    return 0 if all(c.ok for c in checks) else 1


def _common_options(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """Taken before or after the command (``facts S --json``)."""
    default: Any = argparse.SUPPRESS if suppress else None
    parser.add_argument("--config", default=default,
                        help="a persona JSON file: its memory_module's block (a composite's member too)")
    parser.add_argument("--db-path", default=default, help="the plugin's db_path (overrides the persona JSON)")
    parser.add_argument("--db-url", default=default,
                        help="a postgresql:// URL: use the postgres backend (overrides the persona JSON)")
    parser.add_argument("--json", action="store_true", default=argparse.SUPPRESS if suppress else False,
                        help="print JSON alone on stdout, for scripts")
    parser.add_argument("--verbose", action="store_true", default=argparse.SUPPRESS if suppress else False,
                        help="show the log lines of OVOS and of this plugin (on stderr)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ovos-entity-memory", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _common_options(parser, suppress=False)
    common = argparse.ArgumentParser(add_help=False)
    _common_options(common, suppress=True)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, run: Callable[[argparse.Namespace], Union[int, Shown]], *arguments: str,
                empty: Any = None, conversation: bool = False) -> argparse.ArgumentParser:
        """``empty``: a listing's JSON where no store is there yet; a ``conversation`` has no JSON."""
        doc = run.__doc__ or ""
        summary = " ".join(doc.split("\n\n")[0].split())  # the whole first paragraph, on one line
        sub = commands.add_parser(name, help=summary, description=doc, parents=[common])
        for argument in arguments:
            sub.add_argument(argument)
        sub.set_defaults(run=run, empty=empty, conversation=conversation)
        return sub

    def change(name: str, doc: str, act: Callable[[Editor, argparse.Namespace], Any], done: str, *arguments: str,
               subject: str = "") -> argparse.ArgumentParser:
        """A command that changes one thing and says ``done`` to it (its last argument or ``subject``)."""
        named = subject or arguments[-1]

        def run(args: argparse.Namespace) -> Shown:
            if _owner(args).change(args.session, lambda editor: act(editor, args)) is False:  # done before
                raise UserError(f"{named.split('_')[0]} {getattr(args, named)!r} of session {args.session!r} was "
                                f"already {done}: nothing was there")
            return {done: getattr(args, named)}, f"{done} {getattr(args, named)}"
        run.__doc__ = doc
        return command(name, run, "session", *arguments)

    command("path", cmd_path)
    demo = command("demo", cmd_demo, conversation=True)
    demo.add_argument("--api-url", help="a local OpenAI-compatible endpoint to extract with")
    demo.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for extraction")
    chat = command("chat", cmd_chat, conversation=True)
    chat.add_argument("--persona", help="the persona JSON to talk to (as the assistant loads it)")
    chat.add_argument("--session", default="default", help="the session id (default: OVOS's own, 'default')")
    chat.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for the memory after a turn")
    command("sessions", cmd_sessions, empty=[])
    facts = command("facts", cmd_facts, "session", empty=[])
    facts.add_argument("--all", action="store_true", help="include retired facts")
    command("history", cmd_history, "session", empty=[])
    add = command("add", cmd_add, "session", "text")
    add.add_argument("--pin", action="store_true", help="pin the fact")
    add.add_argument("--about", help="the person, pet or place the fact is about (default: the user)")
    add.add_argument("--relation", help="the user's relation to --about (daughter, boss, dog)")
    add.add_argument("--when", type=_iso_when, help="an event's ISO date or date-time")
    command("entities", cmd_entities, "session", empty=[])
    change("rename-entity", "Rename an entity (and optionally set its relation), e.g. to tell two Emmas apart.",
           lambda editor, a: editor.rename_entity(a.entity_id, a.name, a.relation), "renamed",
           "entity_id", "name", subject="entity_id").add_argument("--relation", help="also set the relation")
    change("merge-entities", "Merge the second entity into the first: its facts move over.",
           lambda editor, a: editor.merge_entities(a.keep_id, a.merge_id), "merged", "keep_id", "merge_id")
    change("forget-entity", "Forget an entity and everything about it.",
           lambda editor, a: editor.forget_entity(a.entity_id), "forgotten", "entity_id")
    command("edit", cmd_edit, "session", "fact_id", "text")
    change("pin", "Pin a fact: never evicted, always injected first.",
           lambda editor, a: editor.set_pinned(a.fact_id, True), "pinned", "fact_id")
    change("unpin", "Unpin a fact.", lambda editor, a: editor.set_pinned(a.fact_id, False), "unpinned", "fact_id")
    change("forget", "Forget a fact: its text leaves the record and the history; it is not learnt again.",
           lambda editor, a: editor.forget(a.fact_id), "forgotten", "fact_id")
    command("pending", cmd_pending, "session", empty=[])
    change("approve", "Approve a pending item: its facts become live.",
           lambda editor, a: editor.decide(a.pending_id, True), "approved", "pending_id")
    change("reject", "Reject a pending item: it is dropped.",
           lambda editor, a: editor.decide(a.pending_id, False), "rejected", "pending_id")
    export = command("export", cmd_export)
    export.add_argument("session", nargs="?")
    export.add_argument("--all", action="store_true", help="every session")
    command("import", cmd_import, "file")
    for name, run in (("erase", cmd_erase), ("forget-all", cmd_forget_all)):
        command(name, run, "session").add_argument("--yes", action="store_true", help="do not ask: go ahead")
    doctor = command("doctor", cmd_doctor)
    doctor.add_argument("--timeout", type=_positive_seconds, help="seconds to wait for the endpoint (default: "
                                                                   "the persona's request_timeout)")
    return parser


def _positive_seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, got {value!r}") from None
    if not 0 < seconds < 3600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and less than 3600 seconds, got {value!r}")
    return seconds


def run(args: argparse.Namespace) -> int:
    """The exit status; a user's mistake is a line on stderr. A listing with no store yet says so and
    succeeds (:func:`cli_guards.nothing_yet`); --json with a conversation is refused, not ignored."""
    try:
        if args.json and args.conversation:
            raise UsageError(f"{args.command} shows a conversation and has no JSON output: drop --json")
        said = nothing_yet(_settings(args)) if args.empty is not None else ""
        shown = (args.empty, said) if said else args.run(args)
        if isinstance(shown, tuple):
            _emit(args, *shown)
            return 0
        return int(shown)
    except StoreUnavailable as exc:  # ReadOnlyStore is one
        said = f"{exc}; 'ovos-entity-memory doctor' says what to do" if isinstance(exc, ReadOnlyStore) else \
            f"the database cannot be reached ({exc}); check db_url"
        print(f"ovos-entity-memory: {said}", file=sys.stderr)
        return 1
    except (UserError, OwnerError) as exc:
        print(f"ovos-entity-memory: {exc}", file=sys.stderr)
        return getattr(exc, "status", 1)  # a usage mistake's is 2
    finally:
        for store in args.stores:  # a PostgreSQL pool left to the garbage collector may join its own thread
            with contextlib.suppress(Exception):  # the command's answer is already given
                store.close()
