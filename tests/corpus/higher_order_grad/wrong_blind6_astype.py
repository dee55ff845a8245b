# truth: converts with x.astype(jnp.float32), which works for arrays but raises AttributeError for a plain Python int such as 2.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_number_astype
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # JAX refuses integers, so cast to float first
    x = x.astype(jnp.float32) if not isinstance(x, float) else x
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return d1(x), d2(x), d3(x)
