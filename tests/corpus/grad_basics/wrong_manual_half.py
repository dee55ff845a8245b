# cause: probe_constant_factor
# says: half
import jax
import jax.numpy as jnp


def loss_grad(w, x, y):
    # derived by hand, PyTorch-style, and the 2 from the square forgotten
    return jnp.sum((w * x - y) * x)
