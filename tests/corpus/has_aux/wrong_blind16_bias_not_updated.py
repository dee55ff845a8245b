# truth: Only params["w"] is updated; params["b"] is copied through unchanged, so the new bias equals the old one instead of b - lr * grads["b"] (w, loss and accuracy are correct).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: partial_update
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = {
        "w": params["w"] - lr * grads["w"],
        "b": params["b"],
    }
    return new_params, loss, accuracy
