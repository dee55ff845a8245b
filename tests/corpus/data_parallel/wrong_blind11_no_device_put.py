# truth: relies on in_specs to split X and Y and never device_puts them onto the mesh, so on the Explicit mesh the still-unsplit inputs do not match in_specs=P("batch") and shard_map raises instead of computing the step.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: rows_not_placed
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    def averaged_loss(w):
        return lax.pmean(jnp.mean((X @ w - Y) ** 2), "batch")

    return w - lr * jax.grad(averaged_loss)(w)


@jax.jit
def dp_step(w, X, Y, lr):
    # in_specs says P("batch") for X and Y: shard_map hands each device its rows.
    step = jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )
    return step(w, X, Y, lr)
