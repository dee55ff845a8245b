"""The active course: the lessons a learner sees now. Built once per command from the
built-in course, `--lessons DIR` and JAXTUTOR_LESSONS (see course/packs.py), and handed
to whatever shows or checks them: the app, `watch`, `progress`, `serve`'s sessions, the
notebook, `check`, `grade` and `export`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from jaxtutor.course.lessons import Lesson, LessonError, builtin_dir, load_dir
from jaxtutor.course.packs import Pack, load_pack, pack_dirs


@dataclass
class Course:
    """The lessons a learner sees now, and what could not be loaded."""

    lessons: list[Lesson]
    errors: list[LessonError] = field(default_factory=list)
    packs: list[Pack] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def of_folder(cls, folder: Path) -> Course:
        """Only the lessons in `folder`, as they are (no pack manifest read)."""
        lessons, errors = load_dir(folder)
        return cls(lessons, errors)

    def find(self, lesson_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)


def active_course(cli_dir: str | None = None, only_packs: bool = False) -> Course:
    """The built-in course plus every pack, in that order. A pack lesson whose id is
    already taken is refused with an error; the first one keeps its place."""
    packs = [load_pack(d) for d in pack_dirs(cli_dir)]
    only_packs = only_packs or any(p.replace_builtin for p in packs)
    course = Course.of_folder(builtin_dir()) if not only_packs else Course([])
    course.packs = packs
    taken = {lesson.id: lesson for lesson in course.lessons}
    for pack in packs:
        course.errors += pack.errors
        if (warning := pack.jax_warning()) is not None:
            course.warnings.append(warning)
        for lesson in pack.lessons:
            if lesson.id in taken:
                course.errors.append(
                    LessonError(
                        lesson.path,
                        1,
                        1,
                        f"id {lesson.id!r} is already used by "
                        f"{taken[lesson.id].path}; this lesson was not loaded",
                    )
                )
                continue
            taken[lesson.id] = lesson
            course.lessons.append(lesson)
    return course
