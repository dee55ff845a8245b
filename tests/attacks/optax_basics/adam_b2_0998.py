# attack: tolerance
# wrong: optax.adam(lr, b2=0.998) instead of the default b2=0.999: the second moment forgets its past a little faster, moving w by about 1e-4 of itself over 16 steps.
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr, b2=0.998)

    def step(carry, batch):
        w, opt_state = carry
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(g, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
