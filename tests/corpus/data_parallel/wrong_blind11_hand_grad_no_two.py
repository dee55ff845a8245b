# truth: writes the MSE gradient by hand as X.T @ (X @ w - Y) / n, dropping the factor 2 from the derivative of the square, so after the pmean the step uses half the true gradient.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_factor
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    residual = X @ w - Y
    local_grad = X.T @ residual / X.shape[0]  # gradient of this block's mean squared error
    g = lax.pmean(local_grad, "batch")  # blocks are the same size: the mean of means
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
    )
    return step(w, X, Y, lr)
