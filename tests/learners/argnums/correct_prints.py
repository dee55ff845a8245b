import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


print("starting up\n" * 300)


def grad_w_and_x(scale, w, x, y):
    print("shapes:", w.shape, x.shape, y.shape)
    grads = jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
    print("gradients:", grads)
    return grads
