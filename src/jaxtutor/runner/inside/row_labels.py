"""What a value of an exported program is made of, as the walk in loop_walk.py follows it:
the labels, the views of rows, and the state of one walk (see loop_facts.py for what is
reported of it)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np

from jaxtutor.runner.inside.program_parse import Refused, _all_ops
from jaxtutor.runner.inside.value_numbers import Numbers

_MAX_VISITS = 200_000  # operations visited by the analysis (calls are followed inline)

# -- what the returned values are made of ---------------------------------------------
#
# The tutor names groups of main's arguments whose rows a loop must run over (the
# batches, or the epochs' seeds). Each value is followed as an _Info: the labels of what
# it depends on and, while it still holds rows of a group as they are (cut along its
# rows, reshaped, converted, reordered, flipped, stacked), a _View saying which rows and
# in what order (value_numbers.py tells which reorderings are the same). A loop over a
# group is a stablehlo.while with a counter (`for i in range(n)`) whose body cuts exactly
# row i (or n-1-i) out of a view made outside it: that is how lax.scan hands its body its
# xs. Every other way rows of a group reach a computation leaves a label:
#
#   ("row", L, g)        data of loop L's own row of group g
#   ("use", g, whole, source, lo, hi, where)
#                        rows [lo, hi) of group g taken by a computation inside loop
#                        `where` (-1: inside none): all its source's rows (whole) or
#                        some; from the arguments (source "input") or from what a loop
#                        stacked ("stacked")
#   ("index", g, where)  rows of group g picked by an index the program computes
#   ("arg", i)           main's i-th argument
#   ("carry", L, k), ("at", L), ("back", L), ("minus", L, c), ("iv", L)
#                        inside loop L: its k-th carry, its counter exactly, n-1 minus
#                        its counter exactly, c minus it, anything else made from it
#
# Calls are followed inline, so a function called twice is judged at each call with what
# it is given. Each loop's body is walked once, with its carries as labels; what a carry
# holds after any number of steps is then closed over those labels.

_LOCAL = ("carry", "at", "back", "minus", "iv")  # labels that mean something inside a loop only
_MAX_USES = 256  # distinct uses labelled with their rows; past that, rows unknown
_MAX_REPORTED = 64  # loops and uses reported per group
# ops whose result holds their operands' rows where they were, element for element
_ELEMENTWISE = {
    f"stablehlo.{name}"
    for name in (
        "abs add and atan2 cbrt ceil clamp compare complex convert copy cosine divide "
        "exponential exponential_minus_one floor imag is_finite log log_plus_one logistic "
        "maximum minimum multiply negate not or popcnt power real reduce_precision "
        "remainder round_nearest_afz round_nearest_even rsqrt select shift_left "
        "shift_right_arithmetic shift_right_logical sign sine sqrt subtract tan tanh xor"
    ).split()
}


# ops that matter to the rows even when no operand holds rows
_COUNTER_OR_STACK = {
    "stablehlo.subtract",
    "stablehlo.dynamic_update_slice",
    "stablehlo.scatter",
}


@dataclasses.dataclass(frozen=True)
class _View:
    """Rows of a group held as they are: row j of the value holds the group's rows
    [lo + j*per, lo + (j+1)*per) (in rows of the group's arguments), out of the whole
    [start, stop) of its source: the arguments ("input") or the outputs loop L stacked
    (an int, the loop). Reordered rows (x[order]) are still those rows: `order` says
    how, so that two views are known to be in one order only when they are."""

    group: int
    source: object
    lo: Fraction
    hi: Fraction
    per: Fraction
    start: Fraction
    stop: Fraction
    flipped: bool = False  # row j holds [hi - (j+1)*per, hi - j*per): x[::-1]
    order: object = None  # the rows reordered first (value_numbers.py names how); None: not


def _cut(view: _View, first, count) -> _View:
    """Rows [first, first + count) of a view (of its rows as the value holds them)."""
    if view.flipped:
        lo, hi = view.hi - (first + count) * view.per, view.hi - first * view.per
        return dataclasses.replace(view, lo=max(lo, view.lo), hi=hi)
    lo, hi = view.lo + first * view.per, view.lo + (first + count) * view.per
    return dataclasses.replace(view, lo=lo, hi=min(hi, view.hi))


def _permuted(view: _View, order: object) -> _View:
    """The view's rows put in `order`: what they were before is part of the new order, so
    views are in one order only when they were alike and were reordered alike."""
    if order is None:  # jnp.arange(n): the rows as they were
        return view
    plain = not view.flipped and view.order is None and view.per == 1
    if plain and (view.lo, view.hi) == (view.start, view.stop):
        return dataclasses.replace(view, order=order)
    before = (view.lo, view.hi, view.per, view.flipped, view.order)
    return dataclasses.replace(view, flipped=False, order=("then", before, order))


@dataclasses.dataclass(frozen=True)
class _Info:
    deps: frozenset = frozenset()
    view: _View | None = None
    origin: tuple | None = None  # (L, k): loop L's k-th carry as its body receives it
    stack: tuple | None = None  # (L, k): that carry with this step's value written into it


_NOTHING = _Info()


class _Env(dict):
    """What each value of a block is made of; a region's block also sees the values
    around it (a loop's body reads what is outside the loop)."""

    __slots__ = ("outside", "numbers", "_walk")

    def __init__(self, walk: _Walk, values=(), numbers=(), outside: _Env | None = None):
        super().__init__(values)
        self.outside, self.numbers, self._walk = outside, dict(numbers), walk

    def find(self, value) -> _Info:
        env = self
        while env is not None:
            info = dict.get(env, value)
            if info is not None:
                return info
            env = env.outside
        return _NOTHING

    def number(self, value) -> int:
        """Its number (value_numbers.py); a fresh one for a value not met."""
        env = self
        while env is not None:
            found = env.numbers.get(value)
            if found is not None:
                return found
            env = env.outside
        return self._walk.numbers.fresh()


@dataclasses.dataclass
class _Read:
    """What a loop's own-row reads of a group took: rows [lo, hi), `block` of them per
    step, last to first when backwards. Its steps get rows that belong together (row i of
    x and row i of y) when every view read held its rows alike: one entry in `takes`."""

    lo: Fraction
    hi: Fraction
    block: Fraction
    backwards: bool
    source: str
    takes: set = dataclasses.field(default_factory=set)  # how each view read held its rows


@dataclasses.dataclass
class _Loop:
    parent: int  # the loop around it (-1: none)
    trip: int | None  # its count, for a loop with a counter
    reads: dict = dataclasses.field(default_factory=dict)  # group -> _Read
    carried: set = dataclasses.field(default_factory=set)  # groups whose row updates a carry


@dataclasses.dataclass
class _Walk:
    functions: dict
    group_of: dict  # position of a main argument -> its group
    visits: int = 0
    loops: list = dataclasses.field(default_factory=list)
    inside: list = dataclasses.field(default_factory=list)  # loops around this op, innermost last
    uses: set = dataclasses.field(default_factory=set)
    numbers: Numbers = dataclasses.field(default_factory=Numbers)

    def where(self) -> int:
        return self.inside[-1] if self.inside else -1

    def visit(self, count: int = 1) -> None:
        self.visits += count
        if self.visits > _MAX_VISITS:
            raise Refused("program too large to analyse")


def _defining(value):
    owner = value.owner
    return owner if hasattr(owner, "operands") and hasattr(owner, "results") else None


def _constant_int(value) -> int | None:
    op = _defining(value)
    if op is None or op.name != "stablehlo.constant":
        return None
    try:
        array = np.asarray(op.attributes["value"])
    except Exception:
        return None
    if array.size != 1 or array.dtype.kind not in "iu":
        return None
    return int(array.reshape(()))


def _shape(value) -> tuple:
    from jax._src.lib.mlir import ir

    return tuple(ir.RankedTensorType(value.type).shape)


def _ints(attribute) -> list[int]:
    from jax._src.lib.mlir import ir

    return list(ir.DenseI64ArrayAttr(attribute))


def _plain(info: _Info) -> frozenset:
    """What a value computed from this one depends on: the counter itself is gone (only a
    value that is the counter exactly, and nothing else, carries its exact label)."""
    if len(info.deps) == 1:
        (label,) = info.deps
        if label[0] in ("at", "back", "minus"):
            return frozenset({("iv", label[1])})
    return info.deps


def _strip(walk: _Walk, deps: frozenset, group: int) -> frozenset:
    return frozenset(
        label for label in deps if not (label[0] == "arg" and walk.group_of.get(label[1]) == group)
    )


def _used(walk: _Walk, info: _Info) -> frozenset:
    """What a computation taking this value depends on: rows it holds become a use."""
    view = info.view
    if view is None:
        return _plain(info)
    whole = (view.lo, view.hi) == (view.start, view.stop)
    source = "input" if view.source == "input" else "stacked"
    label = ("use", view.group, whole, source, view.lo, view.hi, walk.where())
    if label not in walk.uses:
        if len(walk.uses) < _MAX_USES:
            walk.uses.add(label)
        else:
            label = ("use", view.group, whole, source, None, None, walk.where())
    return _strip(walk, info.deps, view.group) | {label}


def _captured(walk: _Walk, op, env) -> frozenset:
    """Everything an op with regions reads from outside them."""
    found = set()
    for inner in _all_ops(op):
        walk.visit()
        for operand in inner.operands:
            info = env.find(operand)
            if info is not _NOTHING:
                found |= _used(walk, info)
    return frozenset(found)
