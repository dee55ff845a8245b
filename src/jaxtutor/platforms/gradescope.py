"""What runs inside Gradescope: check a submission's files, write results/results.json.

Gradescope starts a fresh container per submission and runs the bundle's `run_autograder`
(see autograder.py), which runs `python -m jaxtutor.platforms.gradescope CONFIG`. Each exercise of
the bundle is checked with the same checker as `jaxtutor check`; each of its cases is one
Gradescope test, scored by the partial-credit rule (classroom/credit.py), and its hidden
cases are shown with the visibility the teacher chose (after the due date, by default). The
folders are Gradescope's unless the environment moves them (the test suite does):
JAXTUTOR_GRADESCOPE_SUBMISSION, JAXTUTOR_GRADESCOPE_RESULTS.

Gradescope's containers may forbid the user namespaces of jaxtutor's jail. Then the
learner's code runs with its limits, no_new_privs and seccomp only, as `grade --unsafe`
would, inside the container Gradescope gives each submission; the results say so.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import re
import sys
import time
from pathlib import Path

from jaxtutor.classroom.credit import credit, recognised_mistake
from jaxtutor.render import outfile
from jaxtutor.render.plain import explanation
from jaxtutor.verdict import Verdict

CONFIG_NAME = "jaxtutor-autograder.json"
CONFIG_KIND = "jaxtutor-gradescope"
_HIDDEN = re.compile(r"^(hidden case \d+)")
NO_JAIL = (
    "This container does not allow the user namespaces of jaxtutor's jail, so your "
    "code ran with its time and memory limits, no_new_privs and seccomp only, inside "
    "the container Gradescope gives each submission (as `jaxtutor grade --unsafe`)."
)


def folder(name: str) -> Path:
    """A Gradescope folder (submission, results), or where the environment moved it."""
    return Path(os.environ.get(f"JAXTUTOR_GRADESCOPE_{name.upper()}", f"/autograder/{name}"))


def exercise_tests(exercise_id: str, points: float, verdict: Verdict, hidden: str) -> list[dict]:
    """One Gradescope test per case of a checked exercise; one test for the exercise when
    the run ended before its cases (syntax error, crash, timeout)."""
    if not verdict.tests:
        return [
            {
                "name": exercise_id,
                "score": points if verdict.passed else 0.0,
                "max_score": points,
                "status": "passed" if verdict.passed else "failed",
                "output": explanation(verdict) if not verdict.passed else verdict.message,
                "visibility": "visible",
            }
        ]
    tests = []
    for each in credit(verdict, points):
        test, passed = each.test, each.passed
        # a hidden case keeps one name whatever happened (its inputs are in the output)
        is_hidden = (match := _HIDDEN.match(test.name)) is not None
        name = match.group(1) if match is not None else test.name
        output = each.why_zero if passed else explanation(verdict, test)
        if is_hidden and not passed and name != test.name:
            output = f"The case: {test.name}\n\n{output}"
        tests.append(
            {
                "name": f"{exercise_id}: {name}",
                "score": each.score,
                "max_score": each.max_score,
                "status": "passed" if passed else "failed",
                "output": output,
                "visibility": hidden if is_hidden else "visible",
            }
        )
    return tests


def missing_test(exercise_id: str, points: float, problem: str) -> dict:
    return {
        "name": exercise_id,
        "score": 0.0,
        "max_score": points,
        "status": "failed",
        "output": problem,
        "visibility": "visible",
    }


def grade_submission(config: dict, submission: Path, lessons) -> dict:
    """The results.json of one submission, in Gradescope's schema."""
    from jaxtutor.runner.host.launch import isolated
    from jaxtutor.runner.host.runners import OneOff

    started = time.monotonic()
    # one fork server for every exercise's check: JAX imported once (about a second),
    # not once per exercise
    with contextlib.closing(OneOff.with_fork_server()) as runners:
        tests, notes, seeds = _graded(config, submission, lessons, runners)
    jailed = isolated()  # probed once, by the checks' children already
    if not jailed:
        notes.append(NO_JAIL)
    return {
        "score": round(sum(t["score"] for t in tests), 4),
        "execution_time": round(time.monotonic() - started),
        "output": "\n".join(notes),
        "output_format": "text",
        "test_output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
        "extra_data": {"jaxtutor": config.get("jaxtutor"), "seeds": seeds, "jailed": jailed},
    }


def _graded(config: dict, submission: Path, lessons, runners) -> tuple[list, list, dict]:
    """Each exercise's tests, the notes on them, and the seeds they were checked with."""
    from jaxtutor import handed_in
    from jaxtutor.check import check_source
    from jaxtutor.classroom.submissions import pick_in_folder

    by_id = {lesson.id: lesson for lesson in lessons}
    tests, notes, seeds = [], [], {}
    for item in config["exercises"]:
        exercise = by_id[item["id"]].exercise
        points = float(item["points"])
        path, problem = pick_in_folder(submission, exercise)
        others = {i["id"] for i in config["exercises"]} - {exercise.id}
        if path is not None and path.stem in others:  # another exercise's file, not this one's
            path, problem = None, f"no {exercise.id}.py in the submission"
        source = None
        if path is not None and not problem:
            try:
                source = handed_in.read(path, within=submission)
            except handed_in.Refused as refused:
                problem = str(refused)
        if problem:
            notes.append(f"{exercise.id}: {problem}")
            tests.append(
                missing_test(
                    exercise.id,
                    points,
                    f"{problem}. Submit a file named {exercise.id}.py that "
                    f"defines `{exercise.function}`.",
                )
            )
            continue
        assert path is not None and source is not None  # no problem: a file, picked and read
        verdict = check_source(
            exercise, source, filename=path.name, runners=runners, submission=str(submission)
        )
        seeds[exercise.id] = verdict.seed
        these = exercise_tests(exercise.id, points, verdict, config["hidden_visibility"])
        tests += these
        earned = round(sum(t["score"] for t in these), 4)
        note = f"{verdict.outcome.title}, {earned:g} of {points:g} points"
        if mistake := recognised_mistake(verdict):
            note += f": a recognised mistake ({mistake}) scores 0"
        notes.append(f"{exercise.id}: {path.relative_to(submission)}: {note}")
    return tests, notes, seeds


def read_config(path: Path) -> dict:
    config = json.loads(Path(path).read_text(encoding="utf-8"))
    if config.get("kind") != CONFIG_KIND or config.get("version") != 1:
        raise ValueError(f"{path} is not a jaxtutor Gradescope configuration")
    return config


# run_autograder makes a key for each run; results.json carries a MAC with it, and
# run_autograder verifies it last: a results.json the learner's process wrote (it may share
# the runner's user where the kernel forbids the jail) or one the runner never finished
# (its process killed) is replaced, never handed to Gradescope
RESULTS_KEY = "JAXTUTOR_RESULTS_KEY"
UNVERIFIED = (
    "These results were not written by the autograder (or not finished by it), so they "
    "were discarded: your submission was not graded. Tell your teacher."
)


def _mac(results: dict, key: str) -> str:
    """The MAC of everything but itself (in extra_data: Gradescope keeps that field as
    it is)."""
    extra = results.get("extra_data")
    extra = {k: v for k, v in extra.items() if k != "mac"} if isinstance(extra, dict) else extra
    body = {**results, "extra_data": extra}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(key.encode(), text.encode("ascii"), hashlib.sha256).hexdigest()


def verify(path: Path, key: str) -> bool:
    """Whether `path` is a results.json this run's autograder wrote, unchanged."""
    try:
        results = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    if not isinstance(results, dict) or not isinstance(results.get("extra_data"), dict):
        return False
    return hmac.compare_digest(str(results["extra_data"].get("mac", "")), _mac(results, key))


def _write(path: Path, results: dict) -> None:
    """results.json, in one rename; whatever was planted at its name (a link, say) is
    removed first, never written through."""
    with contextlib.suppress(OSError):
        path.unlink()
    outfile.write_text(path, json.dumps(results, indent=2) + "\n")


def _verify_command(results_path: Path) -> int:
    """`--verify`: keep results.json only if this run's autograder wrote it; else
    replace it (never through a link) with a result that says why there is no grade."""
    key = os.environ.get(RESULTS_KEY, "")
    if key and verify(results_path, key):
        return 0
    _write(results_path, {"score": 0.0, "output": UNVERIFIED, "visibility": "visible", "tests": []})
    print(UNVERIFIED, file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    """`python -m jaxtutor.platforms.gradescope CONFIG`: grade the submission folder, write
    results.json (even when jaxtutor itself fails: then it says so, with no score).
    `--verify`: see _verify_command."""
    from jaxtutor.course.active import active_course

    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--verify"]:
        return _verify_command(folder("results") / "results.json")
    key = os.environ.pop(RESULTS_KEY, "")  # no process of ours needs it after this
    config_path = Path(argv[0]) if argv else Path("/autograder/source") / CONFIG_NAME
    results_dir = folder("results")
    results_dir.mkdir(parents=True, exist_ok=True)
    try:
        config = read_config(config_path)
        pack = config.get("lessons")
        course = active_course(str(config_path.parent / pack) if pack else None)
        results = grade_submission(config, folder("submission"), course.lessons)
    except Exception as exc:  # a bug of ours, or a broken bundle: never the student's fault
        results = {
            "score": 0.0,
            "output": f"The autograder failed (not your fault; tell your teacher): {exc!r}",
            "visibility": "visible",
            "tests": [],
        }
        code = 1
    else:
        code = 0
    if key:
        results.setdefault("extra_data", {})
        results["extra_data"]["mac"] = _mac(results, key)
    _write(results_dir / "results.json", results)
    print(results["output"])  # Gradescope keeps stdout for the teacher
    return code


if __name__ == "__main__":
    raise SystemExit(main())
