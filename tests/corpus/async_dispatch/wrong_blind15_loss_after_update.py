# truth: each step's loss is measured after the update (with the new w on the same batch) instead of before it, so every entry of losses is the post-update loss rather than the pre-update one; the final w is right.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


grad_step = jax.jit(jax.grad(loss))
loss_jit = jax.jit(loss)


def train(w, xs, ys, lr):
    losses = []
    for x, y in zip(xs, ys):
        g = grad_step(w, x, y)
        w = w - lr * g
        losses.append(loss_jit(w, x, y))
    return w, jnp.stack(losses)
