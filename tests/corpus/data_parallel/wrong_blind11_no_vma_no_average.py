# truth: turns off the tracking with check_vma=False and then never averages, so each device steps with the gradient of its own N/8 rows and out_specs=P() returns device 0's w, updated from the first block of rows only.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: one_device_gradient
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    # With check_vma=False grad gives this device its own gradient, not the 8x sum.
    g = jax.grad(lambda w: jnp.mean((X @ w - Y) ** 2))(w)
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
        check_vma=False,
    )
    return step(w, X, Y, lr)
