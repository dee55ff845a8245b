# truth: the carry is unpacked as (params, opt_state) but the gradient is taken at the outer initial w (closed over), so every batch's gradient is evaluated at the starting weights instead of the current params; Adam steps are driven by stale gradients
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: the w that adam_fit was given, not the w it binds
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adam(lr)

    def body(carry, batch):
        params, opt_state = carry
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(g, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state), None

    (w_final, _), _ = lax.scan(body, (w, opt.init(w)), (x_batches, y_batches))
    return w_final
