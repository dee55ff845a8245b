def down(n):
    return down(n + 1) + 1


def grad_w_and_x(scale, w, x, y):
    return down(0)
