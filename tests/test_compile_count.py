"""jit_dynamic_lr's compile count: the learner's function called as it is, every jitted
object it makes counted. A jax.jit made anew on each call fails; one made once, at
import, passes, though the function handed in is not itself the jitted one."""

from __future__ import annotations

from conftest import run_check
from jaxtutor.oracles.generic.recompiles import RECOMPILE_TEST

HEAD = """import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)

"""


def _check(tmp_path, body: str):
    path = tmp_path / "answer.py"
    path.write_text(HEAD + body)
    return run_check("jit_dynamic_lr", path)


def test_a_jit_made_on_every_call_compiles_every_call_and_fails(tmp_path):
    verdict = _check(
        tmp_path,
        "def sgd_step(w, lr, x, y):\n"
        "    step = jax.jit(lambda w, x, y: w - lr * jax.grad(loss)(w, x, y))\n"
        "    return step(w, x, y)\n",
    )
    tests = {t.name: t for t in verdict.tests}
    assert tests[RECOMPILE_TEST].status == "fail"
    assert verdict.diagnosis.id == "compiles_every_call"
    assert "more program(s) after the first call" in verdict.diagnosis.message


def test_a_jit_made_once_compiles_once_and_passes(tmp_path):
    verdict = _check(
        tmp_path,
        "_step = jax.jit(lambda w, lr, x, y: w - lr * jax.grad(loss)(w, x, y))\n\n\n"
        "def sgd_step(w, lr, x, y):\n"
        "    return _step(w, lr, x, y)\n",
    )
    assert verdict.passed, verdict.message
    assert RECOMPILE_TEST in {t.name for t in verdict.tests}
