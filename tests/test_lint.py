"""`jaxtutor lint`: each kind of problem, found at its exact place, and the whole course
clean with every exercise proved by real checks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from jaxtutor.authoring.lint import lint, prove
from jaxtutor.cli import main
from jaxtutor.course.lessons import builtin_dir, builtin_lessons
from jaxtutor.runner.host.pool import TrustedChild

BROKEN = Path(__file__).parent / "broken_lessons"
GUIDE = Path(__file__).parents[1] / "docs" / "authoring.md"


def expected(path: Path) -> list[str]:
    """The `# expect: code line:column ; ...` header of a broken lesson."""
    said = path.read_text().splitlines()[0].removeprefix("# expect:").strip()
    return [] if said == "none" else [part.strip() for part in said.split(";")]


@pytest.fixture(scope="module")
def broken():
    # the examples run (in the jail), the exercises are not proved
    return lint([BROKEN], prove_exercises=False, run_examples=True)


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.toml")), ids=lambda p: p.stem)
def test_each_broken_lesson_is_reported_precisely(broken, path):
    found = [f"{p.code} {p.line}:{p.column}" for p in broken.problems if p.path == path]
    assert found == expected(path)
    for problem in broken.problems:
        assert problem.fix.strip()


def test_typos_get_a_did_you_mean(broken):
    said = {p.path.stem: p.fix for p in broken.problems}
    assert said["unknown_key"] == "Did you mean `hints`?"
    assert said["nested_unknown_key"] == "Did you mean `shape`?"
    assert said["unknown_oracle"] == "Did you mean 'generic'?"
    assert said["unknown_requires"] == "Did you mean 'grad_basics'?"
    assert said["unknown_skill"] == "Did you mean 'basics'?"


def test_json_and_exit_code(capsys):
    assert main(["lint", "--no-prove", "--json", str(BROKEN / "empty_hint.toml")]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    (problem,) = report["problems"]
    assert problem | {"file": None} == {
        "file": None,
        "line": 26,
        "column": 1,
        "code": "empty-hint",
        "message": "hint 2 is empty",
        "fix": "Write the hint, or remove the empty string.",
    }


def test_plain_text_names_file_line_column(capsys):
    assert main(["lint", "--no-prove", str(BROKEN / "wrong_type.toml")]) == 1
    out = capsys.readouterr().out
    assert re.search(
        r"wrong_type\.toml:4:1: `order` must be an integer, not a string\n"
        r"    fix: ",
        out,
    )


def test_a_mutant_the_cases_cannot_catch_fails_the_proof(tmp_path):
    text = (BROKEN / "order_b.toml").read_text().replace('id = "late"', 'id = "weak_mutant"')
    text += """
[[exercise.mutants]]
id = "adds_instead"
message = "You added x to itself."
hint = "That is also 2 * x, so no case can tell."
code = \'\'\'
def double(x):
    return x + x
\'\'\'
"""
    lesson = tmp_path / "weak.toml"
    lesson.write_text(text)
    result = lint([lesson])
    assert [(p.code, p.line) for p in result.problems] == [("mutant-passes", 31)]


def _with_mutant(tmp_path, needs: str) -> Path:
    text = (BROKEN / "order_b.toml").read_text().replace('id = "late"', 'id = "needy_mutant"')
    text += f"""
[[exercise.mutants]]
id = "triples"
message = "Your jnp.multiply takes 3 where 2 is meant."
hint = "Look at the constant you multiply by."
needs = '{needs}'
code = \'\'\'
import jax.numpy as jnp


def double(x):
    return jnp.multiply(3, x)
\'\'\'
"""
    lesson = tmp_path / "needy.toml"
    lesson.write_text(text)
    return lesson


def test_a_mutant_is_proved_to_hold_the_construct_it_needs(tmp_path):
    # its own code holds jnp.multiply: recognised as itself
    assert lint([_with_mutant(tmp_path, r"\bmultiply\b")]).problems == []
    # a construct its own code lacks: it can never be named, and the proof says so
    found = lint([_with_mutant(tmp_path, r"\bwhere\b")]).problems
    assert [p.code for p in found] == ["mutant-unrecognised"]
    # a pattern that is no regular expression is reported without a proof
    found = lint([_with_mutant(tmp_path, r"where(")], prove_exercises=False).problems
    assert found and "not a regular expression" in found[0].message


def test_a_corpus_proves_each_mistake_fires_only_on_the_answers_it_is_for(tmp_path):
    lesson = _with_mutant(tmp_path, r"\bmultiply\b")
    mine = tmp_path / "corpus" / "needy_mutant"
    mine.mkdir(parents=True)
    triples = "import jax.numpy as jnp\n\n\ndef double(x):\n    return jnp.multiply(3, x)\n"
    (mine / "wrong_triples.py").write_text("# cause: triples\n" + triples)
    # the same answer said by its header to be nothing the lesson names
    (mine / "wrong_mislabelled.py").write_text("# a learner's file\n# cause: none\n" + triples)
    (mine / "wrong_no_header.py").write_text(triples)
    (mine / "wrong_said.py").write_text("# cause: triples\n# never: multiply\n" + triples)
    elsewhere = tmp_path / "more" / "no_such_lesson"
    elsewhere.mkdir(parents=True)
    (elsewhere / "wrong.py").write_text("# cause: none\n" + triples)
    found = lint([lesson], corpus=[tmp_path / "more"]).problems
    got = {(p.path.name, p.line, p.code) for p in found}
    assert got == {
        ("wrong_mislabelled.py", 2, "corpus-feedback"),
        ("wrong_no_header.py", 1, "corpus-header"),
        ("wrong_said.py", 1, "corpus-feedback"),
        ("no_such_lesson", 1, "corpus-unknown-lesson"),
    }, [p.text() for p in found]
    mislabelled = next(p for p in found if p.path.name == "wrong_mislabelled.py")
    assert "named 'triples'" in mislabelled.message
    # the fix points at the mutant's own entry in the lesson file
    line = lesson.read_text().splitlines().index("[[exercise.mutants]]", 25) + 1
    assert f"needy.toml:{line}" in mislabelled.fix
    said = next(p for p in found if p.path.name == "wrong_said.py")
    assert "says 'multiply'" in said.message


def guide_example(tmp_path) -> Path:
    m = re.search(r"<!-- example-start -->\s*```toml\n(.*)\n```\s*$", GUIDE.read_text(), re.S)
    path = tmp_path / "guide_example.toml"
    path.write_text(m.group(1))
    return path


def test_the_guides_example_and_a_new_skeleton_lint_clean(tmp_path, capsys):
    assert main(["new-lesson", "my_lesson", "--dir", str(tmp_path / "pack")]) == 0
    result = lint([guide_example(tmp_path), tmp_path / "pack" / "my_lesson.toml"])
    assert result.problems == []
    assert sorted(result.proved) == ["my_lesson", "vectors_grad"]


def test_an_output_block_that_differs_shows_what_was_printed(broken, capsys):
    (problem,) = [p for p in broken.problems if p.path.stem == "wrong_output"]
    # the second example's block: the first one, which is right, is not reported
    assert problem.message.endswith("    expected:\n      | 10\n    printed:\n      | 6"), (
        problem.message
    )
    assert main(["lint", str(BROKEN / "wrong_output.toml")]) == 1
    assert "wrong_output.toml:25:1: the ```output block differs" in capsys.readouterr().out
    # a file read only, without running anything, lints clean
    assert main(["lint", "--no-prove", str(BROKEN / "wrong_output.toml")]) == 0


def test_an_example_that_does_not_finish_is_reported_at_its_block(tmp_path, monkeypatch):
    from jaxtutor.authoring import examples

    monkeypatch.setattr(examples, "TIMEOUT_S", 3.0)
    text = (BROKEN / "wrong_output.toml").read_text()
    text = text.replace("print(sum(range(4)))", "import time\ntime.sleep(60)")
    lesson = tmp_path / "slow.toml"
    lesson.write_text(text.replace('id = "wrong_output"', 'id = "slow"'))
    result = lint([lesson], prove_exercises=False, run_examples=True)
    # the first example was compared (and is right), the second ran out of time
    assert [(p.code, p.line) for p in result.problems] == [("example-error", 26)]
    assert "could not finish" in result.problems[0].message


def test_the_built_in_course_lints_clean():
    # reading only: each lesson's examples are linted in test_lessons.py, its exercise
    # proved below
    result = lint(prove_exercises=False)
    assert [p.text() for p in result.problems] == []
    assert len(result.files) >= 10


def test_one_lesson_of_the_course_lints_alone():
    # its prerequisites are the course's other lessons, not lessons missing
    result = lint([sorted(builtin_dir().glob("0[6-8]_*.toml"))[0]], prove_exercises=False)
    assert [p.text() for p in result.problems] == []


@pytest.mark.slow  # real checks of the starter, the solution and each mutant: seconds each
@pytest.mark.parametrize("lesson", builtin_lessons(), ids=lambda lesson: lesson.id)
def test_each_exercise_of_the_course_is_proved(lesson, server, monkeypatch):
    # one lesson per test, so that the workers share the course's proof
    made, make = [], TrustedChild.__init__

    def counted(self, *spawns):
        made.append(self)
        make(self, *spawns)

    monkeypatch.setattr(TrustedChild, "__init__", counted)
    assert [p.text() for p in prove(lesson, server=server)] == []
    # the lesson's own programs ran in one child for every check, as in the app
    assert len(made) == 1


def _lesson_with_part(tmp_path, name: str, order: int, part: str) -> Path:
    text = (BROKEN / "order_b.toml").read_text()
    text = re.sub(r'^id = ".*"$', f'id = "{name}"', text, count=1, flags=re.M)
    text = re.sub(
        r"^order = \d+$",
        lambda _: f"order = {order}\npart = {json.dumps(part)}",
        text,
        count=1,
        flags=re.M,
    )
    path = tmp_path / f"{order:02}_{name}.toml"
    path.write_text(text)
    return path


def test_a_part_split_by_another_is_reported(tmp_path):
    _lesson_with_part(tmp_path, "one", 1, "Basics")
    _lesson_with_part(tmp_path, "two", 2, "Loops")
    late = _lesson_with_part(tmp_path, "three", 3, "Basics")
    result = lint([tmp_path], prove_exercises=False)
    assert [(p.path, p.code) for p in result.problems] == [(late, "part-split")]
    assert "01_one.toml" not in result.problems[0].message  # names the lesson in between
    assert "02_two.toml" in result.problems[0].message


def test_a_part_must_be_a_short_name_on_one_line(tmp_path):
    path = _lesson_with_part(tmp_path, "bad_part", 1, "Basics\nand more")
    result = lint([path], prove_exercises=False)
    assert [(p.code, p.line) for p in result.problems] == [("invalid", 5)]
    assert "`part` must be a short name on one line" in result.problems[0].message
