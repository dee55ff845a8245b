# truth: a Python loop updates the dict one key at a time and recomputes the gradient each time, so b's gradient is taken at the already-updated w (a Gauss-Seidel step), not at the original parameters.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: leaves_updated_in_turn
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    for key in ["w", "b"]:
        grads = jax.grad(loss)(params, x, y)
        params[key] = params[key] - lr * grads[key]
    return params
