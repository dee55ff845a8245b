# attack: tolerance
# wrong: X is cast to float16 before it is sharded (to halve the transfer), so the gradient is computed from rounded features and the new w is off by ~1e-4..1e-3 relative of the step for any X not exact in float16.
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))


def device_step(w, X, Y, lr):
    def loss(w):
        return lax.pmean(jnp.mean((X @ w - Y) ** 2), "batch")

    return w - lr * jax.grad(loss)(w)


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    X = X.astype(jnp.float16)  # half the bytes to send to the devices
    X, Y = jax.device_put(X, rows), jax.device_put(Y, rows)
    specs = (P(), P("batch"), P("batch"), P())  # w, X, Y, lr
    return jax.shard_map(device_step, mesh=mesh, in_specs=specs, out_specs=P())(w, X, Y, lr)
