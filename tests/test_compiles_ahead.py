"""The fixed cases' call names the hidden cases' (`ahead`): the learner's child traces
their shapes then and compiles them while the fixed cases run and after its reply, so
the hidden cases' call finds them compiled (runner/inside/compiles.py)."""

from __future__ import annotations

from conftest import number_printed

_CALLS = """
import json, sys
from jaxtutor.runner import wire
from jaxtutor.runner.inside import compiles, learner_calls, learner_file, warm_up

warm_up.import_jax()
import jax
import numpy as np

with_ahead = json.loads(sys.stdin.read())
compiled = []
jax.monitoring.register_event_duration_secs_listener(
    lambda event, *_, **__: compiled.append(event == "/jax/core/compile/backend_compile_duration")
)
source = '''
import jax

def orders(x, seed):
    return jax.random.permutation(jax.random.key(seed), x)
'''
learner_file.load({"source": source, "filename": "orders.py", "function": "orders"})
fixed = [(np.arange(6.0), 0), (np.arange(6.0), 1)]
hidden = [(np.arange(float(n)), seed) for n in (9, 13) for seed in (2, 3)]

def call(calls, ahead=()):
    reply = learner_calls.call(
        {"calls": wire.encode_value(calls), "ahead": wire.encode_value(wire.planned(ahead))}
    )
    assert all(r["ok"] for r in reply["results"]), reply
    return [wire.decode_value(r["value"]) for r in reply["results"]]

call(fixed, hidden if with_ahead else ())
compiles.finish_ahead()  # as the child does before its next request
before = sum(compiled)
answers = call(hidden)
assert [sorted(a) for a in answers] == [list(range(n)) for n in (9, 9, 13, 13)]
print(sum(compiled) - before)
"""


def test_the_hidden_shapes_named_ahead_are_compiled_before_their_call():
    assert number_printed(_CALLS, False) >= 2  # one program per new shape
    assert number_printed(_CALLS, True) == 0
