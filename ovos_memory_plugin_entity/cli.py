"""ovos-entity-memory: the owner's command line for the entity memory plugin."""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole

DEMO_CONVERSATION = (
    ("Hi! My name is Ana, but please call me Annie.", "Nice to meet you, Annie!"),
    ("I live in Lisbon and I work as a nurse.", "That sounds like demanding work."),
    ("I'm allergic to peanuts. I love jazz.", "Noted. Jazz is a fine choice."),
    ("Actually, I just moved to Porto.", "Porto is lovely!"),
)
DEMO_QUESTION = "Can you suggest a dinner place near me?"


class UserError(Exception):
    """A mistake on the command line: printed without a traceback, exit status 1."""


def _plugin_config(args: argparse.Namespace) -> Dict[str, Any]:
    config: Dict[str, Any] = {}
    if getattr(args, "config", None):
        try:
            persona = json.loads(Path(args.config).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise UserError(f"cannot read the persona JSON {args.config}: {exc}") from None
        name = persona.get("memory_module")
        block = persona.get(name) if isinstance(name, str) else None
        config = dict(block or persona)
    if getattr(args, "db_path", None):
        config["db_path"] = args.db_path
    return config


def cmd_path(args: argparse.Namespace) -> int:
    """Print where the facts live (the JSON backend's folder)."""
    from ovos_memory_plugin_entity.config import load_settings
    try:
        settings, _ = load_settings(_plugin_config(args))
    except ValueError as exc:
        raise UserError(str(exc)) from None
    print(settings.store_folder)
    return 0


def _print_messages(messages: Sequence[AgentMessage]) -> None:
    for message in messages:
        role = message.role.value if isinstance(message.role, MessageRole) else str(message.role)
        print(f"  [{role}]")
        for line in message.content.splitlines():
            print(f"    {line}")


def cmd_demo(args: argparse.Namespace) -> int:
    """Run a short conversation through the real plugin and show what it remembered.

    With no --api-url the built-in rules extract the facts (no model needed) and the
    store is a temporary folder; with --api-url your local model does the extracting.
    """
    from ovos_memory_plugin_entity.plugin import EntityMemory
    with tempfile.TemporaryDirectory(prefix="entity-memory-demo-") as folder:
        config: Dict[str, Any] = {"db_path": str(Path(folder) / "entity_memory.json"),
                                  "system_prompt": "You are a helpful voice assistant."}
        if args.api_url:
            config.update(api_url=args.api_url, extractor="llm")
        else:
            config["extractor"] = "rules"
        with EntityMemory(config=config) as memory:
            for user, assistant in DEMO_CONVERSATION:
                print(f"user:      {user}\nassistant: {assistant}")
                memory.update_history([AgentMessage(role=MessageRole.USER, content=user),
                                       AgentMessage(role=MessageRole.ASSISTANT, content=assistant)], "demo")
            if not memory.flush(timeout=args.timeout):
                print("(the model did not finish in time; showing what was applied)")
            print("\nRemembered:")
            for fact in memory.facts("demo", include_retired=True):
                state = "pinned" if fact.pinned else ("live" if fact.live else f"retired: {fact.superseded_by}")
                print(f"  [{fact.id}] {fact.text}  ({state})")
            print(f"\nNext turn, the persona sends its model:")
            _print_messages(memory.build_conversation_context(DEMO_QUESTION, "demo"))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ovos-entity-memory", description=__doc__)
    parser.add_argument("--config", help="a persona JSON file that holds the plugin's block")
    parser.add_argument("--db-path", help="the plugin's db_path (overrides the persona JSON)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    path = commands.add_parser("path", help=cmd_path.__doc__.splitlines()[0], description=cmd_path.__doc__)
    path.set_defaults(run=cmd_path)

    demo = commands.add_parser("demo", help=cmd_demo.__doc__.splitlines()[0], description=cmd_demo.__doc__)
    demo.add_argument("--api-url", help="a local OpenAI-compatible endpoint to extract with")
    demo.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for extraction")
    demo.set_defaults(run=cmd_demo)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except UserError as exc:
        print(f"ovos-entity-memory: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
