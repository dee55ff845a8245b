# truth: correct: jax.tree.map makes bfloat16 copies of x and y, and w is cast inside the differentiated function, so jax.grad with respect to the float32 w returns a float32 gradient whose values are the bfloat16 gradient (the transpose of the cast just converts it), and new_w is updated from the float32 w.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    x16, y16 = jax.tree.map(lambda a: a.astype(jnp.bfloat16), (x, y))

    def loss_of_master(w32):
        return loss(w32.astype(jnp.bfloat16), x16, y16)

    grad = jax.grad(loss_of_master)(w)
    assert grad.dtype == jnp.float32
    new_w = jnp.subtract(w, jnp.multiply(grad, lr))
    return new_w, grad
