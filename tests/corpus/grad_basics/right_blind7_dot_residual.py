# truth: right, because the residual dotted with itself is exactly the summed squared error, and grad w.r.t. argnums=0 is d/dw of it.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss_grad(w, x, y):
    def sse(w_):
        r = w_ * x - y
        return jnp.dot(r, r)

    return jax.grad(sse, argnums=0)(w)
