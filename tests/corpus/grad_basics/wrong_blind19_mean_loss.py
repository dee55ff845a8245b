# truth: Reduces with jnp.mean instead of jnp.sum (copied from the lesson's mean_loss example), so the result is the summed-loss gradient divided by N; it only matches when N == 1 (e.g. gives 16/3 instead of 16 on the lesson's data).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_not_sum
import jax
import jax.numpy as jnp


def per_example_loss(w, x, y):
    return (w * x - y) ** 2


def total_loss(w, x, y):
    # reduce the per-example values to one number
    return jnp.mean(per_example_loss(w, x, y))


def loss_grad(w, x, y):
    return jax.grad(total_loss)(w, x, y)
