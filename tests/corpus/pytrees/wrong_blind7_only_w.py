# truth: takes the gradient with respect to w only (not the whole dict) and hands b back unchanged.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: only_w_updated
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grad_w = jax.grad(lambda w_: loss({"w": w_, "b": params["b"]}, x, y))(params["w"])
    return {"w": params["w"] - lr * grad_w, "b": params["b"]}
