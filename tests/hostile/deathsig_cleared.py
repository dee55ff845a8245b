# A process that no longer dies with its parent (it clears the signal the jail set for
# that), then loops forever when called: killing the run's root alone would leave it.
import ctypes

PR_SET_PDEATHSIG = 1
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0)


def grad_w_and_x(scale, w, x, y):
    while True:
        pass
