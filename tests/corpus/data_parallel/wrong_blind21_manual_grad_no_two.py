# truth: Writes the MSE gradient by hand as X.T @ (X @ w - Y) / n and forgets the factor 2 from the square, so after the pmean the step uses half the true gradient (w - lr * g / 2).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_factor
# says: half the expected change
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    residual = X @ w - Y
    local_grad = X.T @ residual / X.shape[0]  # gradient of the mean squared error
    g = lax.pmean(local_grad, "batch")  # one all-reduce averages the devices
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    # Split X and Y by rows over "batch", then run device_step with jax.shard_map.
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    run = jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )
    return run(w, X, Y, lr)
