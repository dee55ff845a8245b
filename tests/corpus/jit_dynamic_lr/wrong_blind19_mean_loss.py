# truth: The loss is redefined with jnp.mean instead of jnp.sum, so the gradient (and the step) is divided by N; it matches the correct answer only when N == 1 and is too small by a factor of N otherwise.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(w, x, y):
    # Mean squared error, averaged over the N examples.
    return jnp.mean((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    # No static_argnames: lr becomes a weakly typed scalar tracer.
    return w - lr * jax.grad(loss)(w, x, y)
