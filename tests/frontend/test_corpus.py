"""The front end on real CUDA code (corpus/, fetched from public projects) and on our own style snippets."""
from __future__ import annotations

import os
import re
import sys

import pytest

from kernel_lint.frontend import FrontendOptions, build_unit

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "frontend")
CORPUS = os.path.join(FIXTURES, "corpus")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))
from frontend_coverage import cuda_files, defined_kernels, measure  # noqa: E402

SNIPPETS = sorted(cuda_files([os.path.join(FIXTURES, "snippets")]))
CORPUS_FILES = sorted(cuda_files([CORPUS]))
MIN_ANALYSED_RATE = 0.95


def test_corpus_is_real_and_varied():
    projects = {os.path.relpath(p, CORPUS).split(os.sep)[0] for p in CORPUS_FILES if os.sep in os.path.relpath(p, CORPUS)}
    assert len(CORPUS_FILES) >= 25 and len(projects) >= 5
    for project in projects:
        names = os.listdir(os.path.join(CORPUS, project))
        assert any(n.startswith(("LICENSE", "NOTICE")) for n in names), f"{project} has no LICENSE/NOTICE"


def test_most_kernels_of_the_real_corpus_are_analysed():
    found = measure(CORPUS_FILES)
    causes = ", ".join(f"{cause} x{n} ({found.examples[cause]})" for cause, n in found.causes.most_common(5))
    assert found.defined >= 60
    assert found.rate >= MIN_ANALYSED_RATE, f"{found.analysed}/{found.defined} kernels analysed; failures: {causes}"


@pytest.mark.parametrize("path", SNIPPETS, ids=[os.path.basename(p) for p in SNIPPETS])
def test_every_kernel_of_the_style_snippets_is_analysed(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    unit = build_unit(path, text, FrontendOptions())
    not_analysed = [p.message for p in unit.problems if p.code in ("KL000", "KL001")]
    assert not not_analysed
    assert len(unit.definitions()) == defined_kernels(text)
    names = set(re.findall(r"__global__[^;{]*?\b(\w+)\s*\(", re.sub(r"__launch_bounds__\s*\([^)]*\)", "", text)))
    assert {k.name for k in unit.kernels} == names


def test_launch_configs_of_the_matrix_mul_sample():
    path = os.path.join(CORPUS, "cuda_samples_matrixMul.cu")
    with open(path, encoding="utf-8") as handle:
        unit = build_unit(path, handle.read(), FrontendOptions())
    models = [k for k in unit.kernels if k.name == "MatrixMulCUDA"]
    assert [k.instantiation for k in models] == [{"BLOCK_SIZE": "16"}, {"BLOCK_SIZE": "32"}]
    assert [[s.dims for s in k.shared_arrays] for k in models] == [[(16, 16), (16, 16)], [(32, 32), (32, 32)]]
    # each model runs the launch that names its arguments
    assert [[site.template_args for site in unit.launches_of(k)] for k in models] == [[("16",)], [("32",)]]
    assert all(site.stream_text == "stream" for k in models for site in unit.launches_of(k))


def test_launch_configs_of_the_shfl_scan_sample():
    path = os.path.join(CORPUS, "cuda_samples_shfl_scan.cu")
    with open(path, encoding="utf-8") as handle:
        unit = build_unit(path, handle.read(), FrontendOptions())
    first = next(site for site in unit.launch_sites if site.kernel == "shfl_scan_test")  # defined in a header
    assert (first.grid.x, first.block.x, first.shared_bytes) == (256, 256, 32)
    vertical = next(site for site in unit.launch_sites if site.kernel == "shfl_vertical_shfl")
    assert (vertical.grid.x, vertical.block.x, vertical.block.y) == (60, 32, 8)
