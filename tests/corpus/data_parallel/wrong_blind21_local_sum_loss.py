# truth: Each device takes the sum of its squared errors instead of the mean before the pmean, so the gradient is N/8 times the true one; it is right only when N = 8 (one row per device) and too large for any bigger batch.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: a sum where it takes a mean
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    def global_loss(w):
        local = jnp.sum((X @ w - Y) ** 2)  # this device's squared error
        return lax.pmean(local, "batch")

    g = jax.grad(global_loss)(w)
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    # Split X and Y by rows over "batch", then run device_step with jax.shard_map.
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    run = jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )
    return run(w, X, Y, lr)
