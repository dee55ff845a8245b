# truth: The gradient is taken of the loss divided by the number of examples (a PyTorch MSELoss 'mean' habit) instead of the sum the task specifies, so both gradients are N times too small and the step is too short; correct only when N = 1.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((x @ params["w"] + params["b"] - y) ** 2)


def sgd_tree(w, b, x, y, lr):
    params = {"w": w, "b": b}
    # Gradient with respect to the whole dict, then one jax.tree.map for the update.
    n = y.shape[0]
    grads = jax.grad(lambda p: loss(p, x, y) / n)(params)  # average over the batch
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
