"""Expressions compared as written: locals expanded to their one definition, sums apart by a constant."""
from __future__ import annotations

import pytest
from pycparser import c_ast, c_parser

from kernel_lint.analyses.expressions import constant_apart, expanded, single_definitions, text
from kernel_lint.frontend import FrontendOptions, build_unit

SOURCE = """
__global__ void k(float* s, int n) {
    const int half = n / 2;
    int twice = 2 * threadIdx.x;
    int moved = threadIdx.x;
    moved += 1;
    s[0] = (float)(twice + 1) + (float)half + (float)moved + (float)(int)(1 + twice);
}
"""


def kernel_parts():
    unit = build_unit("expr.cu", SOURCE, FrontendOptions())
    body = unit.kernel("k").body
    return body, single_definitions(body)


def test_only_locals_defined_once_and_never_assigned_are_definitions():
    _, definitions = kernel_parts()
    assert sorted(definitions) == ["half", "twice"]
    assert text(expanded(c_ast.ID("half"), definitions)) == "n/2"
    assert text(expanded(c_ast.ID("moved"), definitions)) == "moved"


@pytest.mark.parametrize("first, second, apart", [
    ("twice", "twice + 1", 1),
    ("2 * threadIdx.x", "1 + twice", 1),
    ("twice + 3", "twice - 1", -4),
    ("twice", "twice + half", None),        # a runtime term is no constant
    ("twice", "(twice + 1) >> 4", None),    # nor is a shift of the sum
    ("twice", "twice * 1", None),           # a product is one term, written differently
])
def test_constant_apart_compares_sums_but_for_their_integer_constants(first, second, apart):
    def parse(expression: str) -> c_ast.Node:
        unit = c_parser.CParser().parse(f"int x = {expression};")
        return unit.ext[0].init

    _, definitions = kernel_parts()
    assert constant_apart(parse(first), parse(second), definitions) == apart
