"""What a check concludes: the verdict, its tests and diagnosis, and their JSON form."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from enum import Enum

OUTPUT_IN_JSON = 500  # learner prints per test in --json, as Exercism's runners do
# a verdict's texts stay this short however much the learner's code says (an exception's
# message, a huge returned value described in a test's message, a flood of prints)
TEXT_LIMIT = 4000
OUTPUT_LIMIT = 8000
CUT_MARK = "... cut: the rest is not shown"
KEPT_LIMIT = 32_000  # characters of a verdict's JSON kept with the learner's draft


def cut(text: str, limit: int = TEXT_LIMIT) -> str:
    """`text`, or its first `limit` characters and a line saying the rest was cut. (No
    count: the learner's prints may have been cut before, by the runner.)"""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}\n{CUT_MARK}"


def listed(words: list) -> str:
    """Words as a sentence lists them: "a", "a and b", "a, b and c"."""
    said = [str(w) for w in words]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


class Outcome(Enum):
    """Each way a run can end. `status` groups them as Exercism does."""

    PASSED = ("pass", "Passed")
    WRONG_ANSWER = ("fail", "Wrong answer")
    EXCEPTION = ("error", "Your code raised an exception")
    SYNTAX_ERROR = ("error", "Syntax error")
    MISSING_FUNCTION = ("error", "Function not found")
    TIMEOUT = ("error", "Time limit exceeded")
    MEMORY_LIMIT = ("error", "Memory limit exceeded")
    CRASHED = ("error", "Your program's process crashed")
    # what the tutor cannot check, or its runner failed at, in the learner's own process
    # (a program over its size limit, a host callback): neither the learner's crash nor
    # the tutor's internal error, which only the trusted side's own failures are
    CANNOT_CHECK = ("error", "The tutor could not check this")
    INTERNAL_ERROR = ("error", "Internal error in jaxtutor (not your fault)")

    @property
    def status(self) -> str:
        return self.value[0]

    @property
    def title(self) -> str:
        return self.value[1]


@dataclass
class TestResult:
    __test__ = False  # a result, not a test class for pytest to collect
    name: str
    status: str  # pass | fail | error
    message: str = ""
    output: str = ""

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "status": self.status,
            "message": self.message,
            "output": self.output[:OUTPUT_IN_JSON],
        }

    @classmethod
    def from_json(cls, data: dict) -> TestResult:
        return cls(data["name"], data["status"], data.get("message", ""), data.get("output", ""))


@dataclass
class Table:
    """A step-by-step comparison, e.g. step, gradient, expected w, your w."""

    columns: list[str]
    rows: list[list[str]]
    highlight: int | None = None  # the row where the learner's numbers left the reference

    def to_json(self) -> dict:
        return {"columns": self.columns, "rows": self.rows, "highlight": self.highlight}

    @classmethod
    def from_json(cls, data: dict) -> Table:
        return cls(
            list(data["columns"]), [list(row) for row in data["rows"]], data.get("highlight")
        )


@dataclass
class Diagnosis:
    id: str
    message: str
    step: int | None = None  # first step that diverged, where the exercise has steps
    table: Table | None = None
    hint: str = ""  # the hint aimed at this misconception

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "message": self.message,
            "step": self.step,
            "table": self.table.to_json() if self.table else None,
        }

    @classmethod
    def from_json(cls, data: dict) -> Diagnosis:
        table = data.get("table")
        return cls(
            data["id"],
            data.get("message", ""),
            data.get("step"),
            Table.from_json(table) if table else None,
        )


@dataclass
class Verdict:
    exercise: str
    outcome: Outcome
    message: str
    tests: list[TestResult] = field(default_factory=list)
    diagnosis: Diagnosis | None = None
    hint: str = ""
    output: str = ""
    line: int | None = None  # the learner's line an error points at
    duration_s: float = 0.0
    seed: int | None = None  # drew the hidden cases; `check --seed` repeats them

    @property
    def status(self) -> str:
        return self.outcome.status

    @property
    def passed(self) -> bool:
        return self.outcome is Outcome.PASSED

    def bound(self) -> Verdict:
        """Cut every text the learner's code can make long to its limit (in place)."""
        self.message = cut(self.message)
        self.output = cut(self.output, OUTPUT_LIMIT)
        for test in self.tests:
            test.message = cut(test.message)
            test.output = cut(test.output, OUTPUT_LIMIT)
        if self.diagnosis is not None:
            self.diagnosis.message = cut(self.diagnosis.message)
        return self

    def to_json(self) -> dict:
        return {
            "version": 1,
            "exercise": self.exercise,
            "status": self.status,
            "outcome": self.outcome.name.lower(),
            "message": self.message,
            "tests": [t.to_json() for t in self.tests],
            "diagnosis": self.diagnosis.to_json() if self.diagnosis else None,
            "hint": self.hint,
            "line": self.line,
            "output": self.output[:OUTPUT_IN_JSON],
            "duration_s": round(self.duration_s, 3),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict) -> Verdict:
        """The verdict `to_json` described (its outputs as short as there, the diagnosis
        without its hint). Raises KeyError, TypeError or ValueError for anything else."""
        diagnosis = data.get("diagnosis")
        line = data.get("line")
        seed = data.get("seed")
        return cls(
            data["exercise"],
            Outcome[data["outcome"].upper()],
            data.get("message", ""),
            tests=[TestResult.from_json(test) for test in data.get("tests", ())],
            diagnosis=Diagnosis.from_json(diagnosis) if diagnosis else None,
            hint=data.get("hint", ""),
            output=data.get("output", ""),
            line=None if line is None else int(line),
            duration_s=float(data.get("duration_s", 0.0)),
            seed=None if seed is None else int(seed),
        )


def kept_json(verdict: dict, limit: int = KEPT_LIMIT) -> str:
    """`verdict` (`Verdict.to_json()`) as JSON of at most `limit` characters, to keep with
    the draft. What the learner reads first is kept longest: the outcome, the message and
    the hint, then the tests' names and the step table; the printed output and the tests'
    messages are cut first."""
    text = json.dumps(verdict)
    if len(text) <= limit:
        return text
    data = copy.deepcopy(verdict)
    for shrink in _SHRINKS:
        shrink(data)
        text = json.dumps(data)
        if len(text) <= limit:
            return text
    return json.dumps({key: data[key] for key in ("version", "exercise", "status", "outcome")})


def _drop_outputs(data: dict) -> None:
    data["output"] = cut(data.get("output", ""), 200)
    for test in data.get("tests", ()):
        test["output"] = ""


def _cut_messages(data: dict) -> None:
    data["message"] = cut(data.get("message", ""), 1000)
    data["hint"] = cut(data.get("hint", ""), 1000)
    for test in data.get("tests", ()):
        test["message"] = cut(test.get("message", ""), 200)
    if data.get("diagnosis"):
        data["diagnosis"]["message"] = cut(data["diagnosis"].get("message", ""), 1000)


def _fewer_rows(data: dict) -> None:
    """The first failed tests, each name cut (a failed hidden case's name holds its
    inputs: 48 rows of 16 made one of 4,000 characters), and the table's first steps,
    up to the one highlighted."""
    failing = [test for test in data.get("tests", ()) if test.get("status") != "pass"]
    data["tests"] = [dict(test, name=cut(test.get("name", ""), 300)) for test in failing[:20]]
    table = (data.get("diagnosis") or {}).get("table")
    if table:
        keep = max(20, (table.get("highlight") or 0) + 3)
        table["rows"] = [[cut(str(cell), 40) for cell in row] for row in table["rows"][:keep]]


def _bare(data: dict) -> None:
    data["tests"] = []
    data["output"] = ""
    if data.get("diagnosis"):
        data["diagnosis"]["table"] = None
    data["message"] = cut(data.get("message", ""), 500)
    data["hint"] = cut(data.get("hint", ""), 500)


_SHRINKS = (_drop_outputs, _cut_messages, _fewer_rows, _bare)
