# attack: edge
# wrong: the accuracy counts a logit as a positive prediction only above 1e-3, not above 0, so a tiny positive logit is predicted class 0.
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 1e-3) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = {"w": params["w"] - lr * grads["w"], "b": params["b"] - lr * grads["b"]}
    return new_params, loss, accuracy
