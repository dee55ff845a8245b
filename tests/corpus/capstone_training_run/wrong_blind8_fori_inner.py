# truth: runs the inner loop over batches as a lax.fori_loop over an index that reads xb[i], yb[i] and writes the loss into a history array, which computes the right numbers but is not a scan over the batches as the task requires.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: none
# says: Your loop reads X[i] by an index
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, MAX_NORM / norm)


@jax.jit
def train(epoch_seeds, w, X, Y):
    def epoch_step(w, seed):
        order = jax.random.permutation(jax.random.key(seed), 6)
        xb = X[order].reshape(3, BATCH, 3)
        yb = Y[order].reshape(3, BATCH)

        def body(i, carry):
            w, hist = carry
            loss = jnp.mean(jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb[i], yb[i]))
            grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb[i], yb[i])
            grads = jax.vmap(clip)(grads)
            w = w - LR * jnp.mean(grads, axis=0)
            return w, hist.at[i].set(loss)

        w, hist = lax.fori_loop(0, 3, body, (w, jnp.zeros(3)))
        return w, hist

    return lax.scan(epoch_step, w, epoch_seeds)
