"""How long a check takes, and where the time goes.

    python benchmarks/check_latency.py            # about 6 minutes on 2 cores
    python benchmarks/check_latency.py --quick    # fewer repetitions, about 2 minutes

For each core exercise, for a correct and a wrong submission, side by side:
  cold  `jaxtutor check EXERCISE FILE` in a fresh process (what a one-off check costs)
  warm  a check on a pool-held child, forked with JAX imported, that sat idle (TUI, watch, grade)
Every lesson's starter and solution, cold and warm, next to the scan exercise's correct
solution cold (--only-every-lesson; add --lessons ID... for some of them). The wrong
answers of tests/corpus warm: the time to the verdict and to its cause (--only-causes,
--lessons too). The time until
lesson 1's first paragraph is on screen at 80x24 and 120x36 next to a bare Textual app
showing text (--only-lesson-text), and the first check in the app pressed 1 s and 5 s
after start (--only-first-check).
Then the time to the TUI's first frame next to a bare Textual app's, grading N
submissions with `--jobs 2` against N cold checks one after another, and a breakdown of
a check into process start, imports, trace, lowering, compile and run.

Figures only: nothing here passes or fails. Run it on a quiet machine; `uptime` is
printed before and after so a noisy run shows itself.
"""

from __future__ import annotations

import argparse
import fcntl
import itertools
import json
import os
import pty
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ("argnums", "has_aux", "scan_training_step")
# a submission with a known misconception, so the wrong check runs its full diagnosis
WRONG = {
    "argnums": "swapped_order",
    "has_aux": "gradient_ascent",
    "scan_training_step": "sign_flipped",
}
# a warm child waits 0.5 s for a job, then pays jit's one-time setup (~0.1 s); a learner
# editing between two checks takes longer than this
IDLE_S = 1.0
# a learner checks a file they have just changed: its programs are new to the pool's judge,
# which keeps what it compiled by the program's bytes (source lines included), where the
# same text again would find every shape but the drawn one compiled. Measured, the two
# differ inside the noise (the judge compiles beside the learner's exports): medians of 7,
# same text then edited, scan_training_step 242 and 229 ms, grad_basics 274 and 307,
# checkpointing 518 and 479, custom_derivatives 563 and 546
_EDITS = itertools.count(1)


def stats(samples: list[float]) -> tuple[float, float]:
    """Median and 90th percentile (nearest rank)."""
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[
        min(len(ordered) - 1, round(0.9 * len(ordered) + 0.5) - 1)
    ]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.0f} ms"


def machine_cpu_s() -> float:
    """The CPU time every core has spent busy since boot (/proc/stat). Its change over a
    check is the work of every process the check runs, and of anything else running then
    (a waiting child's warm-up, right after a lesson's): on N cores no check ends before
    that work divided by N."""
    # user, nice, system, idle, iowait, irq, softirq, steal (the hypervisor's), guest...
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields[:3] + fields[5:7]) / os.sysconf("SC_CLK_TCK")


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def versions() -> str:
    """What the figures were measured with: a fresh install once got an ml_dtypes whose
    import took 0.9 s longer than the working tree's (docs/performance.md)."""
    from importlib.metadata import version

    return ", ".join(f"{name} {version(name)}" for name in ("jax", "jaxlib", "ml_dtypes", "numpy"))


# -- cold and warm checks ----------------------------------------------------------------


def cold_check(exercise_id: str, path: Path) -> tuple[float, str]:
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "jaxtutor", "check", exercise_id, str(path), "--json"],
        capture_output=True,
        text=True,
        env=installed_env(),
    )
    took = time.perf_counter() - start
    try:
        return took, json.loads(run.stdout)["status"]
    except (ValueError, KeyError):
        return took, f"unreadable (exit {run.returncode})"


def warm_check(pool, exercise, source: str) -> tuple[float, str]:
    """A warm check of `source` edited as a learner's would be since the last one (a line
    added at its top, which moves every later line), so that its programs are new."""
    from jaxtutor.check import check_source

    source = f"# edit {next(_EDITS)}\n{source}"
    pool.wait_ready(timeout=120)
    time.sleep(IDLE_S)
    start = time.perf_counter()
    verdict = check_source(exercise, source, runners=pool)
    return time.perf_counter() - start, verdict.status


def submissions(exercise) -> dict[str, str]:
    subs = {"correct": exercise.solution}
    folder = ROOT / "tests" / "learners" / exercise.id
    name = WRONG.get(exercise.id, "")
    found = [
        folder / f"mistake_{name}.py",
        folder / f"{name}.py",
        *sorted(folder.glob("mistake_*.py")),
    ]
    wrong = next((path for path in found if path.is_file()), None)
    if wrong is not None:
        subs["wrong"] = wrong.read_text()
    return subs


def bench_checks(reps: int, tmp: Path) -> list[dict]:
    from jaxtutor.check import warm as warm_up
    from jaxtutor.course.lessons import builtin_dir, find_exercise, load_dir
    from jaxtutor.runner.host.pool import WarmPool

    lessons = load_dir(builtin_dir())[0]  # a broken lesson file elsewhere must not stop us
    rows = []
    with WarmPool(1) as pool:
        for exercise_id in CORE:
            lesson = find_exercise(exercise_id, lessons)
            warm_up(lesson.exercise, pool)
            for kind, source in submissions(lesson.exercise).items():
                path = tmp / f"{exercise_id}_{kind}.py"
                path.write_text(source)
                cold, warm, statuses = [], [], set()
                for _ in range(reps):  # alternate, so a busy moment hits both alike
                    took, status = warm_check(pool, lesson.exercise, source)
                    warm.append(took)
                    statuses.add(f"warm:{status}")
                    pool.wait_ready(timeout=120)  # the replacement must not slow the cold run
                    time.sleep(IDLE_S)
                    took, status = cold_check(exercise_id, path)
                    cold.append(took)
                    statuses.add(f"cold:{status}")
                row = {
                    "exercise": exercise_id,
                    "submission": kind,
                    "cold": stats(cold),
                    "warm": stats(warm),
                    "statuses": sorted(statuses),
                }
                rows.append(row)
                print_row(row)
    return rows


def bench_causes(reps: int, only: list[str] | None = None) -> None:
    """Each wrong answer of tests/corpus (of `only`'s lessons), checked warm as the app
    checks it: the time until its verdict is shown (the tests judged) and until its cause
    is (the mutants, the probes, the solution's variants and the parts out of play: the
    budget is 1 s more than the verdict's)."""
    from jaxtutor.check import check_source
    from jaxtutor.check import warm as warm_up
    from jaxtutor.course.lessons import builtin_dir, load_dir
    from jaxtutor.runner.host.pool import WarmPool

    lessons = {lesson.id: lesson for lesson in load_dir(builtin_dir())[0]}
    folders = sorted(p for p in (ROOT / "tests" / "corpus").iterdir() if p.is_dir())
    extra = []
    with WarmPool(1) as pool:
        for folder in folders:
            lesson = lessons.get(folder.name)
            if lesson is None or (only and lesson.id not in only):
                continue
            warm_up(lesson.exercise, pool)
            for path in sorted(folder.glob("*.py")):
                firsts, totals, named = [], [], ""
                for _ in range(reps):
                    pool.wait_ready(timeout=120)
                    time.sleep(IDLE_S)
                    shown: list[float] = []
                    start = time.perf_counter()
                    verdict = check_source(
                        lesson.exercise,
                        path.read_text(),
                        runners=pool,
                        judged=lambda _, shown=shown: shown.append(time.perf_counter()),
                    )
                    end = time.perf_counter()
                    firsts.append((shown[0] if shown else end) - start)
                    totals.append(end - start)
                    named = verdict.diagnosis.id if verdict.diagnosis else "-"
                first, total = statistics.median(firsts), statistics.median(totals)
                extra.append(total - first)
                print(
                    f"  {folder.name}/{path.stem:38} verdict {ms(first)}  cause +{ms(total - first)}"
                    f"  ({named})",
                    flush=True,
                )
    if extra:
        ordered = sorted(extra)
        print(
            f"cause after the verdict: median +{ms(statistics.median(ordered))}, "
            f"p90 +{ms(stats(ordered)[1])}, worst +{ms(ordered[-1])} ({len(ordered)} files)"
        )


def bench_every_lesson(reps: int, tmp: Path, only: list[str] | None = None) -> list[dict]:
    """Every lesson's untouched starter and its solution: cold `jaxtutor check`, and a
    check on a warm pool (as the app and watch run it: the lesson's own programs have
    run once, as they do while the learner reads), next to the scan exercise's correct
    solution cold in the same run (the target: within 1.25x of it). `only`: these lessons'
    ids, not every lesson."""
    from jaxtutor.check import warm as warm_up
    from jaxtutor.course.lessons import builtin_dir, load_dir
    from jaxtutor.runner.host.pool import WarmPool

    lessons = load_dir(builtin_dir())[0]
    measured = [lesson for lesson in lessons if not only or lesson.id in only]
    rows = []
    scan = next(lesson for lesson in lessons if lesson.id == "scan_training_step")
    scan_path = tmp / "scan_correct.py"
    scan_path.write_text(scan.exercise.solution)
    with WarmPool(1) as pool:
        for lesson in measured:
            warm_up(lesson.exercise, pool)  # what the app does while the learner reads
            for kind, source in (
                ("starter", lesson.exercise.starter),
                ("solution", lesson.exercise.solution),
            ):
                path = tmp / f"{lesson.id}_{kind}.py"
                path.write_text(source)
                cold, warm, warm_cpu, scan_cold, statuses = [], [], [], [], set()
                for _ in range(reps):
                    busy = machine_cpu_s()
                    took, status = warm_check(pool, lesson.exercise, source)
                    warm_cpu.append(machine_cpu_s() - busy)
                    warm.append(took)
                    statuses.add(f"warm:{status}")
                    pool.wait_ready(timeout=120)
                    time.sleep(IDLE_S)
                    took, status = cold_check(lesson.id, path)
                    cold.append(took)
                    statuses.add(f"cold:{status}")
                    scan_cold.append(cold_check("scan_training_step", scan_path)[0])
                row = {
                    "exercise": lesson.id,
                    "submission": kind,
                    "cold": stats(cold),
                    "warm": stats(warm),
                    "warm_cpu": statistics.median(warm_cpu),
                    "scan": stats(scan_cold),
                    "statuses": sorted(statuses),
                }
                rows.append(row)
                (cm, _), (wm, _), (sm, _) = row["cold"], row["warm"], row["scan"]
                print(
                    f"  {lesson.id:26} {kind:8} cold {ms(cm)}  x{cm / sm:4.2f} of scan's "
                    f"{ms(sm)}   warm {ms(wm)} (CPU {ms(row['warm_cpu'])})   "
                    f"{' '.join(row['statuses'])}",
                    flush=True,
                )
    # the targets are a passing answer's: a starter that fails on purpose (async_dispatch's
    # slow loop, which the lesson asks to mend) is printed above, not counted here
    passing = [r for r in rows if r["statuses"] == ["cold:pass", "warm:pass"]]
    if not passing:
        print("  no passing answer measured: no target to compare")
        return rows
    worst = max(r["cold"][0] / r["scan"][0] for r in passing)
    slowest = max(passing, key=lambda r: r["warm"][0])
    slowest_warm, cores = slowest["warm"][0], os.cpu_count() or 1
    print(
        f"  passing answers ({len(passing)}): worst cold/scan {worst:.2f} (target <= 1.25); "
        f"slowest warm median {ms(slowest_warm)} (target < 300 ms), its machine CPU "
        f"{ms(slowest['warm_cpu'])}: on {cores} cores no faster than "
        f"{ms(slowest['warm_cpu'] / cores)}"
    )
    own = next(
        (r for r in rows if r["exercise"] == scan.id and r["submission"] == "solution"), None
    )
    if own:
        # the target is in milliseconds, which move with the machine's speed from day to
        # day; against a warm check of the scan exercise's solution in the same run, they
        # do not
        print(
            f"  slowest warm x{slowest_warm / own['warm'][0]:.2f} of the scan solution's warm "
            f"check ({ms(own['warm'][0])}; 100 ms on the quiet day of docs/performance.md)"
        )
        # the same check measured twice: how far a ratio moves with the machine alone
        print(f"  the scan solution's cold check x{own['cold'][0] / own['scan'][0]:.2f} of itself")
    return rows


def print_row(row: dict) -> None:
    (cm, cp), (wm, wp) = row["cold"], row["warm"]
    print(
        f"  {row['exercise']:20} {row['submission']:8} cold {ms(cm)} p90 {ms(cp)}   "
        f"warm {ms(wm)} p90 {ms(wp)}   warm/cold {wm / cm:5.2f}   {' '.join(row['statuses'])}"
    )


# -- where the time goes ------------------------------------------------------------------

_BREAKDOWN = textwrap.dedent(r"""
    import json, sys, time
    from collections import defaultdict
    start = time.perf_counter()
    import jax, jax.numpy
    took = {"import jax": time.perf_counter() - start}
    from jax import monitoring
    from jaxtutor import oracles
    from jaxtutor.course.lessons import builtin_dir, find_exercise, load_dir
    from jaxtutor.runner.inside import learner_calls, learner_file, warm_up  # noqa: F401 (its XLA flags)
    from jaxtutor.runner import wire
    events = defaultdict(float)
    monitoring.register_event_duration_secs_listener(
        lambda event, secs, **kw: events.__setitem__(event, events[event] + secs))
    exercise = find_exercise(sys.argv[1], load_dir(builtin_dir())[0]).exercise
    cases = sys.modules[type(oracles.get(exercise.oracle)).__module__].make_cases(0)
    start = time.perf_counter()
    learner_file.load({"filename": "solution.py", "source": exercise.solution, "function": exercise.function})
    took["load"] = time.perf_counter() - start
    calls = {"calls": wire.encode_value([case.args for case in cases])}
    start = time.perf_counter()
    learner_calls.call(calls)
    took["all calls, first time"] = time.perf_counter() - start
    # summed over the threads: a compile overlaps the next shape's trace
    took["of which trace"] = events["/jax/core/compile/jaxpr_trace_duration"]
    took["lower"] = events["/jax/core/compile/jaxpr_to_mlir_module_duration"]
    took["compile"] = events["/jax/core/compile/backend_compile_duration"]
    start = time.perf_counter()
    learner_calls.call(calls)
    took["all calls again (compiled)"] = time.perf_counter() - start
    took["cases"] = len(cases)
    print(json.dumps(took))
""")


def breakdown(exercise_id: str, reps: int) -> dict:
    runs = []
    for _ in range(reps):
        out = subprocess.run(
            [sys.executable, "-c", _BREAKDOWN, exercise_id],
            capture_output=True,
            text=True,
            env=dict(os.environ, JAX_PLATFORMS="cpu"),
        )
        if out.returncode != 0:
            return {"error": out.stderr.strip().splitlines()[-1:]}
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return {key: statistics.median(r[key] for r in runs) for key in runs[0]}


def process_costs(reps: int) -> dict:
    def timed(args):
        samples = []
        for _ in range(reps):
            start = time.perf_counter()
            subprocess.run(args, capture_output=True, env=installed_env())
            samples.append(time.perf_counter() - start)
        return statistics.median(samples)

    return {
        "python start": timed([sys.executable, "-c", "pass"]),
        "python + jaxtutor CLI imports": timed(
            [sys.executable, "-c", "import jaxtutor.cli, jaxtutor.check"]
        ),
    }


# -- the TUI's first frame ----------------------------------------------------------------

_BARE_APP = textwrap.dedent("""
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Bare(App):
        def compose(self):
            yield Header()
            yield Static("hello")
            yield Footer()

    Bare().run()
""")


_ESCAPES = re.compile(
    rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]"  # CSI: colours, cursor moves
    rb"|\x1b\][^\x07\x1b]*(\x07|\x1b\\)"  # OSC: titles, links
    rb"|\x1b[()][0-9A-Za-z]|\x1b[=>78]"
)
ROWS, COLUMNS = 30, 100


def painted_cells(output: bytes) -> int:
    """Characters drawn on screen: the output without escape sequences and line ends."""
    text = _ESCAPES.sub(b"", output).decode("utf-8", "replace")
    return len(text) - text.count("\n") - text.count("\r")


def on_pty(
    argv: list[str],
    env: dict,
    size: tuple[int, int],
    done,
    limit_s: float = 30.0,
    press: tuple[float, bytes] | None = None,
    poll_s: float = 0.2,
) -> float | None:
    """Run `argv` on a pseudo-terminal of `size` (columns, rows) until `done(output)`
    holds for what it has drawn: the seconds that took, from its start or, given
    `press` = (after_s, key), from typing `key` that long after the start; None if it
    never held within `limit_s`."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the app
        os.execvpe(argv[0], argv, env)
    columns, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    start = time.perf_counter()
    since, output = (None if press else start), b""
    try:
        while time.perf_counter() - start < limit_s:
            if since is None and time.perf_counter() - start >= press[0]:
                os.write(fd, press[1])
                since, output = time.perf_counter(), b""  # only what the key brought
            if not select.select([fd], [], [], poll_s)[0]:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return None
            if not chunk:
                return None
            output += chunk
            if since is not None and done(output):
                return time.perf_counter() - since
        return None
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def first_frame(argv: list[str], env: dict, limit_s: float = 30.0) -> float | None:
    """Seconds from start until 90% of a 100x30 pseudo-terminal has been painted: the
    first full frame, whatever the app draws (a blinking cursor never counts)."""
    return on_pty(
        argv,
        env,
        (COLUMNS, ROWS),
        lambda output: painted_cells(output) >= 0.9 * ROWS * COLUMNS,
        limit_s,
    )


# a bare Textual app showing 12 lines of text, the last with the needle
_BARE_TEXT_APP = textwrap.dedent("""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("\\n".join(["Some text to read, line by line."] * 11 + ["You should already know: Python functions."]))

    Bare().run()
""")
# the lesson a newcomer meets first (lesson 1), by words of its first paragraph
NEEDLE = b"already know"


def text_on_screen(
    argv: list[str], env: dict, size: tuple[int, int], needle: bytes = NEEDLE, limit_s: float = 30.0
) -> float | None:
    """Seconds from start until `needle` has been drawn on a pseudo-terminal of `size`
    (columns, rows): the moment the lesson's first paragraph is there to read."""
    return on_pty(
        argv, env, size, lambda output: needle in _ESCAPES.sub(b"", output[-200000:]), limit_s
    )


_VERDICT_SHOWN = re.compile(rb"\(\d+\.\d s\)")  # a verdict's title ends with its duration


def first_check_in_app(after_s: float, env: dict, limit_s: float = 60.0) -> float | None:
    """Seconds from pressing ^r, `after_s` after the app started (a newcomer on lesson 1's
    starter, at 120x36), until the verdict is on screen."""
    return on_pty(
        [sys.executable, "-m", "jaxtutor"],
        env,
        (120, 36),
        lambda output: bool(_VERDICT_SHOWN.search(_ESCAPES.sub(b"", output))),
        limit_s,
        press=(after_s, b"\x12"),
        poll_s=0.05,
    )  # \x12 is ^r


def installed_env() -> dict:
    """This environment with Python's bytecode cache, as `pip install` leaves one (where
    PYTHONDONTWRITEBYTECODE is set, a source checkout would compile jaxtutor's modules
    in every process it starts, time that no installed copy pays)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def app_env(home: Path) -> dict:
    """The environment an app runs in here: a terminal, its own home, and an installed
    copy's bytecode cache."""
    return dict(installed_env(), TERM="xterm-256color", JAXTUTOR_HOME=str(home))


def bench_first_check(reps: int, tmp: Path) -> dict:
    results = {}
    for after_s in (1.0, 5.0):
        took = []
        for rep in range(reps):
            env = app_env(tmp / f"home-first-{after_s}-{rep}")
            took.append(first_check_in_app(after_s, env))
        took = [t for t in took if t]
        results[after_s] = stats(took) if took else None
    return results


def print_first_check(results: dict) -> None:
    print(
        "the first check in the app (lesson 1's starter, ^r pressed N s after start), "
        "until its verdict is on screen (target <= 1.5 s):"
    )
    for after_s, result in results.items():
        print(
            f"  pressed {after_s:.0f} s after start: "
            + ("no verdict seen" if result is None else f"{ms(result[0])} (p90 {ms(result[1])})")
        )


def bench_lesson_text(reps: int, tmp: Path) -> dict:
    """The lesson on screen against a bare Textual app's text, at 80x24 and 120x36."""
    results = {}
    warm_up = app_env(tmp / "home-text-warm-up")  # each once, unmeasured: bytecode written
    text_on_screen([sys.executable, "-c", _BARE_TEXT_APP], warm_up, (80, 24))
    text_on_screen([sys.executable, "-m", "jaxtutor"], warm_up, (80, 24))
    for size in ((80, 24), (120, 36)):
        bare, tutor = [], []
        for rep in range(reps):
            env = app_env(tmp / f"home-text-{size[0]}-{rep}")  # a newcomer
            bare.append(text_on_screen([sys.executable, "-c", _BARE_TEXT_APP], env, size))
            tutor.append(text_on_screen([sys.executable, "-m", "jaxtutor"], env, size))
        bare, tutor = [b for b in bare if b], [t for t in tutor if t]
        results[size] = (
            {"bare": stats(bare), "jaxtutor": stats(tutor)}
            if bare and tutor
            else {"error": "the text never showed"}
        )
    return results


def bench_tui(reps: int, tmp: Path) -> dict:
    env = app_env(tmp / "home")
    first_frame([sys.executable, "-c", _BARE_APP], env)  # each once, unmeasured: bytecode
    first_frame([sys.executable, "-m", "jaxtutor"], env)
    bare, tutor = [], []
    for _ in range(reps):
        bare.append(first_frame([sys.executable, "-c", _BARE_APP], env))
        tutor.append(first_frame([sys.executable, "-m", "jaxtutor"], env))
    bare, tutor = [b for b in bare if b], [t for t in tutor if t]
    if not bare or not tutor:
        return {"error": "no frame seen"}
    return {"bare": stats(bare), "jaxtutor": stats(tutor)}


def print_lesson_text(results: dict) -> None:
    print(
        "lesson 1's first paragraph on screen, from start (bare: a Textual app showing 12 "
        "lines of text; target ratio <= 1.5):"
    )
    for (columns, rows), result in results.items():
        if "error" in result:
            print(f"  {columns}x{rows}: {result['error']}")
            continue
        (bm, bp), (jm, jp) = result["bare"], result["jaxtutor"]
        print(
            f"  {columns}x{rows}: bare {ms(bm)} (p90 {ms(bp)}), jaxtutor {ms(jm)} (p90 {ms(jp)}), "
            f"ratio {jm / bm:.2f}"
        )


# -- grading ------------------------------------------------------------------------------


def bench_grade(count: int, tmp: Path) -> dict:
    folder = tmp / "class"
    folder.mkdir()
    files = sorted((ROOT / "tests" / "learners" / "argnums").glob("*.py"))
    if not files:
        return {"error": "no learner files to grade"}
    for i in range(count):
        shutil.copy(files[i % len(files)], folder / f"student{i:03}.py")
    start = time.perf_counter()
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "jaxtutor",
            "grade",
            "argnums",
            str(folder),
            "--jobs",
            "2",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        env=installed_env(),
    )
    graded = time.perf_counter() - start
    start = time.perf_counter()
    for path in sorted(folder.glob("*.py")):
        cold_check("argnums", path)
    one_by_one = time.perf_counter() - start
    return {"count": count, "grade": graded, "cold": one_by_one, "exit": run.returncode}


# -- the report ---------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 repetitions, 12 graded files")
    parser.add_argument("--reps", type=int, help="repetitions per measurement (default 10)")
    parser.add_argument(
        "--skip", nargs="*", default=[], choices=["checks", "breakdown", "tui", "grade"]
    )
    parser.add_argument(
        "--only-lesson-text",
        action="store_true",
        help="only the lesson text on screen at 80x24 and 120x36",
    )
    parser.add_argument(
        "--only-first-check",
        action="store_true",
        help="only the first check in the app, 1 s and 5 s after start",
    )
    parser.add_argument(
        "--only-every-lesson",
        action="store_true",
        help="only every lesson's starter and solution, cold and warm",
    )
    parser.add_argument(
        "--only-causes",
        action="store_true",
        help="only tests/corpus's wrong answers, warm: the time to the verdict and to its cause",
    )
    parser.add_argument(
        "--lessons",
        nargs="+",
        metavar="ID",
        help="with --only-every-lesson or --only-causes: only these lessons",
    )
    args = parser.parse_args()
    print(versions())
    if args.only_first_check:
        with tempfile.TemporaryDirectory(prefix="jaxtutor-bench-") as tmp:
            print(f"load average {load_average()}")
            print_first_check(bench_first_check(args.reps or 3, Path(tmp)))
        return 0
    if args.only_every_lesson:
        with tempfile.TemporaryDirectory(prefix="jaxtutor-bench-") as tmp:
            os.environ["JAXTUTOR_HOME"] = str(Path(tmp) / "home")
            print(
                f"every lesson, cold and warm checks ({args.reps or 3} repetitions, medians), "
                f"load average {load_average()}:"
            )
            bench_every_lesson(args.reps or 3, Path(tmp), args.lessons)
            print(f"load average after: {load_average()}")
        return 0
    if args.only_causes:
        with tempfile.TemporaryDirectory(prefix="jaxtutor-bench-") as tmp:
            os.environ["JAXTUTOR_HOME"] = str(Path(tmp) / "home")
            print(f"wrong answers, warm (medians of {args.reps or 1}), load {load_average()}:")
            bench_causes(args.reps or 1, args.lessons)
            print(f"load average after: {load_average()}")
        return 0
    if args.only_lesson_text:
        with tempfile.TemporaryDirectory(prefix="jaxtutor-bench-") as tmp:
            print(f"load average {load_average()}")
            print_lesson_text(bench_lesson_text(args.reps or 5, Path(tmp)))
        return 0
    reps = args.reps or (3 if args.quick else 10)
    graded = 12 if args.quick else 60
    print(
        f"jaxtutor check latency: {os.cpu_count()} cores, {reps} repetitions, "
        f"load average {load_average()}"
    )
    with tempfile.TemporaryDirectory(prefix="jaxtutor-bench-") as tmp:
        tmp = Path(tmp)
        os.environ["JAXTUTOR_HOME"] = str(tmp / "home")  # never touch a learner's progress
        if "checks" not in args.skip:
            print(
                "\nchecks (median, p90; warm/cold of the medians; target warm/cold <= 0.20 "
                "for a correct file, warm < 500 ms for a wrong one):"
            )
            bench_checks(reps, tmp)
            print("\nevery lesson's starter and solution (medians):")
            bench_every_lesson(max(1, reps // 3), tmp)
        if "breakdown" not in args.skip:
            print("\nwhere the time goes (medians, in a fresh process, reference solution):")
            for name, took in process_costs(reps).items():
                print(f"  {name:34} {ms(took)}")
            for exercise_id in CORE:
                parts = breakdown(exercise_id, max(1, reps // 2))
                if "error" in parts:
                    print(f"  {exercise_id}: not measured ({' '.join(parts['error'])})")
                    continue
                cases = int(parts.pop("cases"))
                print(
                    f"  {exercise_id} ({cases} cases): "
                    + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in parts.items())
                )
        if "tui" not in args.skip:
            tui = bench_tui(reps, tmp)
            if "error" in tui:
                print(f"\nTUI: {tui['error']}")
            else:
                (bm, bp), (jm, jp) = tui["bare"], tui["jaxtutor"]
                print(
                    f"\nfirst frame: bare Textual app {ms(bm)} (p90 {ms(bp)}), jaxtutor {ms(jm)} "
                    f"(p90 {ms(jp)}), ratio {jm / bm:.2f} (target <= 1.5)"
                )
            print_lesson_text(bench_lesson_text(reps, tmp))
            print_first_check(bench_first_check(max(1, reps // 2), tmp))
        if "grade" not in args.skip:
            result = bench_grade(graded, tmp)
            if "error" in result:
                print(f"\ngrading: {result['error']}")
            else:
                print(
                    f"\ngrading {result['count']} argnums files: `jaxtutor grade --jobs 2` "
                    f"{result['grade']:.1f} s (exit {result['exit']}), one cold check after another "
                    f"{result['cold']:.1f} s, throughput x{result['cold'] / result['grade']:.1f} "
                    "(target >= 4)"
                )
    print(f"\nload average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
