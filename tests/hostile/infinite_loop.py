# Never returns: the run must end in a timeout.
def grad_w_and_x(scale, w, x, y):
    while True:
        pass
