# truth: Writes the updated arrays back into the caller's params dict and returns that same dict, so the returned values are correct but the incoming params are overwritten in place (the caller loses the pre-step params, and new_params is params).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# judged right: the task asks for the returned values and they are right; the caller's dict
# changing too is a Python habit the has_aux task does not ask about (under jit it would not).
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    # Return (new_params, loss, accuracy): one descent step on w and b, with the loss
    # and accuracy of the incoming params. Use jax.value_and_grad with has_aux=True.
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(
        params, x, y
    )
    new_params = params
    for key in grads:
        new_params[key] = params[key] - lr * grads[key]
    return new_params, loss, accuracy
