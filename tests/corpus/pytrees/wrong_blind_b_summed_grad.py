# truth: scales b's gradient by 1/N thinking it should be averaged over the batch (b updated with the mean of its gradient instead of the gradient)
# blind: third batch, labelled before the tutor was run on it
# true: probe_only_size_one
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    grads["b"] = grads["b"] / x.shape[0]
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
