# truth: The update is mapped over the "w" leaf only and b is returned unchanged, so "w" is correct but "b" misses its step -lr * 2*sum(x @ w + b - y); correct only when the residuals sum to zero (zero bias gradient).
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: only_w_updated
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    # Gradient with respect to the whole dict, then one jax.tree.map for the update.
    grads = jax.grad(loss)(params, x, y)
    new_w = jax.tree.map(lambda p, g: p - lr * g, params["w"], grads["w"])
    return {"w": new_w, "b": params["b"]}
