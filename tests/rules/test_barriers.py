"""KL4xx on the fixtures: exact findings on the flagged kernels, none on their fixed versions."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from kernel_lint.engine import check_unit
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.settings import Settings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "barriers"
H100 = SimpleNamespace(name="h100", warp_size=32)  # stands in for kernel_lint.gpus.GpuSpec


def findings(name: str, source: str = ""):
    path = FIXTURES / name
    text = source or path.read_text()
    unit = build_unit(str(path), text, FrontendOptions())
    assert not unit.problems, unit.problems
    return check_unit(unit, Settings(select=("KL4",)), (H100,))


def summary(found):
    return [(f.code, f.severity.value, f.range.line, f.kernel) for f in found]


def test_kl401_barriers_under_thread_varying_conditions():
    found = findings("KL401.cu")
    assert summary(found) == [
        ("KL401", "error", 10, "half_block_sync"),
        ("KL401", "error", 30, "early_return_sync"),
        ("KL401", "error", 43, "helper_sync"),
    ]
    assert [f.details["condition_level"] for f in found] == ["warp-uniform", "lane-varying", "lane-varying"]
    assert [f.details["cause_line"] for f in found] == [8, 20, 42]
    assert "different warps of a block can disagree" in found[0].message
    assert found[1].message.startswith("__syncthreads() in load_tile() is reached after threads left early "
                                       "under `i >= n` (line 20)")
    assert found[2].message.startswith("__syncthreads() in block_barrier_helper() is reached under")


def test_kl402_reads_of_another_threads_element_without_a_barrier():
    found = findings("KL402.cu")
    assert summary(found) == [
        ("KL402", "warning", 9, "neighbour_diff"),
        ("KL402", "warning", 21, "smooth_steps"),
        ("KL402", "warning", 21, "smooth_steps"),
    ]
    first = found[0]
    assert (first.details["write_line"], first.details["writer_thread"], first.details["reader_thread"]) == (8, 1, 0)
    assert [f.range.column for f in found[1:]] == [20, 38]  # s[t - 1] and s[t + 1]; s[t] is the thread's own
    assert all(f.details["write_line"] == 23 for f in found[1:])  # loop-carried: written at the end of a step


@pytest.mark.parametrize("name", ["KL401_fixed.cu", "KL402_fixed.cu"])
def test_fixed_versions_have_no_findings(name):
    assert findings(name) == []


def test_a_constant_index_reads_the_element_one_thread_wrote():
    # compute-sanitizer racecheck on the H100 reports this one (the "broadcast" of s[0] before the barrier)
    source = ("__global__ void k(const float* in, float* out) {\n"
              "  __shared__ float s[256];\n"
              "  s[threadIdx.x] = in[threadIdx.x];\n"
              "  out[threadIdx.x] = s[0];\n"
              "  __syncthreads();\n"
              "  out[threadIdx.x] += s[0];\n}\n")
    found = findings("broadcast.cu", source)
    assert summary(found) == [("KL402", "warning", 4, "k")]
    assert "thread 1 reads `s[0]`, the element thread 0 writes" in found[0].message


def test_cooperative_groups_block_sync_counts_as_a_barrier():
    source = """
__global__ void k(float *out)
{
    cg::thread_block block = cg::this_thread_block();
    if (threadIdx.x % 2)
        block.sync();
    auto same = cg::this_thread_block();
    if (blockIdx.x == 0)
        cg::sync(same);
}
"""
    found = findings("cg.cu", source)
    assert summary(found) == [("KL401", "error", 6, "k")]


def test_barrier_in_a_warp_uniform_branch_of_a_one_warp_block_is_fine():
    source = """
__global__ void k(float *out)
{
    if (threadIdx.x < 32)
        __syncthreads();
}
void run(float *o) { k<<<4, 32>>>(o); }
"""
    assert findings("one_warp.cu", source) == []
