# Lifts Python's recursion limit, then makes repr() recurse in C until the C stack
# overflows: the process dies of SIGSEGV.
import sys


def grad_w_and_x(scale, w, x, y):
    sys.setrecursionlimit(10**8)
    nested = []
    for _ in range(3 * 10**5):
        nested = [nested]
    return repr(nested)
