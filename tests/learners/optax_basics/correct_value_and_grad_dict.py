import jax
import jax.numpy as jnp
import optax
from jax import lax


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(learning_rate=lr)

    def batch_loss(w, x, y):
        r = x @ w - y
        return jnp.mean(r * r)

    def step(carry, batch):
        _, g = jax.value_and_grad(batch_loss)(carry["w"], batch["x"], batch["y"])
        updates, state = opt.update(g, carry["state"], carry["w"])
        return {"w": carry["w"] + updates, "state": state}, None

    final, _ = lax.scan(
        step, {"w": w, "state": opt.init(w)}, {"x": x_batches, "y": y_batches}
    )
    return final["w"]
