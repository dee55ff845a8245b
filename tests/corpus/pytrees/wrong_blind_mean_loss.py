# truth: the loss is the mean of the squared errors instead of the sum, so every gradient is divided by N
# blind: third batch, labelled before the tutor was run on it
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
