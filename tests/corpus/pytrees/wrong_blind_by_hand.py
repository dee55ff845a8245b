# truth: updates the two keys by hand instead of using jax.tree.map (the numbers are right)
# blind: third batch, labelled before the tutor was run on it
# cause: none
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return {"w": params["w"] - lr * grads["w"], "b": params["b"] - lr * grads["b"]}
