# truth: right, because the hand-written gradient 2 * x.T @ (x @ w - y) / B equals jax.grad of the batch mean squared error, the Adam state is carried and updated every step, and adding the updates via tree_map is exactly optax.apply_updates.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
import optax
from jax import lax


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)
    B = x_batches.shape[1]

    def step(carry, batch):
        params, state = carry
        r = batch["x"] @ params - batch["y"]
        grads = (2.0 / B) * (batch["x"].T @ r)
        updates, state = opt.update(grads, state)
        params = jax.tree_util.tree_map(lambda p, u: p + u, params, updates)
        return (params, state), None

    init = (w, opt.init(w))
    (w_final, _), _ = lax.scan(step, init, {"x": x_batches, "y": y_batches})
    return w_final
