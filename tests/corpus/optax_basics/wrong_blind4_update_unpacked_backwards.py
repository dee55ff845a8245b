# truth: Unpacks opt.update's result as (opt_state, updates) instead of (updates, opt_state), so apply_updates tries to add the optimizer state (a tuple) to w and raises TypeError.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: tuple_arithmetic
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
        opt_state, updates = opt.update(g, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
