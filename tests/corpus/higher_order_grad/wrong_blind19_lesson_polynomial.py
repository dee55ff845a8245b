# truth: Copies the lesson's example and differentiates g(x) = x^3 + 5x^2 + 4x instead of the starter's f, so f' and f'' are wrong (e.g. 17 and 16 at x=1 instead of 4 and 10); only the third derivative (6) is right.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: explanation_polynomial
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def g(x):
    return x ** 3 + 5 * x ** 2 + 4 * x


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    x = jnp.asarray(x, dtype=jnp.float32)
    dg = jax.grad(g)
    return dg(x), jax.grad(dg)(x), jax.grad(jax.grad(dg))(x)
