# truth: The lambda names its arguments (g, p) but jax.tree.map is given (params, grads), so g is bound to the params and p to the gradients and each new entry is grads - lr * params instead of params - lr * grads (loss and accuracy are correct).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_roles_swapped
# says: the gradient minus lr times params
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = jax.tree.map(lambda g, p: p - lr * g, params, grads)
    return new_params, loss, accuracy
