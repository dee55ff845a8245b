# truth: silences the varying-value error with check_vma=False and never averages across devices, so the update uses only device 0's N/8 rows.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: one_device_gradient
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    g = jax.grad(lambda w: jnp.mean((X @ w - Y) ** 2))(w)
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    return jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
        check_vma=False,
    )(w, X, Y, lr)
