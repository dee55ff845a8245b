# truth: the new optimizer state returned by opt.update is thrown away and the initial state is carried unchanged, so every step is Adam's first step (count 0, empty averages) and the run degenerates into sign-SGD with step lr.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: state_not_carried
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
        updates, _ = opt.update(grads, opt_state, w)
        w = optax.apply_updates(w, updates)
        return (w, opt_state), loss(w, x, y)

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
