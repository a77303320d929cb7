from __future__ import annotations

import textwrap

import pytest

from kernel_lint.frontend.lower import lower
from kernel_lint.frontend.parse import needs_ast, parse_all


def parse(source):
    text = textwrap.dedent(source)
    low = lower(text, [("k.cu", 1, i + 1) for i in range(len(text))])
    return {p.item.name: p for p in parse_all(low) if p.item.name}


def test_unknown_type_names_become_opaque_types():
    items = parse("""
        __global__ void k(Accessor acc, const Options* opts, float* out) {
          Vec3 v = make_vec3(opts->x);
          out[0] = (Scalar)v.x;
        }
    """)
    assert items["k"].ast is not None


@pytest.mark.parametrize("source", [
    "__global__ void k(float* a, Foo* p) { a[0] = p->x; }",
    "__global__ void k(float* a, Foo const* p) { a[0] = p->x; }",
    "__global__ void k(const Foo& p, float* a) { a[0] = p.x; }",
    "__global__ void k(float* a, volatile Foo* p) { a[0] = p->x; }",
    "__global__ void k(float* a, void* q) { const Foo* p = (const Foo*)q; a[0] = p->x + sizeof(const Foo); }",
    "__global__ void k(float* a, void* q) { a[0] = reinterpret_cast<Foo*>(q)->v; }",
    "__device__ const Foo* f(const Foo* x) { return x; }",
    "struct S { Foo x; const Bar* y; };",
])
def test_unknown_type_names_in_any_type_position_become_opaque_types(source):
    # pycparser 2.x and 3 stop at different tokens on an unknown type name, so these are found
    # before parsing or from either kind of message.
    (item,) = parse_all(lower(source, [("k.cu", 1, i + 1) for i in range(len(source) + 1)]))
    assert item.ast is not None, item.error


def test_one_bad_kernel_does_not_stop_the_others():
    items = parse("""
        __global__ void bad(float* a) { new (a) float(1.0f); }
        __global__ void good(float* a) { a[0] = 1.0f; }
    """)
    assert items["bad"].ast is None and items["bad"].error
    assert items["good"].ast is not None


def test_a_function_named_like_a_prelude_type_is_called_not_cast():
    items = parse("""
        __device__ int half(int x) { return x / 2; }
        __global__ void k(float* a) { a[half(threadIdx.x)] = 1.0f; }
    """)
    assert items["half"].ast is not None
    call = items["k"].ast.ext[-1].body.block_items[0].lvalue.subscript
    assert type(call).__name__ == "FuncCall" and call.name.name == "half"


def test_host_functions_are_not_parsed():
    items = parse("""
        int main() { std::vector<int> v; for (auto& x : v) { x++; } return 0; }
    """)
    assert items["main"].ast is None and items["main"].error is None
    assert not needs_ast(items["main"].item)


def test_coordinates_are_lowered_text_coordinates():
    items = parse("""\
        int pad;
        __global__ void k(float* a) {
            a[0] = 1;
        }
    """)
    func = items["k"].ast.ext[-1]
    assert (func.decl.coord.line, func.decl.coord.column) == (2, 17)


def test_an_error_without_a_token_still_has_its_position():
    low = lower("int x;\n  struct S int y;\n", [("k.cu", 1, i + 1) for i in range(25)])
    (failed,) = [p for p in parse_all(low) if p.ast is None]
    assert "Invalid multiple types specified" in failed.error
    assert low.position(failed.error_offset) == (2, 10)


def test_a_self_assignment_is_read_as_its_compound_step():
    from pycparser import c_generator

    items = parse("""
        __global__ void k(int* a, int n) {
            for (int d = n; d > 0; d = d >> 1) a[d] = d;
            int s = 1; s = s * 2; s = 2 * s; a[0] = a[0] + s;
        }
    """)
    text = c_generator.CGenerator().visit(items["k"].ast)
    assert "d >>= 1" in text and "s *= 2" in text
    assert "s = 2 * s" in text and "a[0] = a[0] + s" in text  # only `v = v op e` on a plain name is folded
