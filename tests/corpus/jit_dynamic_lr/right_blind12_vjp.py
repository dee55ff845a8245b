# truth: lr is an ordinary traced (weakly typed) argument of a plain jax.jit, and the gradient in w is obtained with jax.vjp and a cotangent of 1, which equals jax.grad of the summed squared error; so the step is w - lr*g with one compilation for all lrs.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def _sgd_step(w, lr, x, y):
    value, pullback = jax.vjp(lambda v: loss(v, x, y), w)
    (g,) = pullback(jnp.ones_like(value))
    return w + (-lr) * g


sgd_step = jax.jit(_sgd_step)
