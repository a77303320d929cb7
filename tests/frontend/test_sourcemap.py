from __future__ import annotations

from pycparser import c_ast


def nodes(kernel, kind):
    found = []

    class Visitor(c_ast.NodeVisitor):
        def generic_visit(self, node):
            if isinstance(node, kind):
                found.append(node)
            super().generic_visit(node)

    Visitor().visit(kernel.body)
    return found


def spans(unit, kernel, kind):
    return [(unit.span(n).line, unit.span(n).column, unit.span(n).end_column, unit.source_text(n))
            for n in nodes(kernel, kind)]


def test_expression_ranges_cover_the_whole_expression(unit_of):
    unit = unit_of("""\
        __global__ void k(float* a, int n) {
          int i = blockIdx.x * blockDim.x + threadIdx.x;
          a[i * n + 1] = (a[i] + 1.0f) * 2.0f;
        }
    """)
    kernel = unit.kernel("k")
    refs = spans(unit, kernel, c_ast.ArrayRef)
    assert (3, 3, 15, "a[i * n + 1]") in refs and (3, 19, 23, "a[i]") in refs
    binops = [s[3] for s in spans(unit, kernel, c_ast.BinaryOp)]
    assert "blockIdx.x * blockDim.x + threadIdx.x" in binops
    assert "(a[i] + 1.0f) * 2.0f" in binops


def test_an_expression_opening_with_a_prefix_operator_starts_at_the_operator(unit_of):
    # pycparser places `*p` at `p`: findings read `store to reinterpret_cast<float4*>(...)`, the `*` lost
    unit = unit_of("""\
        __global__ void k(float* a, const int* f) {
          if (*f + threadIdx.x < 16) a[0] = -(a[1] + 1.0f);
          *reinterpret_cast<float2*>(a + 2) = make_float2(!f[0], ~f[1]);
        }
    """)
    kernel = unit.kernel("k")
    texts = {s[3] for s in spans(unit, kernel, c_ast.BinaryOp) + spans(unit, kernel, c_ast.UnaryOp)}
    assert {"*f + threadIdx.x < 16", "*f + threadIdx.x", "-(a[1] + 1.0f)", "!f[0]", "~f[1]"} <= texts
    assert "*reinterpret_cast<float2*>(a + 2)" in texts


def test_macro_expansions_map_to_the_invocation(unit_of):
    unit = unit_of("""\
        #define IDX(r, c) ((r) * 32 + (c))
        #define TILE 32
        __global__ void k(float* a) {
          a[IDX(threadIdx.y, threadIdx.x)] = TILE;
        }
    """)
    kernel = unit.kernel("k")
    (assign,) = nodes(kernel, c_ast.Assignment)
    subscript = assign.lvalue.subscript
    assert unit.source_text(subscript) == "IDX(threadIdx.y, threadIdx.x)"
    assert unit.source_text(assign.rvalue) == "TILE"
    inner = subscript.left.left if isinstance(subscript.left, c_ast.BinaryOp) else subscript
    span = unit.span(inner)
    assert span.line == 4 and span.column >= 5


def test_lowered_constructs_map_back_to_their_spelling(unit_of):
    unit = unit_of("""\
        __global__ void k(float* a, bool* f) {
          f[0] = false;
          a[0] = static_cast<float>(threadIdx.x);
        }
    """)
    kernel = unit.kernel("k")
    rvalues = [unit.source_text(n.rvalue) for n in nodes(kernel, c_ast.Assignment)]
    assert rvalues == ["false", "static_cast<float>(threadIdx.x)"]


def test_statements_with_blocks_start_at_their_keyword_and_blocks_at_their_brace(unit_of):
    # Regression test: under pycparser 2.x a block's coordinate was column 1 of its line.
    unit = unit_of("""\
        __global__ void k(float* a, int n) {
          for (int i = 0; i < n; i++) { a[i] = 0; }
        }
    """)
    kernel = unit.kernel("k")
    (loop,) = spans(unit, kernel, c_ast.For)
    assert loop[:2] == (2, 3)
    assert (2, 31) in [s[:2] for s in spans(unit, kernel, c_ast.Compound)]


def test_casts_span_their_parenthesis_under_any_pycparser(unit_of):
    # Regression test: pycparser 2.x gave a cast's type line 0, which pulled spans to the file's start.
    unit = unit_of("""\
        __global__ void k(float* a, const void* p) {
          a[0] = ((const float*)p)[1] + sizeof(float);
        }
    """)
    (cast,) = spans(unit, unit.kernel("k"), c_ast.Cast)
    assert cast == (2, 11, 26, "(const float*)p")


def test_multi_line_expression_range(unit_of):
    unit = unit_of("""\
        __global__ void k(float* a, int n) {
          a[0] = a[1] +
                 a[2];
        }
    """)
    (assign,) = nodes(unit.kernel("k"), c_ast.Assignment)
    span = unit.span(assign.rvalue)
    assert (span.line, span.column, span.end_line, span.end_column) == (2, 10, 3, 14)


def test_nodes_from_headers_point_into_the_header(unit_of, tmp_path):
    header = tmp_path / "util.cuh"
    header.write_text("__device__ float sq(float x) {\n  return x * x;\n}\n")
    unit = unit_of('#include "util.cuh"\n__global__ void k(float* a) { a[0] = sq(a[1]); }\n',
                   path=str(tmp_path / "k.cu"))
    body = unit.device_functions["sq"].body
    ret = body.block_items[0]
    span = unit.span(ret.expr)
    assert span.path.endswith("util.cuh") and (span.line, span.column, span.end_column) == (2, 10, 15)
