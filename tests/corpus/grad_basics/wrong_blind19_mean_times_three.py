# truth: Takes the mean-loss gradient and multiplies by the constant 3 (from the lesson's "three times as large") instead of summing or scaling by N, so it is correct only when N == 3 (including the lesson's example, 16) and off by a factor 3/N for any other length.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_fixed_count
# says: times 3/N
import jax
import jax.numpy as jnp


def per_example_loss(w, x, y):
    return (w * x - y) ** 2


def mean_loss(w, x, y):
    return jnp.mean(per_example_loss(w, x, y))


def loss_grad(w, x, y):
    # the sum's gradient is three times the mean's gradient
    return 3.0 * jax.grad(mean_loss)(w, x, y)
