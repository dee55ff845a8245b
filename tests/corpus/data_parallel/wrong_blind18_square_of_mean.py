# truth: misplaced parenthesis squares the mean residual, jnp.mean(X @ w - Y) ** 2, instead of averaging the squared residuals, so each device's loss is (mean residual of its block)^2 and the gradient is the device average of 2*mean(r_block)*mean(X_block, axis=0) instead of 2*mean(r*x) over all rows.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with the power taken of the mean
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    def global_loss(w):
        return lax.pmean(jnp.mean(X @ w - Y) ** 2, "batch")

    g = jax.grad(global_loss)(w)
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    # Split X and Y by rows over "batch", then run device_step with jax.shard_map.
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    step = jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )
    return step(w, X, Y, lr)
