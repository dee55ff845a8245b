# truth: value_and_grad gives the gradient of the sum loss w.r.t. the whole dict, and flattening params and grads with the same treedef then unflattening p - lr * g is exactly the leafwise SGD step tree.map would make.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    _, grads = jax.value_and_grad(loss)(params, x, y)
    leaves, treedef = jax.tree_util.tree_flatten(params)
    grad_leaves = treedef.flatten_up_to(grads)
    new_leaves = [p - lr * g for p, g in zip(leaves, grad_leaves)]
    return jax.tree_util.tree_unflatten(treedef, new_leaves)
