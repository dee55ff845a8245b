"""The one-place rewrites of a solution's syntax tree that variants.py makes its wrong
variants with. Each operator takes a node and gives the nodes that may replace it, each
with the words that say the change ("with a mean where it takes a sum"); it gives
nothing for a node it does not apply to."""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable

from jaxtutor.explain.line import called_name

# each operator: (node) -> list of (replacement node, words), for the nodes it applies to
Rewrite = Callable[[ast.AST], list[tuple[ast.AST, str]]]


def _swap_reduction(node: ast.AST) -> list[tuple[ast.AST, str]]:
    pairs = {
        "sum": "mean",
        "mean": "sum",
        "max": "min",
        "min": "max",
        "maximum": "minimum",
        "minimum": "maximum",
    }
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        other = pairs.get(node.func.attr)
        if other:
            new = copy.deepcopy(node)
            assert isinstance(new.func, ast.Attribute)
            new.func.attr = other
            return [(new, f"with a {other} where it takes a {node.func.attr}")]
    return []


def _power_outside(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`jnp.mean(r) ** 2` where it writes `jnp.mean(r ** 2)`: the square of the mean
    (or of the sum) for the mean of the squares."""
    if (
        isinstance(node, ast.Call)
        and called_name(node) in ("mean", "sum")
        and len(node.args) == 1
        and isinstance(node.args[0], ast.BinOp)
        and isinstance(node.args[0].op, ast.Pow)
    ):
        power = node.args[0]
        inner = copy.deepcopy(node)
        inner.args = [copy.deepcopy(power.left)]
        new = ast.BinOp(inner, ast.Pow(), copy.deepcopy(power.right))
        name = called_name(node)
        return [(new, f"with the power taken of the {name}, not the {name} taken of the powers")]
    return []


def _other_axis(node: ast.AST) -> list[tuple[ast.AST, str]]:
    if not isinstance(node, ast.Call):
        return []
    out: list[tuple[ast.AST, str]] = []
    for k, keyword in enumerate(node.keywords):
        value = keyword.value
        if keyword.arg == "axis" and isinstance(value, ast.Constant) and type(value.value) is int:
            for axis in (0, 1, -1):
                if axis != value.value:
                    new = copy.deepcopy(node)
                    new.keywords[k].value = ast.Constant(axis)
                    out.append((new, f"over axis {axis} where it reduces over axis {value.value}"))
            new = copy.deepcopy(node)
            del new.keywords[k]
            out.append((new, "over every axis where it reduces over one"))
    return out


def _argnums(node: ast.AST) -> list[tuple[ast.AST, str]]:
    if not isinstance(node, ast.Call):
        return []
    out: list[tuple[ast.AST, str]] = []
    for k, keyword in enumerate(node.keywords):
        if keyword.arg != "argnums":
            continue
        for other in ("0", "1", "2", "(0, 1)", "(1, 0)", "(0, 2)", "(1, 2)", "(2, 1)"):
            if ast.unparse(keyword.value) != other:
                new = copy.deepcopy(node)
                new.keywords[k].value = ast.parse(other, mode="eval").body
                out.append((new, f"differentiated with argnums={other}"))
    return out


def _sign(node: ast.AST) -> list[tuple[ast.AST, str]]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        adds = isinstance(node.op, ast.Add)
        flipped = ast.Sub() if adds else ast.Add()
        new = ast.BinOp(copy.deepcopy(node.left), flipped, copy.deepcopy(node.right))
        said = "subtracting where it adds" if adds else "adding where it subtracts"
        # b - a for a + b (the first term's sign flipped) or for a - b (turned round)
        turned = ast.BinOp(copy.deepcopy(node.right), ast.Sub(), copy.deepcopy(node.left))
        other = "the first term subtracted" if adds else "the difference turned round"
        return [
            (new, f"with the sign of a term flipped ({said})"),
            (turned, f"with the sign of a term flipped ({other})"),
        ]
    return []


def _drop_term(node: ast.AST) -> list[tuple[ast.AST, str]]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        return [
            (copy.deepcopy(node.left), "with a term of a sum left out"),
            (copy.deepcopy(node.right), "with a term of a sum left out"),
        ]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return [
            (copy.deepcopy(node.right), "with a factor left out"),
            (copy.deepcopy(node.left), "with a factor left out"),
        ]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        out: list[tuple[ast.AST, str]] = [
            (copy.deepcopy(node.left), "without a power (x where it has x ** k)")
        ]
        if isinstance(node.right, ast.Constant) and node.right.value == 2:
            absolute = ast.Call(ast.Name("abs", ast.Load()), [copy.deepcopy(node.left)], [])
            out.append((absolute, "with an absolute value where it squares"))
        return out
    return []


_SUMS = (ast.Add, ast.Sub)
_PRODUCTS = (ast.Mult, ast.Div)


def _brackets_dropped(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`w * 1.0 - rate` where it writes `w * (1.0 - rate)`, and `a - b * c` for
    `(a - b) * c`: a sum's brackets left out, so the product binds first."""
    if not isinstance(node, ast.BinOp) or not isinstance(node.op, _PRODUCTS):
        return []
    kind = "product" if isinstance(node.op, ast.Mult) else "quotient"
    said = f"with the brackets around a sum left out (a {kind} taken before the sum)"
    op, left, right = node.op, copy.deepcopy(node.left), copy.deepcopy(node.right)
    out: list[tuple[ast.AST, str]] = []
    if isinstance(right, ast.BinOp) and isinstance(right.op, _SUMS):
        out.append((ast.BinOp(ast.BinOp(left, op, right.left), right.op, right.right), said))
    if isinstance(left, ast.BinOp) and isinstance(left.op, _SUMS):
        out.append((ast.BinOp(left.left, left.op, ast.BinOp(left.right, op, right)), said))
    return out


def _where_dropped(node: ast.AST) -> list[tuple[ast.AST, str]]:
    if (
        isinstance(node, ast.Call)
        and called_name(node) == "where"
        and len(node.args) == 3
        and not node.keywords
    ):
        return [
            (
                copy.deepcopy(node.args[1]),
                "with a where replaced by its first choice everywhere (its condition not applied)",
            ),
            (
                copy.deepcopy(node.args[2]),
                "with a where replaced by its second choice everywhere (its condition not applied)",
            ),
        ]
    return []


def _divisor_off_by_one(node: ast.AST) -> list[tuple[ast.AST, str]]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        out: list[tuple[ast.AST, str]] = []
        for op, words in ((ast.Add(), "larger"), (ast.Sub(), "smaller")):
            divisor = ast.BinOp(copy.deepcopy(node.right), op, ast.Constant(1))
            new = ast.BinOp(copy.deepcopy(node.left), ast.Div(), divisor)
            out.append((new, f"with a divisor one {words}"))
        return out
    return []


def _comparison(node: ast.AST) -> list[tuple[ast.AST, str]]:
    swaps = {ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Lt: ast.LtE, ast.LtE: ast.Lt}
    words = {ast.Gt: ">", ast.GtE: ">=", ast.Lt: "<", ast.LtE: "<="}
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in swaps:
        old = type(node.ops[0])
        new = copy.deepcopy(node)
        new.ops = [swaps[old]()]
        return [(new, f"with {words[swaps[old]]} where it compares with {words[old]}")]
    return []


def _key_not_folded(node: ast.AST) -> list[tuple[ast.AST, str]]:
    if isinstance(node, ast.Call) and called_name(node) == "fold_in" and node.args:
        return [(copy.deepcopy(node.args[0]), "with the same key at every step (not folded in)")]
    return []


# jax.random's functions that draw with the key they are given first
_DRAWS = {"permutation", "normal", "uniform", "bernoulli", "choice", "randint", "categorical"}


def _key_split_again(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`permutation(split(k1)[0], x)` where it draws with k1: a key split once more
    before use, as a key split again in sequence (`k1, key = split(key)`) gives."""
    if not (
        isinstance(node, ast.Call)
        and called_name(node) in _DRAWS
        and isinstance(node.func, ast.Attribute)
        and node.args
        and isinstance(node.args[0], ast.Name)  # a key the solution named
    ):
        return []
    key = node.args[0]
    out: list[tuple[ast.AST, str]] = []
    for child, words in ((0, "first"), (1, "second")):
        new = copy.deepcopy(node)
        split = ast.Call(ast.Attribute(copy.deepcopy(node.func.value), "split"), [key], [])
        new.args[0] = ast.Subscript(split, ast.Constant(child))
        said = f"with {ast.unparse(key)} split once more before {node.func.attr} draws with it"
        out.append((new, f"{said} (its {words} child)"))
    return out


def _unpacked_swapped(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`b, a = pair` where it writes `a, b = pair`: the order of a pair JAX returns
    ((value, grad), (updates, state), a scan's (carry, output)) taken the other way."""
    if (
        isinstance(node, ast.Tuple)
        and isinstance(node.ctx, ast.Store)
        and len(node.elts) == 2
        and all(isinstance(e, ast.Name) for e in node.elts)
    ):
        a, b = (e.id for e in node.elts)  # type: ignore[attr-defined]
        new = ast.Tuple([copy.deepcopy(node.elts[1]), copy.deepcopy(node.elts[0])], ast.Store())
        return [(new, f"with the pair it unpacks into {a}, {b} taken the other way round")]
    return []


def _off_by_one(node: ast.AST) -> list[tuple[ast.AST, str]]:
    if (
        isinstance(node, ast.Call)
        and called_name(node) in ("range", "arange")
        and len(node.args) == 1
    ):
        out: list[tuple[ast.AST, str]] = []
        for delta, words in ((1, "one step more"), (-1, "one step fewer")):
            new = copy.deepcopy(node)
            op = ast.Add() if delta > 0 else ast.Sub()
            new.args[0] = ast.BinOp(new.args[0], op, ast.Constant(1))
            out.append((new, f"with a range of {words}"))
        shifted = ast.BinOp(copy.deepcopy(node), ast.Add(), ast.Constant(1))
        out.append((shifted, "counting steps from 1 where it counts from 0"))
        return out
    return []


def _grad_order(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`grad(grad(f))` where it writes `grad(f)`, and `f` where it writes `grad(f)` of
    an inner grad: a derivative taken one order too high, or too low."""
    if not (isinstance(node, ast.Call) and called_name(node) == "grad" and len(node.args) == 1):
        return []
    out: list[tuple[ast.AST, str]] = []
    more = copy.deepcopy(node)
    more.args = [copy.deepcopy(node)]
    out.append((more, "with one jax.grad more (a derivative one order higher)"))
    inner = node.args[0]
    if isinstance(inner, ast.Call) and called_name(inner) == "grad":
        out.append((copy.deepcopy(inner), "with one jax.grad fewer (a derivative one order lower)"))
    return out


def _loop_bounds(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`range(1, n)` or `fori_loop(0, n - 1, ...)` where it loops from 0 to n: a loop
    with two bounds that starts one step late, or ends one step early or late."""
    if not (
        isinstance(node, ast.Call)
        and called_name(node) in ("range", "fori_loop")
        and len(node.args) >= 2
        and not any(isinstance(a, ast.Starred) for a in node.args[:2])
    ):
        return []
    out: list[tuple[ast.AST, str]] = []
    for i, op, words in (
        (0, ast.Add(), "starting one step late"),
        (1, ast.Sub(), "ending one step early"),
        (1, ast.Add(), "ending one step late"),
    ):
        new = copy.deepcopy(node)
        new.args[i] = ast.BinOp(new.args[i], op, ast.Constant(1))
        out.append((new, f"with a loop {words}"))
    return out


# every leaf of a scan's sequences (a pytree of arrays), cut or turned the same way
_SEQUENCE_CUTS = (
    ("::-1", "the rows it scans taken in reverse order"),
    ("1:", "the first of the rows it scans left out"),
    (":-1", "the last of the rows it scans left out"),
)


def _sequence_cut(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`lax.scan(step, init, xs[::-1])` where it scans `xs`, the first or the last row
    left out, or the scan run backwards: the rows a scan walks taken in another order,
    or one short."""
    if not (isinstance(node, ast.Call) and called_name(node) == "scan" and len(node.args) >= 3):
        return []
    out: list[tuple[ast.AST, str]] = []
    for cut, words in _SEQUENCE_CUTS:
        leaf = f"lambda _rows: _rows[{cut}]"
        call = ast.parse(f"__import__('jax').tree_util.tree_map({leaf}, _xs)", mode="eval").body
        assert isinstance(call, ast.Call)
        call.args[1] = copy.deepcopy(node.args[2])
        new = copy.deepcopy(node)
        new.args[2] = call
        out.append((new, f"with {words}"))
    if not any(k.arg == "reverse" for k in node.keywords):
        backwards = copy.deepcopy(node)
        backwards.keywords.append(ast.keyword("reverse", ast.Constant(True)))
        # said as the reversed rows are: where nothing is stacked, the two are one
        out.append((backwards, "with the rows it scans taken in reverse order (reverse=True)"))
    return out


def _arguments_swapped(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`f(b, a)` where it calls `f(a, b)`: two neighbouring positional arguments (a
    loss's weights and inputs, opt.update's gradient and state, a split's key)."""
    name = None
    if isinstance(node, ast.Call):  # a made function's call too: jax.grad(loss)(w, x, y)
        made = isinstance(node.func, ast.Call) and called_name(node.func) in _MAKERS
        name = ast.unparse(node.func) if made else called_name(node)
    if name is None or name in _NOT_SWAPPED or len(node.args) < 2:  # type: ignore[attr-defined]
        return []
    out: list[tuple[ast.AST, str]] = []
    args = node.args  # type: ignore[attr-defined]
    for i in range(len(args) - 1):
        if any(isinstance(a, ast.Starred) for a in args[i : i + 2]):
            continue
        if ast.unparse(args[i]) == ast.unparse(args[i + 1]):
            continue
        new = copy.deepcopy(node)
        assert isinstance(new, ast.Call)
        new.args[i], new.args[i + 1] = new.args[i + 1], new.args[i]
        out.append((new, f"with two arguments of {name} taken in the other order"))
    return out


# calls whose arguments in the other order mean the same (maximum), or raise at once (a
# function, key or shape in a value's place): no learner's answer can equal those
_NOT_SWAPPED = {
    *("maximum", "minimum", "add", "multiply", "print", "zip", "isinstance", "range"),
    *("scan", "fori_loop", "while_loop", "cond", "switch", "map", "tree_map", "vmap"),
    *("grad", "value_and_grad", "jvp", "vjp", "jit", "shard_map", "pmean", "psum"),
    *("split", "fold_in", "normal", "uniform", "permutation", "bernoulli", "choice"),
    *("zeros", "ones", "full", "reshape", "arange", "NamedSharding", "device_put"),
}

# transformations whose result is called at once, its arguments the function's own
_MAKERS = {"grad", "value_and_grad", "jit", "vmap"}

# elementwise functions and casts a learner may leave out, each call replaced by its argument
_DROPPABLE = {
    "stop_gradient",
    "abs",
    "sqrt",
    "exp",
    "log",
    "log1p",
    "expm1",
    "tanh",
    "sigmoid",
    "relu",
    "square",
    "negative",
    "float32",
    "float16",
    "bfloat16",
}


def _call_dropped(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`x` where it has `jnp.exp(x)`, `lax.stop_gradient(x)`, `x.astype(t)`: one
    elementwise function or cast left out."""
    if not isinstance(node, ast.Call):
        return []
    name = called_name(node)
    if name in _DROPPABLE and len(node.args) == 1 and not node.keywords:
        return [(copy.deepcopy(node.args[0]), f"without its call to {name}")]
    if name == "astype" and isinstance(node.func, ast.Attribute):
        return [(copy.deepcopy(node.func.value), "without a cast (astype) it makes")]
    return []


def _matmul(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`b @ a` for `a @ b`, and `x.T` read as `x`: a matrix product's operands in the
    other order, a transpose left out."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
        new = ast.BinOp(copy.deepcopy(node.right), ast.MatMult(), copy.deepcopy(node.left))
        return [(new, "with a matrix product's operands in the other order")]
    if isinstance(node, ast.Attribute) and node.attr == "T":
        return [(copy.deepcopy(node.value), "without a transpose (.T) it takes")]
    return []


def _at_method(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """`x.at[i].add(v)` where it writes `x.at[i].set(v)`, and the other way round."""
    other = {"set": "add", "add": "set"}
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in other
        and isinstance(node.func.value, ast.Subscript)
        and isinstance(node.func.value.value, ast.Attribute)
        and node.func.value.value.attr == "at"
    ):
        new = copy.deepcopy(node)
        assert isinstance(new.func, ast.Attribute)
        new.func.attr = other[node.func.attr]
        return [(new, f"with .at[...].{new.func.attr} where it uses .at[...].{node.func.attr}")]
    return []


REWRITES: tuple[Rewrite, ...] = (
    _swap_reduction,
    _power_outside,
    _sign,
    _argnums,
    _comparison,
    _key_not_folded,
    _key_split_again,
    _unpacked_swapped,
    _at_method,
    _where_dropped,
    _off_by_one,
    _grad_order,
    _loop_bounds,
    _sequence_cut,
    _divisor_off_by_one,
    _brackets_dropped,
    _other_axis,
    _drop_term,
    _arguments_swapped,
    _call_dropped,
    _matmul,
)
