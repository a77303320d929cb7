"""Both convolution kernels are clean: neighbouring lanes read neighbouring elements, the halo
loads and the boundary tests split warps only at the array ends and block edges."""
from __future__ import annotations

from pathlib import Path

SOURCE = Path(__file__).with_name("convolution.cu")


def test_convolution_has_no_findings(lint_file):
    run = lint_file(SOURCE)
    assert run.found() == frozenset(), run.describe()
