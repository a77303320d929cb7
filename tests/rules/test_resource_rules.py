"""KL6xx: register spills from ptxas, and --nvcc runs that got no data."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kernel_lint.analyses import resources
from kernel_lint.engine import check_unit
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.gpus import resolve_gpus
from kernel_lint.settings import Settings

SPILLS = Path(__file__).resolve().parent.parent / "fixtures" / "resources" / "spills.cu"


@pytest.fixture(autouse=True)
def private_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    resources._remembered_report.cache_clear()
    yield
    resources._remembered_report.cache_clear()


def check(path: Path, source: str, select=("KL6",), gpus=("h100",)):
    unit = build_unit(str(path), source, FrontendOptions())
    return check_unit(unit, Settings(select=select, use_nvcc=True), resolve_gpus(gpus))


def test_nothing_without_nvcc_flag():
    unit = build_unit(str(SPILLS), SPILLS.read_text(), FrontendOptions())
    assert check_unit(unit, Settings(select=("KL6",)), resolve_gpus(["h100"])) == []


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not on PATH")
def test_spills_are_reported_with_ptxas_numbers():
    found = check(SPILLS, SPILLS.read_text())
    assert [(f.code, f.range.line, f.kernel, f.gpu) for f in found] == [("KL601", 2, "spills", "H100 SXM")]
    assert found[0].message.startswith("ptxas spills registers in spills for sm_90 (H100 SXM): ")
    assert found[0].details["registers"] == 32 and found[0].details["spill_load_bytes"] > 0


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not on PATH")
def test_occupancy_messages_use_ptxas_registers():
    found = check(SPILLS, SPILLS.read_text().replace("light<<<1024, 256>>>", "light<<<1024, 32>>>"), select=("KL7",))
    assert [f.code for f in found] == ["KL702"]
    assert "8 registers per thread from ptxas" in found[0].message


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not on PATH")
def test_a_failing_compile_is_one_info_finding():
    found = check(Path("broken.cu"), "__global__ void k(float* a) { a[0] = undefined_name; }\n")
    assert [(f.code, f.severity.value, f.range.line, f.kernel) for f in found] == [("KL602", "info", 1, None)]
    assert "nvcc failed for sm_90" in found[0].message and "undefined_name" in found[0].message
    assert "assumed 32 registers per thread" in found[0].message


def test_missing_nvcc_is_reported_once_per_gpu(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    source = "__global__ void a(float* x) { x[0] = 1; }\n__global__ void b(float* x) { x[1] = 2; }\n"
    found = check(Path("two.cu"), source)
    assert [(f.code, f.gpu) for f in found] == [("KL602", "H100 SXM")]
    assert "nvcc is not on PATH" in found[0].message
