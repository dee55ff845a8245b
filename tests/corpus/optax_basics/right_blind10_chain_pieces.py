# truth: right, because optax.chain(optax.scale_by_adam(), optax.scale(-lr)) is how optax.adam(lr) is built, and the state still travels in the scan carry beside w.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.chain(optax.scale_by_adam(), optax.scale(-lr))
    value_and_grad = jax.value_and_grad(loss)

    def body(state, batch):
        params, opt_state = state
        _, g = value_and_grad(params, batch["x"], batch["y"])
        upd, opt_state = opt.update(g, opt_state)
        return (optax.apply_updates(params, upd), opt_state), None

    final, _ = lax.scan(body, (w, opt.init(w)), {"x": x_batches, "y": y_batches})
    return final[0]
