# Reads address 0 while JAX traces it for export: a segfault, the learner's crash.
import ctypes


def scan_training_step(w, lr, x_batches, y_batches):
    return ctypes.string_at(0)
