# truth: checkpoints each cell but runs the steps in a Python for loop, which jit unrolls, so the compiled program holds no while loop.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: python_loop
import jax
import jax.numpy as jnp


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    step = jax.checkpoint(cell)

    def loss(w):
        h = jnp.zeros(xs.shape[1])
        for t in range(xs.shape[0]):
            h = step(w, h, xs[t])
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)
