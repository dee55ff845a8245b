# truth: the lambda is written (p, g) but the trees are passed as (grads, params), so each leaf becomes grad - lr * param instead of param - lr * grad.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_tree_order
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    # walk both trees leaf by leaf
    return jax.tree.map(lambda p, g: p - lr * g, grads, params)
