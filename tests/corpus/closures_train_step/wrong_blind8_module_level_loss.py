# truth: defines loss_fn at module level, expecting it to see train_step's x and y, but Python closures are lexical, so it reads the module's example batch, which jit bakes in as a constant; every call trains on that batch.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05

# a batch to try things out with
x = jnp.array([1.0, 2.0, 3.0])
y = jnp.array([2.0, 4.0, 6.0])


def loss_fn(w):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def train_step(w, x, y):
    # x and y are passed in, so loss_fn will use them
    g = jax.grad(loss_fn)(w)
    return w - LEARNING_RATE * g
