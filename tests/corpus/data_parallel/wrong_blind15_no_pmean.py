# truth: differentiates each device's own mean loss without lax.pmean, so grad's implicit psum makes the gradient the sum of the 8 devices' gradients, 8 times the true one, and the step moves w 8 times too far.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: gradient_summed_over_devices
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    def loss(w):
        return jnp.mean((X @ w - Y) ** 2)

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

