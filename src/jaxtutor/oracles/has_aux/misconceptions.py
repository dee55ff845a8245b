"""The mistakes the has_aux oracle names: each one's message (what the answer or the
code shows, said before the evidence found on a case replaces it) and its hint."""

from __future__ import annotations

from jaxtutor.oracles.interface import Misconception

_M = [
    Misconception(
        "missing_has_aux",
        "You differentiated loss_and_accuracy without has_aux=True, so JAX tried "
        "to differentiate the whole pair (loss, accuracy).",
        "loss_and_accuracy returns (loss, accuracy). Pass has_aux=True to "
        "jax.value_and_grad so it differentiates only the loss and carries the "
        "accuracy along.",
    ),
    Misconception(
        "aux_not_a_pair",
        "With has_aux=True the function you differentiate must return exactly a pair (loss, aux).",
        "Differentiate loss_and_accuracy itself, which already returns the pair "
        "(loss, accuracy); do not wrap it in a function that returns only the loss "
        "or more than two things.",
    ),
    Misconception(
        "torch_order_unpacking",
        "You unpacked value_and_grad's result in PyTorch's order, grads, (loss, "
        "accuracy). JAX gives ((loss, accuracy), grads), so your `grads` holds the "
        "pair (loss, accuracy) and your loss and accuracy hold the dict's keys.",
        "jax.value_and_grad with has_aux=True returns ((value, aux), gradients): the "
        "value and aux come first, the gradients second.",
    ),
    Misconception(
        "grad_has_aux_pair",
        "jax.grad with has_aux=True returns the pair (grads, accuracy), and you "
        "used that whole pair as the gradients.",
        "With has_aux=True, jax.grad returns a pair (gradients, aux): only its first "
        "entry is the gradients (jax.value_and_grad gives the loss as well).",
    ),
    Misconception(
        "argnums_not_params",
        "Your argnums makes value_and_grad differentiate with respect to another "
        "argument than params, so `grads` is an array, not a dict like params.",
        "has_aux and argnums are independent: keep the default argnums=0, which "
        'is params, and has_aux=True. grads then has the keys "w" and "b".',
    ),
    Misconception(
        "gradient_ascent",
        "Your step moves the params up the gradient, which makes the loss larger.",
        "Gradient descent subtracts: new = old - lr * grad, for both w and b.",
    ),
    Misconception(
        "no_update",
        "Your new params are the incoming params, unchanged: no step moved them.",
        "The step builds new params from the gradients value_and_grad gave you; "
        "return those, not the params you were given.",
    ),
    Misconception(
        "no_learning_rate",
        "Your step subtracts the whole gradient, without multiplying by lr.",
        "A descent step is the gradient scaled by the learning rate lr.",
    ),
    Misconception(
        "partial_update",
        "You updated only one of the two parameters.",
        "grads is a dict with the same keys as params: update both "
        "params['w'] and params['b'] (jax.tree.map does every leaf at once).",
    ),
    Misconception(
        "loss_after_update",
        "You reported the loss and accuracy at the updated params.",
        "Return the (loss, accuracy) that value_and_grad gave you: they are "
        "measured at the incoming params, before the step. No second call needed.",
    ),
    Misconception(
        "swapped_outputs",
        "You returned the loss and the accuracy in the wrong order.",
        "value_and_grad with has_aux=True gives ((loss, accuracy), grads). Return "
        "(new_params, loss, accuracy), in that order.",
    ),
    Misconception(
        "nested_outputs",
        "You returned (new_params, (loss, accuracy)): the pair is still packed.",
        "The exercise asks for three values side by side: new_params, loss, accuracy; "
        "unpack the (loss, accuracy) pair first.",
    ),
    # the wrong thing differentiated, or the right gradient used wrongly: each computed
    # from the case (see answers.py), named where the answer equals it on every wrong case
    Misconception(
        "gradient_of_sum",
        "Your step is the expected one times the number of examples B: old - lr * B * "
        "grad, and B * grad is the gradient of the loss summed over the examples, not "
        "of their mean.",
        "loss_and_accuracy's loss is a mean over the examples, and the step descends "
        "that mean: its gradient already carries the 1/B that a sum lacks.",
    ),
    Misconception(
        "gradient_divided_by_size",
        "Your step is the expected one divided by the number of examples B: old - lr * grad / B.",
        "The loss is already a mean over the examples, so the gradient value_and_grad "
        "gives is the mean's: it needs no averaging of its own.",
    ),
    Misconception(
        "lr_applied_twice",
        "Your step is old - lr * lr * grad: the learning rate multiplies the gradient twice.",
        "A descent step scales the gradient by the learning rate once.",
    ),
    Misconception(
        "loss_as_gradient",
        "Your step moves every entry by lr times the loss value, the same number for "
        "every entry, where the gradient belongs.",
        "value_and_grad gives two different things: the loss value, one number to watch "
        "training with, and the gradients, one per entry of params, to step with.",
    ),
    Misconception(
        "value_and_grad_pair_as_grads",
        "You used value_and_grad's whole result, the pair (value, gradients), as the "
        "gradients: its entry 0 is the loss value.",
        "jax.value_and_grad returns (value, gradients); the gradients are its second entry, "
        "a dict shaped like params.",
    ),
    Misconception(
        "gradient_at_updated_params",
        "Your step uses the gradient at the updated params, not at the params you were given.",
        "A step's gradient is taken where the step starts: at the incoming params, where "
        "the loss and accuracy are measured too.",
    ),
    Misconception(
        "two_steps",
        "Your new params are two descent steps from the incoming ones: the second with the "
        "gradient at the params after the first.",
        "train_step takes one step: one gradient, at the incoming params, and one update.",
    ),
    Misconception(
        "accuracy_differentiated",
        "The function you differentiate returns the accuracy first, so value_and_grad "
        "differentiates the accuracy, whose gradient is zero: your params did not move.",
        "With has_aux=True the first output is the one differentiated. The accuracy only "
        "changes in jumps, as predictions flip, so it has no slope to descend.",
    ),
    Misconception(
        "argument_not_used",
        "The function you differentiate never uses the argument value_and_grad "
        "differentiates with respect to, so its gradient is zero: your params did not move.",
        "value_and_grad differentiates with respect to the argument it passes in; a value "
        "the function reads from the enclosing scope is a constant to it.",
    ),
    Misconception(
        "argnums_tuple",
        "Your argnums is a tuple, so value_and_grad returns the gradients as a tuple too, "
        "one per position, and a tuple has no keys.",
        "An integer argnums gives one gradient shaped like that argument; a tuple of "
        "positions gives a tuple of gradients, even a tuple of one.",
    ),
]
MISCONCEPTIONS = {m.id: m for m in _M}
