# truth: right: value_and_grad(has_aux=True) of a closure over x and y gives the loss, accuracy and gradient at the incoming params in one call, and a dict comprehension applies p - lr * g to every key, the same as tree.map.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    step_fn = jax.value_and_grad(lambda p: loss_and_accuracy(p, x, y), has_aux=True)
    value_and_metric, grads = step_fn(params)
    loss, accuracy = value_and_metric
    new_params = {name: value - lr * grads[name] for name, value in params.items()}
    return new_params, loss, accuracy
