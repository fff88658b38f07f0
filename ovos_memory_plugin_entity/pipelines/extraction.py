"""From one exchange to operations: ``llm`` (queued while the model is down), ``rules``, or ``auto``
(the rules meanwhile). A model's forget passes only when the user's words ask; the editor screens all.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.audit import Actor
from ovos_memory_plugin_entity.domain.contract import build_prompt, example_facts, parse_reply, render_exchange
from ovos_memory_plugin_entity.domain.errors import EndpointError, ReplyError
from ovos_memory_plugin_entity.domain.ops import Ops
from ovos_memory_plugin_entity.domain.ranking import RankedSession, select
from ovos_memory_plugin_entity.io.client import ChatClient
from ovos_memory_plugin_entity.language import rules
from ovos_memory_plugin_entity.language.gates import may_hold_fact, user_asked_to_forget, user_asked_to_forget_all
from ovos_memory_plugin_entity.language.locale_data import Language

# An exchange the endpoint keeps failing on (while it answers others) is given up.
MAX_ATTEMPTS = 8
# Known facts shown to the model with each exchange, so it can update them.
MAX_PROMPT_FACTS = 20


@dataclass(frozen=True)
class Extraction:
    ops: Ops
    actor: Actor  # "extractor" or "rules"
    listed_ids: Optional[Tuple[str, ...]]  # ids the model was shown; None: any live id
    forget_allowed: bool = False  # the user's words asked to forget something
    forget_all_allowed: bool = False  # ... everything


@dataclass(frozen=True)
class Retry:
    after_s: float


class Extractor:
    """Decides the operations for one exchange. Not thread-bound; the client is thread-safe."""

    def __init__(self, mode: str, prompt: str, client: ChatClient, language: Language):
        """``mode``: the ``extractor`` key ("llm", "rules" or "auto"); ``prompt``: ``extraction_prompt``."""
        self._mode, self._prompt, self._client, self._language = mode, prompt, client, language
        self._examples = example_facts(prompt)

    def extract(self, user: str, assistant: str, listed: Sequence[Tuple[str, str]], attempts: int,
                now: float, before: str = "", before_reply: str = "") -> Optional[object]:
        """An :class:`Extraction`, a :class:`Retry`, or None; ``before``: the user's words just before, and
        ``before_reply`` the assistant's answer to them."""
        mode = self._mode
        if mode == "rules":
            return self._by_rules(user, listed, before, before_reply)
        if not may_hold_fact(user, self._language):
            return None  # a command or a general question: the model server stays free for the chat
        if mode == "auto" and not self._client.backoff.ready():
            return self._by_rules(user, listed, before, before_reply)
        if mode == "llm" and not self._client.backoff.ready():
            return Retry(self._client.backoff.seconds_left())
        try:
            return self._by_model(user, assistant, listed, now)
        except EndpointError as exc:
            if not self._client.is_outage(exc):  # the client logs an outage once when it starts and once when it ends
                LOG.warning(f"entity memory: the model endpoint {self._client.api_url} gave no usable "
                            f"answer ({exc}); nothing was stored for this exchange. Check api_url and model.")
            if mode == "auto":
                return self._by_rules(user, listed, before, before_reply)
            if self._client.is_outage(exc) and attempts < MAX_ATTEMPTS:
                return Retry(max(self._client.backoff.seconds_left(), 0.0))
            return None

    def _by_rules(self, user: str, listed: Sequence[Tuple[str, str]], before: str, before_reply: str) -> Extraction:
        """The rules' facts; a correction ("it's not Lisa it's Laura") replaces one of those listed."""
        ops = rules.extract(user, self._language, listed, before, before_reply)
        return Extraction(ops, "rules", tuple(fid for fid, _ in listed) if ops.update else None)

    def prompt_facts(self, ranked: RankedSession, exchange: str, now: float) -> Sequence[Tuple[str, str]]:
        """Pinned facts, then those most relevant to the exchange."""
        chosen = select(ranked, exchange, 0, MAX_PROMPT_FACTS, now=now)
        return [(f.id, ranked.prompt_line(f)) for f in chosen]

    def _by_model(self, user: str, assistant: str, listed: Sequence[Tuple[str, str]], now: float
                  ) -> Optional[Extraction]:
        exchange = render_exchange(user, assistant)
        today = datetime.datetime.fromtimestamp(now).date().isoformat()
        prompt = build_prompt(self._prompt, exchange, listed, today)
        completion = self._client.complete(prompt)
        if completion.truncated:
            LOG.warning("entity memory: the extraction reply was cut off by the token limit, so "
                        "nothing was stored; raise max_extract_tokens")
            return None
        try:
            parsed = parse_reply(completion.text, examples=self._examples, exchange=exchange,
                                 stopwords=self._language.stopwords)
        except ReplyError as exc:
            LOG.warning(f"entity memory: {exc}; nothing was stored. A custom extraction_prompt "
                        f"must ask for the JSON contract described in docs/contract.md.")
            return None
        if parsed.dropped_examples:
            LOG.info(f"entity memory: the model echoed the prompt's examples {list(parsed.dropped_examples)}; "
                     f"they were not stored")
        ops = parsed.ops  # screened where every way in is: the editor (Policy.refuses)
        return Extraction(ops, "extractor", tuple(fid for fid, _ in listed),
                          forget_allowed=bool(ops.forget) and user_asked_to_forget(user, self._language),
                          forget_all_allowed=ops.forget_all and user_asked_to_forget_all(user, self._language))
