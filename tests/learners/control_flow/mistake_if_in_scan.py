import jax
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def step(w, _):
            w = w * (1.0 - rate) if w > 1.0 else w + rate
            return w, None

        return lax.scan(step, w0, None, length=4)[0]

    return run(rate), jax.grad(run)(rate)
