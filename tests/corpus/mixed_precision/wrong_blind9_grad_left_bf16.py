# truth: never casts the gradient back to float32, so the returned grad is a bfloat16 array (new_w is still float32 through promotion).
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_left_bfloat16
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    to_bf16 = lambda a: a.astype(jnp.bfloat16)
    grad = jax.grad(loss)(to_bf16(w), to_bf16(x), to_bf16(y))
    new_w = w - lr * grad
    return new_w, grad
