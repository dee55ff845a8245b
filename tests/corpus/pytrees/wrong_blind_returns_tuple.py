# truth: returns a tuple (w, b) instead of the dict {"w": ..., "b": ...}
# blind: third batch, labelled before the tutor was run on it
# cause: probe_tuple_for_dict
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new["w"], new["b"]
