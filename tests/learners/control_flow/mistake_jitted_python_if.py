import jax


@jax.jit
def final_and_grad(w0, rate):
    def run(rate):
        w = w0
        for _ in range(4):
            if w > 1.0:
                w = w * (1.0 - rate)
            else:
                w = w + rate
        return w

    return run(rate), jax.grad(run)(rate)
