# truth: the update adds the gradient (w + lr * g) instead of subtracting it, so it returns a gradient ascent step that increases the loss.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_reversed
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    def loss(w):
        return lax.pmean(jnp.mean((X @ w - Y) ** 2), "batch")

    g = jax.grad(loss)(w)
    return w + lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    step = jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )
    return step(w, X, Y, lr)

