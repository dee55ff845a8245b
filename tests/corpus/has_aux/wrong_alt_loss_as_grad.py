# truth: uses the loss value in place of the gradient: every entry moves by -lr * loss
# cause: loss_as_gradient
# says: minus lr * loss
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = {name: value - lr * loss for name, value in params.items()}
    return new_params, loss, accuracy
