# truth: The returned loss and accuracy are recomputed at the updated params (after the step) instead of the incoming params, so the loss is the post-step (usually lower) value and the accuracy may differ; new_params is correct.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    _, grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    loss, accuracy = loss_and_accuracy(new_params, x, y)
    return new_params, loss, accuracy
