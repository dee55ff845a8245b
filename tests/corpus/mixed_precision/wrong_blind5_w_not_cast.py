# truth: casts only the data x and y to bfloat16 and differentiates at the float32 master weights, so promotion turns the whole forward and backward pass back into float32 with the unrounded w.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: weights_not_cast
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    # the weights are the master copy, only the batch goes to bfloat16
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    grad = jax.grad(loss)(w, x16, y16)
    grad = grad.astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad
