# truth: differentiates with respect to x (argnums=1) instead of the params dict, so the gradient is an (N, D) array, not a dict like params
# blind: third batch, labelled before the tutor was run on it
# cause: probe_shape
# says: it has the shape of x
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss, argnums=1)(params, x, y)
    return jax.tree.map(lambda p: p - lr * grads, params)
