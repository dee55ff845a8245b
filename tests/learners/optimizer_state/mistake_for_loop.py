import jax
import jax.numpy as jnp


def momentum_run(w, x_batches, y_batches, lr):
    v = 0.0
    losses = []
    for t in range(len(x_batches)):
        x, y = x_batches[t], y_batches[t]
        loss, g = jax.value_and_grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
        losses.append(loss)
        v = 0.9 * v + g
        w = w - lr / (1 + t) * v
    return w, jnp.array(losses)
