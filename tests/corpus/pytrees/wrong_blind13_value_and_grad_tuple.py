# truth: jax.value_and_grad returns a (loss, grads) tuple that is passed whole to jax.tree.map alongside the params dict, so the tree structures differ and JAX raises a ValueError.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: tree_map_structure
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
