# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    leaves, treedef = jax.tree.flatten(params)
    grad_leaves = treedef.flatten_up_to(grads)
    new_leaves = [p - lr * g for p, g in zip(leaves, grad_leaves)]
    return jax.tree.unflatten(treedef, new_leaves)
