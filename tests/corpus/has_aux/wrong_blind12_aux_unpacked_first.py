# truth: wrong: the inner pair is unpacked as (accuracy, loss), i.e. aux first, so the returned loss is really the accuracy and the returned accuracy is really the loss; new_params are correct.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_outputs
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (accuracy, loss), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, loss, accuracy
