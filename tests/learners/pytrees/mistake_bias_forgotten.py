import jax
import jax.numpy as jnp


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(lambda p: jnp.sum((x @ p["w"] + p["b"] - y) ** 2))(params)
    return {"w": params["w"] - lr * grads["w"], "b": params["b"]}
