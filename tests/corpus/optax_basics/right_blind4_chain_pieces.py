# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    # Adam built from its pieces: Adam's scaling, then the learning rate with its minus sign.
    opt = optax.chain(optax.scale_by_adam(), optax.scale(-lr))
    grad_fn = jax.grad(loss)

    def step(carry, batch):
        params, state = carry
        updates, state = opt.update(grad_fn(params, *batch), state, params)
        return (jax.tree.map(jnp.add, params, updates), state), None

    (w_final, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w_final
