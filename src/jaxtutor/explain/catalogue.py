"""The catalogue of JAX's errors: each entry's pattern, written against the pinned
JAX's real message, its fixed words and hint, and the reader of the learner's line that
says it in their names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jaxtutor.explain.calls import (
    about_arity,
    about_key_place,
    about_loose_xs,
    about_option,
    about_slice,
    about_unpack,
    about_value_given,
    scan_with_loose_xs,
)
from jaxtutor.explain.carries import about_branches, about_carry
from jaxtutor.explain.operands import (
    about_axis_missing,
    about_jvp_tuples,
    about_lax_dtypes,
    about_leaked,
    about_list_operand,
    about_shape_index,
    about_shared,
    about_strict,
    about_tree_map,
    about_x64,
    only_shapes_indexed,
    shared_by_none,
)
from jaxtutor.explain.traced import (
    about_registered,
    about_shape,
    about_traced,
    about_tracer_bool,
    about_waited,
)


@dataclass(frozen=True)
class Known:
    id: str
    pattern: str  # searched in "Type: message"
    words: str
    hint: str = ""  # what to do next about this error, in place of the lesson's ladder
    # a sentence about the learner's own line, before the words; None: the words alone
    about: Callable[[dict], str | None] | None = None
    # whether the entry fits beyond its pattern (read from the learner's line): a narrower
    # cause of a message a broader entry also matches; None: the pattern alone decides
    when: Callable[[dict], bool] | None = None


# the first match wins, so narrower causes come before the broad ones they are part of
KNOWN = [
    Known(
        "grad_of_none",
        r"Gradient only defined for scalar-output functions\. Output was None",
        "The function you differentiated returns None: it has no return statement (or "
        "a bare return), so jax.grad has no number to differentiate.",
        hint="End the function you differentiate with return and the value it computes.",
    ),
    Known(
        "examples_shared_under_vmap",
        r"Gradient only defined for scalar-output functions\. Output had shape",
        "vmap calls the function it maps once per example, and jax.grad inside needs that "
        "call's loss to be one number. An argument with one row per example needs its axis "
        "in in_axes (0), so each call gets its own row; None is only for what every example "
        "shares, such as the weights.",
        hint="Give 0 in in_axes to every argument with one row per example, and None only to those all examples share.",
        about=about_shared,
        when=lambda info: bool(shared_by_none(info)),
    ),
    Known(
        "non_scalar_grad",
        r"Gradient only defined for scalar-output functions",
        "jax.grad (and value_and_grad) can only differentiate a function that returns one "
        "number, an array of shape (). The function you differentiated returned something "
        "else: reduce it to a scalar (for example with jnp.sum), or if it returns "
        "(loss, extra), pass has_aux=True.",
        hint="Print the shape of what the differentiated function returns: it must be (). Sum or average the per-example losses inside that function.",
    ),
    Known(
        "aux_not_a_pair",
        r"aux output to return a two-element tuple",
        "With has_aux=True the differentiated function must return a pair "
        "(value_to_differentiate, auxiliary_data). Yours returned something else.",
        hint="Make the differentiated function end with return loss, extra: one pair, the number to differentiate first.",
    ),
    Known(
        "integer_grad_input",
        r"grad requires real- or complex-valued inputs",
        "jax.grad differentiates with respect to floating-point inputs only; an integer "
        "like 2 has no derivative. Pass a float (2.0), or convert first with jnp.asarray "
        "and a float dtype, which works for a Python int as well as an array.",
        hint="Convert the input to a float array first (jnp.asarray with a float dtype), then differentiate.",
    ),
    Known(
        "scan_carry_types",
        r"(scan|while_loop) body function carry input and carry output must have equal types",
        "The carry your scan step returns must have exactly the shape and dtype of the "
        "carry it received. Check what you return as the first element of the pair (a "
        "fori_loop or while_loop body returns the carry alone).",
        hint="Print the carry you start the scan with and the one your step returns: same structure, shapes and dtypes (0.0, not 0, for a float).",
        about=about_carry,
    ),
    Known(
        "scan_carry_structure",
        r"(scan|while_loop) body function carry input and carry output must have the same "
        r"pytree structure",
        "The carry a loop's step returns must be built like the carry it received: the "
        "same tuples, lists and dicts, with an array in each place. A lax.scan step returns "
        "the pair (new_carry, output), the carry first; a fori_loop or while_loop body "
        "returns the new carry alone.",
        hint="Write the step's return so its carry part is built like the carry it receives: the same tuple, list or dict, an array in each place.",
        about=about_carry,
    ),
    Known(
        "tree_map_structure",
        r"pytree structure error: different types at key path",
        "jax.tree.map walks its trees together, leaf by leaf, so every tree after the "
        "first must be built like the first: the same dicts, tuples and lists around the "
        "arrays. A tuple where a dict of parameters is expected is often a pair a "
        "function returned, such as value_and_grad's (value, gradients), not unpacked.",
        hint="Print the trees you hand jax.tree.map (their type and keys) and make them "
        "alike: unpack a pair first, and keep one structure for parameters and gradients.",
        about=about_tree_map,
    ),
    Known(
        "branch_outputs",
        r"(cond|switch) branch(es must have equal output types| outputs must have the same "
        r"pytree structure)",
        "Every branch of lax.cond (or lax.switch) must return the same structure, shapes "
        "and dtypes: the result has one type, whichever branch runs.",
        hint="Print the .shape and .dtype of what each branch returns and make them the same in every branch.",
        about=about_branches,
    ),
    Known(
        "scan_xs_apart",
        r"^TypeError: ",
        "lax.scan walks over one xs: to walk over several arrays together, pass them as "
        "one tuple, and the step receives one slice of each, together, as its second "
        "argument.",
        hint="Put the arrays together in one tuple in xs's place, and unpack that pair "
        "inside the step.",
        about=about_loose_xs,
        when=lambda info: scan_with_loose_xs(info) is not None,
    ),
    Known(
        "scan_not_a_pair",
        r"scan body output must be a pair",
        "A lax.scan step must return a pair (new_carry, output); return None as the "
        "output when you collect nothing.",
        hint="End the step with return new_carry, output (output may be None).",
    ),
    Known(
        "in_place_assignment",
        r"JAX arrays are immutable and do not support in-place item assignment",
        "JAX arrays cannot be changed in place, as NumPy or PyTorch arrays can: `a[i] = v` "
        "fails. Make a new array instead: a = a.at[i].set(v) (or .add, .mul).",
        hint="Replace a[i] = v with a = a.at[i].set(v), and a[i] += v with a = a.at[i].add(v); keep the returned array.",
    ),
    Known(
        "tracer_bool",
        r"TracerBoolConversionError|Attempted boolean conversion of traced array",
        "Under jit or vmap, and in the body of lax.scan or another lax loop, arrays are "
        "tracers with no concrete value yet, so Python cannot make True or False of them: "
        "not for an if or a while, nor for bool(), and, or, not (plain jax.grad runs on the "
        "numbers, so there it can). Keep the condition an array: jnp.where, or lax.cond, "
        "which takes it as it is.",
        hint="Write the decision as an array operation: jnp.where(condition, a, b), jnp.minimum or jnp.maximum, or lax.cond.",
        about=about_tracer_bool,
    ),
    Known(
        "tracer_to_python_number",
        r"ConcretizationTypeError.*(item\(\) method|with the `float` function|with the `int` function|with the `bool` function)",
        "This turns a traced array into a Python number (.item(), float() or int()). "
        "Under jit or vmap, and in a lax loop's body, the array has no value yet, so it "
        "cannot become one; under grad, float() of a value being differentiated fails too. "
        "Keep it as an array: do the arithmetic with the array itself, return it if the "
        "caller needs the number, or use jax.debug.print to see it while it runs.",
        hint="Remove the .item(), float() or int() on that line and keep the array; to look at it while it runs, use jax.debug.print.",
        about=about_traced,
    ),
    Known(
        "numpy_on_tracer",
        r"TracerArrayConversionError",
        "NumPy was handed a traced array (np.asarray, np.array, or a NumPy function such "
        "as np.exp or np.max). Under jit, grad or vmap, and in a lax loop's body, the array "
        "has no values yet, and NumPy computes only on values. jax.numpy has the same "
        "functions, and they trace: use it for everything computed from the arguments.",
        hint="Where your code calls NumPy on an argument, or on a value computed from one, "
        "call the jax.numpy function of the same name instead (jnp.exp for np.exp).",
    ),
    Known(
        "waited_on_tracer",
        r"The '(block_until_ready|copy_to_host_async)' method is not available on traced",
        "block_until_ready waits until JAX has computed an array. Inside a function JAX "
        "traces (a jitted function, a grad, a loop's step) nothing is computed yet: the "
        "value is a placeholder, so there is nothing to wait for, and a jitted function "
        "runs as one program anyway.",
        hint="Call block_until_ready on what the jitted function returns, where you call "
        "it, not inside it.",
        about=about_waited,
    ),
    Known(
        "registered_before_dataclass",
        r"register_dataclass: data_fields and meta_fields are required when nodetype is not "
        r"a dataclass",
        "jax.tree_util.register_dataclass was handed a class that was not a dataclass yet. "
        "Decorators apply from the one nearest the class upwards, so @dataclasses.dataclass "
        "has to be written below register_dataclass (or the fields named by hand).",
        hint="Write @jax.tree_util.register_dataclass on the line above "
        "@dataclasses.dataclass, so it registers the finished dataclass.",
        about=about_registered,
    ),
    Known(
        "list_in_arithmetic",
        r"TypeError: unsupported operand type\(s\) for \S+: ('list' and '|'\w+' and 'list')",
        "JAX does not turn a Python list into an array in arithmetic, as NumPy does: an "
        "array plus a list raises. Make the list an array once, with jnp.array (or "
        "jnp.asarray), and compute with that.",
        hint="Wrap the list in jnp.array(...) where you define it, so every use of it is an array.",
        about=about_list_operand,
    ),
    Known(
        "jvp_bare_arguments",
        r"primal and tangent arguments to jax\.jvp must be tuples or lists",
        "jax.jvp(f, primals, tangents) takes its primals and its tangents each as a tuple "
        "(or list), one entry per argument of f: a tuple of one entry each when f has one "
        "argument. jax.vjp differs: it takes the primals as separate arguments.",
        hint="Where you call jax.jvp, wrap the point and the direction each in a tuple of one.",
        about=about_jvp_tuples,
    ),
    Known(
        "tracer_in_nondiff_argnums",
        r"Tracer object passed as an argument to a custom_vjp function in a position "
        r"indicated by nondiff_argnums",
        "A traced value reached one of a custom_vjp function's nondiff_argnums. Those "
        "positions are for what is never traced, such as a Python function; under jax.jit "
        "or a grad, an array argument is traced. Make it an ordinary argument: fwd keeps it "
        "among the residuals that bwd receives, and bwd returns a cotangent for it (None "
        "says zero).",
        hint="Take the argument out of nondiff_argnums: fwd returns it among the residuals, "
        "and bwd returns None for it, first in its tuple.",
    ),
    Known(
        "leaked_tracer",
        r"UnexpectedTracerError",
        "A value computed inside a function JAX transforms (a jitted function, a grad, a "
        "lax.scan step) was kept outside it: appended to a list, stored in a global or on "
        "an object. JAX runs such a function once, with placeholders for its values, so "
        "what it kept is a placeholder that means nothing once that run is over. Return "
        "what you need instead: a scan step's second return value is collected for you.",
        hint="Return the value from the function you wrote instead of keeping it in a list "
        "or a global; let lax.scan stack a step's outputs.",
        about=about_leaked,
    ),
    Known(
        "concrete_shape",
        r"Shapes must be 1D sequences of concrete values",
        "A shape must be known when JAX traces the function, but here it comes from a "
        "traced array. Take sizes from an array's .shape, or pass the size as a static "
        "argument (static_argnames) if it truly is a constant.",
        hint="Take the size from an array's .shape, which is known while tracing.",
        about=about_shape,
    ),
    Known(
        "static_traced",
        r"Non-hashable static arguments are not supported.*Tracer",
        "An argument marked static (static_argnames or static_argnums) received a traced "
        "array: the tutor compiles your function with jax.jit as a whole, so its values "
        "are traced. A value that changes between calls, like a learning rate, should not "
        "be static: leave it out of static_argnames and static_argnums.",
        hint="Remove the argument from static_argnames/static_argnums: a value that changes from call to call stays a traced array.",
    ),
    Known(
        "static_array",
        r"Non-hashable static arguments are not supported",
        "An argument marked static (static_argnums or static_argnames) must be hashable, "
        "a Python number, string or tuple: jit compiles a program for each of its values. "
        "An array is not hashable, and an array of data should not be static: leave it "
        "traced, and keep static only what fixes the program's form (a size, a flag).",
        hint="Take the array arguments out of static_argnums/static_argnames: jit traces them, and the compiled program is reused for every value of the same shape.",
    ),
    Known(
        "concretization",
        r"ConcretizationTypeError|Abstract tracer value encountered",
        "This needed a concrete Python value, but inside a JAX transformation the array is a "
        "tracer. Keep the value as an array; only a value that is truly a constant of the "
        "program (a size, a flag) should be made static.",
        hint="Keep the value as an array on that line; make static only a true constant of the program, such as a size.",
        about=about_traced,
    ),
    Known(
        "traced_slice_bounds",
        r"IndexError: Slice entries must be static integers",
        "Under jit, and in a lax loop's body, a slice's start, stop and step must be Python "
        "integers known while JAX traces, since they fix the result's shape. For positions "
        "that depend on an argument, make them an array (from jnp.arange, wrapped with % "
        "where needed) and index with it, or use lax.dynamic_slice (to write, "
        "lax.dynamic_update_slice) for a block of a fixed size.",
        hint="Replace the slice whose bound is traced: index with an array of positions "
        "built from jnp.arange, or take a block of fixed size with lax.dynamic_slice.",
        about=about_slice,
    ),
    Known(
        "tracer_integer",
        r"TracerIntegerConversionError",
        "A traced array cannot be turned into a Python int inside jit or scan, for example "
        "to index a list or set a range(). Index arrays with the array itself, or loop with lax.scan.",
        hint="Index with the array itself, or loop with lax.scan or lax.fori_loop instead of range() over a traced value.",
        about=about_traced,
    ),
    Known(
        "shapes_do_not_fit",
        r"(?i)incompatible shapes for broadcasting|dot_general requires contracting dimensions",
        "Two arrays here have shapes that do not fit together. Print their .shape to see "
        "which one is not what you expected.",
        hint="Print the .shape of each array on that line; add an axis (x[:, None]) or transpose where one is not what the formula needs.",
    ),
    Known(
        "vmap_sizes",
        r"vmap got inconsistent sizes for array axes to be mapped",
        "vmap maps each argument whose in_axes is not None over the axis in_axes gives it "
        "(0: the leading one), and those axes must all have the same size. The message "
        "lists each mapped axis's size: an argument shared by all examples should have "
        "in_axes None.",
        hint="Give in_axes None to the argument shared by every example, 0 to those with one row per example.",
    ),
    Known(
        "vmap_axis_missing",
        r"vmap was requested to map its argument along axis -?\d+, which implies that its rank",
        "vmap maps each argument along the axis in_axes gives it, and one argument has no "
        "such axis. A single number in in_axes applies to every argument; a tuple gives each "
        "argument its own entry, None for an argument all examples share.",
        hint="Give in_axes a tuple with one entry per argument: None for what every example shares, the axis of the examples for the rest.",
        about=about_axis_missing,
    ),
    Known(
        "argnums_out_of_range",
        r"differentiating with respect to argnums=.* requires at least \d+ positional arguments",
        "argnums names argument positions, counting from 0; one of yours is not a position "
        "of the arguments you call the function with.",
        hint="Count the arguments of the call from 0 and use only those positions in argnums.",
    ),
    Known(
        "unpack_count",
        r"(not enough|too many) values to unpack|cannot unpack non-iterable|iteration over a "
        r"0-d array",
        "Unpacking (a, b = value) needs exactly as many values as there are names on the "
        "left: a tuple gives its elements, an array its entries along the first axis, and a "
        "0-d array (one number) none at all. jax.grad returns one array when argnums is an "
        "int (0 by default), and a tuple with one gradient per position when argnums is a "
        "tuple.",
        hint="Print the type and the .shape (or len) of the value on the right of the =, and unpack it into that many names.",
        about=about_unpack,
    ),
    Known(
        "shape_index",
        r"^IndexError: tuple index out of range",
        "An array's .shape has one entry per axis, so .shape[i] exists only for the axes "
        "the array has: a vector's shape is (n,), and its .shape[1] is past the end.",
        hint="Print the .shape of each array indexed on that line: one has fewer axes than "
        "the index assumes.",
        about=about_shape_index,
        when=only_shapes_indexed,
    ),
    Known(
        "tuple_index",
        r"^IndexError: tuple index out of range",
        "A tuple was indexed past its end. jax.grad with a tuple of argnums returns one "
        "gradient per position named, indexed from 0 in the order argnums lists them: with "
        "argnums=(0, 2), the gradient for argument 2 is entry 1, not entry 2.",
        hint="Print len() of the tuple on the line shown, and index it from 0.",
    ),
    Known(
        "tuple_arithmetic",
        r"unsupported operand type\(s\) for [-+*/]+: .*'tuple'",
        "Arithmetic (+, -, *, /) does not apply to a tuple, and one operand here is one: "
        "often a pair unpacked into one name, or two names unpacked in the wrong order. "
        "opt.update returns (updates, new_state), in that order, and an optimizer's state "
        "is a tuple; value_and_grad returns (value, gradient).",
        hint="Print the type of each operand on the line shown; unpack the pair it came from "
        "in the order the function returns it.",
    ),
    Known(
        "dict_arithmetic",
        r"unsupported operand type\(s\) for [-+*/]+: .*'dict'",
        "Arithmetic (+, -, *, /) does not apply to a dict as a whole, and one operand here "
        "is a dict (the parameters or the gradients, say). Update each entry: jax.tree.map "
        "applies a function to the matching leaves of params and grads; or write the dict "
        "out key by key.",
        hint="Update every leaf at once: jax.tree.map over params and grads, with the update "
        "of one leaf as its function.",
    ),
    Known(
        "missing_argument",
        r"missing \d+ required positional arguments?: ",
        "A function was called with fewer arguments than it takes: the message names the "
        "parameter left without a value (the last one, if an earlier argument was left out "
        "and the rest moved up). Check the call on the line shown, and that jax.grad's "
        "function gets every argument it needs.",
        hint="Pass every argument the function takes, in order, on the line shown.",
        about=about_arity,
    ),
    Known(
        "too_many_arguments",
        r"takes (\d+|no) positional arguments? but \d+ (was|were) given",
        "A function was called with more arguments than it has parameters: the message "
        "names it, how many it takes and how many it was given. lax.cond and lax.switch "
        "call a branch with the operands written after the branches; lax.while_loop calls "
        "cond_fun and body_fun with the carry, fori_loop's body gets (i, carry) and a "
        "scan step (carry, x).",
        hint="Give the function one parameter for each argument it is called with; for a lax branch, one per operand after the branches.",
        about=about_arity,
    ),
    Known(
        "python_number_astype",
        r"'(int|float)' object has no attribute 'astype'",
        ".astype is a method of arrays; a plain Python number has none. Convert with "
        "jnp.asarray and a dtype, which takes numbers and arrays alike.",
        hint="Use jnp.asarray(..., dtype=...) in place of x.astype(...).",
    ),
    Known(
        "lax_same_dtypes",
        r"lax\.\w+ requires arguments to have the same dtypes",
        "lax functions do not convert dtypes for you: all their arguments must already "
        "have one dtype. Convert one first (jnp.asarray with a dtype, or .astype), or call "
        "the jnp function the message names, which promotes.",
        hint="Give every argument of that lax call the same dtype, converting one of them first; or call the jnp function, which promotes.",
        about=about_lax_dtypes,
    ),
    Known(
        "strict_promotion",
        r"TypePromotionError|no available implicit dtype promotion path",
        "With jax_numpy_dtype_promotion set to strict, JAX does not promote mixed dtypes: "
        "convert one side to the other's dtype yourself before they meet (a Python number "
        "counts as a dtype of its own there).",
        hint="Convert one side of that operation to the other's dtype first, so both have one dtype.",
        about=about_strict,
    ),
    Known(
        "x64_disabled",
        r"Explicitly requested dtype \w+ requested in \w+ is not available",
        "64-bit dtypes (float64, int64) exist in JAX only with jax_enable_x64 on; without it "
        "JAX gives float32 or int32 and warns. Turn it on at the very start of the program, "
        "before any array is made, or ask for the 32-bit dtype.",
        hint="Ask for float32 (or int32), or turn jax_enable_x64 on at the very start of your file, before any array is made.",
        about=about_x64,
    ),
    Known(
        "transform_option_in_call",
        r"got an unexpected keyword argument '(argnums|has_aux|in_axes|out_axes|"
        r"static_argnums|static_argnames|donate_argnums)'",
        "argnums, has_aux, in_axes and static_argnums are options of the transformation "
        "(jax.grad, jax.value_and_grad, jax.vmap, jax.jit), given where it makes the new "
        "function: jax.grad(loss, argnums=1)(w, x). Written in the call of the function it "
        "made, the option is handed on to your own function, which has no such parameter.",
        hint="Give the option to the transformation itself: jax.grad(loss, argnums=...), "
        "then call what it returns with your arguments alone.",
        about=about_option,
    ),
    Known(
        "grad_of_a_value",
        r"Expected a callable value, got",
        "JAX's transformations (jax.grad, jax.jit, jax.vmap and the others) take a function "
        "and give back a new one; here one was given a value instead. jax.grad(f)(x) is "
        "already the value of f' at x: for f'' differentiate the function jax.grad(f), "
        "jax.grad(jax.grad(f))(x).",
        hint="Hand the transformation the function itself and call what it gives back: "
        "jax.grad(jax.grad(f))(x) for f''(x), not jax.grad(jax.grad(f)(x)).",
        about=about_value_given,
    ),
    Known(
        "not_a_key",
        r"invalid PRNG key data|unexpected PRNG key type",
        "Every jax.random function that draws takes the key first and the rest after it "
        "(the array to permute, the shape to fill); what it was given first is not a key. "
        "A key comes from jax.random.key(seed), or from split or fold_in of another key.",
        hint="Check the order of that call's arguments: the key goes first.",
        about=about_key_place,
    ),
    Known(
        "stopped",
        r"^(SystemExit|KeyboardInterrupt):",
        "Your code tried to stop the program (sys.exit, exit() or KeyboardInterrupt). The "
        "tutor runs your file and then calls your function, so let it return its answer.",
        hint="Remove sys.exit() or exit() and let your function return its answer.",
    ),
]
