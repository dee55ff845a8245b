# truth: the batch loss is written jnp.mean(x @ w - y) ** 2 (square of the mean residual instead of mean of squared residuals), so the gradient is 2*mean(r)*mean(x) and points in a different direction from the true batch gradient.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: the power taken of the mean
import jax
import jax.numpy as jnp
import optax
from jax import lax


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)

    def batch_loss(w, x, y):
        return jnp.mean(x @ w - y) ** 2

    def step(carry, batch):
        w, opt_state = carry
        x, y = batch
        grads = jax.grad(batch_loss)(w, x, y)
        updates, opt_state = opt.update(grads, opt_state, w)
        w = optax.apply_updates(w, updates)
        return (w, opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
