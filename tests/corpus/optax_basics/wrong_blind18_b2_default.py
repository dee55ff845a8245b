# truth: builds the optimizer as optax.adam(lr, b1=0.9, b2=0.99), misremembering Adam's default b2 as 0.99 instead of 0.999, so the second-moment average and its bias correction differ and the trained w differs from default Adam's
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# true: part_out_of_play
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr, b1=0.9, b2=0.99)

    def body(carry, batch):
        w, opt_state = carry
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(g, opt_state, w)
        w = optax.apply_updates(w, updates)
        return (w, opt_state), None

    (w, _), _ = lax.scan(body, (w, opt.init(w)), (x_batches, y_batches))
    return w
