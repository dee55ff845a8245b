# truth: right, though written as wrong: jax.checkpoint(step, prevent_cse=False) keeps the same memory inside a scan (1 float per step and unit). The writer read an earlier task that asked for the optimization_barrier only prevent_cse=True leaves; the checker now measures memory instead.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        def step(h, x):
            return cell(w, h, x), None

        # Inside a scan the recomputation is out of CSE's reach anyway,
        # so skip the barrier and let XLA optimise freely.
        step = jax.checkpoint(step, prevent_cse=False)
        h, _ = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)
