# truth: zips jax.tree.leaves and unpacks them as (w, b), but leaves come in sorted key order (b, w), so w and b are swapped.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_dict_values_swapped
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    grads = jax.grad(loss)(params, x, y)
    new_w, new_b = [p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads))]
    return {"w": new_w, "b": new_b}
