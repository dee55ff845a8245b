# A correct answer that double-forks with setsid, so its grandchildren leave the process
# group and session: one keeps the run's environment, one starts with an empty one.
import os

import jax
import jax.numpy as jnp


def escape(env):
    r, w = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.write(w, os.readlink("/proc/self").encode())  # the pid the machine sees
            os.execve("/bin/sleep", ["sleep", "1000"], env)
        os._exit(0)
    os.close(w)
    pid = int(os.read(r, 32))
    os.wait()
    print(f"PID {pid}", flush=True)


escape(dict(os.environ))
escape({})


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
