# truth: returns the loss and accuracy measured at the new params (after the step) instead of at the params given
# blind: third batch, labelled before the tutor was run on it
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
