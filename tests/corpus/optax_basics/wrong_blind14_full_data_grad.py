# truth: the step body ignores the batch it is handed and takes the gradient of the loss over all T batches (closed over from the outer scope), so every step uses the full-data gradient instead of that batch's gradient.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: every_batch_each_step
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
        grads = jax.grad(loss)(w, x_batches, y_batches)
        updates, opt_state = opt.update(grads, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
