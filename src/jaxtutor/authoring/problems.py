"""What lint reports: a problem at a file, line and column with its fix, the run's
result, and where a key is in a lesson file."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Problem:
    path: Path
    line: int
    column: int
    code: str  # a stable name for editors and CI, e.g. unknown-key
    message: str
    fix: str

    def text(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}\n    fix: {self.fix}"

    def to_json(self) -> dict:
        return {
            "file": str(self.path),
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "message": self.message,
            "fix": self.fix,
        }


@dataclass
class Result:
    files: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    proved: list[str] = field(default_factory=list)  # lesson ids whose exercise was proved

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {
            "version": 1,
            "ok": self.ok,
            "files": [str(f) for f in self.files],
            "proved": self.proved,
            "problems": [p.to_json() for p in self.problems],
        }

    def text(self) -> str:
        lines = [p.text() for p in sorted(self.problems, key=lambda p: (str(p.path), p.line))]
        if self.ok:
            lines.append(
                f"{len(self.files)} file(s) clean"
                + (f"; proved {len(self.proved)} exercise(s)" if self.proved else "")
            )
        else:
            lines.append(
                f"{len(self.problems)} problem(s) in {len({p.path for p in self.problems})} file(s)"
            )
        return "\n".join(lines)


class Locator:
    """Line and column of a key path such as ("exercise", "mutants", 1, "code").
    Skips the insides of multi-line strings, where code often looks like `key = ...`."""

    _HEADER = re.compile(r"^(\s*)(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?")
    _KEY = re.compile(r"^(\s*)\"?([A-Za-z0-9_\-]+)\"?\s*=")

    def __init__(self, text: str):
        self.text = text
        self.headers: dict[tuple, tuple[int, int]] = {}  # (table, index) -> position
        self.keys: dict[tuple, tuple[int, int]] = {}  # (table, index, key) -> position
        counts: dict[str, int] = {}
        table, index, inside = "", None, None
        for number, line in enumerate(text.splitlines(), start=1):
            if inside:
                if line.count(inside) % 2 == 1:
                    inside = None
                continue
            if m := self._HEADER.match(line):
                table = m.group(3)
                if m.group(2) == "[[":
                    index = counts.get(table, 0)
                    counts[table] = index + 1
                else:
                    index = None
                self.headers.setdefault((table, index), (number, len(m.group(1)) + 1))
                continue
            if m := self._KEY.match(line):
                self.keys.setdefault((table, index, m.group(2)), (number, len(m.group(1)) + 1))
            for quote in ("'''", '"""'):
                if line.count(quote) % 2 == 1:
                    inside = quote
                    break

    def find(self, path: tuple) -> tuple[int, int]:
        for cut in range(len(path), 0, -1):
            if (found := self._lookup(path[:cut])) is not None:
                return found
        return 1, 1

    def _lookup(self, path: tuple):
        names = [p for p in path if isinstance(p, str)]

        def last_index(parts):
            return next((p for p in reversed(parts) if isinstance(p, int)), None)

        if isinstance(path[-1], int):
            return self.headers.get((".".join(names), path[-1]))
        parent, key = path[:-1], path[-1]
        table = ".".join(p for p in parent if isinstance(p, str))
        return self.keys.get((table, last_index(parent), key)) or self.headers.get(
            (".".join(names), None)
        )

    def string_start(self, path: tuple) -> int:
        """The file line of the first line of a string value."""
        line, _ = self.find(path)
        source = self.text.splitlines()[line - 1] if line - 1 < len(self.text.splitlines()) else ""
        for quote in ("'''", '"""'):
            if quote in source:
                rest = source.split(quote, 1)[1]
                return line + 1 if not rest.strip() else line
        return line
