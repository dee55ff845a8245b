import jax
import jax.numpy as jnp


def loss_and_accuracy(params, x, y):
    logits = x @ params["w"] + params["b"]
    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    accuracy = jnp.mean((logits > 0) == (y > 0.5))
    return loss, accuracy


grad_fn = jax.value_and_grad(loss_and_accuracy, argnums=0, has_aux=True)


def train_step(params, x, y, lr):
    value, grads = grad_fn(params, x, y)
    loss, accuracy = value
    new_w = params["w"] - lr * grads["w"]
    new_b = params["b"] - lr * grads["b"]
    return dict(b=new_b, w=new_w), loss, accuracy
