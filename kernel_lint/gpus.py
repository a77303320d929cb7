"""The GPU database (kernel_lint/data/gpus.toml): per-GPU figures plus per-compute-capability limits.

Importing this module is cheap: the TOML file is read on first use and cached.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, Iterable, Mapping, Optional, Tuple

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

DATABASE_PATH = Path(__file__).resolve().parent / "data" / "gpus.toml"


class UnknownGpuError(ValueError):
    """A --gpu name that is neither a key nor an alias in the database."""


class GpuDatabaseError(ValueError):
    """gpus.toml is missing a field or names an arch table that does not exist."""


@dataclass(frozen=True)
class GpuSpec:
    key: str
    name: str
    compute_capability: str
    sms: int
    l2_bytes: int
    memory_bandwidth_gbps: float
    peak_fp32_gflops: float
    peak_fp64_gflops: float
    peak_fp16_tensor_gflops: float
    boost_clock_mhz: int
    # Per-compute-capability limits (the [arch."X.Y"] table).
    max_threads_per_block: int
    max_block_dims: Tuple[int, int, int]
    max_grid_dims: Tuple[int, int, int]
    max_threads_per_sm: int
    max_blocks_per_sm: int
    registers_per_sm: int
    registers_per_block: int
    register_allocation_unit: str
    register_allocation_granularity: int  # registers per warp are rounded up to this
    max_registers_per_thread: int
    warp_allocation_granularity: int  # warps of a block rounded up to this for the per-block register check
    shared_memory_per_sm: int
    shared_memory_carveouts: Tuple[int, ...]  # bytes, ascending
    shared_memory_per_block: int
    shared_memory_per_block_optin: int
    reserved_shared_memory_per_block: int
    shared_memory_allocation_granularity: int
    block_barriers_per_block_slot: int
    fp32_cores_per_sm: int
    aliases: Tuple[str, ...] = ()
    device_names: Tuple[str, ...] = ()
    sources: Tuple[str, ...] = ()
    warp_size: int = 32
    sector_bytes: int = 32
    shared_banks: int = 32
    bank_width_bytes: int = 4

    @property
    def max_warps_per_sm(self) -> int:
        return self.max_threads_per_sm // self.warp_size

    @property
    def compute_major(self) -> int:
        return int(self.compute_capability.split(".")[0])

    @property
    def sm_arch(self) -> str:
        """The nvcc -arch value for this GPU, e.g. "sm_90"."""
        return "sm_" + self.compute_capability.replace(".", "")


_ARCH_FIELDS = (
    "max_threads_per_block", "max_block_dims", "max_grid_dims", "max_threads_per_sm", "max_blocks_per_sm",
    "registers_per_sm", "registers_per_block", "register_allocation_unit", "register_allocation_granularity",
    "max_registers_per_thread", "warp_allocation_granularity", "shared_memory_per_sm",
    "shared_memory_per_block", "shared_memory_per_block_optin", "reserved_shared_memory_per_block",
    "shared_memory_allocation_granularity", "block_barriers_per_block_slot", "fp32_cores_per_sm",
)
_GPU_FIELDS = (
    "name", "sms", "l2_bytes", "memory_bandwidth_gbps", "peak_fp32_gflops", "peak_fp64_gflops",
    "peak_fp16_tensor_gflops", "boost_clock_mhz",
)


def _require(table: Mapping[str, Any], fields: Iterable[str], where: str) -> None:
    missing = [f for f in fields if f not in table]
    if missing:
        raise GpuDatabaseError(f"{where} in {DATABASE_PATH.name} lacks {', '.join(missing)}")


def _spec(key: str, gpu: Mapping[str, Any], arches: Mapping[str, Mapping[str, Any]]) -> GpuSpec:
    _require(gpu, _GPU_FIELDS + ("arch",), f"[gpu.{key}]")
    cc = gpu["arch"]
    if cc not in arches:
        raise GpuDatabaseError(f"[gpu.{key}] names arch {cc!r}, which has no [arch.\"{cc}\"] table")
    arch = arches[cc]
    _require(arch, _ARCH_FIELDS + ("shared_memory_carveouts_kb",), f"[arch.\"{cc}\"]")
    limits = {f: arch[f] for f in _ARCH_FIELDS}
    limits["max_block_dims"] = tuple(arch["max_block_dims"])
    limits["max_grid_dims"] = tuple(arch["max_grid_dims"])
    return GpuSpec(
        key=key,
        compute_capability=cc,
        shared_memory_carveouts=tuple(sorted(kb * 1024 for kb in arch["shared_memory_carveouts_kb"])),
        aliases=tuple(gpu.get("aliases", ())),
        device_names=tuple(gpu.get("device_names", ())),
        sources=tuple(gpu.get("sources", ())) + tuple(arch.get("sources", ())),
        **{f: gpu[f] for f in _GPU_FIELDS},
        **limits,
    )


def parse_database(document: Mapping[str, Any]) -> Tuple[GpuSpec, ...]:
    arches = document.get("arch", {})
    return tuple(_spec(key, gpu, arches) for key, gpu in document.get("gpu", {}).items())


@lru_cache(maxsize=1)
def load_database() -> Tuple[GpuSpec, ...]:
    with DATABASE_PATH.open("rb") as handle:
        return parse_database(tomllib.load(handle))


def _normalise(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


@lru_cache(maxsize=1)
def _names() -> Dict[str, GpuSpec]:
    names: Dict[str, GpuSpec] = {}
    for spec in load_database():
        for name in (spec.key,) + spec.aliases:
            names[name.lower()] = spec
    return names


def known_names() -> Tuple[str, ...]:
    return tuple(sorted(_names()))


def resolve_gpu(name: str) -> GpuSpec:
    spec = _names().get(name.strip().lower())
    if spec is None:
        raise UnknownGpuError(f"unknown GPU {name!r}; known GPUs: {', '.join(known_names())}")
    return spec


def resolve_gpus(names: Iterable[str]) -> Tuple[GpuSpec, ...]:
    """The specs for --gpu names, in order, without duplicates (an alias and its key are one GPU)."""
    specs: Dict[str, GpuSpec] = {}
    for name in names:
        spec = resolve_gpu(name)
        specs.setdefault(spec.key, spec)
    return tuple(specs.values())


def lookup_by_device_name(name: str) -> Optional[GpuSpec]:
    """The entry for a CUDA device name ("NVIDIA H100 80GB HBM3"); the longest matching pattern wins."""
    text = _normalise(name)
    best: Optional[Tuple[int, GpuSpec]] = None
    for spec in load_database():
        for pattern in spec.device_names:
            if re.search(pattern, text) and (best is None or len(pattern) > best[0]):
                best = (len(pattern), spec)
    return best[1] if best else None
