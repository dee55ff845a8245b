# attack: edge
# wrong: each gradient entry is clipped to [-100, 100], so the update is wrong only when some |grad| > 100 (large N and D).
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -100.0, 100.0), params, grads)
