# Returns things that are not numbers: an object array and an object that claims to be
# an array. The tutor must call that a wrong answer, never its own error.
import numpy as np


class Liar:
    shape = (2,)
    dtype = np.float32

    def __array__(self, *a, **k):
        return np.array(["not", "numbers"])


def grad_w_and_x(scale, w, x, y):
    return np.array([object(), None]), Liar()
