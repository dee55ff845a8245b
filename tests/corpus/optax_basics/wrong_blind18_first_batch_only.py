# truth: the gradient is taken on x_batches[0], y_batches[0] at every step instead of the scanned batch (x, y), so it does T Adam steps on the first batch only
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# true: part_out_of_play
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)

    def body(carry, batch):
        w, opt_state = carry
        x, y = batch
        g = jax.grad(loss)(w, x_batches[0], y_batches[0])
        updates, opt_state = opt.update(g, opt_state, w)
        w = optax.apply_updates(w, updates)
        return (w, opt_state), None

    (w, _), _ = lax.scan(body, (w, opt.init(w)), (x_batches, y_batches))
    return w
