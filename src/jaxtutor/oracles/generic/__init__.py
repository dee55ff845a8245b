"""The generic oracle: an exercise described entirely in TOML, no Python for the author.

The [exercise] table says how to make the inputs (fixed cases, shown to the learner,
and hidden random cases from shapes, dtypes and ranges, drawn afresh on every run),
which reference to trust, the tolerance, what the learner's function must or must not be
made of, how many recompilations are allowed, and named mutants: the code a learner with
one misconception would write, with the hint for it.

Every program runs in a child process of its own: the learner's, the reference's and
each mutant's (the last two from the check's `Learner.spawn`: forked with JAX
imported). Only their answers (plain arrays) come back; all comparing happens here.
Structure and recompilation rules are never asked of the learner's process: its
function is exported (once per input signature) and a child that never loaded any file
checks and runs those programs (see runner/inside/verify.py). A learner whose answers and
rule results all look like a mutant's is told that mutant's message and hint.

The parts, each importing only those before it: spec.py (the [exercise] keys and
their checks), cases.py (the cases of one check), runs.py (one program run in a child,
remembered), compare.py (answers and rules judged), declared.py (mistakes told by
their evidence), mutants.py (which mutants run, and when), oracle.py (GenericOracle).
"""
