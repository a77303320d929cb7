"""The GPU database: every required GPU, aliases, device-name lookup, and data errors."""
from __future__ import annotations

import pytest

from kernel_lint.gpus import (
    GpuDatabaseError, UnknownGpuError, load_database, lookup_by_device_name, parse_database, resolve_gpu, resolve_gpus,
)

REQUIRED = ("v100", "t4", "a100-40gb", "a100-80gb", "a10", "a30", "l4", "l40s", "rtx3090", "rtx4090",
            "h100-sxm", "h100-pcie", "h200", "gh200", "b200", "rtx5090")


def test_the_database_holds_every_required_gpu_with_sources():
    keys = {spec.key for spec in load_database()}
    assert set(REQUIRED) <= keys
    for spec in load_database():
        assert any("http" in s for s in spec.sources), spec.key
        assert spec.warp_size == 32 and spec.sector_bytes == 32 and spec.shared_banks == 32
        assert spec.shared_memory_per_block_optin <= spec.shared_memory_per_sm
        assert spec.shared_memory_carveouts[-1] == spec.shared_memory_per_sm


def test_h100_figures():
    h100 = resolve_gpu("h100")
    assert (h100.key, h100.name, h100.compute_capability, h100.sms) == ("h100-sxm", "H100 SXM", "9.0", 132)
    assert h100.max_warps_per_sm == 64 and h100.sm_arch == "sm_90"
    assert h100.shared_memory_per_block_optin == 227 * 1024 and h100.reserved_shared_memory_per_block == 1024
    # 132 SMs x 128 FP32 lanes x 2 flops x 1.98 GHz
    assert abs(h100.peak_fp32_gflops - 132 * 128 * 2 * 1.98) / h100.peak_fp32_gflops < 0.01


def test_resolve_gpus_accepts_aliases_and_drops_duplicates():
    specs = resolve_gpus(["h100", "H100-SXM", "a100"])
    assert [s.key for s in specs] == ["h100-sxm", "a100-40gb"]


def test_unknown_gpu_lists_the_known_names():
    with pytest.raises(UnknownGpuError, match="unknown GPU 'h1000'; known GPUs: .*h100-pcie"):
        resolve_gpus(["h1000"])
    assert issubclass(UnknownGpuError, ValueError)


@pytest.mark.parametrize("device, key", [
    ("NVIDIA H100 80GB HBM3", "h100-sxm"),
    ("NVIDIA H100 PCIe", "h100-pcie"),
    ("NVIDIA A100-SXM4-80GB", "a100-80gb"),
    ("NVIDIA A100-SXM4-40GB", "a100-40gb"),
    ("NVIDIA A10", "a10"),
    ("Tesla T4", "t4"),
    ("Tesla V100-SXM2-16GB", "v100"),
    ("NVIDIA GeForce RTX 4090", "rtx4090"),
    ("NVIDIA GH200 480GB", "gh200"),
    ("NVIDIA H200", "h200"),
    ("NVIDIA L40S", "l40s"),
])
def test_lookup_by_device_name(device, key):
    assert lookup_by_device_name(device).key == key


def test_lookup_of_an_unknown_device_is_none():
    assert lookup_by_device_name("AMD Instinct MI300X") is None


def test_a_gpu_naming_a_missing_arch_is_a_database_error():
    with pytest.raises(GpuDatabaseError, match="names arch '4.2'"):
        parse_database({"arch": {}, "gpu": {"x": {"name": "X", "arch": "4.2", "sms": 1, "l2_bytes": 1,
                                                  "memory_bandwidth_gbps": 1, "peak_fp32_gflops": 1,
                                                  "peak_fp64_gflops": 1, "peak_fp16_tensor_gflops": 1,
                                                  "boost_clock_mhz": 1}}})
    with pytest.raises(GpuDatabaseError, match="lacks sms"):
        parse_database({"gpu": {"x": {"name": "X", "arch": "9.0"}}})
