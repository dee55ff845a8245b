# truth: Updates only the "w" leaf and returns b unchanged, so the bias never gets its gradient step.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: only_w_updated
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return {"w": params["w"] - lr * grads["w"], "b": params["b"]}
