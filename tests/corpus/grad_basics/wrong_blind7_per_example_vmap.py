# truth: keeps the per-example loss and vmaps its gradient, returning N per-example gradients of shape (N,) instead of their sum.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_not_summed
import jax
import jax.numpy as jnp


def per_example_loss(w, x, y):
    return (w * x - y) ** 2


def loss_grad(w, x, y):
    # differentiate one example at a time so grad sees a scalar output
    return jax.vmap(jax.grad(per_example_loss), in_axes=(None, 0, 0))(w, x, y)
