# truth: lr made static by position (static_argnums=1), so each new learning rate recompiles
# blind: third batch, labelled before the tutor was run on it
# cause: static_lr
# never: drop it from static_argnames
# never: Drop static_argnames
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def _sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)


sgd_step = jax.jit(_sgd_step, static_argnums=1)
