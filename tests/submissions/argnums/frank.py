import os

import jax
import jax.numpy as jnp


def grad_w_and_x(scale, w, x, y):
    os._exit(3)  # the process dies in the middle of the tests
