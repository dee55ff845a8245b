# truth: right, because it differentiates a wrapper that takes the float32 master weights and casts them (and x, y) to bfloat16 inside, so jax.grad computes in bfloat16 and hands back a float32 gradient, and the update uses the float32 w.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    x16, y16 = jax.tree.map(lambda a: jnp.asarray(a, dtype=jnp.bfloat16), (x, y))

    def loss_in_bf16(master):
        return loss(master.astype(jnp.bfloat16), x16, y16)

    grad = jax.grad(loss_in_bf16)(w)  # float32, the dtype of w
    grad = jnp.asarray(grad, jnp.float32)
    return w - lr * grad, grad
