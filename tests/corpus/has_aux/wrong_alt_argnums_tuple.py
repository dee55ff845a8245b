# truth: argnums=(0,) is a tuple, so the gradients come back as a one-entry tuple, which the step then indexes by key (TypeError)
# cause: argnums_tuple
# says: argnums=(0,) is a tuple
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(
        loss_and_accuracy, argnums=(0,), has_aux=True
    )(params, x, y)
    new_params = {"w": params["w"] - lr * grads["w"], "b": params["b"] - lr * grads["b"]}
    return new_params, loss, accuracy
