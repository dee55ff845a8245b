# truth: differentiates the lesson's example polynomial g(x) = x^3 + 5x^2 + 4x instead of the task's f, so it returns (3x^2 + 10x + 4, 6x + 10, 6), e.g. (17.0, 16.0, 6.0) instead of (4.0, 10.0, 6.0) at x=1; only the third derivative is right.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: explanation_polynomial
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def g(x):
    return x ** 3 + 5 * x ** 2 + 4 * x


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    dg = jax.grad(g)
    return (dg(x), jax.grad(dg)(x), jax.grad(jax.grad(dg))(x))
