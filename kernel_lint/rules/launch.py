"""KL5xx launch configurations the runtime rejects or wastes, KL7xx occupancy, at each launch site."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional, Tuple

from kernel_lint.analyses.occupancy import Occupancy, describe_limiters, occupancy, registers_limit
from kernel_lint.analyses.resource_model import suggestion
from kernel_lint.analyses.resources import KernelResources, kernel_resources
from kernel_lint.findings import Category, Finding, Severity
from kernel_lint.model import Dim3, LaunchSite
from kernel_lint.registry import Rule, RuleFamily

BLOCK_TOO_LARGE = Rule(
    code="KL501", name="block-too-large", category=Category.LAUNCH, default_severity=Severity.ERROR,
    summary="A block with more than 1024 threads, or a block dimension over its limit: the launch fails.",
)
GRID_TOO_LARGE = Rule(
    code="KL502", name="grid-dimension-over-limit", category=Category.LAUNCH, default_severity=Severity.ERROR,
    summary="A grid dimension over its limit (x < 2^31, y and z <= 65535) or zero: the launch fails.",
)
MISSING_SHARED_OPT_IN = Rule(
    code="KL503", name="dynamic-shared-memory-without-opt-in", category=Category.LAUNCH,
    default_severity=Severity.ERROR,
    summary="More than 48 KB of shared memory per block without cudaFuncSetAttribute(MaxDynamicSharedMemorySize).",
)
SHARED_OVER_LIMIT = Rule(
    code="KL504", name="shared-memory-over-gpu-limit", category=Category.LAUNCH, default_severity=Severity.ERROR,
    summary="Shared memory per block over the GPU's opt-in maximum: the launch fails on that GPU.",
)
TOO_MANY_REGISTERS = Rule(
    code="KL505", name="too-many-registers-for-block", category=Category.LAUNCH, default_severity=Severity.ERROR,
    summary="Registers per thread x threads per block exceed the register file: 'too many resources requested'.",
)
PARTIAL_WARP_BLOCK = Rule(
    code="KL506", name="block-size-not-warp-multiple", category=Category.LAUNCH, default_severity=Severity.WARNING,
    summary="The block size is not a multiple of 32, so the last warp of every block runs with idle lanes.",
)
GRID_SMALLER_THAN_GPU = Rule(
    code="KL507", name="grid-smaller-than-sm-count", category=Category.LAUNCH, default_severity=Severity.WARNING,
    summary="The grid has fewer blocks than the GPU has SMs, so part of the GPU idles.",
)
LOW_OCCUPANCY = Rule(
    code="KL701", name="low-occupancy", category=Category.OCCUPANCY, default_severity=Severity.WARNING,
    summary="The launch keeps fewer warps resident per SM than the occupancy threshold; the limiter is named.",
)
BLOCKS_TOO_SMALL = Rule(
    code="KL702", name="blocks-too-small-for-gpu", category=Category.OCCUPANCY, default_severity=Severity.WARNING,
    summary="Blocks so small that the blocks-per-SM limit caps occupancy (32-thread blocks reach 50% on an H100).",
)

OPT_IN_ATTRIBUTE = "cudaFuncAttributeMaxDynamicSharedMemorySize"
AXES = ("x", "y", "z")
_ONE_BLOCK = re.compile(r"(?:dim3\s*)?[({]?\s*1[uUlL]*(?:\s*,\s*1[uUlL]*){0,2}\s*[)}]?")


@dataclass(frozen=True)
class LaunchFacts:
    """One launch site on one GPU, with the kernel's resources (measured or assumed)."""

    site: LaunchSite
    gpu: object  # kernel_lint.gpus.GpuSpec
    resources: KernelResources
    static_bytes: int
    dynamic_bytes: int
    notes: Tuple[str, ...]  # assumptions the messages must state
    max_threads: Optional[int]  # from __launch_bounds__

    @property
    def shared_bytes(self) -> int:
        return self.static_bytes + self.dynamic_bytes

    @property
    def threads(self) -> Optional[int]:
        return self.site.block.total

    def assumptions(self) -> str:
        return "; ".join((self.resources.assumption,) + self.notes)

    def details(self, **extra) -> dict:
        base = {
            "block": _dims(self.site.block), "grid": _dims(self.site.grid),
            "registers": self.resources.registers, "registers_measured": self.resources.registers_measured,
            "static_shared_bytes": self.static_bytes, "dynamic_shared_bytes": self.dynamic_bytes,
        }
        base.update(extra)
        return base


def _dims(dim: Dim3) -> list:
    return [dim.x, dim.y, dim.z]


def launch_facts(ctx, site: LaunchSite, gpu) -> LaunchFacts:
    kernel = ctx.unit.kernel_launched_at(site)
    notes = []
    if kernel is None:
        resources = KernelResources(site.kernel, ctx.settings.thresholds.assumed_registers, False, 0)
        notes.append(f"{site.kernel} is not defined in this file: its static shared memory is counted as 0")
        max_threads = None
    else:
        resources = kernel_resources(ctx.unit, kernel, gpu, ctx.settings)
        max_threads = kernel.launch_bounds.max_threads_per_block if kernel.launch_bounds else None
    static = resources.static_shared_bytes
    if static is None:
        notes.append("a __shared__ array of unknown size is counted as 0 bytes")
    dynamic = site.shared_bytes
    if dynamic is None:
        notes.append(f"dynamic shared memory `{site.shared_text}` is not a constant and is counted as 0")
    return LaunchFacts(site, gpu, resources, static or 0, dynamic or 0, tuple(notes), max_threads)


def _axes_over(dim: Dim3, limits: Tuple[int, ...]) -> Tuple[str, ...]:
    values = (dim.x, dim.y, dim.z)
    return tuple(f"{axis}={v} (limit {limit})" if v > limit else f"{axis}=0"
                 for axis, v, limit in zip(AXES, values, limits) if v is not None and (v > limit or v <= 0))


def check_block_shape(ctx, facts: LaunchFacts) -> Iterator[Finding]:
    site, gpu = facts.site, facts.gpu
    bad = _axes_over(site.block, gpu.max_block_dims)
    threads = facts.threads
    if threads is not None and threads > gpu.max_threads_per_block:
        bad = (f"{threads} threads in all (limit {gpu.max_threads_per_block})",) + bad
    if bad:
        yield ctx.finding(BLOCK_TOO_LARGE, site.range,
                          f"block `{site.block.text}` cannot launch: {', '.join(bad)}; the launch fails with "
                          "cudaErrorInvalidConfiguration.",
                          kernel=site.kernel, gpu=gpu.name, details=facts.details(),
                          hint="split the work over more blocks (at most 1024 threads each, z at most 64)")
    grid_bad = _axes_over(site.grid, gpu.max_grid_dims)
    if grid_bad:
        yield ctx.finding(GRID_TOO_LARGE, site.range,
                          f"grid `{site.grid.text}` cannot launch: {', '.join(grid_bad)}.",
                          kernel=site.kernel, gpu=gpu.name, details=facts.details(),
                          hint="fold the extra blocks into grid x (up to 2^31-1) or loop over them in the kernel")


def _opted_in(ctx, site: LaunchSite, needed: int) -> bool:
    return any(call.kernel == site.kernel and call.attribute.endswith("MaxDynamicSharedMemorySize")
               and (call.value is None or call.value >= needed)
               for call in ctx.unit.func_attributes)


def check_shared_memory(ctx, facts: LaunchFacts) -> Iterator[Finding]:
    site, gpu = facts.site, facts.gpu
    total = facts.shared_bytes
    split = f"{facts.static_bytes} static + {facts.dynamic_bytes} dynamic bytes"
    if total > gpu.shared_memory_per_block_optin:
        yield ctx.finding(SHARED_OVER_LIMIT, site.range,
                          f"{total} bytes of shared memory per block ({split}) exceed the "
                          f"{gpu.shared_memory_per_block_optin} bytes a block may use on {gpu.name}; the launch fails.",
                          kernel=site.kernel, gpu=gpu.name, details=facts.details(shared_bytes=total),
                          hint="tile the work so each block holds less, or target a GPU with more shared memory")
    elif facts.dynamic_bytes and total > gpu.shared_memory_per_block and not _opted_in(ctx, site, facts.dynamic_bytes):
        yield ctx.finding(MISSING_SHARED_OPT_IN, site.range,
                          f"{total} bytes of shared memory per block ({split}) exceed the default "
                          f"{gpu.shared_memory_per_block} bytes, and this file never raises "
                          f"{OPT_IN_ATTRIBUTE} for {site.kernel} to {facts.dynamic_bytes}; the launch fails.",
                          kernel=site.kernel, gpu=gpu.name, details=facts.details(shared_bytes=total),
                          hint=f"call cudaFuncSetAttribute({site.kernel}, {OPT_IN_ATTRIBUTE}, "
                               f"{facts.dynamic_bytes}) before the launch")


def check_registers(ctx, facts: LaunchFacts) -> Iterator[Finding]:
    site, gpu, threads = facts.site, facts.gpu, facts.threads
    if threads is None or not 0 < threads <= gpu.max_threads_per_block:
        return  # KL501's matter: the block cannot launch whatever its registers
    registers = facts.resources.registers
    if registers_limit(gpu, threads, registers) > 0:
        return
    yield ctx.finding(TOO_MANY_REGISTERS, site.range,
                      f"{threads} threads x {registers} registers need more than the {gpu.registers_per_block} "
                      f"registers a block may hold on {gpu.name} ({facts.assumptions()}); the launch fails with "
                      "'too many resources requested for launch'.",
                      kernel=site.kernel, gpu=gpu.name, details=facts.details(threads=threads),
                      hint=f"use at most {gpu.registers_per_block // threads // 8 * 8} registers per thread "
                           f"(__launch_bounds__({threads})) or smaller blocks")


def check_waste(ctx, facts: LaunchFacts) -> Iterator[Finding]:
    site, gpu, threads = facts.site, facts.gpu, facts.threads
    if threads is not None and 0 < threads <= gpu.max_threads_per_block and threads % gpu.warp_size:
        idle = -threads % gpu.warp_size
        yield ctx.finding(PARTIAL_WARP_BLOCK, site.range,
                          f"block `{site.block.text}` has {threads} threads, not a multiple of {gpu.warp_size}: the "
                          f"last warp of every block runs {idle} of its {gpu.warp_size} lanes idle.",
                          kernel=site.kernel, gpu=gpu.name, details=facts.details(threads=threads, idle_lanes=idle),
                          hint=f"use {threads + idle} threads per block and guard the extra threads with a bounds check")
    blocks = site.grid.total
    if blocks is not None and 0 < blocks < gpu.sms and not _written_as_one_block(site.grid):
        yield ctx.finding(GRID_SMALLER_THAN_GPU, site.range,
                          f"grid `{site.grid.text}` launches {blocks} blocks on {gpu.name}, which has {gpu.sms} SMs: "
                          f"{gpu.sms - blocks} SMs stay idle.",
                          kernel=site.kernel, gpu=gpu.name, details=facts.details(blocks=blocks, sms=gpu.sms),
                          hint=f"give each block less work so the grid has at least {gpu.sms} blocks")


def _written_as_one_block(grid: Dim3) -> bool:
    """`<<<1, ...>>>` or `dim3(1, 1)`: a serial tail the author asked for (the last pass of a reduction, like
    cub's single-tile pass), not a grid computed from the problem size that came out small."""
    return _ONE_BLOCK.fullmatch(grid.text.strip()) is not None


def _hint(facts: LaunchFacts) -> Optional[str]:
    site = facts.site
    total = site.grid.total * site.block.total if site.grid.total and site.block.total else None
    return suggestion(facts.gpu, facts.resources.registers, facts.shared_bytes, total, facts.max_threads)


def _occupancy_details(facts: LaunchFacts, result: Occupancy) -> dict:
    return facts.details(threads=result.threads, occupancy=round(result.occupancy, 4),
                         active_blocks_per_sm=result.active_blocks_per_sm,
                         active_warps_per_sm=result.active_warps_per_sm, limited_by=list(result.limited_by))


def check_occupancy(ctx, facts: LaunchFacts) -> Iterator[Finding]:
    site, gpu, threads = facts.site, facts.gpu, facts.threads
    if threads is None or not 0 < threads <= gpu.max_threads_per_block:
        return
    if facts.shared_bytes > gpu.shared_memory_per_block_optin:
        return  # KL504 already says this launch fails
    result = occupancy(gpu, threads, facts.resources.registers, facts.shared_bytes)
    if result.active_blocks_per_sm == 0:
        return
    blocks = result.active_blocks_per_sm
    summary = (f"{blocks} block{'' if blocks == 1 else 's'} of {threads} threads per SM = {result.active_warps_per_sm} "
               f"of {result.max_warps_per_sm} warps ({result.occupancy:.0%} occupancy) on {gpu.name}")
    threshold = ctx.settings.thresholds.occupancy_min
    if "blocks" in result.limited_by and result.occupancy < 1:
        yield ctx.finding(BLOCKS_TOO_SMALL, site.range,
                          f"{summary}: capped by the limit of {gpu.max_blocks_per_sm} blocks per SM because the blocks "
                          f"are small ({facts.assumptions()}).",
                          kernel=site.kernel, gpu=gpu.name, details=_occupancy_details(facts, result),
                          hint=_hint(facts))
    elif result.occupancy < threshold:
        yield ctx.finding(LOW_OCCUPANCY, site.range,
                          f"{summary}, below the {threshold:.0%} threshold: limited by {describe_limiters(result)} "
                          f"({facts.shared_bytes} bytes of shared memory per block; {facts.assumptions()}).",
                          kernel=site.kernel, gpu=gpu.name, details=_occupancy_details(facts, result),
                          hint=_hint(facts))


def _facts(ctx) -> Iterator[LaunchFacts]:
    for gpu in ctx.gpus:
        for site in ctx.unit.launch_sites:
            yield launch_facts(ctx, site, gpu)


def check_launches(ctx) -> Iterator[Finding]:
    for facts in _facts(ctx):
        yield from check_block_shape(ctx, facts)
        yield from check_shared_memory(ctx, facts)
        yield from check_registers(ctx, facts)
        yield from check_waste(ctx, facts)


def check_launch_occupancy(ctx) -> Iterator[Finding]:
    for facts in _facts(ctx):
        yield from check_occupancy(ctx, facts)


FAMILY = RuleFamily(
    name="launch",
    rules=(BLOCK_TOO_LARGE, GRID_TOO_LARGE, MISSING_SHARED_OPT_IN, SHARED_OVER_LIMIT, TOO_MANY_REGISTERS,
           PARTIAL_WARP_BLOCK, GRID_SMALLER_THAN_GPU),
    check=check_launches,
)
OCCUPANCY_FAMILY = RuleFamily(name="occupancy", rules=(LOW_OCCUPANCY, BLOCKS_TOO_SMALL), check=check_launch_occupancy)
