# truth: makes the 16-bit copies in float16 instead of bfloat16, so values are rounded to 11 significant bits rather than bfloat16's 8 (e.g. w = 1.003 is not rounded to 1.0).
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: float16_not_bfloat16
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def to_half(tree):
    return jax.tree.map(lambda a: a.astype(jnp.float16), tree)


def mixed_step(w, x, y, lr):
    w16, x16, y16 = to_half((w, x, y))
    grad = jax.grad(loss)(w16, x16, y16).astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad
