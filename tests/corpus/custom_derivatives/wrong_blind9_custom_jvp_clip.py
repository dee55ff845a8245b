# truth: uses custom_jvp and clips the tangent, a rule that is not linear in the tangent, so reverse mode cannot transpose it and jax.grad fails.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: tangent_clipped_in_jvp
import jax
import jax.numpy as jnp


@jax.custom_jvp
def clip_gradient(max_g, z):
    return z


@clip_gradient.defjvp
def clip_gradient_jvp(primals, tangents):
    max_g, z = primals
    _, z_dot = tangents
    return z, jnp.clip(z_dot, -max_g, max_g)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)
