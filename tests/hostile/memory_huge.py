# Asks for 12 GiB in one allocation: the RLIMIT_DATA backstop refuses it at once.
import numpy as np


def grad_w_and_x(scale, w, x, y):
    return np.ones(12 * 1024**3 // 8)
