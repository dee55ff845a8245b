# truth: uses jax.value_and_grad and returns the (loss, gradient) pair instead of just the scalar gradient.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_tuple_holds_the_answer
import jax
import jax.numpy as jnp


def summed_loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.value_and_grad(summed_loss)(w, x, y)
