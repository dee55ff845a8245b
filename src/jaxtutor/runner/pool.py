"""Warm children: a Child started ahead of time, JAX already imported, waiting for a job.

A child that has run learner code is never reused. Taking the warm child starts the
next one in the background at once, so a learner pressing "check" again finds one
ready. When none is ready, `take` simply starts a fresh child.
"""

from __future__ import annotations

import threading

from jaxtutor.runner.sandbox import Child, Limits


class WarmPool:
    def __init__(self, size: int = 1):
        self._size = size
        self._lock = threading.Lock()
        self._idle: list[Child] = []
        self._closed = False
        self._refill()

    def _refill(self) -> None:
        with self._lock:
            while not self._closed and len(self._idle) < self._size:
                self._idle.append(Child())  # starts importing JAX now, in its own process

    def take(self, limits: Limits = Limits()) -> Child:
        """A child for one check, with the check's limits; refills in the background."""
        with self._lock:
            child = next((c for c in self._idle if c.is_ready()), None)
            if child is None and self._idle:
                child = self._idle[0]  # still importing JAX: it is ahead of a fresh one
            if child is not None:
                self._idle.remove(child)
        if child is None or not child.alive():
            child = Child(limits)
        child.limits = limits
        threading.Thread(target=self._refill, daemon=True).start()
        return child

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for child in idle:
            child.kill()

    def __enter__(self) -> WarmPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
