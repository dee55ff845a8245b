# truth: PyTorch habit of thinking a computed value carries its graph: it differentiates lambdas that return the already computed d1 and d2, which do not depend on the argument, so f''(x) and f'''(x) come out as 0.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_zero_entries
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    x = jnp.asarray(x, dtype=jnp.float32)
    d1 = jax.grad(f)(x)
    d2 = jax.grad(lambda t: d1)(x)  # differentiate the first derivative again
    d3 = jax.grad(lambda t: d2)(x)
    return d1, d2, d3
