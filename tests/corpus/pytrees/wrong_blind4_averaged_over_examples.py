# truth: Divides each gradient by the number of examples N, treating the summed loss as if it were a mean, so every step is N times too small.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    n = x.shape[0]
    return jax.tree.map(lambda p, g: p - lr * g / n, params, grads)
