# truth: uses out_specs=P("batch") for the result as for the data, so the 8 identical updated copies of w are joined along the first axis and the function returns shape (8*D,) instead of (D,).
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: copies_stacked
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
    # Split X and Y by rows over "batch", then run device_step with jax.shard_map.
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    step = jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P("batch"),
    )
    return step(w, X, Y, lr)
