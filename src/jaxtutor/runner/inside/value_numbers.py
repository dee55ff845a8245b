"""Which values of an exported program are the same value, as the walk in loop_walk.py
meets them. Each value gets a number; two values get the same number only when they
are one SSA value, or are computed by identical operations from values with the same
numbers (calls are followed inline, so two calls of a function with the same arguments
return the same values). The orders in which views hold a group's rows (row_labels.py)
are named by these numbers: two arrays reordered by one index array, or sorted by the
same keys, hold their rows in the same order, and nothing else is taken to."""

from __future__ import annotations

import re

from jaxtutor.runner.inside.program_parse import _all_ops

# ops whose results are not a function of their operands alone (nor is an op holding one)
_OPAQUE = {"stablehlo.rng", "stablehlo.custom_call"}
# index arrays whose values 0..n-1 these keep as they are
_WIDE_INTS = ("i32", "i64", "ui32", "ui64")
_MAX_STEPS = 16  # ops followed back from a gather's index to the permutation it is


def _dims(type_text: str) -> tuple[list[int], str] | None:
    """tensor<6x1xi32> as ([6, 1], "i32")."""
    found = re.fullmatch(r"tensor<((?:\d+x)*)(\w+)>", type_text)
    if found is None:
        return None
    return [int(d) for d in found.group(1).split("x") if d], found.group(2)


class Numbers:
    """The numbers of one walk's values, and what is known of them."""

    def __init__(self) -> None:
        self._table: dict = {}  # key -> number
        self.keys: list = []  # number -> (struct, operand numbers, result), None: fresh
        self._structs: dict = {}  # an operation -> (struct, the values its regions read)
        self.structs: list = []  # struct -> (name, attributes, result types); None: opaque
        self._struct_ids: dict = {}  # (name, attributes, result types) -> struct
        self.perms: dict = {}  # number of a permutation of 0..n-1 -> the order it names

    def fresh(self) -> int:
        """A number no other value has (what a loop's carry holds at some step)."""
        self.keys.append(None)
        return len(self.keys) - 1

    def _intern(self, key: tuple) -> int:
        found = self._table.get(key)
        if found is None:
            found = self._table[key] = len(self.keys)
            self.keys.append(key)
        return found

    def _struct(self, op) -> tuple[int, list]:
        handle = op.operation
        found = self._structs.get(handle)
        if found is not None:
            return found
        name, read = handle.name, []
        if len(handle.regions):  # the same op only, with what its regions read from outside
            inner = list(_all_ops(handle))
            made = {r for o in inner for r in o.results}
            made |= {
                a for o in inner for region in o.regions for b in region.blocks for a in b.arguments
            }
            made |= {a for region in handle.regions for b in region.blocks for a in b.arguments}
            read = [v for o in inner for v in o.operands if v not in made]
            opaque = any(o.name in _OPAQUE for o in inner)
            struct = None if opaque else (name, len(self.structs))
        elif name in _OPAQUE:
            struct = None
        else:
            attributes = tuple(sorted((n, str(handle.attributes[n])) for n in handle.attributes))
            struct = (name, attributes, tuple(str(r.type) for r in handle.results))
        number = self._struct_ids.get(struct) if struct is not None else None
        if number is None:  # alike ops (two copies of a function's body) share theirs
            number = len(self.structs)
            self.structs.append(struct)
            if struct is not None:
                self._struct_ids[struct] = number
        found = self._structs[handle] = (number, read)
        return found

    def of_op(self, op, numbers: list, number_of) -> list[int]:
        """The numbers of an op's results, from its operands' (`number_of`: a value's
        number, for what its regions read from outside them)."""
        struct, read = self._struct(op)
        if self.structs[struct] is None:
            return [self.fresh() for _ in op.results]
        inputs = tuple(numbers) + tuple(number_of(v) for v in read)
        return [self._intern((struct, inputs, k)) for k in range(len(op.results))]

    def _op(self, number: int) -> tuple | None:
        """(name, attributes, result types, operand numbers) of the op that made it."""
        key = self.keys[number] if 0 <= number < len(self.keys) else None
        struct = self.structs[key[0]] if key is not None else None
        if struct is None or len(struct) != 3:
            return None
        return struct[0], dict(struct[1]), struct[2], key[1]

    def _zeros(self, number: int) -> bool:
        made = self._op(number)
        if made is not None and made[0] == "stablehlo.broadcast_in_dim":
            made = self._op(made[3][0])
        return (
            made is not None
            and made[0] == "stablehlo.constant"
            and (made[1].get("value", "").startswith("dense<0>"))
        )

    def _iota(self, number: int) -> int | None:
        """n, when the value is 0..n-1 (jnp.arange(n))."""
        made = self._op(number)
        dims = _dims(made[2][0]) if made is not None else None
        if made is None or made[0] != "stablehlo.iota" or dims is None or len(dims[0]) != 1:
            return None
        if dims[1] not in _WIDE_INTS:
            return None
        return dims[0][0] if made[1].get("iota_dimension", "").startswith("0 ") else None

    def _same_values(self, number: int) -> int | None:
        """The operand an op hands on unchanged when it is a permutation of 0..n-1: a
        unit axis added or taken away, a cast to a wide int, or jnp's `i + n where i < 0`."""
        made = self._op(number)
        if made is None:
            return None
        name, attributes, types, operands = made
        if name in ("stablehlo.broadcast_in_dim", "stablehlo.reshape", "stablehlo.convert"):
            before, after = self._op(operands[0]), _dims(types[0])
            shape = _dims(before[2][0]) if before is not None else None
            if after is None or shape is None or after[1] not in _WIDE_INTS:
                return None
            if name == "stablehlo.broadcast_in_dim" and attributes.get(
                "broadcast_dimensions"
            ) not in ("array<i64: 0>", "array<i64: 0, 1>"):
                return None
            same = [d for d in after[0] if d != 1] == [d for d in shape[0] if d != 1]
            return operands[0] if same and after[0][:1] == shape[0][:1] else None
        if name == "stablehlo.select":
            test, _, kept = operands
            compare = self._op(test)
            if (
                compare is not None
                and compare[0] == "stablehlo.compare"
                and "LT" in compare[1].get("comparison_direction", "")
                and compare[3][0] == kept
                and self._zeros(compare[3][1])
            ):
                return kept  # never negative: the other branch is never taken
        return None

    def index_order(self, number: int) -> object:
        """The order a gather by this index array (its rows) puts rows in: None for their
        own order (jnp.arange(n)), the order a sort names for its permutation, else the
        index array itself."""
        at = number
        for _ in range(_MAX_STEPS):
            if at in self.perms:
                return self.perms[at]
            if self._iota(at) is not None:
                return None
            step = self._same_values(at)
            if step is None:
                break
            at = step
        return ("index", number)

    def sort_order(self, op, numbers: list, results: list[int]) -> object:
        """("sorted by", keys, comparison) when the sort orders the rows of every operand
        by its first alone, stably: the order it puts the others' rows in (and the
        permutation it makes of a jnp.arange beside them, remembered); else None."""
        handle = op.operation
        try:
            dimension = handle.attributes["dimension"].value
            stable = handle.attributes["is_stable"].value
            (block,) = handle.regions[0].blocks
            ops = list(block.operations)
            args = list(block.arguments)
            shape = _dims(str(handle.operands[0].type))
        except Exception:  # attributes not as expected: a sort like any other
            return None
        if dimension != 0 or not stable or shape is None or len(shape[0]) != 1 or len(ops) != 2:
            return None
        compare, returned = ops
        if compare.name != "stablehlo.compare" or list(returned.operands) != list(compare.results):
            return None
        pair = list(compare.operands)
        if pair not in (args[:2], args[1::-1]):
            return None
        how = (
            str(compare.attributes["comparison_direction"]),
            str(compare.attributes["compare_type"]) if "compare_type" in compare.attributes else "",
            pair == args[:2],
        )
        order = ("sorted by", numbers[0], how)
        for operand, result in zip(numbers[1:], results[1:]):
            if self._iota(operand) == shape[0][0]:
                self.perms[result] = order
        return order
