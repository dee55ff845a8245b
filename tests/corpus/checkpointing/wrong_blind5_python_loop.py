# truth: checkpoints the cell but runs the steps in a plain Python for loop (PyTorch habit) instead of lax.scan, so the loop is unrolled into T copies and the compiled program holds no while loop.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_loop
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    checkpointed_cell = jax.checkpoint(cell)

    def loss(w):
        h = jnp.zeros_like(w)
        for t in range(xs.shape[0]):
            h = checkpointed_cell(w, h, xs[t])
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)
