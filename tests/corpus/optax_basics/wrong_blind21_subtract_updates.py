# truth: The parameters are updated with w - updates, but optax updates already carry the minus sign, so every step moves uphill on the loss; the final w moves away from the fit instead of toward it.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: updates_subtracted
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
        grads = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(grads, opt_state, w)
        w = w - updates
        return (w, opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
