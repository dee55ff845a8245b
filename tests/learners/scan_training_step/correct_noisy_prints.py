# expect: pass
import jax
import jax.numpy as jnp
from jax import lax

for i in range(200):
    print("warming up", i)


def scan_training_step(w, lr, x_batches, y_batches):
    print("w is", w, "batches", x_batches.shape)

    def step(w, batch):
        x, y = batch
        print("inside the body, w is a tracer:", w)
        jax.debug.print("w = {w}", w=w)
        return w - lr * 2 * jnp.sum((w * x - y) * x), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    print("final", final_w)
    return final_w
