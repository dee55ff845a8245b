"""jaxtutor: learn JAX's function transformations by doing, with a checker that explains."""

import importlib

__version__ = "0.1.0"


def load_ipython_extension(ipython) -> None:
    """`%load_ext jaxtutor` in Jupyter, Colab or IPython (see platforms/notebook.py).
    Imported by name: this file is read by every process of the package, the jailed
    child's too, and the notebook is no part of the child's import graph."""
    importlib.import_module("jaxtutor.platforms.notebook").load_ipython_extension(ipython)


def unload_ipython_extension(ipython) -> None:
    """`%unload_ext jaxtutor`: the kernel's fork server stops."""
    importlib.import_module("jaxtutor.platforms.notebook").unload_ipython_extension(ipython)
