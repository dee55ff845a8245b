# A correct answer that leaves `sleep 1000` running in the background, twice: a plain
# subprocess, and one started through the shell with `&`.
import os
import subprocess

import jax
import jax.numpy as jnp

plain = subprocess.Popen(["sleep", "1000"])
os.system("sleep 1000 &")
# both sleeps are now children of this process (the orphaned one is reparented to it);
# print their pids as the machine sees them, through /proc, not this process's namespace
me = os.readlink("/proc/self")
for task in os.listdir(f"/proc/{me}/task"):
    with open(f"/proc/{me}/task/{task}/children") as f:
        for pid in f.read().split():
            print(f"PID {pid}")


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
