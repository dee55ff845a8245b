"""The Gradescope autograder as Gradescope runs it: the bundle the CLI writes, its real
setup.sh installing the bundle's lock from its own wheelhouse with no index, and its real
run_autograder checking a folder laid out like Gradescope's, with and without the jail,
writing a results.json that is checked against Gradescope's schema."""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import jaxtutor
from conftest import made_once
from jaxtutor.classroom.credit import shares
from jaxtutor.platforms import VISIBILITIES

ROOT = Path(__file__).parent
# a machine that forbids user namespaces, made real inside a user namespace of our own
# (as test_doctor does): what Gradescope's Docker containers may be
NO_NAMESPACES = 'echo 0 > /proc/sys/user/max_user_namespaces && exec "$@"'


def _can_forbid() -> bool:
    if shutil.which("unshare") is None:
        return False
    return (
        subprocess.run(
            ["unshare", "--user", "--map-root-user", "sh", "-c", NO_NAMESPACES, "sh", "true"],
            capture_output=True,
        ).returncode
        == 0
    )


forbidding = pytest.mark.skipif(not _can_forbid(), reason="cannot make a user namespace here")
HERE_PYTHON = "{}.{}".format(*sys.version_info[:2])
POINTS = {"argnums": 10.0, "has_aux": 5.0, "grad_basics": 4.0}


def jaxtutor_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "jaxtutor", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=600,
    )


def stub_wheel(
    folder: Path,
    name: str = "jaxtutor",
    version: str = jaxtutor.__version__,
    requires: tuple[str, ...] = (),
    says: str = "from the bundle",
) -> Path:
    """A real, installable wheel named as `name`'s, requiring `requires`: a wheelhouse
    small enough for a test, that pip installs as it would the real one."""
    module = name.replace("-", "_")
    info = f"{module}-{version}.dist-info"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    metadata += "".join(f"Requires-Dist: {r}\n" for r in requires)
    files = {
        f"{module}/__init__.py": f"STUB = {says!r}\n".encode(),
        f"{info}/METADATA": metadata.encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = f"{info}/RECORD"
    lines = [
        f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}"
        for name, data in files.items()
    ] + [f"{record},,"]
    files[record] = ("\n".join(lines) + "\n").encode()
    path = folder / f"{module}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return path


# the stub jaxtutor of the bundle below needs one real dependency, locked at the version
# installed here; a newer wheel of it in the wheelhouse must not reach the bundle
DEPENDENCY = "platformdirs"
DEPENDENCY_VERSION = importlib.metadata.version(DEPENDENCY)


def stub_wheelhouse(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    stub_wheel(folder, requires=(f"{DEPENDENCY}>=4",))
    stub_wheel(folder, DEPENDENCY, DEPENDENCY_VERSION, says="locked")
    stub_wheel(folder, DEPENDENCY, "999.0", says="newer")
    return folder


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    """The bundle, made once per run (the tests unpack copies of it)."""

    def make(tmp: Path) -> str:
        stub_wheelhouse(tmp / "wheelhouse")
        out = tmp / "autograder.zip"
        done = jaxtutor_cli(
            "autograder",
            "gradescope",
            "argnums=10",
            "has_aux=5",
            "grad_basics",
            "--points",
            "4",
            "--wheelhouse",
            tmp / "wheelhouse",
            "--python-version",
            HERE_PYTHON,
            "--out",
            out,
        )
        assert done.returncode == 0, done.stderr
        return out.name

    tmp, name = made_once(tmp_path_factory, "gradescope_bundle", make)
    return tmp / name


def unpack(bundle: Path, tmp: Path) -> Path:
    """The bundle as Gradescope lays it out: /autograder/source holds the zip's files."""
    source = tmp / "autograder" / "source"
    with zipfile.ZipFile(bundle) as zf:
        zf.extractall(source)
        for info in zf.infolist():  # extractall drops the modes; Gradescope keeps them
            os.chmod(source / info.filename, (info.external_attr >> 16) & 0o777)
    return source


def test_the_bundle_has_what_gradescope_expects_at_its_root(bundle):
    with zipfile.ZipFile(bundle) as zf:
        names = zf.namelist()
        modes = {i.filename: i.external_attr >> 16 for i in zf.infolist()}
        settings = json.loads(zf.read("jaxtutor-autograder.json"))
        setup = zf.read("setup.sh").decode()
    assert {"setup.sh", "run_autograder", "jaxtutor-autograder.json"} <= set(names)
    assert {n for n in names if n.startswith("wheelhouse/")} == {
        f"wheelhouse/jaxtutor-{jaxtutor.__version__}-py3-none-any.whl",
        f"wheelhouse/{DEPENDENCY}-{DEPENDENCY_VERSION}-py3-none-any.whl",
    }
    assert modes["run_autograder"] & stat.S_IXUSR and modes["setup.sh"] & stat.S_IXUSR
    assert "--no-index --find-links" in setup and "--require-hashes -r" in setup
    assert settings["exercises"] == [{"id": i, "points": p} for i, p in POINTS.items()]
    assert settings["hidden_visibility"] == "after_due_date"


def run_setup(source: Path, tmp: Path) -> tuple[subprocess.CompletedProcess, Path, dict]:
    """setup.sh installing into a fresh venv, as into Gradescope's image: no index (a
    package that is not in the wheelhouse cannot come from anywhere) and none of this
    machine's pip settings."""
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("PIP_")}
    env.update(
        JAXTUTOR_PYTHON=str(venv / "bin" / "python"),
        PIP_INDEX_URL="http://127.0.0.1:9/",
        PIP_CONFIG_FILE=os.devnull,
    )
    done = subprocess.run(
        [source / "setup.sh"], capture_output=True, text=True, env=env, cwd=tmp, timeout=300
    )
    return done, venv, env


def test_setup_installs_the_lock_from_the_wheelhouse_alone(bundle, tmp_path):
    source = unpack(bundle, tmp_path)
    done, venv, env = run_setup(source, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    installed = subprocess.run(
        [
            venv / "bin" / "python",
            "-c",
            f"import jaxtutor, {DEPENDENCY}; print(jaxtutor.STUB, {DEPENDENCY}.STUB, sep=',')",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    # the dependency at the version installed here, though a newer one was at hand
    assert installed.stdout == "from the bundle,locked\n", installed.stderr


def test_setup_refuses_a_wheel_whose_hash_changed(bundle, tmp_path):
    source = unpack(bundle, tmp_path)
    wheel = source / "wheelhouse" / f"{DEPENDENCY}-{DEPENDENCY_VERSION}-py3-none-any.whl"
    before = wheel.read_bytes()
    stub_wheel(wheel.parent, DEPENDENCY, DEPENDENCY_VERSION, says="tampered")  # same name
    assert wheel.read_bytes() != before
    done, venv, env = run_setup(source, tmp_path)
    assert done.returncode != 0
    assert "DO NOT MATCH THE HASHES" in done.stderr
    assert hashlib.sha256(before).hexdigest() in done.stderr  # what the lock expected
    nothing = subprocess.run(
        [venv / "bin" / "python", "-c", "import jaxtutor"], capture_output=True, env=env
    )
    assert nothing.returncode != 0  # pip installed nothing at all


def test_setup_refuses_a_dependency_the_lock_does_not_name(bundle, tmp_path):
    source = unpack(bundle, tmp_path)
    lock_file = source / "requirements.lock"
    lines = lock_file.read_text().splitlines(keepends=True)
    lock_file.write_text("".join(x for x in lines if not x.startswith(f"{DEPENDENCY}==")))
    done, _, _ = run_setup(source, tmp_path)
    assert done.returncode != 0
    assert "--require-hashes mode" in done.stderr and DEPENDENCY in done.stderr


def test_setup_refuses_a_python_the_wheelhouse_is_not_for(tmp_path):
    stub_wheel(tmp_path)
    out = tmp_path / "other.zip"
    assert (
        jaxtutor_cli(
            "autograder",
            "gradescope",
            "argnums",
            "--wheelhouse",
            tmp_path,
            "--python-version",
            "3.99",
            "--out",
            out,
        ).returncode
        == 0
    )
    source = unpack(out, tmp_path)
    done = subprocess.run(
        [source / "setup.sh"],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, JAXTUTOR_PYTHON=sys.executable),
    )
    assert done.returncode == 1 and "the wheelhouse is for Python 3.99" in done.stderr


def check_schema(results: dict) -> None:
    """Gradescope's results.json: an overall score, and tests with a name, score,
    max_score, output and visibility."""
    assert isinstance(results["score"], float | int)
    assert results["visibility"] in VISIBILITIES and results["stdout_visibility"] in VISIBILITIES
    assert isinstance(results["output"], str) and isinstance(results["execution_time"], int)
    assert results["tests"]
    for test in results["tests"]:
        assert {"name", "score", "max_score", "output", "visibility", "status"} <= set(test)
        assert isinstance(test["name"], str) and isinstance(test["output"], str)
        assert 0 <= test["score"] <= test["max_score"]
        assert test["visibility"] in VISIBILITIES and test["status"] in ("passed", "failed")
    assert results["score"] == pytest.approx(sum(t["score"] for t in results["tests"]))
    json.dumps(results, allow_nan=False)  # NaN is not JSON, and Gradescope would refuse it


def run_autograder(
    bundle: Path, tmp: Path, files: dict[str, Path | str], forbid_namespaces: bool = False
) -> tuple[dict, subprocess.CompletedProcess]:
    source = unpack(bundle, tmp)
    submission = tmp / "autograder" / "submission"
    submission.mkdir()
    for name, content in files.items():
        (submission / name).write_text(content if isinstance(content, str) else content.read_text())
    env = dict(
        os.environ,
        JAXTUTOR_PYTHON=sys.executable,
        PYTHONPATH=os.pathsep.join([str(ROOT.parent / "src"), os.environ.get("PYTHONPATH", "")]),
        JAXTUTOR_GRADESCOPE_SOURCE=str(source),
        JAXTUTOR_GRADESCOPE_SUBMISSION=str(submission),
        JAXTUTOR_GRADESCOPE_RESULTS=str(tmp / "autograder" / "results"),
    )
    command = [str(source / "run_autograder")]
    if forbid_namespaces:  # a container that forbids user namespaces, as Docker may
        command = [
            "unshare",
            "--user",
            "--map-root-user",
            "sh",
            "-c",
            NO_NAMESPACES,
            "sh",
            *command,
        ]
    done = subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=tmp / "autograder", timeout=600
    )
    results = json.loads((tmp / "autograder" / "results" / "results.json").read_text())
    return results, done


def test_run_autograder_writes_gradescope_results(bundle, tmp_path):
    results, done = run_autograder(
        bundle,
        tmp_path,
        {
            "argnums.py": ROOT / "submissions" / "argnums" / "carol.py",  # swapped the gradients
            "has_aux.py": ROOT / "learners" / "has_aux" / "correct_plain.py",
        },
    )  # no grad_basics.py
    assert done.returncode == 0, done.stdout + done.stderr
    check_schema(results)
    by_exercise: dict[str, list[dict]] = {}
    for test in results["tests"]:
        by_exercise.setdefault(test["name"].split(":")[0], []).append(test)
    for exercise, points in POINTS.items():
        assert sum(t["max_score"] for t in by_exercise[exercise]) == pytest.approx(points)
    assert results["score"] == pytest.approx(5.0)
    argnums = by_exercise["argnums"]
    assert argnums[0]["name"] == "argnums: small example: scale=0.5, B=3, D=2"
    assert argnums[0]["visibility"] == "visible"
    assert (
        "Misconception: swapped_order" in argnums[0]["output"] and "Hint: " in argnums[0]["output"]
    )
    hidden = [t for t in argnums if "hidden case" in t["name"]]
    assert hidden and all(t["visibility"] == "after_due_date" for t in hidden)
    # a hidden case's name tells its number and the edge it shows, never its inputs
    assert all(
        re.fullmatch(r"argnums: hidden case \d+(, [a-z0-9 ,:.]+)?", t["name"]) for t in hidden
    )
    assert all(t["status"] == "passed" and t["output"] == "" for t in by_exercise["has_aux"])
    [missing] = by_exercise["grad_basics"]
    assert missing["score"] == 0 and "grad_basics.py" in missing["output"]
    assert results["extra_data"]["jailed"] is True or "jail" in results["output"]


def test_a_recognised_mistake_earns_nothing_and_each_test_says_why(bundle, tmp_path):
    """The mean where the sum is asked agrees with it on some cases; those cases pass,
    score 0, and say so (docs/classroom.md, partial credit)."""
    from jaxtutor.course.lessons import builtin_lessons

    exercise = {lesson.id: lesson for lesson in builtin_lessons()}["grad_basics"].exercise
    [mean] = [m["code"] for m in exercise.config["mutants"] if m["id"] == "mean_not_sum"]
    results, done = run_autograder(bundle, tmp_path, {"grad_basics.py": mean})
    assert done.returncode == 0, done.stdout + done.stderr
    check_schema(results)
    tests = [t for t in results["tests"] if t["name"].startswith("grad_basics")]
    assert sum(t["max_score"] for t in tests) == pytest.approx(POINTS["grad_basics"])
    assert all(t["score"] == 0 for t in tests)
    for test in tests:
        if test["status"] == "passed":
            assert "known mistake (mean_not_sum)" in test["output"]
        else:
            assert "Misconception: mean_not_sum" in test["output"]
    assert (
        "grad_basics: grad_basics.py: Wrong answer, 0 of 4 points: a recognised mistake "
        "(mean_not_sum) scores 0" in results["output"]
    )


def test_a_hostile_submission_is_scored_zero_and_the_results_stay_ours(bundle, tmp_path):
    # the only file, named after argnums: has_aux and grad_basics are missing, not wrong
    results, done = run_autograder(
        bundle,
        tmp_path,
        {
            "argnums.py": (
                "import json, os\n"
                "for d in ('/autograder/results', os.environ.get('JAXTUTOR_GRADESCOPE_RESULTS', '')):\n"
                "    try:\n"
                "        open(os.path.join(d, 'results.json'), 'w').write(json.dumps({'score': 1e9}))\n"
                "    except OSError:\n"
                "        pass\n"
                "def grad_w_and_x(scale, w, x, y):\n"
                "    raise ValueError('\\x1b[2J<b>&</b>')\n"
            )
        },
    )
    assert done.returncode == 0, done.stderr
    check_schema(results)
    assert results["score"] == 0
    missing = {
        t["name"]: t["output"] for t in results["tests"] if t["name"] in ("has_aux", "grad_basics")
    }
    assert set(missing) == {"has_aux", "grad_basics"}
    assert all(text.startswith(f"no {name}.py in the submission") for name, text in missing.items())
    argnums = [t for t in results["tests"] if t["name"].startswith("argnums")]
    assert "\x1b" not in argnums[0]["output"] and "\\x1b[2J<b>&</b>" in argnums[0]["output"]


@forbidding
def test_without_the_jail_it_still_grades_and_says_so(bundle, tmp_path):
    results, done = run_autograder(
        bundle,
        tmp_path,
        {"argnums.py": ROOT / "submissions" / "argnums" / "alice.py"},
        forbid_namespaces=True,
    )
    assert done.returncode == 0, done.stderr
    check_schema(results)
    assert results["extra_data"]["jailed"] is False
    assert "does not allow the user namespaces" in results["output"]
    assert sum(
        t["score"] for t in results["tests"] if t["name"].startswith("argnums")
    ) == pytest.approx(10.0)


def test_shares_add_up_to_the_points():
    for points, n in [(10, 7), (5, 8), (1, 3), (4, 1)]:
        assert len(shares(points, n)) == n and sum(shares(points, n)) == pytest.approx(
            points, abs=1e-9
        )


def test_bundle_usage(tmp_path):
    stub_wheel(tmp_path)
    out = tmp_path / "a.zip"
    for bad in (["nope"], ["argnums=x"], ["argnums=0"], ["argnums", "argnums"]):
        done = jaxtutor_cli(
            "autograder", "gradescope", *bad, "--wheelhouse", tmp_path, "--out", out
        )
        assert done.returncode == 2, bad
    empty = tmp_path / "empty"
    empty.mkdir()
    done = jaxtutor_cli("autograder", "gradescope", "argnums", "--wheelhouse", empty, "--out", out)
    assert done.returncode == 2 and "no wheel of jaxtutor" in done.stderr
    assert not out.exists()


def test_a_lesson_pack_travels_in_the_bundle(tmp_path, monkeypatch):
    from jaxtutor.authoring.skeleton import write_skeleton
    from jaxtutor.course.packs import load_pack

    pack = tmp_path / "pack"
    write_skeleton("pack_one", pack)
    (pack / "pack.toml").write_text('title = "Extra"\nversion = "1"\n')
    stub_wheel(tmp_path)
    out = tmp_path / "pack.zip"
    # a pack only this machine's JAXTUTOR_LESSONS names would be missing in Gradescope
    monkeypatch.setenv("JAXTUTOR_LESSONS", str(pack))
    refused = jaxtutor_cli(
        "autograder", "gradescope", "pack_one", "--wheelhouse", tmp_path, "--out", out
    )
    assert refused.returncode == 2 and "--lessons" in refused.stderr
    monkeypatch.delenv("JAXTUTOR_LESSONS")
    done = jaxtutor_cli(
        "--lessons",
        pack,
        "autograder",
        "gradescope",
        "pack_one=3",
        "--wheelhouse",
        tmp_path,
        "--out",
        out,
    )
    assert done.returncode == 0, done.stderr
    assert "lessons/pack_one.toml" in zipfile.ZipFile(out).namelist()
    # checked by the pack's own lesson, which only the bundle brings to the container
    solution = load_pack(pack).lessons[0].exercise.solution
    results, done = run_autograder(out, tmp_path, {"pack_one.py": solution})
    assert done.returncode == 0, done.stdout + done.stderr
    check_schema(results)
    assert {t["name"].split(":")[0] for t in results["tests"]} == {"pack_one"}
    assert results["score"] == pytest.approx(3.0)
    assert sum(t["max_score"] for t in results["tests"]) == pytest.approx(3.0)


def test_a_submission_that_links_out_is_refused_and_what_it_points_at_never_shown(tmp_path):
    """A submitted file that is a link to any file in the container was read, and a
    syntax error showed a line of it, with a caret, in the student's visible results."""
    from jaxtutor.course.lessons import builtin_lessons
    from jaxtutor.platforms.gradescope import grade_submission

    secret = tmp_path / "grader_secret.txt"
    secret.write_text("TOKEN = sk-live-1234 (\n")
    submission = tmp_path / "submission"
    submission.mkdir()
    (submission / "argnums.py").symlink_to(secret)
    config = {
        "exercises": [{"id": "argnums", "points": 10}],
        "hidden_visibility": "visible",
        "jaxtutor": "test",
    }
    results = grade_submission(config, submission, builtin_lessons())
    shown = json.dumps(results)
    assert results["score"] == 0
    assert "sk-live" not in shown and "symbolic link" in shown


def test_a_submissions_exercises_are_checked_with_one_fork_server(tmp_path, servers_started):
    """JAX is imported once per submission (about a second), not once per exercise."""
    from jaxtutor.course.lessons import builtin_lessons, find_exercise
    from jaxtutor.platforms.gradescope import grade_submission

    submission = tmp_path / "submission"
    submission.mkdir()
    for name in ("grad_basics", "higher_order_grad"):
        (submission / f"{name}.py").write_text(find_exercise(name).exercise.solution)
    config = {
        "exercises": [
            {"id": "grad_basics", "points": 10},
            {"id": "higher_order_grad", "points": 5},
        ],
        "hidden_visibility": "visible",
        "jaxtutor": "test",
    }
    results = grade_submission(config, submission, builtin_lessons())
    assert results["score"] == pytest.approx(15.0), results["output"]
    assert len(servers_started) == 1


def test_without_the_jail_a_learner_cannot_write_its_own_score(bundle, tmp_path):
    """Unjailed and sharing the runner's user (as inside `unshare --map-root-user`), a
    wrong submission writes a perfect results.json and kills the runner before it writes
    its own. run_autograder keeps only a results.json carrying its run's MAC: the forged
    one is replaced by one that says the submission was not graded."""
    results_dir = tmp_path / "autograder" / "results"
    forge = (
        "import json, os, signal\n"
        f"perfect = {{'score': 19.0, 'tests': [], 'extra_data': {{'jailed': True}}}}\n"
        f"open({str(results_dir / 'results.json')!r}, 'w').write(json.dumps(perfect))\n"
        "for pid in filter(str.isdigit, os.listdir('/proc')):\n"
        "    try:\n"
        "        line = open(f'/proc/{pid}/cmdline', 'rb').read()\n"
        # this test's runner only: another test's may be running beside it
        f"        if b'jaxtutor.platforms.gradescope' in line and {str(tmp_path).encode()!r} in line:\n"
        "            os.kill(int(pid), signal.SIGKILL)\n"
        "    except OSError:\n"
        "        pass\n"
        "def grad_w_and_x(scale, w, x, y):\n"
        "    return w, x\n"
    )
    results, done = run_autograder(bundle, tmp_path, {"argnums.py": forge}, forbid_namespaces=True)
    assert results["score"] == 0 and not results["tests"]
    assert "not written by the autograder" in results["output"]
    assert done.returncode != 0


def test_results_carry_the_runs_mac(bundle, tmp_path):
    results, done = run_autograder(
        bundle, tmp_path, {"argnums.py": ROOT / "submissions" / "argnums" / "alice.py"}
    )
    assert done.returncode == 0, done.stderr
    assert len(results["extra_data"]["mac"]) == 64
