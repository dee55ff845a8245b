# truth: right, because it makes one value_and_grad(has_aux=True) call, unpacks the value pair in a second step, and builds a new dict key by key with p - lr * g, leaving the input dict untouched.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    loss_fn = jax.value_and_grad(loss_and_accuracy, has_aux=True)
    value, grads = loss_fn(params, x, y)
    loss, accuracy = value
    new_params = {key: params[key] - lr * grads[key] for key in params}
    return new_params, loss, accuracy
