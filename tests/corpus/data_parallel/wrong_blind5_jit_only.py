# truth: shards X and Y and lets jit average per-example gradients without shard_map or lax.pmean, so the numbers are right but the exported program holds no all_reduce (the compiler adds it only later).
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: not_sharded
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))  # the 8 CPU devices, one axis named "batch"


def example_loss(w, x, y):
    return (x @ w - y) ** 2


def device_step(w, X, Y, lr):
    # gradient of the mean = mean of the examples' gradients
    g = jnp.mean(jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, X, Y), axis=0)
    return w - lr * g


@jax.jit
def dp_step(w, X, Y, lr):
    # jit compiles one program for all 8 devices and inserts the all-reduce itself
    rows = NamedSharding(mesh, P("batch"))
    X = jax.device_put(X, rows)
    Y = jax.device_put(Y, rows)
    return device_step(w, X, Y, lr)
