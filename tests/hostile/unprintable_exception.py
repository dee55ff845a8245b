# Raises an exception whose message itself raises.
class Sneaky(Exception):
    def __str__(self):
        raise RuntimeError("no message for you")


def grad_w_and_x(scale, w, x, y):
    raise Sneaky()
