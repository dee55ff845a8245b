# truth: clip_gradient is defined but the loss is differentiated plainly and the finished dloss/dw is clipped entry-wise afterwards (PyTorch clip_grad_value_ after backward), so it returns clip(2 * x.T @ (x @ w - y)) instead of x.T @ clip(2 * (x @ w - y)).
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_total
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    return jnp.zeros_like(max_g), jnp.clip(g, -max_g, max_g)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((x @ w - y) ** 2)

    value, grad = jax.value_and_grad(loss)(w)
    # clip the gradient the way one does after loss.backward()
    return value, jnp.clip(grad, -max_g, max_g)
