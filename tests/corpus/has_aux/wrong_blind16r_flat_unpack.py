# truth: Unpacks the has_aux result flat as loss, accuracy, grads instead of ((loss, accuracy), grads), which raises ValueError (not enough values to unpack, expected 3, got 2) so nothing is returned.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: unpack_count
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy



def train_step(params, x, y, lr):
    loss, accuracy, grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, loss, accuracy
