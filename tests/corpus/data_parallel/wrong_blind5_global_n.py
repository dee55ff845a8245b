# truth: divides each device's summed squared error by the full N instead of its own N/8 rows and then pmeans, so the loss and the gradient come out 8 times too small.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_divided_twice
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def make_device_step(n_total):
    def device_step(w, X, Y, lr):
        def loss(w):
            local = jnp.sum((X @ w - Y) ** 2) / n_total  # the mean over all N rows
            return lax.pmean(local, "batch")

        return w - lr * jax.grad(loss)(w)

    return device_step


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    n_total = X.shape[0]
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    return jax.shard_map(
        make_device_step(n_total), mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P(),
    )(w, X, Y, lr)
