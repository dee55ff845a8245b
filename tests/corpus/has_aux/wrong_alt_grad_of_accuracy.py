# truth: differentiates the accuracy (put first in the pair) instead of the loss: its gradient is zero, so a step is taken with a zero gradient and params do not move
# cause: accuracy_differentiated
# says: returns (accuracy, loss)
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def accuracy_and_loss(params, x, y):
    loss, accuracy = loss_and_accuracy(params, x, y)
    return accuracy, loss


def train_step(params, x, y, lr):
    (accuracy, loss), grads = jax.value_and_grad(accuracy_and_loss, has_aux=True)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, loss, accuracy
