"""jaxtutor: learn JAX's function transformations by doing, with a checker that explains."""

__version__ = "0.1.0"
