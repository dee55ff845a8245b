# truth: the hand-written gradient averages residual*x over axis=1 (the features) instead of axis=0 (the batch), giving a (B,) vector that raises a carry-shape error when B != D and silently trains on a wrong gradient when B == D.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: shapes_do_not_fit
import jax
import jax.numpy as jnp
import optax
from jax import lax


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)

    def step(carry, batch):
        w, opt_state = carry
        x, y = batch
        r = x @ w - y                                   # (B,)
        grads = 2.0 * jnp.mean(x * r[:, None], axis=1)  # d/dw mean(r**2)
        updates, opt_state = opt.update(grads, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
