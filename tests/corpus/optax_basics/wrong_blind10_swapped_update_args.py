# truth: calls opt.update(params, state, grads) with the parameters and gradients swapped, so Adam follows w itself instead of the gradient.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: update_arguments_swapped
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
        updates, opt_state = opt.update(w, opt_state, grads)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
