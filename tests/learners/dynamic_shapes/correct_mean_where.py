import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # jnp.mean(..., where=) averages the masked entries only; nothing kept gives nan
    return jnp.nan_to_num(jnp.mean(x, where=x > 0))
