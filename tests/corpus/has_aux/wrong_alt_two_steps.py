# truth: takes two descent steps (the second with the gradient at the updated params) instead of one
# cause: two_steps
# says: a descent step, then a second one
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    _, grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(new_params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, new_params, grads)
    return new_params, loss, accuracy
