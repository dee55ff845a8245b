# truth: the hand-written gradient X.T @ (X @ w - Y) / n drops the factor 2 from the derivative of the square, so the pmean'd gradient is half the true one and w moves only half as far.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# true: probe_step_factor
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    n = X.shape[0]
    r = X @ w - Y
    g = X.T @ r / n
    g = lax.pmean(g, "batch")
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

