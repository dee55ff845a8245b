"""A class graded in shards (`grade --shard K/N`, one per machine or CI job): which
shard a student is in, and the shards' JSON results merged into one class."""

from __future__ import annotations

import hashlib

from jaxtutor.classroom.results import Row, summarize, write_results
from jaxtutor.classroom.submissions import Submission
from jaxtutor.render.safe_text import inert


def parse_shard(text: str) -> tuple[int, int]:
    """`K/N` (1 <= K <= N) as (K, N); ValueError saying what is wrong."""
    k, sep, n = text.partition("/")
    if not sep or not k.strip().isdigit() or not n.strip().isdigit():
        raise ValueError(f"--shard wants K/N, such as 1/4, not {text!r}")
    k_, n_ = int(k), int(n)
    if not 1 <= k_ <= n_:
        raise ValueError(f"--shard {text}: K must be between 1 and N")
    return k_, n_


def shard_of(student: str, shards: int) -> int:
    """The shard (1..shards) a student's submission belongs to: a hash of the name alone,
    so it is the same on every machine, whatever else is in the folder or its order
    (Python's own hash() changes with every process)."""
    digest = hashlib.sha256(student.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") % shards + 1


def in_shard(submissions: list[Submission], shard: tuple[int, int] | None) -> list[Submission]:
    if shard is None:
        return submissions
    k, n = shard
    return [s for s in submissions if shard_of(s.student, n) == k]


def merge_results(results: list[dict]) -> dict:
    """The JSON results of a class graded in shards, as one: every row, sorted as a
    single run sorts them, and the summary counted again. ValueError when the parts do
    not belong together (another exercise, seed or pack) or a student is in two."""
    if not results:
        raise ValueError("nothing to merge")
    first = results[0]
    for other in results[1:]:
        for key in ("exercise", "seed", "pack"):
            if other.get(key) != first.get(key):
                raise ValueError(
                    f"the results differ in {key}: {first.get(key)!r} and "
                    f"{other.get(key)!r}; grade every shard with the same "
                    "exercise and --seed"
                )
    rows, seen = [], set()
    for result in results:
        for row in result["rows"]:
            if row["student"] in seen:
                raise ValueError(f"{row['student']!r} is in two of the results")
            seen.add(row["student"])
            rows.append(row)
    rows.sort(key=lambda r: (r["student"].casefold(), r["student"]))
    merged = dict(first)
    merged["rows"] = rows
    merged["summary"] = summarize([row_from_json(r) for r in rows]).to_json()
    merged["graded_at"] = max(r.get("graded_at") or "" for r in results)
    merged.pop("shard", None)
    return merged


def row_from_json(data: dict) -> Row:
    return Row(
        data["student"],
        data["file"],
        data["status"],
        data["outcome"],
        data["tests_passed"],
        data["tests_total"],
        data["misconception"] or "",
        data["duration_s"],
        data["message"],
        data.get("retried", False),
    )


def report(results: list[dict], args) -> int:
    """`jaxtutor report` of `grade --format json` results (say, a class graded in
    shards): one class's results, as one unsharded run would have written them."""
    import sys

    try:
        merged = merge_results(results)
    except ValueError as exc:
        print(f"jaxtutor: {inert(str(exc))}", file=sys.stderr)
        return 2
    rows = [row_from_json(r) for r in merged["rows"]]
    write_results(args.format, args.out, merged["exercise"], merged["seed"], rows, lambda: merged)
    return 0
