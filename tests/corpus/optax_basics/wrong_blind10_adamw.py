# truth: uses optax.adamw with PyTorch's default weight_decay=0.01 instead of plain optax.adam(lr), so every step also shrinks w (a small numeric difference).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: adamw_torch_decay
import jax
import jax.numpy as jnp
import optax
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adam_fit(w, x_batches, y_batches, lr):
    opt = optax.adamw(lr, weight_decay=0.01)  # as torch.optim.AdamW defaults

    def step(carry, batch):
        w, opt_state = carry
        x, y = batch
        grads = jax.grad(loss)(w, x, y)
        updates, opt_state = opt.update(grads, opt_state, w)
        return (optax.apply_updates(w, updates), opt_state), None

    (w, _), _ = lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))
    return w
