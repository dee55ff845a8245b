# truth: Hoists the jitted step (so it compiles once and the numbers are right) but still logs float(value) every 10th step; for T < 10 it never waits, but for T >= 10 it blocks on step 10, 20, ... and under jax.jit it raises a concretization error at the first logged step.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: float_every_step
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


step = jax.jit(jax.value_and_grad(loss))  # made once, compiled once


def train(w, xs, ys, lr):
    losses = []
    for t in range(xs.shape[0]):
        value, g = step(w, xs[t], ys[t])
        w = w - lr * g
        losses.append(value)  # keep the array, don't wait
        if t % 10 == 9:
            print(f"step {t + 1}: loss {float(value):.4f}")  # only every 10 steps
    return w, jnp.stack(losses)
