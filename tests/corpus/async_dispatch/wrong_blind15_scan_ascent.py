# truth: the scan body adds the gradient (w + lr * g) instead of subtracting it, so it does gradient ascent: the first loss is right but later losses grow and the final w moves away from the fit.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with the sign of a term flipped
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train(w, xs, ys, lr):
    def body(w, batch):
        x, y = batch
        value, g = jax.value_and_grad(loss)(w, x, y)
        return w + lr * g, value

    w, losses = jax.lax.scan(body, w, (xs, ys))
    return w, losses
