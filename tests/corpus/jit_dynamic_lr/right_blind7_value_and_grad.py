# truth: right, because lr stays a traced (non-static) argument, only cast to w's dtype inside the program, and value_and_grad gives the same gradient of the summed loss.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def _sse(w, x, y):
    residual = w * x - y
    return jnp.sum(residual * residual)


def _sgd_step(w, lr, x, y):
    _, g = jax.value_and_grad(_sse)(w, x, y)
    return w - jnp.asarray(lr, dtype=jnp.result_type(w)) * g


sgd_step = jax.jit(_sgd_step)
