# truth: calls opt.init inside the scan step, so every step starts Adam from a fresh state (count 0, empty averages) and the carried state is never used.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: state_not_carried
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)

    def step(carry, batch):
        w, opt_state = carry
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        opt_state = opt.init(w)
        updates, opt_state = opt.update(g, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
