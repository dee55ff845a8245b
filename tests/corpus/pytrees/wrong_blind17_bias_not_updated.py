# truth: the leaves are written out by hand and the bias is copied unchanged: returns {"w": w - lr*dL/dw, "b": b} instead of b - lr*dL/db.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: only_w_updated
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    # Gradient with respect to the whole dict, then one jax.tree.map for the update.
    grads = jax.grad(loss)(params, x, y)
    return {"w": params["w"] - lr * grads["w"], "b": params["b"]}
