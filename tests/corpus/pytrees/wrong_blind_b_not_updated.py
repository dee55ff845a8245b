# truth: differentiates with respect to w alone and returns b unchanged, so b is never updated
# blind: third batch, labelled before the tutor was run on it
# cause: only_w_updated
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    gw = jax.grad(lambda w: loss({"w": w, "b": b}, x, y))(w)
    return {"w": w - lr * gw, "b": b}
