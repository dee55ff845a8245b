# truth: differentiates a summed loss (reduction=sum, PyTorch habit): the step is B times too large; loss and accuracy reported are right
# cause: gradient_of_sum
# says: with B = 4 examples
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def summed_loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    total = jnp.sum(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return total, accuracy


def train_step(params, x, y, lr):
    (total, accuracy), grads = jax.value_and_grad(summed_loss_and_accuracy, has_aux=True)(
        params, x, y
    )
    loss = total / x.shape[0]
    new_params = {k: params[k] - lr * grads[k] for k in params}
    return new_params, loss, accuracy
