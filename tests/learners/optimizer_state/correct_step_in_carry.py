import jax
import jax.numpy as jnp
from jax import lax


def momentum_run(w, x_batches, y_batches, lr):
    def step(state, batch):
        x, y = batch
        loss, g = jax.value_and_grad(lambda w: jnp.sum((w * x - y) ** 2))(state["w"])
        v = 0.9 * state["v"] + g
        w = state["w"] - lr / (1.0 + state["t"]) * v
        return {"w": w, "v": v, "t": state["t"] + 1.0}, loss

    start = {"w": w, "v": jnp.zeros_like(w), "t": jnp.zeros_like(w)}
    final, losses = lax.scan(step, start, (x_batches, y_batches))
    return final["w"], losses
