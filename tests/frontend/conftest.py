from __future__ import annotations

import textwrap

import pytest

from kernel_lint.frontend import FrontendOptions, build_unit


@pytest.fixture
def unit_of():
    """Build a unit from a dedented CUDA snippet."""

    def build(source: str, path: str = "k.cu", **options):
        return build_unit(path, textwrap.dedent(source), FrontendOptions(**options))

    return build
