# truth: uses value_and_grad (without has_aux, on a loss-only wrapper) and treats its (value, grads) pair as the gradients: index 0 is the loss, so every entry moves by -lr * loss
# cause: value_and_grad_pair_as_grads
# says: grads[0] is that value
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    def loss_only(p):
        return loss_and_accuracy(p, x, y)[0]

    grads = jax.value_and_grad(loss_only)(params)
    loss, accuracy = loss_and_accuracy(params, x, y)
    new_params = {"w": params["w"] - lr * grads[0], "b": params["b"] - lr * grads[0]}
    return new_params, loss, accuracy
