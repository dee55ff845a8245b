# truth: the gradient used is taken at the updated params (a second value_and_grad after the step), applied to the old params
# cause: gradient_at_updated_params
# says: the gradient at the updated params
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    step = jax.value_and_grad(loss_and_accuracy, has_aux=True)
    (loss, accuracy), grads = step(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    # refine with the gradient at the new point
    _, grads = step(new_params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, loss, accuracy
