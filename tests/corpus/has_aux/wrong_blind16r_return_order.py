# truth: Returns (new_params, accuracy, loss) instead of (new_params, loss, accuracy), so the loss and accuracy slots are swapped (new_params are correct).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_outputs
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy



def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = {k: params[k] - lr * grads[k] for k in params}
    return new_params, accuracy, loss
