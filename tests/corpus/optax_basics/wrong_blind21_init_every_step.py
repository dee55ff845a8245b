# truth: opt.init(w) is called inside the scan step, so every step starts Adam from a fresh state (count 0, zero moments) and each update is about -lr * sign(grad); the first step is correct (so T = 1 matches) but from the second batch on the moment averages are forgotten and the final w differs.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
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
        opt_state = opt.init(w)
        grads = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(grads, opt_state, w)
        w = optax.apply_updates(w, updates)
        return (w, opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
