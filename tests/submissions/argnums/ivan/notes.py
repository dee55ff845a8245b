# scratch notes: jax.grad(f, argnums=...) picks the arguments
POSITIONS = {"scale": 0, "w": 1, "x": 2, "y": 3}
