# truth: fixes the recompiles but keeps the lesson's "print every 10 steps" logging with float(value), which waits on the step and, when the checker runs train under jax.jit, raises a ConcretizationTypeError at step 0 because the loss has no value yet.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: float_every_step
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


step = jax.jit(jax.value_and_grad(loss))  # made once, reused every step


def train(w, xs, ys, lr):
    losses = []
    for t, (x, y) in enumerate(zip(xs, ys)):
        value, g = step(w, x, y)
        w = w - lr * g
        losses.append(value)  # an array: nothing waits
        if t % 10 == 0:
            print(t, round(float(value), 4))  # waits only once every 10 steps
    return w, jnp.stack(losses)
