"""Findings on real code point at the user's spelling, through lowering (lambdas, C++ casts, template
arguments, macros, tabs). Spot-checked by hand against the files, then pinned here."""
from __future__ import annotations

import os

import pytest
from pycparser import c_ast

from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.gpus import resolve_gpus
from kernel_lint.runner import analyse
from kernel_lint.settings import Settings

CORPUS = os.path.join(os.path.dirname(__file__), "..", "fixtures", "frontend", "corpus")


def _read(relpath: str) -> str:
    with open(os.path.join(CORPUS, relpath), encoding="utf-8") as handle:
        return handle.read()


@pytest.mark.parametrize("relpath, line, column, text", [
    # a shared-memory load after `cg::` scopes were dropped
    ("cuda-samples/transpose.cu", 160, 37, "tile[threadIdx.x][threadIdx.y + i]"),
    # the launch in a file whose kernels pass lambdas (blanked) on earlier lines
    ("cuda-samples/c++11_cuda.cu", 125, 3, "xyzw_frequency<<<8, 256>>>(d_count, d_text, len)"),
    # an index built from macros (THREADBLOCK_SIZE)
    ("cuda-samples/scan.cu", 134, 13, "d_Src[(4 * THREADBLOCK_SIZE) - 1 + (4 * THREADBLOCK_SIZE) * pos]"),
    # a template kernel with C-style casts and `__restrict__` parameters
    ("llama.cpp/ssm-conv.cu", 37, 35, "x_block[tid * stride_x + i + d_conv - 1]"),
    # a tab-indented line that also holds `tex2D<float4>(...)`
    ("tiny-cuda-nn/mlp_learning_an_image.cu", 92, 60, "xs_and_ys[input_idx+1]"),
])
def test_findings_point_at_the_expression(relpath, line, column, text):
    path = os.path.join(CORPUS, relpath)
    source = _read(relpath)
    report = analyse(path, source, Settings(), resolve_gpus(["h100"]))
    at = [f.range for f in report.findings if (f.range.line, f.range.column) == (line, column)]
    assert at, f"no finding at {relpath}:{line}:{column}; found {[(f.code, f.range.line, f.range.column) for f in report.findings]}"
    where = at[0]
    assert where.end_line == line
    assert source.splitlines()[line - 1][column - 1 : where.end_column - 1] == text


def test_cast_expression_spans_its_cpp_spelling():
    relpath = "SGEMM_CUDA/6_kernel_vectorize.cuh"
    unit = build_unit(os.path.join(CORPUS, relpath), _read(relpath), FrontendOptions())
    kernel = unit.kernel("sgemmVectorize")
    found = []

    class Visitor(c_ast.NodeVisitor):
        def visit_ArrayRef(self, node):
            if isinstance(node.name, c_ast.Cast):
                found.append(node)
            self.generic_visit(node)

    Visitor().visit(kernel.body)
    spans = [(unit.span(n).line, unit.span(n).column, unit.source_text(n)) for n in found]
    assert (54, 5, "reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0]") in spans
    assert (55, 9, "reinterpret_cast<float4 *>(&B[innerRowB * N + innerColB * 4])[0]") in spans
