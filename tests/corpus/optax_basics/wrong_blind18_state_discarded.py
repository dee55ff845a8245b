# truth: the new optimizer state from opt.update is thrown away (updates, _ = ...) and the old state is carried, so every step runs Adam from the initial zero state (count 0): each update is about -lr * g / (|g| + eps), i.e. sign-SGD with step lr, instead of real Adam with running moments
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: state_not_carried
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
        g = jax.grad(loss)(w, x, y)
        updates, _ = opt.update(g, opt_state, w)
        w = optax.apply_updates(w, updates)
        return (w, opt_state), None

    (w, _), _ = lax.scan(body, (w, opt.init(w)), (x_batches, y_batches))
    return w
