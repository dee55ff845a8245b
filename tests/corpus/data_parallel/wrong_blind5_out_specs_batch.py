# truth: returns the new w with out_specs=P("batch") like X and Y, so the 8 identical copies are joined end to end into a vector of shape (8 * D,) instead of one (D,).
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: copies_stacked
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def device_step(w, X, Y, lr):
    loss = lambda w: lax.pmean(jnp.mean((X @ w - Y) ** 2), "batch")
    return w - lr * jax.grad(loss)(w)


@jax.jit
def dp_step(w, X, Y, lr):
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    return jax.shard_map(
        device_step, mesh=mesh,
        in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P("batch"),
    )(w, X, Y, lr)
