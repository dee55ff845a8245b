# truth: marks lr static by position with static_argnums=1, so every new learning rate traces and compiles a new program.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: static_lr
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def _sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)


sgd_step = jax.jit(_sgd_step, static_argnums=1)
