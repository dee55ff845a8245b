# truth: differentiates an inline loss that uses jnp.mean instead of jnp.sum of the squared errors, so every gradient is divided by N and the update is param - (lr/N) * grad instead of param - lr * grad.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    # Gradient with respect to the whole dict, then one jax.tree.map for the update.
    grads = jax.grad(lambda p: jnp.mean((x @ p["w"] + p["b"] - y) ** 2))(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
