"""`jaxtutor new-lesson ID`: a commented lesson skeleton that lints clean."""

from __future__ import annotations

import re
from pathlib import Path

SKELETON = """\
# A lesson for jaxtutor. Every key is explained in docs/authoring.md.
# Check it with: jaxtutor lint {filename}

id = "{id}"                 # unique; lowercase letters, digits and _
title = "Your lesson's title"
order = 100                 # place in the course: lower comes first
requires = []               # ids of lessons to finish first, e.g. ["grad_basics"]
skills = ["my-skill"]       # what the exercise practises, first the one it is about
part = "My pack"            # a heading in the outline over this part's lessons
summary = "One sentence that says what the learner will be able to do."

# The lesson, in Markdown. A ```python block is checked to be valid Python; when it is
# followed at once by an ```output block, `jaxtutor lint` runs it and compares what it prints.
explanation = '''
# Your lesson's title

**You should already know:** what the lessons in `requires` teach.

Explain one idea, show it in a short example, then set the task.

```python
import jax
import jax.numpy as jnp

print(jax.grad(lambda x: jnp.sum(x ** 2))(jnp.array([1.0, 2.0])))
```

```output
[2. 4.]
```

## Your task

Write `square_grad(x)`: the gradient of `sum(x ** 2)` for an array `x`.
'''

[exercise]
function = "square_grad"    # the function the learner writes
oracle = "generic"          # checked from the keys below, no Python needed

# What the learner starts from: it must NOT pass.
starter = '''
import jax
import jax.numpy as jnp


def square_grad(x):
    raise NotImplementedError
'''

# A solution: it must pass.
solution = '''
import jax
import jax.numpy as jnp


def square_grad(x):
    return jax.grad(lambda x: jnp.sum(x ** 2))(x)
'''

# Optional: an independent reference (plain NumPy is best). Default: the solution.
reference = '''
import numpy as np


def square_grad(x):
    return 2.0 * np.asarray(x, dtype=np.float64)
'''

# From a gentle nudge to the full answer; shown one at a time.
hints = [
    "jax.grad turns a function that returns one number into its gradient function.",
    "Write the function sum(x ** 2) with jnp.sum, then differentiate it.",
    "Call the gradient function on x: jax.grad(f)(x).",
    "return jax.grad(lambda x: jnp.sum(x ** 2))(x)",
]
# random_cases = 24         # hidden cases per shape, drawn afresh on every check
# wide_cases = 2            # more hidden cases from each argument's wide_low..wide_high

[exercise.sizes]            # named sizes shared by shapes; a range is drawn at min, max and between
N = {{ min = 1, max = 8 }}

[[exercise.args]]           # one table per argument, in order
name = "x"
shape = ["N"]
dtype = "float32"
low = -2.0
high = 2.0

# Where the task decides (a comparison, a zero), declare the edge so every check draws
# both sides of it; [[exercise.invariants]] are exact answers, compared exactly.
[[exercise.invariants]]
name = "x = 0: the gradient is exactly 0"
set = {{ x = 0.0 }}

[[exercise.cases]]          # fixed teaching cases come first, shown by name; `expected` is optional
name = "x = [1, 2]"
args = [[1.0, 2.0]]
expected = [2.0, 4.0]

# A mistake a learner is likely to make, the code it produces, and the hint for it.
[[exercise.mutants]]
id = "no_sum"
message = "The function you differentiate returns an array, not one number."
hint = "jax.grad needs a scalar output: wrap x ** 2 in jnp.sum."
code = '''
import jax
import jax.numpy as jnp


def square_grad(x):
    return jax.grad(lambda x: x ** 2)(x)
'''
"""


def write_skeleton(lesson_id: str, folder: Path) -> Path:
    """Write ID.toml into `folder`; never overwrites."""
    if not re.match(r"^[a-z][a-z0-9_]*$", lesson_id):
        raise ValueError(
            f"{lesson_id!r} is not a lesson id: use lowercase letters, digits "
            "and _, starting with a letter"
        )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{lesson_id}.toml"
    try:  # "x": O_EXCL, so not through a symlink either, even one that points nowhere
        with open(path, "x", encoding="utf-8") as out:
            out.write(SKELETON.format(id=lesson_id, filename=path.name))
    except FileExistsError:
        raise ValueError(f"{path} already exists") from None
    return path
