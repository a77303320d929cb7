"""KL5xx/KL7xx on the launch fixture: exact findings on the invalid launches, none on the valid ones."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from kernel_lint.engine import check_unit
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.gpus import resolve_gpus
from kernel_lint.settings import Settings, Thresholds

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "launch" / "launches.cu"
SETTINGS = Settings(select=("KL5", "KL7"))


def check_source(source: str, gpus=("h100",), settings: Settings = SETTINGS, path: str = "launch.cu"):
    unit = build_unit(path, source, FrontendOptions())
    assert not unit.problems, unit.problems
    return check_unit(unit, settings, resolve_gpus(gpus))


def fixture_findings(gpus=("h100",)):
    return check_source(FIXTURE.read_text(), gpus, path=str(FIXTURE))


def test_the_fixture_on_an_h100():
    found = fixture_findings()
    assert [(f.range.line, f.code, f.severity.value) for f in found] == [
        (29, "KL501", "error"),
        (30, "KL502", "error"),
        (31, "KL506", "warning"),
        (32, "KL507", "warning"),
        (33, "KL702", "warning"),
        (34, "KL503", "error"),
        (35, "KL504", "error"),
    ]
    assert all(f.gpu == "H100 SXM" for f in found)
    by_code = {f.code: f for f in found}
    assert by_code["KL501"].message == (
        "block `2048` cannot launch: 2048 threads in all (limit 1024), x=2048 (limit 1024); the launch fails with "
        "cudaErrorInvalidConfiguration.")
    assert by_code["KL506"].details["idle_lanes"] == 28
    assert by_code["KL507"].message == "grid `64` launches 64 blocks on H100 SXM, which has 132 SMs: 68 SMs stay idle."
    small = by_code["KL702"]
    assert small.message.startswith("32 blocks of 32 threads per SM = 32 of 64 warps (50% occupancy) on H100 SXM")
    assert "registers assumed: 32 per thread" in small.message
    assert small.details["limited_by"] == ["blocks"] and small.kernel == "scale"
    assert "64 threads is the smallest block with the same occupancy" in small.hint
    opt_in = by_code["KL503"]
    assert "16384 static + 40000 dynamic bytes" in opt_in.message
    assert opt_in.hint == "call cudaFuncSetAttribute(tiled, cudaFuncAttributeMaxDynamicSharedMemorySize, 40000) before the launch"
    assert "232448 bytes a block may use on H100 SXM" in by_code["KL504"].message


def test_findings_that_hold_on_every_gpu_are_merged_and_others_name_their_gpu():
    found = fixture_findings(("h100", "t4"))
    assert {f.gpu for f in found if f.code in ("KL501", "KL502", "KL506")} == {"H100 SXM, Tesla T4"}
    low = [f for f in found if f.code == "KL701"]
    assert [(f.range.line, f.gpu, f.details["limited_by"]) for f in low] == [(34, "Tesla T4", ["shared_memory"])]
    assert "1 block of 256 threads per SM = 8 of 32 warps (25% occupancy) on Tesla T4" in low[0].message


def test_an_opt_in_smaller_than_the_launch_does_not_count():
    source = FIXTURE.read_text().replace("MaxDynamicSharedMemorySize, 65536", "MaxDynamicSharedMemorySize, 50000")
    found = check_source(source)
    assert [f.range.line for f in found if f.code == "KL503"] == [27, 34]


def test_too_many_registers_for_the_block():
    source = "__global__ void k(float* a) { a[threadIdx.x] = 0; }\nvoid run(float* a) { k<<<1024, 1024>>>(a); }\n"
    settings = replace(SETTINGS, thresholds=Thresholds(assumed_registers=72))
    found = check_source(source, settings=settings)
    assert [f.code for f in found] == ["KL505"]
    assert found[0].message == (
        "1024 threads x 72 registers need more than the 65536 registers a block may hold on H100 SXM "
        "(registers assumed: 72 per thread; run with --nvcc for ptxas's count); the launch fails with "
        "'too many resources requested for launch'.")
    assert "at most 64 registers per thread" in found[0].hint


def test_launch_bounds_lower_the_assumed_registers():
    source = ("__global__ void __launch_bounds__(1024, 2) k(float* a) { a[threadIdx.x] = 0; }\n"
              "void run(float* a) { k<<<1024, 1024>>>(a); }\n")
    settings = replace(SETTINGS, thresholds=Thresholds(assumed_registers=72))
    assert check_source(source, settings=settings) == []


def test_low_occupancy_threshold_is_configurable():
    source = ("__global__ void k(float* a) { __shared__ float t[4096]; t[threadIdx.x] = a[0]; a[1] = t[0]; }\n"
              "void run(float* a) { k<<<4096, 128>>>(a); }\n")
    assert check_source(source) == []  # 17 KB per block with the reserved 1 KB: 13 blocks of 4 warps, 81%
    strict = replace(SETTINGS, thresholds=Thresholds(occupancy_min=0.9))
    found = check_source(source, settings=strict)
    assert [f.code for f in found] == ["KL701"]
    assert found[0].details["limited_by"] == ["shared_memory"] and found[0].details["active_blocks_per_sm"] == 13
    assert "below the 90% threshold: limited by shared memory" in found[0].message
    assert found[0].hint.startswith("try ")


def test_unknown_dimensions_and_kernels_from_elsewhere():
    source = ("__global__ void k(float* a);\n"
              "void run(float* a, int n, int b) { k<<<n, b>>>(a); k<<<8, 256, n>>>(a); }\n")
    found = check_source(source)
    assert [f.code for f in found] == ["KL507"]
    assert found[0].details["dynamic_shared_bytes"] == 0


def test_a_grid_written_as_one_block_is_a_deliberate_serial_tail():
    source = ("#define N 4096\n#define ONE 1\n"
              "__global__ void k(float* a) { a[threadIdx.x] = 0; }\n"
              "void run(float* a) {\n"
              "  k<<<1, 256>>>(a);\n  k<<<dim3(1, 1), 256>>>(a);\n  k<<<ONE, 256>>>(a);\n"
              "  k<<<N / 4096, 256>>>(a);\n  k<<<2, 256>>>(a);\n}\n")
    found = check_source(source)
    assert [(f.range.line, f.code, f.details["blocks"]) for f in found] == [(8, "KL507", 1), (9, "KL507", 2)]
    assert found[0].message.startswith("grid `4096 / 4096` launches 1 ")  # computed from N: reported


def test_each_launch_of_a_template_is_judged_with_the_shared_memory_of_its_instantiation():
    # the 256-float tile is harmless; the 10240-float one (40 KiB, within the 48 KiB of static shared
    # memory) leaves room for five blocks of four warps per SM
    source = ("template <int N> __global__ void k(float* a) {\n"
              "  __shared__ float t[N]; t[threadIdx.x] = a[0]; a[1] = t[N - 1]; }\n"
              "void run(float* a) {\n  k<256><<<4096, 128>>>(a);\n  k<10240><<<4096, 128>>>(a);\n}\n")
    found = check_source(source)
    assert [(f.code, f.range.line, f.details["static_shared_bytes"], f.details["active_blocks_per_sm"])
            for f in found] == [("KL701", 5, 40960, 5)]


def test_a_block_of_no_threads_is_reported_once_as_unlaunchable():
    # the occupancy model divided by the block's warp count: an internal error beside KL501
    source = ("__global__ void k(float* a) { a[threadIdx.x] = 0; }\n"
              "void run(float* a) { dim3 bd(0, 1, 1); k<<<256, bd>>>(a); }\n")
    assert [f.code for f in check_source(source)] == ["KL501"]
