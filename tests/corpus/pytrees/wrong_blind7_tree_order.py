# truth: passes the trees to jax.tree.map in the wrong order (grads first), so each leaf becomes grad - lr * param.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_tree_order
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, grads, params)
