# truth: jax.value_and_grad is called without has_aux=True on a function that returns the pair (loss, accuracy), so JAX raises a TypeError ("Gradient only defined for scalar-output functions") and no result is returned.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: missing_has_aux
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy)(params, x, y)
    new_params = {
        "w": params["w"] - lr * grads["w"],
        "b": params["b"] - lr * grads["b"],
    }
    return new_params, loss, accuracy
