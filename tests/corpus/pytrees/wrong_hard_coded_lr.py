# cause: probe_ignored_argument
# blind: written before the tutor was run on it (second batch)
# says: does not change when lr changes
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


LR = 0.1


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)
