# attack: edge
# wrong: a "safety" clip_by_global_norm(100.0) is chained before Adam, which changes nothing while every gradient norm is below 100 but rescales the steps (Adam is not invariant to a per-step rescaling) for large-magnitude data, e.g. x and y of scale 30.
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    # clip exploding gradients, then Adam with its defaults
    opt = optax.chain(optax.clip_by_global_norm(100.0), optax.adam(lr))

    def step(carry, batch):
        w, opt_state = carry
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(g, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
