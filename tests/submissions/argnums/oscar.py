import jax


def grad_w_and_x(scale, w, x, y)
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
