# truth: The loss uses jnp.mean instead of jnp.sum (a PyTorch MSELoss habit), so the loss is N times too small and each cotangent reaching clip_gradient is 2*(x@w - y)[i]/N, clipped at max_g on that smaller scale. Right only for N=1; the clip_gradient rule itself is correct.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_only_size_one
# says: a mean where it takes a sum
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
    return jnp.zeros_like(max_g), jnp.clip(g, -max_g, max_g)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    # loss = sum((clip_gradient(max_g, x @ w) - y) ** 2); return (loss, dloss/dw)
    def loss(w):
        pred = clip_gradient(max_g, x @ w)
        return jnp.mean((pred - y) ** 2)

    return jax.value_and_grad(loss)(w)
