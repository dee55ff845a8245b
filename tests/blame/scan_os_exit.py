# Ends its own process while JAX traces it for export: the learner's crash.
import os


def scan_training_step(w, lr, x_batches, y_batches):
    os._exit(3)
