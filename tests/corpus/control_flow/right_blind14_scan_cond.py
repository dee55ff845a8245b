# truth: right, because lax.scan with length=4 applies the step 4 times and lax.cond picks the same branch as the rule on each scalar w, and both are differentiable in reverse mode.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def step(w, _):
            w = lax.cond(w <= 1, lambda v: v + rate, lambda v: v - v * rate, w)
            return w, None

        w, _ = lax.scan(step, jnp.float32(w0), None, length=4)
        return w

    return run(rate), jax.grad(run)(rate)
