# Reads address 0.
import ctypes


def grad_w_and_x(scale, w, x, y):
    return ctypes.string_at(0)
