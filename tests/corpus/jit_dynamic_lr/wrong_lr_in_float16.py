# truth: casts the traced learning rate to float16 inside the step, so for learning rates like 0.1 or 0.01 the update is off by ~1e-4 relative.
# cause: probe_rounded_input
# says: lr rounded to float16
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    lr = jnp.asarray(lr).astype(jnp.float16).astype(jnp.float32)
    return w - lr * jax.grad(loss)(w, x, y)
