# truth: Converts the input with float(int(x)), which truncates non-integer floats toward zero, so it is correct for integer inputs and integer-valued floats but wrong for e.g. x=1.5 (evaluates at 1.0, giving (4, 10, 6) instead of (9.75, 13, 6)).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_rounded_input
# says: rounded toward zero
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    # grad refuses integers: turn whatever we got (2, int32 array, float) into a float
    x = float(int(x))
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return d1(x), d2(x), d3(x)
