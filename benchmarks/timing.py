"""Timing helpers shared by the benchmark scripts."""
from __future__ import annotations

import statistics
import time
from typing import Callable, List


def median_ms(samples: List[float]) -> str:
    return f"{statistics.median(samples) * 1000:8.3f} ms"


def timed(fn: Callable[[], object], repeat: int) -> List[float]:
    """Seconds taken by each of ``repeat`` calls of ``fn``."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out
