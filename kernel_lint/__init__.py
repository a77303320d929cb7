"""kernel-lint: static analysis of CUDA kernels against a model of today's GPUs."""
from kernel_lint._version import __version__

__all__ = ["__version__"]
