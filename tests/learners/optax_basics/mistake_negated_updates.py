import jax
import jax.numpy as jnp
import optax
from jax import lax


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)

    def step(carry, batch):
        w, state = carry
        x, y = batch
        g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        updates, state = opt.update(g, state, w)
        # a step goes downhill, so take minus the updates
        w = optax.apply_updates(w, jax.tree.map(lambda u: -u, updates))
        return (w, state), None

    return lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))[0][0]
