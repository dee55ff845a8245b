# truth: runs the recurrence with a Python for loop over the rows (each cell checkpointed) instead of lax.scan, so the values are right but the loop is unrolled into T copies and the compiled program holds no while loop.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_loop
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)



def deep_grad(w, xs):
    def loss(w):
        step = jax.checkpoint(cell)
        h = jnp.zeros(xs.shape[1])
        for x in xs:
            h = step(w, h, x)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)
