"""NVIDIA's occupancy calculation (cuda_occupancy.h, CUDA 13.0) over the GPU database.

`occupancy(gpu, threads, registers, shared_bytes)` returns the active blocks per SM and which
resources limit them. Shared memory is the kernel's total per block (static + dynamic); the kernel
is taken to have opted in to the larger per-block limit where it needs it, as the runtime's own
cudaOccupancyMaxActiveBlocksPerMultiprocessor does. The launch rules report a missing opt-in.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from kernel_lint.gpus import GpuSpec

UNLIMITED = 2**31 - 1  # cuda_occupancy.h's INT_MAX: a resource the kernel does not use

# Order in which limiting factors are listed (as cudaOccLimitingFactor).
FACTORS = ("warps", "registers", "shared_memory", "blocks", "barriers")


def _ceil_div(x: int, y: int) -> int:
    return -(-x // y)


def _round_up(x: int, y: int) -> int:
    return y * _ceil_div(x, y)


@dataclass(frozen=True)
class Occupancy:
    gpu: str  # GpuSpec.key
    threads: int
    registers: int
    shared_bytes: int
    active_blocks_per_sm: int
    warps_per_block: int
    max_warps_per_sm: int
    limits: Tuple[Tuple[str, int], ...]  # (factor, blocks per SM that factor allows)
    allocated_registers_per_block: int
    allocated_shared_per_block: int
    shared_memory_per_sm: int  # the carveout the driver picks for this launch

    @property
    def active_warps_per_sm(self) -> int:
        return self.active_blocks_per_sm * self.warps_per_block

    @property
    def occupancy(self) -> float:
        return self.active_warps_per_sm / self.max_warps_per_sm

    @property
    def limited_by(self) -> Tuple[str, ...]:
        return tuple(factor for factor, blocks in self.limits if blocks == self.active_blocks_per_sm)

    def limit(self, factor: str) -> int:
        return dict(self.limits)[factor]

    def to_json(self) -> dict:
        return {
            "threads": self.threads,
            "regs": self.registers,
            "smem": self.shared_bytes,
            "active_blocks_per_sm": self.active_blocks_per_sm,
            "active_warps_per_sm": self.active_warps_per_sm,
            "occupancy": round(self.occupancy, 6),
            "limited_by": list(self.limited_by),
        }


def align_to_carveout(gpu: GpuSpec, size: int) -> Optional[int]:
    """The smallest shared-memory carveout that holds `size` bytes (None when none does)."""
    return next((choice for choice in gpu.shared_memory_carveouts if choice >= size), None)


def carveout_preference(gpu: GpuSpec, percent: Optional[int]) -> int:
    """Shared memory per SM that a carveout preference asks for (None: no preference, the maximum)."""
    wanted = gpu.shared_memory_per_sm if percent is None else percent * gpu.shared_memory_per_sm // 100
    aligned = align_to_carveout(gpu, wanted)
    return gpu.shared_memory_per_sm if aligned is None else aligned


def warps_limit(gpu: GpuSpec, threads: int) -> int:
    if threads > gpu.max_threads_per_block:
        return 0
    return gpu.max_warps_per_sm // _ceil_div(threads, gpu.warp_size)


def registers_per_warp(gpu: GpuSpec, registers: int) -> int:
    return _round_up(registers * gpu.warp_size, gpu.register_allocation_granularity)


def registers_limit(gpu: GpuSpec, threads: int, registers: int) -> int:
    warps = _ceil_div(threads, gpu.warp_size)
    per_warp = registers_per_warp(gpu, registers)
    # The hardware checks the per-block register limit as if the block's warps filled every
    # sub-partition, so the warp count is rounded up to the sub-partition count.
    assumed_per_block = per_warp * _round_up(warps, gpu.warp_allocation_granularity)
    if (
        gpu.registers_per_block < assumed_per_block
        or gpu.registers_per_block < per_warp * warps
        or registers > gpu.max_registers_per_thread
    ):
        return 0
    if per_warp == 0:
        return UNLIMITED
    sub_partitions = gpu.warp_allocation_granularity
    warps_per_sub_partition = (gpu.registers_per_sm // sub_partitions) // per_warp
    return warps_per_sub_partition * sub_partitions // warps


def allocated_shared_bytes(gpu: GpuSpec, shared_bytes: int) -> int:
    total = shared_bytes + gpu.reserved_shared_memory_per_block
    return _round_up(total, gpu.shared_memory_allocation_granularity)


def shared_memory_limit(gpu: GpuSpec, shared_bytes: int, carveout_percent: Optional[int] = None) -> Tuple[int, int]:
    """(blocks per SM that shared memory allows, shared memory per SM the driver configures)."""
    allocated = allocated_shared_bytes(gpu, shared_bytes)
    per_block_limit = gpu.shared_memory_per_block_optin + gpu.reserved_shared_memory_per_block
    preference = carveout_preference(gpu, carveout_percent)
    if allocated > per_block_limit:
        return 0, preference
    # The preference is honoured while one block fits; otherwise the driver takes the smallest
    # carveout that holds one block.
    per_sm = preference if preference >= allocated else align_to_carveout(gpu, allocated)
    assert per_sm is not None  # allocated <= the opt-in limit, which fits in the largest carveout
    if allocated == 0:
        return UNLIMITED, per_sm
    return per_sm // allocated, per_sm


def barriers_limit(gpu: GpuSpec) -> int:
    """Blocks per SM the block barriers allow. From Hopper on the calculator counts one barrier
    per block (what the runtime passes for a compiled kernel); before Hopper they never limit."""
    if gpu.compute_major < 9:
        return UNLIMITED
    return gpu.block_barriers_per_block_slot * gpu.max_blocks_per_sm


def occupancy(
    gpu: GpuSpec,
    threads: int,
    registers: int,
    shared_bytes: int = 0,
    *,
    carveout_percent: Optional[int] = None,
) -> Occupancy:
    """Active blocks per SM for a block of `threads` using `registers` per thread and `shared_bytes`."""
    if threads <= 0:
        raise ValueError(f"threads per block must be positive, not {threads}")
    if registers < 0 or shared_bytes < 0:
        raise ValueError("registers and shared memory cannot be negative")
    smem_blocks, smem_per_sm = shared_memory_limit(gpu, shared_bytes, carveout_percent)
    limits = [
        ("warps", warps_limit(gpu, threads)),
        ("registers", registers_limit(gpu, threads, registers)),
        ("shared_memory", smem_blocks),
        ("blocks", gpu.max_blocks_per_sm),
    ]
    active = min(blocks for _, blocks in limits)
    barrier_blocks = barriers_limit(gpu)
    if barrier_blocks != UNLIMITED:
        limits.append(("barriers", barrier_blocks))
        active = min(active, barrier_blocks)
    warps = _ceil_div(threads, gpu.warp_size)
    return Occupancy(
        gpu=gpu.key,
        threads=threads,
        registers=registers,
        shared_bytes=shared_bytes,
        active_blocks_per_sm=active,
        warps_per_block=warps,
        max_warps_per_sm=gpu.max_warps_per_sm,
        limits=tuple(limits),
        allocated_registers_per_block=registers_per_warp(gpu, registers) * warps,
        allocated_shared_per_block=allocated_shared_bytes(gpu, shared_bytes),
        shared_memory_per_sm=smem_per_sm,
    )


LIMITER_WORDS = {
    "warps": "warps per SM",
    "registers": "registers",
    "shared_memory": "shared memory",
    "blocks": "blocks per SM",
    "barriers": "block barriers",
}


def describe_limiters(result: Occupancy) -> str:
    return " and ".join(LIMITER_WORDS[f] for f in result.limited_by)
