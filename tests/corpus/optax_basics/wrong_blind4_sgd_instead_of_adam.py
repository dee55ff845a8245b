# truth: Uses optax.sgd(lr) instead of optax.adam(lr), so it runs plain gradient descent, not Adam.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# true: parts_not_placed
# says: or the difference is outside what only a second step shows
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.sgd(lr)

    def step(carry, batch):
        w, opt_state = carry
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(g, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
