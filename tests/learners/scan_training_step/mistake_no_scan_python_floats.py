# expect: fail no_scan
# plain Python floats: right numbers, but the function cannot be traced
import numpy as np


def scan_training_step(w, lr, x_batches, y_batches):
    w, lr = float(w), float(lr)
    for x, y in zip(np.asarray(x_batches), np.asarray(y_batches)):
        w = w - lr * 2 * float(np.sum((w * x - y) * x))
    return w
