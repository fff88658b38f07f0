"""When to try the endpoint again: exponential, capped, jittered; an injected clock, no sleeping."""
from __future__ import annotations

import random
from typing import Callable, Optional

FIRST_DELAY_S = 2.0
MAX_DELAY_S = 300.0  # a model server restarting for minutes is still retried every 5 min
JITTER = 0.25  # +-25% so many devices do not retry in lockstep


class Backoff:
    """Counts consecutive failures and says whether an attempt is due."""

    def __init__(self, clock: Callable[[], float], rng: Optional[random.Random] = None,
                 first_delay: float = FIRST_DELAY_S, max_delay: float = MAX_DELAY_S):
        self._clock = clock
        self._rng = rng or random.Random()
        self._first, self._max = first_delay, max_delay
        self.failures = 0
        self.retry_at = 0.0

    def ready(self) -> bool:
        return self._clock() >= self.retry_at

    def seconds_left(self) -> float:
        return max(0.0, self.retry_at - self._clock())

    def failed(self) -> bool:
        """Record a failure; True when this one took the endpoint from up to down."""
        self.failures += 1
        delay = min(self._max, self._first * 2 ** (self.failures - 1))
        delay *= 1 + self._rng.uniform(-JITTER, JITTER)
        self.retry_at = self._clock() + delay
        return self.failures == 1

    def succeeded(self) -> bool:
        """Record a success; True when the endpoint was down until now."""
        was_down = self.failures > 0
        self.failures, self.retry_at = 0, 0.0
        return was_down
