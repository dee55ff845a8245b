# truth: The update is applied as w + lr * updates although optax.adam(lr) already scaled the updates by lr, so each step is lr times too small (effective rate lr**2); it agrees with the correct answer only when lr = 1.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
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
        grads = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(grads, opt_state, w)
        w = w + lr * updates
        return (w, opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
