"""A lesson's runnable examples, run as lint runs them: each ```python block followed at
once by an ```output block must print exactly that block.

A lesson's examples run one after another in one jailed child (the same process a check
runs the learner's file in), each loaded as a file of its own in a fresh namespace, so
an example sees nothing another defined, and no lesson's `jax.config` reaches another's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jaxtutor.authoring.problems import Locator, Problem
from jaxtutor.course.lessons import Lesson

EXAMPLE = re.compile(r"```python\n(.*?)\n```\s*\n(```output\n)(.*?)\n```", re.S)
# an example may compile a few functions: more than a check's 10 s, on a busy machine
TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Example:
    code: str
    claimed: str  # the output block, without its fences
    line: int  # the file line of the output block's opening fence


def examples(lesson: Lesson, text: str | None = None) -> list[Example]:
    """The lesson's runnable examples; `text` is its file's text, for the lines."""
    text = lesson.path.read_text(encoding="utf-8") if text is None else text
    start = Locator(text).string_start(("explanation",))
    explanation = lesson.explanation
    return [
        Example(m.group(1), m.group(3), start + explanation.count("\n", 0, m.start(2)))
        for m in EXAMPLE.finditer(explanation)
    ]


def printed(codes: list[str], server=None) -> tuple[list[str], Exception | None]:
    """What each program prints, run in turn in one jailed child (forked from `server`
    when given): an uncaught exception is printed as `raised Type: message`. When the
    child times out, runs out of memory or crashes, the outputs before it and how it
    ended (the runner's RunEnded, or the OSError of a child that could not start)."""
    from jaxtutor.runner.host.errors import RunEnded
    from jaxtutor.runner.host.limits import Limits
    from jaxtutor.runner.host.runners import OneOff

    results: list[str] = []
    try:
        child = OneOff(server).learner(Limits(timeout_s=TIMEOUT_S))
    except OSError as exc:
        return results, exc
    try:
        before = ""
        for i, code in enumerate(codes, start=1):
            # no function is looked for: an example only runs and prints
            reply = child.load(code, f"example_{i}.py", "")
            text = child.output_so_far()
            out, before = text[len(before) :], text
            if reply.get("kind") in ("exception", "syntax"):
                out += f"raised {reply['type']}: {reply['message']}"
            results.append(out)
    except RunEnded as ended:
        return results, ended
    finally:
        child.kill()
    return results, None


def check_examples(lesson: Lesson, server=None) -> list[Problem]:
    """A problem at each output block that differs from what its code prints, and at
    the first example that could not finish."""
    found = examples(lesson)
    if not found:
        return []
    problems = []
    outputs, ended = printed([e.code for e in found], server)
    if ended is not None:
        problems.append(
            Problem(
                lesson.path,
                found[len(outputs)].line,
                1,
                "example-error",
                f"the example above this block could not finish: {ended}",
                f"Make each example finish within {TIMEOUT_S:g} s, in the memory a check has.",
            )
        )
    for example, out in zip(found, outputs):
        out = out.rstrip("\n")
        if out != example.claimed:
            problems.append(
                Problem(
                    lesson.path,
                    example.line,
                    1,
                    "example-output",
                    "the ```output block differs from what the example above it prints:\n"
                    + _indented("expected", example.claimed)
                    + "\n"
                    + _indented("printed", out),
                    "Write what the code prints in the ```output block, or fix the code.",
                )
            )
    return sorted(problems, key=lambda p: p.line)


def _indented(what: str, text: str) -> str:
    lines = text.splitlines() or [""]
    return f"    {what}:\n" + "\n".join(f"      | {line}" for line in lines)
