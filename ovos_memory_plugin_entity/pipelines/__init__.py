"""Pipelines: learning (pair, queue, extract, apply), confirmation, the owner's actions,
the older plugin's import and the kept turns, orchestrating :mod:`domain` and
:mod:`language` over :mod:`io`."""
