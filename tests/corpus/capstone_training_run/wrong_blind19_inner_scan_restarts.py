# truth: Each epoch's inner scan starts from the initial w passed to train (closed over) instead of the outer carry, so epoch 2 throws away epoch 1's training; history row 0 is correct but row 1 and the final w differ.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: epoch reading the w that train was given
import jax
import jax.numpy as jnp
from jax import lax

BATCH, LR, MAX_NORM = 2, 0.1, 1.0


def example_loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def clip(g):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, MAX_NORM / jnp.maximum(norm, 1e-12))


@jax.jit
def train(epoch_seeds, w, X, Y):
    # Outer scan over epoch_seeds; inner scan over the shuffled batches.
    w_init = w

    def batch_step(w, batch):
        xb, yb = batch
        loss = jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xb, yb).mean()
        grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xb, yb)
        grads = jax.vmap(clip)(grads)
        return w - LR * grads.mean(axis=0), loss

    def epoch_step(w_carry, seed):
        order = jax.random.permutation(jax.random.key(seed), X.shape[0])
        xb = X[order].reshape(-1, BATCH, X.shape[1])
        yb = Y[order].reshape(-1, BATCH)
        new_w, losses = lax.scan(batch_step, w_init, (xb, yb))
        return new_w, losses

    w, history = lax.scan(epoch_step, w, epoch_seeds)
    return w, history
