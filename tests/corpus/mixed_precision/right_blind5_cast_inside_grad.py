# truth: right, because it differentiates a function of the float32 w that casts w itself to bfloat16 (with x and y cast too), so the pass runs in bfloat16 and jax.grad hands back the float32 gradient directly; the update then uses the float32 w.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    x16, y16 = jax.tree.map(lambda a: a.astype(jnp.bfloat16), (x, y))

    def loss_of_master(w32):
        return loss(w32.astype(jnp.bfloat16), x16, y16)

    grad = jax.grad(loss_of_master)(w)  # float32, because w is float32
    new_w = jax.tree.map(lambda p, g: p - lr * g, w, grad)
    return new_w, grad
