# truth: right, because it clamps k with jnp.clip into 0..2 (the same as switch's own clamping) and gets value and slope together from jax.jvp with a unit tangent through lax.switch, whose branches compute from their operand.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax

BRANCHES = (
    lambda t: t * jnp.sin(t),
    lambda t: t ** 3 / 3,
    lambda t: jnp.exp(-t),
)


def picked(k, x):
    return lax.switch(jnp.clip(k, 0, len(BRANCHES) - 1), BRANCHES, x)


@jax.jit
def value_and_slope(k, x):
    x = jnp.asarray(x, dtype=jnp.float32)
    return jax.jvp(lambda t: picked(k, t), (x,), (jnp.ones_like(x),))
