# A correct answer that leaves `sleep 1000` running in the background, twice: a plain
# subprocess, and one started through the shell with `&`.
import os
import subprocess

import jax
import jax.numpy as jnp

plain = subprocess.Popen(["sleep", "1000"])
print(f"PID {plain.pid}")
os.system("sleep 1000 & echo PID $!")


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
