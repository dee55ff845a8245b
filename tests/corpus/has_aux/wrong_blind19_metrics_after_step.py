# truth: Recomputes loss and accuracy at the updated params and returns those instead of the values from value_and_grad, so new_params are right but loss/accuracy describe the post-step params, not the incoming ones (they coincide only when lr == 0 or the gradient is zero).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    # Return (new_params, loss, accuracy): one descent step on w and b, with the loss
    # and accuracy of the incoming params. Use jax.value_and_grad with has_aux=True.
    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(
        params, x, y
    )
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    # report how the model does after this step
    loss, accuracy = loss_and_accuracy(new_params, x, y)
    return new_params, loss, accuracy
