# truth: the loss is rewritten PyTorch-MSELoss style with jnp.mean instead of jnp.sum, so every gradient (and hence every step) is 1/N of the required one.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
