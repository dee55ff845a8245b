# truth: wraps the whole loss (the entire scan) in jax.checkpoint instead of the scan's step, so the backward pass reruns an ordinary scan that keeps all per-step residuals and the peak memory is not reduced (the program still has a while and a barrier, so only measuring memory shows it).
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: whole_loss_checkpointed
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    @jax.checkpoint
    def loss(w):
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)
