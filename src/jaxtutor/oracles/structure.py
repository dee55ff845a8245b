"""The rule "a lax.scan over the rows of these arguments", judged from what a clean child
found in the learner's exported programs (runner/inside/loop_facts.py: `facts`).

The rule, as the lessons state it: the loop is a `lax.scan` whose xs are those
arguments (or a reshape, a stack, a flip or a permutation of them, any pytree of them),
whose body uses only the row it is handed and updates the carry from it, and what the
function returns comes from that scan; no other loop over the rows anywhere, no Python
loop (which JAX unrolls into a copy of the step per row), no index loop that reads
`x[i]` (a `lax.while_loop` or `lax.fori_loop` over `i`, or a scan over `jnp.arange(n)`),
and no `lax.map` beside it. A task may name several such loops, each inside the one
before (the capstone's scan over the batches inside its scan over the epochs): each is
judged, inside its outer loop.

Each step must get rows that belong together: the arguments reordered alike, as the
analysis can show it (one index array, sorts by the same keys, the same flips), never
on a guess. Which way the steps run is for the answers to judge: `reverse=True` over
flipped rows runs them in order, over rows not flipped last to first.

`lax.scan(..., unroll=k)` is a scan: JAX copies the step k times into its loop, and
takes the last `n % k` rows after it, one step each; with k rows or fewer it unrolls the
whole scan, which is accepted at those sizes only when the same function was seen to
scan with steps of k rows at a larger size. `unroll=True` leaves no loop at any size.

The facts come from a process that never ran learner code, but they are read here as
data that may be malformed: anything not shaped as expected counts as not a scan.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from jaxtutor.verdict import listed


@dataclass(frozen=True)
class Broken:
    """The first way the rule is broken: an id for the kind, and what was found, in the
    learner's words; `group`: which of the loops asked for (0: the outer one)."""

    id: str
    message: str
    group: int = 0


def scan_rule(facts: list[dict], groups: list[list[str]]) -> Broken | None:
    """None when every program scans over each group's rows as the rule says, each group's
    scan inside the one before; else what was found. `groups`: the arguments' names, per
    loop asked for (outer first)."""
    found_groups = [f.get("groups") if isinstance(f, dict) else None for f in facts]
    programs: list[list] = [
        p for p in found_groups if isinstance(p, list) and len(p) >= len(groups)
    ]
    if not groups or not all(groups) or not found_groups or len(programs) < len(found_groups):
        return Broken("unknown", "Your function could not be checked for a lax.scan.")
    unrolled = [_unrolled(programs, g) for g in range(len(groups))]
    # the most rows first: what is found there is said about the largest case
    for found, program in sorted(zip(facts, programs), key=_rows_first, reverse=True):
        outer: object = -1  # the id of the loop the group's loop runs in (-1: none)
        for g, names in enumerate(groups):
            broken, outer = _judge(
                found, program[g], names, groups[g - 1] if g else None, outer, unrolled[g]
            )
            if broken is not None:
                return dataclasses.replace(broken, group=g)
    return None


def batched_rule(facts: list[dict], names: list[str]) -> Broken | None:
    """The rule "one batched computation over the rows of `names`" (jax.vmap's): in every
    program with two rows or more, the rows reach the result only as whole arrays, with
    no loop over them and no row taken on its own. None when it holds."""
    rows, first = listed(names), names[0]
    for found in facts:
        groups = _list(found.get("groups")) if isinstance(found, dict) else []
        if not groups or not isinstance(groups[0], dict):
            return Broken(
                "unknown", "Your function could not be checked for a batched computation."
            )
        group = groups[0]
        size = group.get("size")
        if not isinstance(size, (int, float)) or size < 2:
            continue  # one row: a loop over it and a batch of it look the same
        loops = [loop for loop in _loops(group) if loop.get("reaches") is True]
        single = [
            u
            for u in _list(group.get("uses"))
            if isinstance(u, dict) and u.get("whole") is not True
        ]
        if loops:
            return Broken(
                "loop_not_batch",
                f"Your compiled function loops over the rows of {rows}, one row per step "
                f"({size:g} steps), where jax.vmap computes every row in one batched step.",
            )
        if single or _list(group.get("indexed")):
            return Broken(
                "rows_one_at_a_time",
                f"Your compiled function takes {_which(single, first, size)}: one copy "
                f"of the computation per row ({size:g} rows), where jax.vmap computes "
                "every row in one batched computation.",
            )
    return None


def backwards(facts: list[dict]) -> bool:
    """Whether the loop over the first group takes its rows last to first."""
    for found in facts:
        groups = _list(found.get("groups")) if isinstance(found, dict) else []
        if groups and isinstance(groups[0], dict):
            for loop in _loops(groups[0]):
                if loop.get("backwards") is True and loop.get("reaches") is True:
                    return True
    return False


def _rows_first(pair: tuple) -> float:
    group = pair[1][0]
    size = group.get("size") if isinstance(group, dict) else None
    return size if isinstance(size, (int, float)) else 0


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _loops(group: dict) -> list[dict]:
    return [loop for loop in _list(group.get("loops")) if isinstance(loop, dict)]


def _unrolled(programs: list[list], g: int) -> float:
    """The most rows a loop over group g took per step in any program (a scan given
    unroll=k takes k rows a step): JAX unrolls such a scan whole at that many rows or
    fewer."""
    blocks: list[float] = [
        block
        for p in programs
        if isinstance(p[g], dict)
        for loop in _loops(p[g])
        if loop.get("reaches") is True and isinstance(block := loop.get("block"), (int, float))
    ]
    return max(blocks, default=0)


def _covers(uses: list[dict], lo: float, hi: float) -> bool:
    """Whether the rows the uses take are exactly [lo, hi)."""
    found = sorted((u.get("lo"), u.get("hi")) for u in uses)
    spans: list[tuple[float, float]] = [
        (a, b) for a, b in found if isinstance(a, (int, float)) and isinstance(b, (int, float))
    ]
    if len(spans) < len(found):
        return False
    at = lo
    for a, b in spans:
        if a > at:
            return False
        at = max(at, b)
    return spans[0][0] == lo and at == hi if spans else lo == hi


def _inside(found: dict, loop: object, outer: object) -> bool:
    """Whether loop `loop` runs inside loop `outer` (-1: inside nothing, always true)."""
    parents = {
        entry.get("id"): entry.get("parent")
        for entry in _list(found.get("loops"))
        if isinstance(entry, dict)
    }
    seen = 0
    while loop != outer and loop in parents and seen < len(parents):
        loop, seen = parents[loop], seen + 1
    return loop == outer


def _which(uses: list[dict], first: str, size: object) -> str:
    """The rows the uses take, as the learner would index them: x_batches[0], every row
    of x_batches."""
    found = sorted(
        {(u.get("lo"), u.get("hi")) for u in uses if u.get("whole") is not True}, key=repr
    )
    if any(u.get("whole") is True for u in uses) or not found:
        return f"all of {first}"
    spans: list[tuple[float, float]] = [
        (a, b) for a, b in found if isinstance(a, (int, float)) and isinstance(b, (int, float))
    ]
    if len(spans) == len(found):
        if isinstance(size, (int, float)) and _covers(uses, 0, size) and len(spans) > 1:
            widths = {b - a for a, b in spans}
            width = widths.pop() if len(widths) == 1 else None
            at = "one" if width == 1 else f"{width:g}" if width else "a few"
            return f"every row of {first}, {at} at a time"
        if all(a == int(a) and b == a + 1 for a, b in spans) and len(spans) <= 3:
            return " and ".join(f"{first}[{int(a)}]" for a, _ in spans)
    return f"rows of {first}"


def _judge(
    found: dict,
    group: object,
    names: list[str],
    outer_names: list[str] | None,
    outer: object,
    unrolled: float,
) -> tuple[Broken | None, object]:
    """(what breaks the rule for this group in this program, or None; the loop over it)."""
    if not isinstance(group, dict):
        return Broken("unknown", "Your function could not be checked for a lax.scan."), -1
    rows, first = listed(names), names[0]
    size = group.get("size")
    inner = f" inside your loop over {listed(outer_names)}" if outer_names else ""
    loops = [loop for loop in _loops(group) if loop.get("source") == "input"]
    reaching = [loop for loop in _loops(group) if loop.get("reaches") is True]
    uses = [u for u in _list(group.get("uses")) if isinstance(u, dict)]
    given = [u for u in uses if u.get("source") == "input"]  # of the arguments themselves
    stacked = [u for u in uses if u.get("source") != "input" and u.get("whole") is not True]
    beside = [u for u in given if u.get("where") == outer]  # where the scan itself is
    within = [u for u in given if u.get("where") != outer]  # inside a loop
    if _list(group.get("indexed")):
        return Broken(
            "indexed",
            f"Your loop reads {first}[i] by an index it computes (a lax.while_loop or "
            f"lax.fori_loop over i, or a scan over jnp.arange(n) that reads {first}[i]). "
            f"A lax.scan over {rows} hands its body its own row as xs: pass {rows} to "
            "lax.scan as xs, and use the row the body is given.",
        ), -1
    if len(reaching) > 1:
        return Broken(
            "several_loops",
            f"Your function runs {len(reaching)} loops over the rows of {rows}{inner} (a "
            "separate scan for each batch, or lax.map beside a scan, say); the task asks "
            "for one lax.scan that takes every row in turn.",
        ), -1
    if stacked:
        return Broken(
            "stacked_rows",
            f"Your function takes single rows of what a loop over {rows} stacked (the "
            "results of lax.map, or a scan's per-step outputs) and steps on them outside "
            f"that loop. Carry what changes from step to step through one lax.scan over "
            f"{rows}, and return its final carry.",
        ), -1
    if within:
        kind = "lax.scan over " + rows if reaching else "loop"
        which = _which(within, first, size)
        aside = _python_loop_aside(which, "inside the body")
        return Broken(
            "reads_other_rows",
            f"The body of your {kind} reads {which}, not only the row it is handed"
            f"{aside}. A lax.scan over {rows} hands each step its own row: use only that one.",
        ), -1
    if not reaching:
        if (
            isinstance(size, int)
            and 2 <= unrolled
            and size <= unrolled
            and beside
            and _covers(beside, 0, size)
        ):
            return None, -1  # lax.scan(unroll=k) with k rows or fewer: JAX unrolled it whole
        taken = f": it takes {_which(beside, first, size)}" if beside else ""
        if loops:
            return Broken(
                "loop_unused",
                f"Your function has a loop over {rows}{inner} (a lax.scan or lax.map), but "
                "the rows it hands its body do not reach what your function returns"
                f"{taken and taken + ', outside it'}. Let one lax.scan over {rows} take the "
                "steps, each from the row it is handed, and return its final carry.",
            ), -1
        trips = sorted(
            {
                int(t)
                for entry in _list(found.get("loops"))
                if isinstance(entry, dict) and isinstance(t := entry.get("trip"), (int, float))
            }
        )
        if trips:  # a loop there is, over something else: say its length, guess nothing
            steps = " or ".join(f"{t}" for t in trips)
            return Broken(
                "no_loop",
                f"Your compiled function has a loop of {steps} steps, but none that takes "
                f"the rows of {rows}{inner} one per step ({rows} have {size} rows){taken}. "
                f"A lax.scan steps over the first axis of its xs: pass {rows} as they are.",
            ), -1
        return Broken(
            "no_loop",
            f"Your compiled function has no loop at all{inner}{taken}. (JAX writes a Python "
            "for loop out as one copy of the step per row, and so a lax.scan given "
            "unroll=True or an unroll= as large as the number of rows.) Write it as a "
            f"lax.scan over {rows}.",
        ), -1
    (loop,) = reaching
    number = loop.get("id")
    if outer_names and not _inside(found, number, outer):
        return Broken(
            "not_nested",
            f"Your lax.scan over {rows} is not inside your loop over "
            f"{listed(outer_names)}: each step of that loop must run its own scan over them.",
        ), -1
    if loop.get("paired") is False:
        return Broken("unpaired", _unpaired(names)), -1
    lo, hi, block = loop.get("lo"), loop.get("hi"), loop.get("block")
    if not (
        isinstance(lo, (int, float))
        and isinstance(hi, (int, float))
        and isinstance(block, (int, float))
        and isinstance(size, (int, float))
    ):
        return Broken("unknown", "Your function could not be checked for a lax.scan."), -1
    # lax.scan(unroll=k) takes the last n % k rows after its loop, one step each, fewer than k
    tail = all(u.get("whole") is not True for u in beside) and _covers(beside, hi, size)
    if beside and (lo != 0 or not tail or size - hi >= block):
        which = _which(beside, first, size)
        aside = _python_loop_aside(which, "beside the loop")
        return Broken(
            "steps_beside",
            f"Outside its loop over {rows}, your function takes {which}{aside}: let one "
            "lax.scan take every row.",
        ), -1
    if loop.get("carried") is not True:
        return Broken(
            "no_carry",
            f"Your loop over {rows} carries nothing from one step to the next (lax.map, "
            "say): what changes from step to step must be the scan's carry, updated from "
            "each row.",
        ), -1
    if lo != 0 or (hi != size and not beside):
        return Broken(
            "some_rows",
            f"Your lax.scan takes {hi - lo:g} of the {size} rows of {rows}, from row "
            f"{lo:g}: it must take every row, from the first to the last.",
        ), -1
    return None, number


def _unpaired(names: list[str]) -> str:
    """The rows a step gets were reordered, flipped or cut differently: said as what the
    analysis knows, that it cannot show them to be in one order (never that they differ)."""
    rows = listed(names)
    reorder = " and ".join(f"{name}[order]" for name in names)
    return (
        f"The tutor cannot show that each step of your lax.scan over {rows} gets rows "
        f"that belong together, the same row of each: {rows} reach the scan reordered, "
        "flipped or cut in ways it cannot show to be the same (shuffled with different "
        "keys, say, or only some of them shuffled). Reorder them all with one index array "
        f"(order = jax.random.permutation(key, n), then {reorder}), or none of them."
    )


def _python_loop_aside(which: str, where: str) -> str:
    """A Python loop `where` as the likely cause, named only where every row is read,
    one at a time (what an unrolled loop does)."""
    if not which.startswith("every row"):
        return ""
    return f" (a Python loop {where}, say, which JAX unrolls into a copy of the step per row)"
