import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


print("loading my solution " * 200)


def train_step(params, x, y, lr):
    value_and_grad_fn = jax.value_and_grad(loss_and_accuracy, has_aux=True)
    (loss, accuracy), grads = value_and_grad_fn(params, x, y)
    print("params:", params)
    print("loss:", loss, "accuracy:", accuracy, "grads:", grads)
    new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    print("new params:", new_params)
    return new_params, loss, accuracy
