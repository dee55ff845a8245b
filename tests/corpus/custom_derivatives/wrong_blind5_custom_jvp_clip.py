# truth: uses custom_jvp and clips the tangent, which is not linear in the tangent, so jax.grad fails with a transpose error.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: tangent_clipped_in_jvp
import jax
import jax.numpy as jnp


@jax.custom_jvp
def clip_gradient(max_g, z):
    return z


@clip_gradient.defjvp
def clip_gradient_jvp(primals, tangents):
    max_g, z = primals
    _, t = tangents
    return z, jnp.clip(t, -max_g, max_g)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)
