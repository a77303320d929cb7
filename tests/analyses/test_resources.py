"""Kernel resources: ptxas output parsing, symbol names, launch-bounds caps, the nvcc run and its cache."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kernel_lint.analyses.resources import (
    KernelResources, kernel_name_of_symbol, launch_bounds_register_cap, parse_ptxas_output, ptxas_report,
    static_shared_bytes,
)
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.model import LaunchBounds

SPILLS = Path(__file__).resolve().parent.parent / "fixtures" / "resources" / "spills.cu"
needs_nvcc = pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not on PATH")

PTXAS_OUTPUT = """\
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_Z2tkIfEvPT_' for 'sm_90'
ptxas info    : Function properties for _Z2tkIfEvPT_
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 10 registers, used 1 barriers, 1024 bytes smem
ptxas info    : Compiling entry function 'plain' for 'sm_90'
ptxas info    : Function properties for plain
    96 bytes stack frame, 88 bytes spill stores, 120 bytes spill loads
ptxas info    : Used 255 registers, used 0 barriers
"""


def test_parse_ptxas_output():
    template, plain = parse_ptxas_output(PTXAS_OUTPUT)
    assert (template.name, template.registers, template.shared_bytes, template.barriers) == ("tk", 10, 1024, 1)
    assert (plain.name, plain.registers, plain.spill_store_bytes, plain.spill_load_bytes, plain.stack_bytes) == (
        "plain", 255, 88, 120, 96)
    assert parse_ptxas_output("nvcc warning : nothing here\n") == ()


@pytest.mark.parametrize("symbol, name", [
    ("_Z6kernelPf", "kernel"), ("_ZN2ns5innerEPf", "inner"), ("_Z2tkIfEvPT_", "tk"),
    ("_ZN3foo3bar3bazIiEEvPi", "baz"), ("plain", "plain"),
])
def test_kernel_name_of_symbol(symbol, name):
    assert kernel_name_of_symbol(symbol) == name


def test_launch_bounds_register_cap():
    assert launch_bounds_register_cap(LaunchBounds(1024, 2), 65536) == 32
    assert launch_bounds_register_cap(LaunchBounds(256), 65536) == 255
    assert launch_bounds_register_cap(LaunchBounds(96, 7), 65536) == 96  # 97 rounded down to 8
    assert launch_bounds_register_cap(None, 65536) is None


def test_static_shared_bytes_and_unknown_sizes():
    unit = build_unit("k.cu", "__global__ void k(float* a) { __shared__ float t[32][33]; __shared__ int n;"
                      " extern __shared__ float d[]; t[0][0] = a[0]; n = 1; d[0] = 0; }\n", FrontendOptions())
    assert static_shared_bytes(unit.kernels[0]) == 32 * 33 * 4 + 4


def test_the_assumption_is_spelled_out():
    assumed = KernelResources("k", 32, False, 0)
    assert assumed.assumption == "registers assumed: 32 per thread; run with --nvcc for ptxas's count"
    failed = KernelResources("k", 32, False, 0, unavailable_reason="nvcc is not on PATH")
    assert failed.assumption == "registers assumed: 32 per thread; nvcc is not on PATH"
    assert KernelResources("k", 40, True, 0).assumption == "40 registers per thread from ptxas"


def test_missing_nvcc_is_a_reason_not_a_crash(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    report = ptxas_report("k.cu", "__global__ void k() {}", "sm_90", cache=tmp_path)
    assert report.kernels == () and report.error == "nvcc is not on PATH"


@needs_nvcc
def test_ptxas_counts_spills_and_caches_them(tmp_path):
    report = ptxas_report(str(SPILLS), SPILLS.read_text(), "sm_90", cache=tmp_path)
    assert report.error is None
    (spills,) = report.for_kernel("spills")
    assert spills.registers == 32 and spills.spill_store_bytes > 0 and spills.spill_load_bytes > 0
    assert len(list(tmp_path.glob("*.json"))) == 1
    again = ptxas_report(str(SPILLS), SPILLS.read_text(), "sm_90", cache=tmp_path)
    assert again == report


@needs_nvcc
def test_a_compile_error_names_the_users_file(tmp_path):
    report = ptxas_report("broken.cu", "__global__ void k() { undefined_name = 1; }\n", "sm_90", cache=tmp_path)
    assert report.kernels == ()
    assert report.error.startswith("nvcc failed for sm_90 (exit ")
    assert "broken.cu" in report.error and "undefined_name" in report.error
    assert list(tmp_path.glob("*.json")) == []


def test_project_headers_are_found_transitively(tmp_path):
    from kernel_lint.analyses.resources import project_headers

    (tmp_path / "a.cuh").write_text('#include "b.cuh"\n')
    (tmp_path / "b.cuh").write_text("#define B 1\n")
    main = tmp_path / "main.cu"
    main.write_text('#include "a.cuh"\n#include <cuda_runtime.h>\n')
    assert project_headers(str(main), main.read_text(), ()) == (str(tmp_path / "a.cuh"), str(tmp_path / "b.cuh"))
