# truth: differentiates each device's own mean loss and then pmeans the gradient, but grad has already summed the 8 devices' contributions, so the step uses 8 times the true gradient.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: gradient_summed_over_devices
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    local_loss = lambda w: jnp.mean((X @ w - Y) ** 2)
    g = lax.pmean(jax.grad(local_loss)(w), "batch")  # average the devices' gradients
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    return jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )(w, X, Y, lr)
