# Stops its own process: it never answers, and never reads another request.
import os
import signal


def grad_w_and_x(scale, w, x, y):
    os.kill(os.getpid(), signal.SIGSTOP)
