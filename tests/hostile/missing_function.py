import jax


def grad_w_and_z(scale, w, x, y):
    return jax.grad(lambda *a: 0.0)(scale)
