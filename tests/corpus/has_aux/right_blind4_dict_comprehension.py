# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    vg = jax.value_and_grad(loss_and_accuracy, has_aux=True)
    out = vg(params, x, y)
    loss, accuracy = out[0]
    grads = out[1]
    new_params = {name: value - lr * grads[name] for name, value in params.items()}
    return new_params, loss, accuracy
