# truth: right answers, but jax.jit is applied anew inside every call, so each call compiles its own program: one program must serve every max_g.
# cause: compiles_every_call
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g  # bwd needs max_g: it is the residual


def clip_gradient_bwd(max_g, g):
    return None, jnp.clip(g, -max_g, max_g)  # none for max_g, the clipped g for z


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.jit(jax.value_and_grad(loss))(w)
