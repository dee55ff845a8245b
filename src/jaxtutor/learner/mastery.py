"""How well each skill is known, estimated from the checks: Bayesian Knowledge Tracing.

Each lesson names the skills its exercise practises (`skills` in its TOML, the one it is
about first), and each named mistake the skill it shows missing (`skill`, by default the
lesson's first). Every check is an observation, in the order the checks ran:

- a pass with no hint shown is a correct answer for each of the lesson's skills;
- a pass after hints shown since the exercise's last pass (or its start) is an
  incorrect first try for the lesson's first skill (the learner needed help: how
  knowledge tracing reads a hint request) and a correct answer for the others;
- a failure named by a mistake is an incorrect answer for that mistake's skill;
- any other failure (a probe's finding, a JAX error, no name) is an incorrect answer for
  the lesson's first skill;
- a check the tutor could not judge (its own failure, a check it could not run) is no
  observation.

The estimate is BKT's forward update (Corbett and Anderson, 1995): the chance the skill
is known, updated by each observation with the chances of a slip and a guess, then by
the chance of learning it at that step, and of forgetting it. Between observations a
known skill is also forgotten with time, a fixed chance per day (the same for a skill
practised once as for one reviewed often: the spacing of reviews is FSRS's part, in
reviews.py), up to the moment the estimate is shown. It is a handful of multiplications
per check, so `progress` computes it on the spot from the saved checks. The chances are
the defaults below, or those a teacher fitted to the class with pyBKT (`jaxtutor
fit-skills`, classroom/fit.py) once the learner took the file in (`progress --chances`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

# the chances: a skill is rarely known before its lesson, often learned by working
# through it; a right answer is rarely a guess here (the checks draw many cases), and a
# slip (a typo in a file that was understood) is as rare
DEFAULT_PRIOR = 0.2
DEFAULT_LEARN = 0.15
DEFAULT_GUESS = 0.1
DEFAULT_SLIP = 0.1
DEFAULT_FORGET = 0.0
# a skill not used for a month keeps about three quarters of its chance of being known
DEFAULT_FORGET_PER_DAY = 0.01
DAY_S = 86400.0

# the file of chances a teacher fitted to the class (`jaxtutor fit-skills`), in the
# learner's folder once `jaxtutor progress --chances FILE` took it in
CHANCES_KIND = "jaxtutor-skill-chances"
CHANCES_FILE = "skill_chances.json"
MAX_CHANCES_BYTES = 256 * 1024
MAX_SKILL_NAME = 100

# outcomes that say nothing about the learner
_NOT_OBSERVED = {"internal_error", "cannot_check"}


@dataclass(frozen=True)
class Chances:
    """BKT's parameters for one skill."""

    prior: float = DEFAULT_PRIOR
    learn: float = DEFAULT_LEARN
    guess: float = DEFAULT_GUESS
    slip: float = DEFAULT_SLIP
    forget: float = DEFAULT_FORGET
    forget_per_day: float = DEFAULT_FORGET_PER_DAY


@dataclass
class Skill:
    """One skill's estimate and the evidence behind it."""

    name: str
    known: float
    checks: int = 0
    mistakes: int = 0
    hints: int = 0
    history: list[float] = field(default_factory=list)  # the estimate after each observation
    observed: list[tuple[str, bool]] = field(default_factory=list)  # (exercise, right)
    at: float | None = None  # when it was last observed (seconds since the epoch)

    def forget_until(self, when: float | None, chances: Chances) -> None:
        """The days since the last observation, forgotten at the chance per day."""
        if self.at is not None and when is not None and when > self.at:
            self.known *= (1 - chances.forget_per_day) ** ((when - self.at) / DAY_S)


class ChancesRefused(ValueError):
    """A chances file that is not one `fit-skills` writes; the message says why."""


def read_chances(text: str) -> dict[str, Chances]:
    """The skills' chances in a `fit-skills` file, checked: it came from another
    machine. Each chance lies between 0 and 1, and a guess and a slip strictly so (at
    0 or 1 an observation could prove the skill known or unknown for good)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ChancesRefused("not JSON") from None
    if not isinstance(data, dict) or data.get("kind") != CHANCES_KIND:
        raise ChancesRefused(f"not a file of skill chances (kind {CHANCES_KIND!r})")
    skills = data.get("skills")
    if not isinstance(skills, dict):
        raise ChancesRefused("its skills are not a table")
    found = {}
    for name, table in skills.items():
        if not isinstance(table, dict) or len(name) > MAX_SKILL_NAME:
            raise ChancesRefused(f"skill {name[:MAX_SKILL_NAME]!r} is not a table of chances")
        values: dict[str, float] = {}
        for key in ("prior", "learn", "guess", "slip"):
            value = table.get(key)
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise ChancesRefused(f"skill {name!r}: {key} is not a number")
            if not math.isfinite(value) or not 0.0 <= value <= 1.0:
                raise ChancesRefused(f"skill {name!r}: {key} is not a chance between 0 and 1")
            values[key] = float(value)
        if not (0.0 < values["guess"] < 1.0 and 0.0 < values["slip"] < 1.0):
            raise ChancesRefused(f"skill {name!r}: a guess and a slip lie strictly inside 0..1")
        found[name] = Chances(**values)
    return found


def chances_path() -> Path:
    from jaxtutor.learner import progress

    return progress.home() / CHANCES_FILE


def fitted() -> dict[str, Chances]:
    """The teacher's fitted chances taken in by this learner, or none (the defaults)."""
    try:
        with open(chances_path(), "rb") as file:
            text = file.read(MAX_CHANCES_BYTES + 1)
        if len(text) > MAX_CHANCES_BYTES:
            return {}
        return read_chances(text.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ChancesRefused):
        return {}


def update(known: float, correct: bool, chances: Chances) -> float:
    """One observation: the chance the skill is known, given the answer, then learned at
    this step (or forgotten)."""
    if correct:
        seen = known * (1 - chances.slip)
        given = seen / (seen + (1 - known) * chances.guess)
    else:
        seen = known * chances.slip
        given = seen / (seen + (1 - known) * (1 - chances.guess))
    return given * (1 - chances.forget) + (1 - given) * chances.learn


def skill_of_mistakes(lesson) -> dict[str, str]:
    """Each named mistake's id (a mutant's or a declared mistake's) to the skill it shows
    missing."""
    config = lesson.exercise.config
    first = lesson.skills[0] if lesson.skills else ""
    found = {}
    for entry in [*(config.get("mutants") or []), *(config.get("mistakes") or [])]:
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            found[entry["id"]] = entry.get("skill") or first
    return found


def helped(attempts: list[dict]):
    """Each check (oldest first) with the hints it showed since its exercise was last
    passed before it: the help a pass needed. The one definition, for the estimate below
    and for a review's rating."""
    shown: dict[str, int] = {}  # hints shown per exercise when it was last passed
    for attempt in attempts:
        exercise, hints = str(attempt.get("exercise")), attempt.get("hints") or 0  # None: old
        yield attempt, max(0, hints - shown.get(exercise, 0))
        if attempt.get("status") == "pass":
            shown[exercise] = max(hints, shown.get(exercise, 0))


def new_hints(attempts: list[dict]) -> int:
    """The hints the last of one exercise's checks showed since its last pass."""
    return list(helped(attempts))[-1][1] if attempts else 0


def observations(attempt: dict, lesson, new_hints: int = 0) -> list[tuple[str, bool]]:
    """What one check says: (skill, answered right) for each skill it tells about;
    `new_hints`: how many hints were shown since the exercise was last passed."""
    if not lesson.skills or attempt.get("outcome") in _NOT_OBSERVED:
        return []
    first, *others = lesson.skills
    if attempt.get("status") == "pass":
        return [(first, new_hints == 0), *((skill, True) for skill in others)]
    named = skill_of_mistakes(lesson).get(attempt.get("misconception") or "")
    return [(named or first, False)]


def mastery(
    attempts: list[dict],
    lessons,
    chances: dict[str, Chances] | None = None,
    now: float | None = None,
) -> dict:
    """Every skill the lessons name, with its estimate after the checks (oldest first,
    as Store.attempts gives them), forgotten with the days until `now` where it is
    given: {name: Skill}, in the order the lessons name them. `chances` None: the
    teacher's fitted ones where this learner took them in, else the defaults."""
    chances = fitted() if chances is None else chances
    skills: dict[str, Skill] = {}
    by_id = {}
    for lesson in lessons:
        by_id[lesson.id] = lesson
        for name in lesson.skills:
            if name not in skills:
                skills[name] = Skill(name, chances.get(name, Chances()).prior)
    for attempt, hints in helped(attempts):
        lesson = by_id.get(attempt.get("exercise"))
        if lesson is None:
            continue
        for name, correct in observations(attempt, lesson, hints):
            skill = skills.setdefault(name, Skill(name, chances.get(name, Chances()).prior))
            odds = chances.get(name, Chances())
            skill.forget_until(attempt.get("at"), odds)
            skill.known = update(skill.known, correct, odds)
            skill.at = attempt.get("at", skill.at)
            skill.history.append(skill.known)
            skill.observed.append((lesson.id, correct))
            skill.checks += 1
            if not correct and attempt.get("misconception"):
                skill.mistakes += 1
            if not correct and attempt.get("status") == "pass":
                skill.hints += hints
    for name, skill in skills.items():
        skill.forget_until(now, chances.get(name, Chances()))
    return skills


def weakest(lesson, skills: dict) -> Skill | None:
    """The lesson's skill with the lowest estimate, of those the checks told something
    about (None when there is none)."""
    known = [skills[name] for name in lesson.skills if name in skills and skills[name].checks]
    return min(known, key=lambda skill: skill.known) if known else None
