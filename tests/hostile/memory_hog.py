# Allocates and touches 3 GiB, a little at a time: the polled cap must stop it.
import numpy as np


def grad_w_and_x(scale, w, x, y):
    blocks = []
    for _ in range(24):
        blocks.append(np.ones(128 * 1024**2 // 8))  # 128 MiB each, every page touched
    return blocks
