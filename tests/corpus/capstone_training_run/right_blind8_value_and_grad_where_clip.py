# truth: right, because it cuts the shuffled index array into batches and gathers X, Y with it (same batches as X[order] cut in 3), gets each example's loss and gradient at the current w from one vmap(value_and_grad), clips each row with a where on its norm, averages, and runs both loops as lax.scan over their rows.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip_row(g):
    norm = jnp.sqrt(jnp.sum(g * g))
    safe = jnp.where(norm > MAX_NORM, norm, 1.0)
    return jnp.where(norm > MAX_NORM, g * (MAX_NORM / safe), g)


per_example = jax.vmap(jax.value_and_grad(example_loss), in_axes=(None, 0, 0))


@jax.jit
def train(epoch_seeds, w, X, Y):
    n = X.shape[0]

    def one_batch(w, batch):
        xb, yb = batch
        losses, grads = per_example(w, xb, yb)
        clipped = jax.vmap(clip_row)(grads)
        new_w = w - LR * jnp.mean(clipped, axis=0)
        return new_w, jnp.mean(losses)

    def one_epoch(w, seed):
        order = jax.random.permutation(jax.random.key(seed), n)
        Xs, Ys = X[order], Y[order]
        xb = Xs.reshape(n // BATCH, BATCH, X.shape[1])
        yb = Ys.reshape(n // BATCH, BATCH)
        return lax.scan(one_batch, w, (xb, yb))

    return lax.scan(one_epoch, w, epoch_seeds)
