# truth: right, because optax.chain(scale_by_adam(), scale(-lr)) is Adam with its default b1, b2, eps built from pieces, carried with w in a dict through lax.scan.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.chain(optax.scale_by_adam(), optax.scale(-lr))

    def step(carry, batch):
        x, y = batch
        l, g = jax.value_and_grad(loss)(carry["w"], x, y)
        updates, new_state = opt.update(g, carry["state"])
        return {"w": optax.apply_updates(carry["w"], updates), "state": new_state}, l

    final, _ = lax.scan(step, {"w": w, "state": opt.init(w)}, (x_batches, y_batches))
    return final["w"]
