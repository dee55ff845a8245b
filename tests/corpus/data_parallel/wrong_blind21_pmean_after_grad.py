# truth: Differentiates each device's own mean loss and then pmeans the gradient; under shard_map grad already sums the 8 devices' contributions, so the pmean leaves a gradient 8 times too large and the step is w - 8 * lr * true_gradient.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: gradient_summed_over_devices
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    # Runs on every device, with all of w and lr and its own N / 8 rows of X and Y.
    def local_loss(w):
        return jnp.mean((X @ w - Y) ** 2)

    g = jax.grad(local_loss)(w)
    g = lax.pmean(g, "batch")  # average the devices' gradients
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
