"""Oracle for `scan_training_step(w, lr, x_batches, y_batches)`: one gradient-descent
step per batch row, in order, with lax.scan over the batches; returns the final weight.

The reference is a plain float64 NumPy loop. A wrong answer is matched against mutants
of it (one per misconception), and the learner is replayed on the first k batches to
find the step where its weight first leaves the reference's.

The parts: exercise.py (the misconceptions, the reference and its mutants, the cases),
diagnosis.py (what a wrong answer shows, and the step-by-step replay), oracle.py
(ScanTrainingOracle: the answers and the check for a scan over the batches).
"""
