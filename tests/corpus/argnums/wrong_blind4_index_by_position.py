# truth: Indexes the returned tuple by argument position (g[1], g[2]) although it holds only the two requested gradients at indices 0 and 1, so it raises IndexError.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: tuple_index
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    g = jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
    return g[1], g[2]
