"""HasAuxOracle: the cases and the reference of exercise.py, a wrong answer taken apart
by answers.py, and a raised error named where the message and the code agree."""

from __future__ import annotations

import re

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.has_aux import code
from jaxtutor.oracles.has_aux.answers import ALTERNATIVES, diagnose, is_step
from jaxtutor.oracles.has_aux.exercise import ARG_NAMES, make_cases, train_step
from jaxtutor.oracles.has_aux.misconceptions import MISCONCEPTIONS
from jaxtutor.oracles.interface import Oracle
from jaxtutor.oracles.shrink import Size
from jaxtutor.oracles.values import matches

# JAX quotes a non-scalar output: "Output was (" means the whole (loss, accuracy) pair
_TUPLE_NOT_SCALAR = re.compile(r"scalar-output functions\. Output was \(")
_AUX_NOT_PAIR = re.compile(
    r"aux output to return a two-element tuple, but got type "
    r"<class '([\w.]+)'>"
)
_TUPLE_BY_KEY = "tuple indices must be integers or slices, not str"


class HasAuxOracle(Oracle):
    name = "has_aux"
    misconceptions = MISCONCEPTIONS

    arg_names = ARG_NAMES
    # the loss and the accuracy are means over the examples: their order changes nothing
    properties = ({"kind": "reorder", "args": ["x", "y"], "output": "same"},)
    sizes = (Size("B", ((1, 0), (2, 0))), Size("D", (((0, "w"), 0), (1, 1))))
    rounded = (1,)
    settings = {"penalty": "a weight decay: penalty * sum(w ** 2) added to the loss"}

    def __init__(self, penalty: float = 0.0) -> None:
        if isinstance(penalty, bool) or not isinstance(penalty, (int, float)) or penalty < 0:
            raise ValueError(f"penalty must be a number of at least 0; got {penalty!r}")
        self.penalty = float(penalty)

    def cases(self, seed: int) -> list[Case]:
        return make_cases(seed, self.penalty)

    def reference(self, *args):
        return train_step(*args, penalty=self.penalty)

    def in_space(self, args: tuple) -> bool:
        """Rounder inputs must keep every logit off 0, as the drawn ones do: float32 and
        float64 then agree on each prediction."""
        params, x, _, _ = args
        return bool(np.min(np.abs(x @ params["w"] + params["b"]), initial=1.0) > 0.005)

    def diagnose_cases(self, cases: list[Case], answers: list, source: str = ""):
        """The first wrong answer taken apart, with the learner's file as the evidence
        for a cause in the code. A plausible wrong step is named only where every answer
        whose new params are wrong is that same step, on its own case."""
        wrong = [(c, a) for c, a in zip(cases, answers) if not matches(a, c.expected)]
        if not wrong:
            return None
        found = diagnose(*wrong[0], source, self.penalty)
        step = "loss_as_gradient" if found and found.id == "value_and_grad_pair_as_grads" else None
        step = step or (found.id if found and found.id in ALTERNATIVES else None)
        if step is None:
            return found
        moved = [
            (c, a[0] if isinstance(a, (tuple, list)) and a else a)
            for c, a in wrong
            if not (isinstance(a, (tuple, list)) and a and matches(a[0], c.expected[0]))
        ]
        return found if all(is_step(step, new, c, self.penalty) for c, new in moved) else None

    def diagnose_error(self, info: dict, source: str):
        message = info.get("message", "")
        grads_is_tuple = _TUPLE_BY_KEY in message or re.search(
            r"prefix pytree.*dict.*full pytree.*tuple", message, re.S
        )
        if grads_is_tuple and code.torch_order(source):
            return MISCONCEPTIONS["torch_order_unpacking"].diagnose()
        if grads_is_tuple and code.grad_pair(source):
            return MISCONCEPTIONS["grad_has_aux_pair"].diagnose()
        if grads_is_tuple and (positions := code.argnums_tuple(source)):
            return MISCONCEPTIONS["argnums_tuple"].diagnose(
                message=f"Your argnums={positions} is a tuple, so value_and_grad returns the "
                "gradients as a tuple too, one entry per position, and your code indexes "
                f"that tuple by a key: {message.strip()}."
            )
        if re.search(r"does not support string indexing|Only integers, slices", message) and (
            position := code.other_argnums(source)
        ):
            target = ARG_NAMES[position] if position < len(ARG_NAMES) else position
            return MISCONCEPTIONS["argnums_not_params"].diagnose(
                message=f"Your argnums={position} makes value_and_grad differentiate with "
                f"respect to {target}, not params, so `grads` is an array, not a dict like "
                "params."
            )
        return self.diagnose_raised(message)

    @staticmethod
    def diagnose_raised(message: str):
        if _TUPLE_NOT_SCALAR.search(message):
            return MISCONCEPTIONS["missing_has_aux"].diagnose()
        if m := _AUX_NOT_PAIR.search(message):
            what = (
                "a tuple with other than two entries"
                if m.group(1) in ("tuple", "list")
                else "a single value, not a pair"
            )
            return MISCONCEPTIONS["aux_not_a_pair"].diagnose(
                message=f"With has_aux=True the function you differentiate must return a pair "
                f"(loss, aux); yours returned {what}."
            )
        return None
