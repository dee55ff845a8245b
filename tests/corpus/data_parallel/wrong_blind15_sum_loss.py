# truth: each device's loss uses jnp.sum instead of jnp.mean over its rows, so the gradient is N/8 times the true mean-squared-error gradient and the step is that many times too large.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with a sum where it takes a mean
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    def loss(w):
        return lax.pmean(jnp.sum((X @ w - Y) ** 2), "batch")

    g = jax.grad(loss)(w)
    return w - lr * g


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

