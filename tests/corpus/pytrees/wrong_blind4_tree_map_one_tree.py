# truth: Gives jax.tree.map only the params tree for a two-argument lambda, so the lambda is called without its gradient argument and raises TypeError.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: missing_argument
# says: jax.tree.map calls
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params)
