"""Wrong variants of an exercise's solution, made by rewriting its syntax tree one place
at a time: the mistakes nobody listed. The rewrites of one node are in rewrites.py (a
sum for a mean, a flipped sign, a term left out, another axis or argnums, a key not
folded or split once more, a loop one step off, two arguments swapped, ...); here are
those that read the functions around a node (an outer function's argument read where a
step's own is meant, at one read or at all of them; an inner function reading the outer
value its own argument shadows, or, at one use, the outer value of a name it binds anew;
a loop's body handing back its carry unchanged). A failed
check whose answer no mutant fits runs them (causes.variant_measured); when exactly one
equals the learner's answers on every case, that is said as measured. Their code is
never shown: it is the solution with one change."""

from __future__ import annotations

import ast
import copy
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from jaxtutor.explain.line import called_name
from jaxtutor.oracles.generic.rewrites import REWRITES, Rewrite

# variants tried per exercise, the first in the order below: each costs a run of a
# program on the fixed cases (remembered from check to check, warmed by the app)
MAX_VARIANTS = 48


@dataclass(frozen=True)
class Variant:
    code: str
    said: str  # "with the sign of a term flipped (adding where it subtracts)"
    where: str = ""  # the function it is in: "step"
    # a construct the learner's own source can be seen to have, where this change is
    # made (KEPT_CARRY): what tells it from another variant with the same numbers
    mark: str = ""


KEPT_CARRY = "a loop's body returning its carry parameter as it was given"


def _parameters(function: ast.AST) -> list[str]:
    args = getattr(function, "args", None)
    return [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs] if args else []


def _outer_name(node: ast.AST, stack: list[ast.AST]) -> list[tuple[ast.AST, str]]:
    """`w` where a step uses its own `w_now`: a parameter of the innermost function,
    where it is read, replaced by a parameter of a function around it (a loop's step
    reading the weight the whole function was given, not the one it is handed)."""
    if not (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)) or len(stack) < 2:
        return []
    own = _parameters(stack[-1])
    if node.id not in own:
        return []
    return [
        (ast.Name(name, ast.Load()), f"with {name} where it uses {node.id}")
        for outer in stack[:-1]
        for name in _parameters(outer)
        if name not in own and _alike(name, node.id)
    ]


Replacing = tuple[dict[int, ast.AST], str]  # new nodes by the id of those they replace


def _shadowed(tree: ast.AST) -> Iterator[Replacing]:
    """A parameter of an inner function named as one of a function around it, renamed,
    so that the inner function reads the outer one: an epoch's scan started from the w
    the whole run was given, not the w the epoch is handed; a derivative taken by a
    function that reads the rate from around it, not its own argument. Each as (the
    parameter's id to its renamed copy, and what the variant says)."""
    for node, outer in _with_functions(tree):
        if not isinstance(node, (ast.FunctionDef, ast.Lambda)):
            continue
        inner = getattr(node, "name", "the lambda")
        args = node.args
        for a in args.posonlyargs + args.args + args.kwonlyargs:
            around = next((f for f in reversed(outer) if a.arg in _parameters(f)), None)
            if around is not None:
                said = (
                    f"with {inner} reading the {a.arg} that "
                    f"{getattr(around, 'name', 'the function around it')} was given, "
                    f"not the {a.arg} it is handed"
                )
                yield {id(a): ast.arg(f"{a.arg}_handed")}, said


def _rebound_read(tree: ast.AST) -> Iterator[Replacing]:
    """A name an inner function binds anew (`w, opt_state = carry`) that is also a
    parameter of a function around it, read at one of its uses as the outer one: a
    step that takes its gradient at the w the run was given, not at the w it unpacks.
    Each as (every other use of the name in the function renamed, what it says)."""
    for node, outer in _with_functions(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        own = [n for n in _own_nodes(node) if isinstance(n, ast.Name)]
        for name in sorted({n.id for n in own if isinstance(n.ctx, ast.Store)}):
            around = next((f for f in reversed(outer) if name in _parameters(f)), None)
            if around is None or name in _parameters(node):
                continue
            uses = [n for n in own if n.id == name]
            for read in (n for n in uses if isinstance(n.ctx, ast.Load)):
                said = (
                    f"with {node.name} using, at one place, the {name} that "
                    f"{getattr(around, 'name', 'the function around it')} was given, not "
                    f"the {name} it binds"
                )
                yield (
                    {id(n): ast.Name(f"{name}_own", type(n.ctx)()) for n in uses if n is not read},
                    said,
                )


def _own_nodes(function: ast.FunctionDef) -> Iterator[ast.AST]:
    """The nodes of a function's body, not those of functions inside it."""
    todo: list[ast.AST] = list(function.body)
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))


def _outer_everywhere(tree: ast.AST) -> Iterator[Replacing]:
    """Every read of an inner function's parameter replaced by an alike parameter of a
    function around it: a step that computes from the w the run was given wherever it
    reads its own w_now (a loop that never feeds its result back), where _outer_name
    changes one read."""
    for node, outer in _with_functions(tree):
        if not isinstance(node, (ast.FunctionDef, ast.Lambda)):
            continue
        own = _parameters(node)
        for p in own:
            reads = [
                n
                for n in ast.walk(node)
                if isinstance(n, ast.Name) and n.id == p and isinstance(n.ctx, ast.Load)
            ]
            for around in outer:
                for q in _parameters(around):
                    if len(reads) > 1 and q not in own and _alike(q, p):
                        said = (
                            f"with {getattr(node, 'name', 'the lambda')} reading the {q} that "
                            f"{getattr(around, 'name', 'the function around it')} was given "
                            f"wherever it reads its {p} (so each call starts again from {q})"
                        )
                        yield {id(n): ast.Name(q, ast.Load()) for n in reads}, said


def _carry_kept(tree: ast.AST) -> Iterator[Replacing]:
    """A loop's body (lax.scan's step, fori_loop's or while_loop's body) that hands
    back the carry it was given, unchanged, where it returns a new one (a scan's new
    value only in its output, or nowhere). The body is copied with the carry kept under
    a name of its own before anything rebinds it (`pos = pos + move` leaves `return pos,
    pos` returning the new one), and that name returned as the carry: each as (the
    body's id to its copy, what the variant says)."""
    for body in _loop_bodies(tree):
        if not _returned(body) or _hands_back_given(body):
            continue
        kept = _Body(copy.deepcopy(body.function), body.carry, body.pair)
        given = ast.Name(f"{body.carry}_given", ast.Load())
        keep = ast.Assign([ast.Name(given.id, ast.Store())], ast.Name(body.carry, ast.Load()))
        kept.function.body.insert(0, keep)
        for ret, _ in _returned(kept):
            if body.pair:
                ret.value.elts[0] = copy.copy(given)  # type: ignore[union-attr]
            else:
                ret.value = copy.copy(given)
        yield (
            {id(body.function): ast.fix_missing_locations(kept.function)},
            f"with {body.function.name} handing back the carry it is given, unchanged",
        )


@dataclass(frozen=True)
class _Body:
    function: ast.FunctionDef
    carry: str  # its carry parameter
    pair: bool  # it returns (carry, output), as a scan's step does


# where each loop of lax takes its body, which parameter is the carry, and whether the
# body returns a pair
_LOOPS = {"scan": (0, 0, True), "fori_loop": (2, 1, False), "while_loop": (1, 0, False)}


def _loop_bodies(tree: ast.AST) -> Iterator[_Body]:
    """The functions of `tree` a lax loop of it is given by name, as loop bodies."""
    named: dict[str, tuple[int, bool]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (name := called_name(node)) in _LOOPS:
            at, carry, pair = _LOOPS[name]
            given = node.args[at] if len(node.args) > at else None
            if isinstance(given, ast.Name):
                named[given.id] = (carry, pair)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in named:
            carry, pair = named[node.name]
            if len(_parameters(node)) > carry:
                yield _Body(node, _parameters(node)[carry], pair)


def _returned(body: _Body) -> list[tuple[ast.Return, ast.expr]]:
    """The body's own returns (not those of functions inside it), each with the carry
    it returns: the first of a pair for a scan's step, the whole value otherwise."""
    out = []
    for node in _own_nodes(body.function):
        if isinstance(node, ast.Return) and node.value is not None:
            if not body.pair:
                out.append((node, node.value))
            elif isinstance(node.value, ast.Tuple) and len(node.value.elts) == 2:
                out.append((node, node.value.elts[0]))
    return out


def _hands_back_given(body: _Body) -> bool:
    """Whether every return of a loop's body hands back its carry parameter as given
    (never rebound in the body): `return pos, new_pos`."""
    carries = [carry for _, carry in _returned(body)]
    rebound = any(
        isinstance(n, ast.Name) and n.id == body.carry and isinstance(n.ctx, ast.Store)
        for n in ast.walk(body.function)
    )
    named = all(isinstance(c, ast.Name) and c.id == body.carry for c in carries)
    return bool(carries) and named and not rebound


def _alike(a: str, b: str) -> bool:
    """Names of one thing at two levels: w and w_now, x and xs, w0 and w."""
    return a.startswith(b) or b.startswith(a) or a.split("_")[0] == b.split("_")[0]


def _anywhere(rewrite: Rewrite) -> Callable[[ast.AST, list[ast.AST]], list[tuple[ast.AST, str]]]:
    """An operator that needs no functions around its node, as one that is given them."""
    return lambda node, _: rewrite(node)


def _with_functions(tree: ast.AST) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
    """Every node of `tree`, with the functions around it (the innermost last)."""

    def walk(node: ast.AST, stack: list[ast.AST]) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
        yield node, stack
        inner = stack + [node] if isinstance(node, (ast.FunctionDef, ast.Lambda)) else stack
        for child in ast.iter_child_nodes(node):
            yield from walk(child, inner)

    yield from walk(tree, [])


def _sites(tree: ast.AST) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
    """Every expression node inside a function of the solution, with the functions
    around it (module-level constants are the task's, not a place for a mistake)."""
    return ((n, stack) for n, stack in _with_functions(tree) if stack and isinstance(n, ast.expr))


@functools.lru_cache(maxsize=64)
def variants(solution: str) -> tuple[Variant, ...]:
    """The solution's one-change variants, by operator, then by place in the file; each
    source once, none equal to the solution; at most MAX_VARIANTS."""
    try:
        tree = ast.parse(solution)
    except SyntaxError:
        return ()
    plain = ast.unparse(tree)
    seen = {plain}
    out: list[Variant] = []
    for rewrite in [*map(_anywhere, REWRITES), _outer_name]:
        for node, stack in list(_sites(tree)):
            for new, said in rewrite(node, stack):
                code = ast.unparse(_replaced(tree, {id(node): new}))
                if code in seen:
                    continue
                seen.add(code)
                name = next((f.name for f in reversed(stack) if isinstance(f, ast.FunctionDef)), "")
                out.append(Variant(code, said, name))
                if len(out) >= MAX_VARIANTS:
                    return tuple(out)
    # said names the function already
    tree_level = [
        *(
            (r, said, "")
            for r, said in [*_shadowed(tree), *_outer_everywhere(tree), *_rebound_read(tree)]
        ),
        *((r, said, KEPT_CARRY) for r, said in _carry_kept(tree)),
    ]
    for replacing, said, mark in tree_level:
        code = ast.unparse(_replaced(tree, replacing))
        if code not in seen and len(out) < MAX_VARIANTS:
            seen.add(code)
            out.append(Variant(code, said, mark=mark))
    return tuple(out)


def _replaced(tree: ast.AST, new: dict[int, ast.AST]) -> ast.AST:
    """A copy of `tree` with its nodes replaced by the new ones given by their ids."""
    return copy.deepcopy(tree, dict(new))


def marked_in(matched: list[Variant], source: str) -> list[Variant]:
    """The matched variants whose mark the learner's source has: where two changes give
    the same numbers, the one the learner's code is seen to make."""
    if not _returns_carry_given(source):
        return []
    return [v for v in matched if v.mark == KEPT_CARRY]


def _returns_carry_given(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return any(_hands_back_given(body) for body in _loop_bodies(tree))


def shared(matched: list[Variant]) -> str | None:
    """What variants that all equal the learner's answers say in common (two changes
    can give the same numbers: v = b * v - g, or w + lr * v for w - lr * v), with the
    function they are in when that is one; None when they say different things."""
    kinds = {v.said.split(" (")[0] for v in matched}
    if len(kinds) != 1:
        return None
    said = matched[0].said if len({v.said for v in matched}) == 1 else kinds.pop()
    wheres = {v.where for v in matched}
    return said + (f", in {wheres.pop()}" if len(wheres) == 1 and "" not in wheres else "")
