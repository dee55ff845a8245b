# attack: edge
# wrong: the averaged gradient is clipped entry by entry to [-8, 8] "for stability"; random draws never reach it, but at the corner of the input space (X and w all 1, Y = -1, D = 5) the gradient is 12 and the step is cut to two thirds.
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))
CLIP = 8.0


def device_step(w, X, Y, lr):
    def loss(w):
        return lax.pmean(jnp.mean((X @ w - Y) ** 2), "batch")

    return w - lr * jnp.clip(jax.grad(loss)(w), -CLIP, CLIP)


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    X, Y = jax.device_put(X, rows), jax.device_put(Y, rows)
    specs = (P(), P("batch"), P("batch"), P())
    return jax.shard_map(device_step, mesh=mesh, in_specs=specs, out_specs=P())(w, X, Y, lr)
