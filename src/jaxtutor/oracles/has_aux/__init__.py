"""Oracle for `train_step(params, x, y, lr)`: one gradient-descent step of logistic
regression, returning (new_params, loss, accuracy) with loss and accuracy measured at
the incoming params.

The reference is float64 NumPy with the gradient worked out by hand. A wrong answer is
taken apart: each leaf of new_params is matched against the ways an update can go wrong,
the whole update against the plausible wrong targets computed from the case (the
gradient of the summed loss, lr twice, the loss for the gradient, ...), and each scalar
output against the loss and the accuracy before and after the step, so the diagnosis can
say what the outputs are instead.

The parts: misconceptions.py (what each mistake says), exercise.py (the reference and
the cases), answers.py (what a wrong answer is instead), code.py (what the learner's
file shows), oracle.py (HasAuxOracle).
"""

from jaxtutor.oracles.has_aux.answers import alternatives, diagnose
from jaxtutor.oracles.has_aux.exercise import gradients, loss_and_accuracy, make_cases, train_step
from jaxtutor.oracles.has_aux.misconceptions import MISCONCEPTIONS
from jaxtutor.oracles.has_aux.oracle import HasAuxOracle

__all__ = [
    "MISCONCEPTIONS",
    "HasAuxOracle",
    "alternatives",
    "diagnose",
    "gradients",
    "loss_and_accuracy",
    "make_cases",
    "train_step",
]
