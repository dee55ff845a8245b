# Returns a tuple of 40,000 entries (jit cannot trace float(scale), so it is called
# plainly and answers at once): the verdict that describes it must still be small.
def grad_w_and_x(scale, w, x, y):
    return (float(scale),) * 40000
