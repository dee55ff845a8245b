# truth: dp_step never device_puts X and Y onto the mesh split by rows, so on the Explicit "batch" axis shard_map gets unsplit inputs for in_specs P("batch") and raises a ValueError instead of returning the new w.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: rows_not_placed
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    def loss(w):
        return lax.pmean(jnp.mean((X @ w - Y) ** 2), "batch")

    g = jax.grad(loss)(w)
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    step = jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )
    return step(w, X, Y, lr)
