# truth: right, because it flattens params and grads with one treedef, updates every leaf in a list, and unflattens back to the same {"w", "b"} dict.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import tree_util


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    p_leaves, treedef = tree_util.tree_flatten(params)
    g_leaves = treedef.flatten_up_to(grads)
    return tree_util.tree_unflatten(treedef, [p - lr * g for p, g in zip(p_leaves, g_leaves)])
