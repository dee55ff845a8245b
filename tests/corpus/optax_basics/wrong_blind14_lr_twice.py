# truth: the updates from opt.update already contain -lr, but the step writes w + lr * updates, applying the learning rate twice so every step is lr times too small.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: lr_applied_twice
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)
    opt_state = opt.init(w)

    def step(carry, xy):
        w, opt_state = carry
        x, y = xy
        l, grads = jax.value_and_grad(loss)(w, x, y)
        updates, opt_state = opt.update(grads, opt_state, w)
        w = w + lr * updates
        return (w, opt_state), l

    (w, opt_state), losses = lax.scan(step, (w, opt_state), (x_batches, y_batches))
    return w
