# truth: right, because it writes the per-device program with shard_map as a decorator, replicates w and lr explicitly, and differentiates the pmean of the devices' mean losses (computed as a dot product) with value_and_grad, which is the full-batch gradient.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"
ROWS = NamedSharding(mesh, P("batch"))
SAME = NamedSharding(mesh, P())


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch"), P()), out_specs=P())
def device_step(w, X, Y, lr):
    def global_loss(w):
        r = X @ w - Y
        local = jnp.vdot(r, r) / r.size  # this device's mean squared error
        return lax.pmean(local, "batch")  # same-size blocks: the mean over all N rows

    _, g = jax.value_and_grad(global_loss)(w)
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    w, lr = jax.device_put((w, lr), SAME)
    X, Y = jax.device_put((X, Y), ROWS)
    return device_step(w, X, Y, lr)
