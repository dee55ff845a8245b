# truth: updates the dict leaf by leaf in a Python loop, recomputing the gradient after each change, so b's gradient is taken at the already-updated w.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: leaves_updated_in_turn
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    for name in ["w", "b"]:
        grads = jax.grad(loss)(params, x, y)
        params[name] = params[name] - lr * grads[name]
    return params
