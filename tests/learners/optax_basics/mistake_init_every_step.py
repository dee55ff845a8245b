import jax
import jax.numpy as jnp
import optax
from jax import lax


def adam_fit(w, x_batches, y_batches, lr):
    def step(w, batch):
        x, y = batch
        opt = optax.adam(lr)
        opt_state = opt.init(w)
        g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        updates, opt_state = opt.update(g, opt_state, w)
        return optax.apply_updates(w, updates), None

    return lax.scan(step, w, (x_batches, y_batches))[0]
