# truth: uses jnp.mean(h ** 2) (a PyTorch MSELoss-style mean) instead of jnp.sum(h ** 2), which agrees with the D = 1 worked example but is D times too small for D > 1.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_loss
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(jax.checkpoint(step), jnp.zeros_like(w), xs)
        return jnp.mean(h ** 2)

    return jax.value_and_grad(loss)(w)
