# cause: hard_coded_targets
# says: does not change when y changes
import jax
import jax.numpy as jnp


def loss_grad(w, x, y):
    # the targets of the worked example, written in as a constant
    return jax.grad(lambda w: jnp.sum((w * x - 1.0) ** 2))(w)
