"""Locals a loop body scales by a constant."""
from __future__ import annotations

from pycparser import c_parser

from kernel_lint.analyses.loops import LOOP_MULTIPLY, scaled_locals


def body(code: str):
    return c_parser.CParser().parse(f"void f() {{ {code} }}").ext[0].body


def test_a_local_scaled_once_by_a_constant_is_found_with_its_step():
    found = scaled_locals(body("a[0] = 1; offset *= 2; stride <<= 1; half >>= 1; q /= 4;"))
    assert found == {"offset": ("*=", 2), "stride": ("<<=", 1), "half": (">>=", 1), "q": ("/=", 4)}
    assert [LOOP_MULTIPLY[op](8, step) for op, step in found.values()] == [16, 16, 4, 2]


def test_a_local_changed_any_other_way_too_is_not_scaled():
    assert scaled_locals(body("s *= 2; s++; t *= 2; t = 3; u *= n; v *= 1; w *= 2; w *= 2;")) == {}
    assert scaled_locals(None) == {}
