# jax.pmap (the older map over devices) in place of shard_map, so no check_vma to turn
# off: each device steps with the gradient of its own rows, with no pmean, and the first
# of the 8 new w, device 0's, is returned
import jax
import jax.numpy as jnp


def device_step(w, X, Y, lr):
    g = jax.grad(lambda w: jnp.mean((X @ w - Y) ** 2))(w)
    return w - lr * g


def dp_step(w, X, Y, lr):
    n, d = X.shape
    blocks_X, blocks_Y = X.reshape(8, n // 8, d), Y.reshape(8, n // 8)
    step = jax.pmap(device_step, axis_name="batch", in_axes=(None, 0, 0, None))
    return step(w, blocks_X, blocks_Y, lr)[0]
