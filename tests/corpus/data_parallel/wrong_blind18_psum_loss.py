# truth: combines the devices' losses with lax.psum instead of lax.pmean, so the differentiated loss is the sum of 8 block means (8x the full-batch MSE) and the update uses 8x the true gradient.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: gradient_summed_over_devices
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    def global_loss(w):
        return lax.psum(jnp.mean((X @ w - Y) ** 2), "batch")

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
