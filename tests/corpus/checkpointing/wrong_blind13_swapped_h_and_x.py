# truth: the scan step calls cell(w, x, h) with the carry and the row swapped, so each step computes tanh(w * x + h) instead of tanh(w * h + x), giving a different final h, loss and gradient.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: two arguments of cell taken in the other order
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)



def deep_grad(w, xs):
    def loss(w):
        def body(h, x):
            return cell(w, x, h), None

        h, _ = lax.scan(jax.checkpoint(body), jnp.zeros(xs.shape[1]), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)
