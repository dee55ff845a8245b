"""jaxtutor: learn JAX's function transformations by doing, with a checker that explains."""

__version__ = "0.1.0"


def load_ipython_extension(ipython) -> None:
    """`%load_ext jaxtutor` in Jupyter, Colab or IPython (see notebook.py)."""
    from jaxtutor.notebook import load_ipython_extension as load

    load(ipython)
