import jax
from jax import lax


def final_and_grad(w0, rate):
    def run(rate):
        def step(w, _):
            w = lax.cond(w > 1.0, lambda w: w * (1.0 - rate), lambda w: w + rate, w)
            return w, None

        return lax.scan(step, w0, None, length=4)[0]

    return jax.value_and_grad(run)(rate)
