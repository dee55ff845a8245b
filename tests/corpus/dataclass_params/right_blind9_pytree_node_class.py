# truth: right, because it makes Params a pytree with jax.tree_util.register_pytree_node_class and its own tree_flatten/tree_unflatten (both fields as children), takes value_and_grad with respect to the whole object and updates every leaf with one jax.tree.map.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass(frozen=True)
class Params:
    w: jax.Array
    b: jax.Array

    def tree_flatten(self):
        return (self.w, self.b), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    _, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p + (-lr) * g, params, grads)
    return new.w, new.b
