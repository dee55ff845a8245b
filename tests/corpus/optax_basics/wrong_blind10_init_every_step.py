# truth: calls opt.init inside the scan step, so every step starts Adam from a fresh state (count 0, zero averages) and only w is carried.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: state_not_carried
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)

    def step(w, batch):
        x, y = batch
        opt_state = opt.init(w)
        grads = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(grads, opt_state, w)
        return optax.apply_updates(w, updates), None

    w, _ = lax.scan(step, w, (x_batches, y_batches))
    return w
