# truth: jax.tree.map is given (grads, params) while the lambda is written as (p, g), so each leaf becomes grad - lr * param instead of param - lr * grad; both leaves are wrong except in the degenerate case param == grad.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_tree_order
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    # Gradient with respect to the whole dict, then one jax.tree.map for the update.
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, grads, params)
