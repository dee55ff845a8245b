# truth: keeps the losses as arrays but still prints float(loss) every 10 steps like the lesson's demo loop, which waits for the device and fails under jax.jit.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: float_every_step
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def step(w, x, y, lr):
    value, g = jax.value_and_grad(loss)(w, x, y)
    return value, w - lr * g


def train(w, xs, ys, lr):
    losses = []
    for t, (x, y) in enumerate(zip(xs, ys)):
        value, w = step(w, x, y, lr)
        losses.append(value)
        if t % 10 == 0:
            print(f"step {t}: loss {float(value):.4f}")  # only every 10 steps
    return w, jnp.stack(losses)
