# attack: edge
# wrong: each device uses a Huber loss (2 * huber with delta 10, equal to the squared error for |residual| <= 10) to be robust to outliers, so the gradient is wrong as soon as some row's residual exceeds 10 in magnitude (e.g. Y of scale 30).
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))
DELTA = 10.0


def device_step(w, X, Y, lr):
    def loss(w):
        # 2 * huber(r) == r ** 2 for |r| <= DELTA; linear beyond, so outliers do not dominate
        local = jnp.mean(2.0 * optax.huber_loss(X @ w, Y, delta=DELTA))
        return lax.pmean(local, "batch")

    return w - lr * jax.grad(loss)(w)


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    X, Y = jax.device_put(X, rows), jax.device_put(Y, rows)
    specs = (P(), P("batch"), P("batch"), P())  # w, X, Y, lr
    return jax.shard_map(device_step, mesh=mesh, in_specs=specs, out_specs=P())(w, X, Y, lr)
