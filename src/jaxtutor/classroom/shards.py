"""A class graded in shards (`grade --shard K/N`, one per machine or CI job): which
shard a student is in, and the shards' JSON results merged into one class."""

from __future__ import annotations

import hashlib
import hmac
import json
import os

from jaxtutor.classroom.results import NOT_CHECKED, Row, summarize, write_results
from jaxtutor.classroom.submissions import Submission
from jaxtutor.render.safe_text import inert
from jaxtutor.verdict import Outcome


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


SIGNING_KEY = "JAXTUTOR_GRADE_KEY"  # a secret (a CI secret, say) that signs shards
MAX_DEPTH = 6  # result > summary > misconceptions > item: four levels are used
_STATUSES = {"pass", "fail", "error"}
_OUTCOMES = {o.name.lower(): o.status for o in Outcome} | {NOT_CHECKED: "error"}


def signature(result: dict, key: str) -> str:
    """An HMAC of the result (without its own signature): whoever edits a signed shard
    on its way to the teacher cannot sign it again without the key."""
    body = {k: v for k, v in result.items() if k != "signature"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(key.encode("utf-8"), text.encode("ascii"), hashlib.sha256).hexdigest()


def signed(result: dict) -> dict:
    """The result with its signature, when the signing key is set."""
    key = os.environ.get(SIGNING_KEY)
    return result if key is None else {**result, "signature": signature(result, key)}


def row_problem(row) -> str | None:
    """Why a row cannot be what `grade` wrote, or None: its types, and whether its
    status, outcome and counts agree (a row edited to "pass" with 0 of 7 does not)."""
    if not isinstance(row, dict):
        return "a row that is not an object"
    kinds = {
        "student": str,
        "file": str,
        "status": str,
        "outcome": str,
        "tests_passed": int,
        "tests_total": int,
        "message": str,
    }
    for key, kind in kinds.items():
        if not isinstance(row.get(key), kind) or isinstance(row.get(key), bool):
            return f"a row whose {key} is missing or not a {kind.__name__}"
    if not isinstance(row.get("duration_s"), (int, float)) or not isinstance(
        row.get("retried", False), bool
    ):
        return "a row whose duration_s or retried is not what grade writes"
    if row.get("misconception") is not None and not isinstance(row["misconception"], str):
        return "a row whose misconception is not text"
    who, passed, total = row["student"], row["tests_passed"], row["tests_total"]
    if row["status"] not in _STATUSES or _OUTCOMES.get(row["outcome"]) != row["status"]:
        return f"{who!r}: status {row['status']!r} does not go with outcome {row['outcome']!r}"
    if not 0 <= passed <= total:
        return f"{who!r}: {passed} of {total} tests passed"
    if row["status"] == "pass" and not passed == total > 0:
        return f"{who!r}: status pass with {passed} of {total} tests passed"
    if row["status"] == "fail" and passed == total:
        return f"{who!r}: status fail with every test passed"
    return None


def shards_problem(results: list[dict], partial: bool = False) -> str | None:
    """Why these results are not one whole class, graded in shards and untouched, or
    None. Labels must be K/N for one N, each K present once (every K, unless `partial`),
    each student in the shard their name hashes to, every row consistent, and, when the
    signing key is set, every result signed with it."""
    key = os.environ.get(SIGNING_KEY)
    labels: dict[int, int] = {}
    sizes = set()
    for number, result in enumerate(results, start=1):
        if key is not None and not hmac.compare_digest(
            str(result.get("signature", "")), signature(result, key)
        ):
            return f"result {number} is not signed with {SIGNING_KEY}, or was changed after"
        if not isinstance(result.get("rows"), list):
            return f"result {number} has no rows"
        for row in result["rows"]:
            if (problem := row_problem(row)) is not None:
                return f"result {number}: {problem}"
        label = result.get("shard")
        if label is None:
            if len(results) > 1:
                return f"result {number} is a whole class, not a shard: it cannot be merged"
            continue
        try:
            k, n = parse_shard(str(label))
        except ValueError:
            return f"result {number}: {label!r} is not a shard label"
        sizes.add(n)
        if k in labels:
            return f"shard {k}/{n} is given twice (results {labels[k]} and {number})"
        labels[k] = number
    if len(sizes) > 1:
        return "the shards were cut in different numbers: " + ", ".join(
            f"/{n}" for n in sorted(sizes)
        )
    for result in results:
        if result.get("shard") is None:
            continue
        k, n = parse_shard(str(result["shard"]))
        for row in result["rows"]:
            if shard_of(row["student"], n) != k:
                return (
                    f"{row['student']!r} is in shard {k}/{n}, but their name belongs to "
                    f"shard {shard_of(row['student'], n)}/{n}"
                )
    if sizes and not partial and (missing := missing_shards(results)):
        return (
            "shard(s) " + ", ".join(missing) + " are missing; give every shard, or "
            "--partial to report only those given"
        )
    return None


def missing_shards(results: list[dict]) -> list[str]:
    labels = [parse_shard(str(r["shard"])) for r in results if r.get("shard") is not None]
    if not labels:
        return []
    n = labels[0][1]
    return [f"{k}/{n}" for k in range(1, n + 1) if (k, n) not in labels]


def merge_results(results: list[dict], partial: bool = False) -> dict:
    """The JSON results of a class graded in shards, as one: every row, sorted as a
    single run sorts them, and the summary counted again. ValueError when the parts do
    not make one class (see shards_problem), or do not belong together (another
    exercise, seed or pack), or a student is in two."""
    if not results:
        raise ValueError("nothing to merge")
    if (problem := shards_problem(results, partial)) is not None:
        raise ValueError(problem)
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
    merged = {k: v for k, v in first.items() if k not in ("shard", "signature")}
    merged["rows"] = rows
    merged["summary"] = summarize([row_from_json(r) for r in rows]).to_json()
    merged["graded_at"] = max(str(r.get("graded_at") or "") for r in results)
    if missing := missing_shards(results):
        merged["partial"] = {"missing_shards": missing}
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
        merged = merge_results(results, partial=getattr(args, "partial", False))
    except ValueError as exc:
        print(f"jaxtutor: not merged: {inert(str(exc))}", file=sys.stderr)
        return 2
    if "partial" in merged:
        print(
            "jaxtutor: a PARTIAL class: shard(s) "
            + ", ".join(merged["partial"]["missing_shards"])
            + " not given",
            file=sys.stderr,
        )
    rows = [row_from_json(r) for r in merged["rows"]]
    write_results(args.format, args.out, merged["exercise"], merged["seed"], rows, lambda: merged)
    return 0
