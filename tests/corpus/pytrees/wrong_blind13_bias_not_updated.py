# truth: the gradient is taken only with respect to w (closing over b), so w gets the right step but b is returned unchanged instead of b - lr * dloss/db.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: only_w_updated
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    # the weights are what we train
    grad_w = jax.grad(lambda w_: loss({"w": w_, "b": b}, x, y))(w)
    grads = {"w": grad_w, "b": jnp.zeros_like(b)}
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
