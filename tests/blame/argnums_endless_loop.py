# Never returns: the learner's own endless loop, in its own function.
def grad_w_and_x(scale, w, x, y):
    while True:
        pass
