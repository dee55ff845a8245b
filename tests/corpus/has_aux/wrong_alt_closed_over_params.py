# truth: the differentiated function closes over the outer params and ignores its argument: the gradient is zero, so params do not move
# cause: argument_not_used
# says: never uses p
import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


def train_step(params, x, y, lr):
    def loss_fn(p):
        return loss_and_accuracy(params, x, y)

    (loss, accuracy), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, loss, accuracy
