# attack: tolerance
# wrong: each device's loss adds a habitual L2 penalty of 1e-6 * sum(w ** 2), so the step also shrinks w by lr * 2e-6 * w, under the tolerance but a change even where X is 0 or lr is.
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))
L2 = 1e-6


def device_step(w, X, Y, lr):
    def loss(w):
        data = lax.pmean(jnp.mean((X @ w - Y) ** 2), "batch")
        return data + L2 * jnp.sum(w**2)

    return w - lr * jax.grad(loss)(w)


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    X, Y = jax.device_put(X, rows), jax.device_put(Y, rows)
    specs = (P(), P("batch"), P("batch"), P())
    return jax.shard_map(device_step, mesh=mesh, in_specs=specs, out_specs=P())(w, X, Y, lr)
