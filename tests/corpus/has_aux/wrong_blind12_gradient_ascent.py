# truth: wrong: the update adds lr * grad instead of subtracting it, so new_params take a step of gradient ascent (uphill on the loss); loss and accuracy are still correct.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: gradient_ascent
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p + lr * g, params, grads)
    return new_params, loss, accuracy
