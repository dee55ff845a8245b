"""What the app works out on every start, kept as JSON in the platform's cache folder
(never the learner's data folder: export, grade and new-lesson rely on it creating
nothing there), by the SHA-256 of what it was worked out from. A cache that cannot be
read or written is no error: the value is worked out again."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path


class KeptAsJson:
    """One cache file of JSON values; the oldest go first past `limit` entries."""

    def __init__(self, name: str, limit: int = 256) -> None:
        self.name, self.limit = name, limit
        self._entries: dict[str, str] | None = None
        self._changed = False

    def path(self) -> Path:
        from platformdirs import user_cache_dir

        return Path(user_cache_dir("jaxtutor")) / self.name

    def _load(self) -> dict[str, str]:
        if self._entries is None:
            try:
                entries = json.loads(self.path().read_text(encoding="utf-8"))
                ok = isinstance(entries, dict) and all(isinstance(v, str) for v in entries.values())
            except (OSError, ValueError):
                ok = False
            self._entries = entries if ok else {}
        return self._entries

    @staticmethod
    def _key(source: str) -> str:
        return hashlib.sha256(source.encode("utf-8")).hexdigest()

    def get(self, source: str):
        """The value kept for `source`, as a fresh copy, or None."""
        found = self._load().get(self._key(source))
        try:
            return json.loads(found) if found is not None else None
        except ValueError:
            return None

    def put(self, source: str, value) -> None:
        try:
            self._load()[self._key(source)] = json.dumps(value)
        except (TypeError, ValueError):  # no JSON form (a TOML date): worked out each time
            return
        self._changed = True

    def save(self) -> None:
        if not self._changed:
            return
        entries = self._load()
        while len(entries) > self.limit:
            del entries[next(iter(entries))]
        path = self.path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_name(f"{path.name}.{os.getpid()}")
            part.write_text(json.dumps(entries), encoding="utf-8")
            os.replace(part, path)  # whole or not at all, with other processes about
            self._changed = False
        except OSError:
            pass
