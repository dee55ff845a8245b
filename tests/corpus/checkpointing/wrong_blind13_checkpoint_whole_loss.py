# truth: wraps jax.checkpoint around the whole loss instead of the scan step, so the values and gradient are right but the backward pass reruns an ordinary scan that keeps every step's intermediates, and the temporary memory is not reduced.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_loss_checkpointed
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)



def deep_grad(w, xs):
    @jax.checkpoint
    def loss(w):
        def body(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(body, jnp.zeros(xs.shape[1]), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)
