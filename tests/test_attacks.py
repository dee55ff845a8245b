"""Wrong answers written as an attacker would, without reading the checker: each differs
from the task only at an edge, a size, or below the tolerance, in tests/attacks/EXERCISE/.
The header says which (`# attack: edge|size|tolerance`) and how it is wrong (`# wrong:
...`). A verdict is a claim about every input the task allows, so each must fail on
every seed, not on a lucky draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_check
from jaxtutor.course.lessons import builtin_lessons

ATTACKS = Path(__file__).parent / "attacks"
FILES = sorted(ATTACKS.glob("*/*.py"))
SEEDS = range(5)


def header(path: Path) -> dict[str, str]:
    said = {}
    for line in path.read_text().splitlines()[:2]:
        key, _, value = line.lstrip("# ").partition(": ")
        said[key] = value
    return said


def test_the_attacks_cover_every_exercise_and_say_what_they_attack():
    assert len(FILES) >= 30
    assert {p.parent.name for p in FILES} == {lesson.exercise.id for lesson in builtin_lessons()}
    for path in FILES:
        said = header(path)
        assert said.get("attack") in {"edge", "size", "tolerance"}, path
        assert len(said.get("wrong", "")) > 20, path


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_answer_wrong_only_at_an_edge_fails_on_every_seed(path):
    passed = [s for s in SEEDS if run_check(path.parent.name, path, seed=s).status == "pass"]
    assert passed == [], f"{header(path)['wrong']} passes on seeds {passed}"
