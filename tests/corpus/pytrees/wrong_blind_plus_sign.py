# truth: wrong sign in the update, param + lr * grad
# blind: third batch, labelled before the tutor was run on it
# cause: probe_step_reversed
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p + lr * g, params, grads)
