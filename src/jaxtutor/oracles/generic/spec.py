"""A generic exercise's [exercise] keys: what each means, its type and its default
(problems.py says what is wrong in one beyond names and types)."""

from __future__ import annotations

from jaxtutor.course.lessons import Key
from jaxtutor.oracles.generic import edges
from jaxtutor.oracles.values import ATOL, RTOL

# random cases per shape a check compiles: a case costs a call of an already compiled
# program (microseconds to a millisecond), a shape costs a compile
RANDOM_CASES = 24

DTYPES = {"float32", "float64", "int32", "bool", "python_float", "python_int"}

MISTAKE_KEYS = {
    "skill": Key(
        "string",
        "The skill this mistake shows missing (one a lesson names in `skills`); default: "
        "the lesson's first skill.",
        default="",
    ),
    "id": Key("string", "The mistake's id.", required=True),
    "message": Key(
        "string", "What the learner's code does, in the learner's terms.", required=True
    ),
    "hint": Key("string", "The hint aimed at this mistake.", required=True),
    "error": Key(
        "string",
        "Evidence: a regular expression the learner's exception, written "
        '"Type: message", must match (e.g. "TypeError: .*in-place item '
        'assignment").',
        default=None,
    ),
    "probe": Key(
        "string",
        "Evidence: what the answers show, a probe's id without its "
        'probe_ prefix (e.g. "ignored_argument", "sign_flipped", '
        '"divided_by_size").',
        default=None,
    ),
    "argument": Key("string", 'With probe = "ignored_argument": which argument.', default=None),
    "code": Key(
        "string",
        "Evidence too: a regular expression the learner's file must "
        "contain (comments are not searched).",
        default=None,
    ),
    "example": Key(
        "string",
        "A whole file making this mistake; `jaxtutor lint` proves it "
        "is recognised as this mistake and as no other.",
        required=True,
    ),
}
ARG_KEYS = {
    "name": Key("string", "The argument's name, used in messages.", required=True),
    "shape": Key(
        "array",
        "Its shape: integers, or names from `sizes` shared between arguments. [] is a scalar.",
        default=[],
    ),
    "dtype": Key(
        "string",
        "float32, float64, int32, bool, python_float or python_int "
        "(a plain Python number, not an array).",
        default="float32",
    ),
    "low": Key("float", "Smallest random value.", default=-1.0),
    "high": Key("float", "Largest random value.", default=1.0),
    "wide_low": Key(
        "float", "Smallest value in the wide cases (see wide_cases); default: low.", default=None
    ),
    "wide_high": Key(
        "float", "Largest value in the wide cases (see wide_cases); default: high.", default=None
    ),
    "log_uniform": Key(
        "boolean",
        "Draw the values' sizes log-uniformly from low..high (both above 0): as many "
        "values in each decade, from tiny to large (learning rates, gradients).",
        default=False,
    ),
    "signed": Key("boolean", "With log_uniform: give each value a random sign.", default=False),
    "edges": Key(
        "array",
        "Special values of this argument, each tried in a hidden case of its own, the "
        "whole argument filled with it: [0.0] is a zero gradient where a norm is "
        "divided by.",
        default=[],
    ),
}
PROPERTY_KEYS = {
    "kind": Key(
        "string",
        '"reorder" (reordering the examples, the rows of `args`, leaves the answer as '
        'it is, or with output = "permuted" reorders its rows the same way), "scale" '
        "(multiplying `args` by `factor` multiplies the answer by factor ** power) or "
        '"split" (the answer on all the rows of `args` is the sum of the answers on two '
        'parts, or with output = "concatenated" those answers one after the other) or '
        '"prefix" (the answer on the first rows of `args`, or its `entry`, is the start '
        "of the answer on all of them: a loop's history).",
        required=True,
    ),
    "args": Key("array", "The arguments the property changes, by name.", required=True),
    "output": Key(
        "string",
        'reorder: "same" or "permuted"; split: "sum" or "concatenated".',
        default=None,
    ),
    "factor": Key("float", "scale: what `args` are multiplied by.", default=-3.0),
    "power": Key("float", "scale: the answer is multiplied by factor ** power.", default=1.0),
    "entry": Key(
        "integer",
        "prefix: the entry of a tuple answer that holds one row per step (default: the "
        "whole answer).",
        default=None,
    ),
}
CASE_KEYS = {
    "name": Key("string", "What the case shows, as the learner sees it.", default="fixed case N"),
    "args": Key("array", "One value per argument: numbers or nested lists.", required=True),
    "dtypes": Key(
        "array",
        'Per-argument dtypes for this case only, e.g. ["python_int"] to '
        "pass a plain 2; default: each argument's dtype.",
        default=None,
    ),
    "expected": Key(
        "value",
        "The known answer; when given, the learner is compared with it "
        "(and lint checks the reference agrees).",
        default=None,
    ),
}
STRUCTURE_KEYS = {
    "must_contain": Key(
        "array",
        'What the learner\'s function must use: "jit" (it is '
        'itself jitted), "scan" (its result comes from a loop over its '
        'input\'s rows), "batched" (the rows of the first scan_over group reach its '
        "result only whole, as jax.vmap makes them: no loop over them, no row on its "
        'own), or a StableHLO op name such as "while".',
        default=[],
    ),
    "must_not_contain": Key("array", "What it must not use, in the same words.", default=[]),
    "scan_over": Key(
        "array",
        'The arguments whose rows a "scan" rule\'s lax.scan runs over, one list of '
        'argument names per scan: [["x_batches", "y_batches"]]; '
        '[["epoch_seeds"], ["X", "Y"]] for a scan over epoch_seeds whose body scans over '
        "batches made from the rows of X and Y. Default: the traced arguments whose "
        "leading size is that of the first one.",
        default=[],
    ),
    "memory": Key(
        "table",
        "A bound on the compiled program's temporary memory, read from its memory "
        'analysis at the case whose argument `of` is largest: { of = "xs", at_most = 2.0 } '
        "allows 2.0 times that argument's bytes (a scan whose step is checkpointed keeps "
        "about one carry per row; one that keeps every intermediate, several).",
        default={},
    ),
    "message": Key("string", "Said to the learner when a structure test fails.", default=""),
}
MUTANT_KEYS = {
    "id": Key("string", "The misconception's id.", required=True),
    "skill": Key(
        "string",
        "The skill this mistake shows missing (one a lesson names in `skills`); default: "
        "the lesson's first skill.",
        default="",
    ),
    "message": Key(
        "string", "What the learner's code does, in the learner's terms.", required=True
    ),
    "hint": Key("string", "The hint aimed at this misconception.", required=True),
    "code": Key(
        "string", "The whole file a learner with this misconception would write.", required=True
    ),
    "part": Key(
        "value",
        "The [[exercise.parts]] name of the part this mistake is in, or an array of names "
        "when each of those switches hides it: lint proves that taking each out of play "
        "makes this mutant agree with the reference.",
        default="",
    ),
    "needs": Key(
        "string",
        "A regular expression the learner's file (comments left out) must match for this "
        "mutant to be named: the construct its message speaks of (jnp\\.where, say). Without "
        "it, answers equal to the mutant's name it whatever the code.",
        default="",
    ),
}
KEYS = {
    "args": Key(
        "tables",
        "The function's arguments, in order ([[exercise.args]]).",
        required=True,
        items=ARG_KEYS,
    ),
    "sizes": Key(
        "table",
        "Named sizes for shapes: name = [choices], one picked per shape, or name = "
        "{ min = 1, max = 48 }, a range taken at its min, at its max and at a size drawn "
        "between them on every check: three shapes, each a compile of the learner's "
        "function, each with all the hidden cases below.",
        default={},
    ),
    "properties": Key(
        "tables",
        "Properties the function has whatever its inputs, checked by more calls of the "
        "learner's function on a hidden case ([[exercise.properties]]).",
        default=[],
        items=PROPERTY_KEYS,
    ),
    "random_cases": Key(
        "integer",
        "How many hidden random cases to draw in each shape on every run (one compiled "
        "program answers them all); their inputs are shown only when they fail.",
        default=RANDOM_CASES,
    ),
    "wide_cases": Key(
        "integer",
        "How many more hidden cases per shape draw each argument from wide_low..wide_high: "
        "large values where the exercise stays exact in float32, so an answer that only "
        "holds for small numbers (a clipped gradient, say) fails.",
        default=0,
    ),
    **{
        kind: Key("tables", text, default=[], items=edges.MADE_KEYS)
        for kind, text in edges.KINDS.items()
    },
    "result_axes": Key(
        "array",
        'The result\'s axes in the task\'s words, outer first: ["step", "walker"] for a '
        "(T, N) history (or a tuple's array with that many axes), so feedback says \"step 2, "
        'walker 1", not a flat position.',
        default=[],
    ),
    "parts": Key("tables", edges.PARTS_TEXT, default=[], items=edges.PART_KEYS),
    "seed": Key(
        "integer",
        "Mixed into the seed of the hidden cases (each run draws its own; "
        "`check --seed` repeats one).",
        default=0,
    ),
    "cases": Key(
        "tables", "Fixed cases, checked first ([[exercise.cases]]).", default=[], items=CASE_KEYS
    ),
    "reference": Key(
        "string",
        "Source of a reference function with the same name, run in "
        "its own process; ideally plain NumPy.",
        default="the solution",
    ),
    "rtol": Key("float", "Relative tolerance.", default=RTOL),
    "atol": Key("float", "Absolute tolerance.", default=ATOL),
    "check_dtype": Key("boolean", "Also require the reference's output dtypes.", default=False),
    "structure": Key(
        "table", "Requirements on what the learner's function is made of.", table=STRUCTURE_KEYS
    ),
    "max_recompiles": Key(
        "integer",
        "Compilations allowed after the first case; cases "
        "should then share shapes and dtypes. 0: one program compiled "
        "for the first case must answer every case of its shapes.",
        default=None,
    ),
    "mutants": Key(
        "tables", "Named misconceptions ([[exercise.mutants]]).", default=[], items=MUTANT_KEYS
    ),
    "mistakes": Key(
        "tables",
        "Named mistakes told by their evidence instead of a mutant's "
        "answers: an error pattern, a probe's finding, code in the learner's "
        "file ([[exercise.mistakes]]); tried after the mutants.",
        default=[],
        items=MISTAKE_KEYS,
    ),
}
