import jax


def grad_w_and_x(scale, w, x, y):
    while True:
        pass
