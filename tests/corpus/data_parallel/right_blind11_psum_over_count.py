# truth: psums the devices' sums of squared errors and divides by the total row count (rows per device times lax.psum(1)), which is exactly mean((X @ w - Y) ** 2) over all N rows, so value_and_grad of it gives the true gradient and the all-reduce is in the program.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    def global_mse(w):
        squared = jnp.sum(jnp.square(X @ w - Y))
        n_total = X.shape[0] * lax.psum(1, "batch")
        return lax.psum(squared, "batch") / n_total

    _, g = jax.value_and_grad(global_mse)(w)
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    # Split X and Y by rows over "batch", then run device_step with jax.shard_map.
    X, Y = jax.device_put((X, Y), NamedSharding(mesh, P("batch")))
    return jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )(w, X, Y, lr)
