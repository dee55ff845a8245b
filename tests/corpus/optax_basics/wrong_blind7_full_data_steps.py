# truth: takes T steps on the loss of all batches together instead of one step per batch on that batch's loss.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: every_batch_each_step
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)

    def step(carry, _):
        w, opt_state = carry
        g = jax.grad(loss)(w, x_batches, y_batches)
        updates, opt_state = opt.update(g, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), None, length=x_batches.shape[0])
    return w
