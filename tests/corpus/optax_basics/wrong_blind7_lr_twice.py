# truth: adds lr * updates to w, applying the learning rate a second time on top of the one optax.adam(lr) already applied.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: lr_applied_twice
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
        updates, opt_state = opt.update(g, opt_state, w)
        return (w + lr * updates, opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
