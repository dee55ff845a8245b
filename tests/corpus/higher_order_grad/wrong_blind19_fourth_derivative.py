# truth: The third entry wraps the second-derivative function in two more grads (copying the lesson's jax.grad(jax.grad(dg)) pattern with d2 in place of dg), so it is the fourth derivative and always returns 0.0 instead of 6.0; the first two entries are correct.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_zero_entries
# says: one jax.grad more
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    x = jnp.asarray(x, dtype=jnp.float32)
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(jax.grad(d2))
    return d1(x), d2(x), d3(x)
