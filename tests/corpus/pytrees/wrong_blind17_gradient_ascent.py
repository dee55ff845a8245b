# truth: the update adds the gradient (param + lr * grad) instead of subtracting it, so each leaf moves uphill: returns {"w": w + lr*dL/dw, "b": b + lr*dL/db}.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_reversed
# says: with the sign of a term flipped (adding where it subtracts)
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    # Gradient with respect to the whole dict, then one jax.tree.map for the update.
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p + lr * g, params, grads)
