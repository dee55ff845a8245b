# truth: The backward rule uses jnp.minimum(g, max_g), which only caps the cotangent from above; entries below -max_g pass through unclipped. Right whenever every 2*(x@w - y)[i] >= -max_g, wrong (gradient too large) when some example has a large negative residual; the loss is right.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: one_sided_clip
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    # Forward: z unchanged. Backward: each entry of the incoming cotangent clipped to
    # [-max_g, max_g], and a zero cotangent for max_g. Make it a jax.custom_vjp.
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    clipped = jnp.minimum(g, max_g)  # no entry bigger than max_g
    return jnp.zeros_like(max_g), clipped


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    # loss = sum((clip_gradient(max_g, x @ w) - y) ** 2); return (loss, dloss/dw)
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)
