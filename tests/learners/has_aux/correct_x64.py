import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


jax.config.update("jax_enable_x64", True)


def train_step(params, x, y, lr):
    assert x.dtype == jnp.float64, x.dtype  # x64 on: the inputs arrive as float64
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = {k: params[k] - lr * grads[k] for k in params}
    return new_params, loss, accuracy
