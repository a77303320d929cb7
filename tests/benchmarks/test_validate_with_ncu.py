"""benchmarks/validate_with_ncu.py: the measurements, the scoring and the driver, without a GPU."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "validate_with_ncu.py"
_spec = importlib.util.spec_from_file_location("validate_with_ncu", SCRIPT)
validate = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = validate  # dataclasses look their module up there
_spec.loader.exec_module(validate)

SECTORS, REQUESTS = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"


def entry(category: str, flagged: bool, measured, ideal: float = 4.0) -> "validate.Entry":
    return validate.Entry("k.cu", "k", category, predicted=0.0, ideal=ideal, flagged=flagged, measured=measured)


def test_sectors_per_request_and_not_executed():
    measure = validate.per_request(SECTORS, REQUESTS)
    assert measure({SECTORS: 3200.0, REQUESTS: 100.0}) == 32.0
    assert measure({SECTORS: 0.0, REQUESTS: 0.0}) is None


def test_divergence_reads_branch_uniformity_and_skips_if_converted_kernels():
    uniform, targets = validate.BRANCH_METRICS
    assert validate.divergent_branch_fraction({uniform: 75.0, targets: 40.0}) == pytest.approx(0.25)
    assert validate.divergent_branch_fraction({uniform: 0.0, targets: 0.0}) is None
    active, issued = validate.LANE_METRICS
    assert validate.idle_lanes({active: 16.0 * 10, issued: 10.0}) == "idle lane slots 50%"


def test_scores_are_kept_apart_per_group():
    summary = validate.scores([
        entry("global-load", True, 32.0), entry("global-load", False, 4.0), entry("global-store", True, 4.0),
        entry("divergence", False, 0.5, ideal=1.0), entry("divergence", True, None, ideal=1.0),
    ])
    assert summary["memory"]["true_positives"] == 1 and summary["memory"]["false_positives"] == 1
    assert summary["memory"]["precision"] == 0.5 and summary["memory"]["recall"] == 1.0
    assert summary["divergence"]["false_negatives"] == 1 and summary["divergence"]["recall"] == 0.0
    assert not validate.passes(summary["memory"])
    assert "memory: precision 0.500" in validate.table([], summary)


def test_driver_launches_each_planned_kernel_with_its_shape(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text("__global__ void scale(float* a, int n) { a[threadIdx.x] *= 2.0f; }\n")
    from kernel_lint.frontend import FrontendOptions, build_unit

    unit = build_unit(str(source), source.read_text(), FrontendOptions())
    text = validate.driver_source(source, [(unit.kernels[0], (4, 1, 1), (256, 1, 1))])
    assert f'#include "{source}"' in text
    assert "scale<<<dim3(4, 1, 1), dim3(256, 1, 1)>>>((float *)kl_buffers[0], (int)" in text
