"""KL1xx: global loads and stores whose warp requests touch more 32-byte sectors than they need."""
from __future__ import annotations

from dataclasses import replace

from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

from pycparser import c_ast

from kernel_lint.analyses.access_sites import (
    THREAD_AXES,
    AccessSite,
    access_sites,
    access_text,
    lane_step,
    lanes_text,
    runtime_jump,
    site_details,
    site_step,
    step_text,
    verb,
    worst_first,
)
from kernel_lint.analyses.lanes import MAX_ACCESS_BYTES, MemoryAccess, assumed_quotients, field_layout, type_alignment
from kernel_lint.analyses.memory_cost import Cost, global_cost
from kernel_lint.analyses.symbolic import PointerTarget
from kernel_lint.findings import Category, Finding, Severity
from kernel_lint.registry import Rule, RuleFamily

UNCOALESCED_ACCESS = Rule(
    code="KL101",
    name="uncoalesced-global-access",
    category=Category.COALESCING,
    default_severity=Severity.WARNING,
    summary="A warp's global load or store touches at least twice the 32-byte sectors its data needs.",
)
RUNTIME_STRIDED_ACCESS = Rule(
    code="KL102",
    name="runtime-strided-global-access",
    category=Category.COALESCING,
    default_severity=Severity.WARNING,
    summary="Neighbouring lanes access global memory a runtime value apart (lane index times a parameter).",
)

_TRANSPOSE_HINT = "stage the tile through shared memory or swap the index roles so threadIdx.x walks contiguous memory"
_STRUCT_HINT = "store this field in its own array (structure of arrays), or load whole structs as vectors"
_STRIDE_HINT = "make threadIdx.x index the contiguous (last) dimension, or stage the data through shared memory"
_PIECES_HINT = ("keep each field in its own array (structure of arrays), or pad and align the struct "
                "(__align__(8) or __align__(16)) so that one vector access moves it")


def _hint(site: AccessSite, axis: str) -> str:
    record = site.first
    if record.copied_by is not None:
        return (f"replace {record.copied_by} with typed loads and stores (assign a uint4, a float4 or the struct "
                "itself), which move 4 to 16 bytes per instruction")
    if record.piece_of is not None:
        return _PIECES_HINT
    if record.field is not None and (record.target.element_bytes or 0) > record.access_bytes:
        return _STRUCT_HINT
    return _TRANSPOSE_HINT if axis == "threadIdx.x" else _STRIDE_HINT


def _finding(ctx, gpu, site: AccessSite, cost: Cost) -> Finding:
    record = site.first
    unit = ctx.unit
    text = access_text(unit, record)
    step = site_step(site)
    axis, steps = step if step else ("threadIdx.x", [])
    element_bytes = record.target.element_bytes
    stride = step_text(steps, element_bytes)
    rule = RUNTIME_STRIDED_ACCESS if cost.runtime_stride else UNCOALESCED_ACCESS
    likely = "likely touches" if cost.runtime_stride else "touches"
    sectors_text = f"{cost.per_request:.3g}"
    ideal_text = f"{cost.ideal_per_request:.3g}"
    message = (
        f"{verb(record.kind)} {text} {likely} {sectors_text} sectors per warp request "
        f"(ideal {ideal_text}, {cost.ratio:.1f}x the traffic): {lanes_text(site, element_bytes)}"
    )
    if record.field is not None:
        layout = unit.structs.get(record.target.element_type)
        field = (f"an element of the array field .{record.field}[]" if layout and record.field in layout.arrays
                 else f"the {record.access_bytes}-byte field .{record.field}")
        message += f" to read {field} of {element_bytes}-byte elements"
    if record.piece_of is not None:
        message += (f", and each {record.piece_of}-byte element moves in {record.piece_of // record.access_bytes} "
                    f"{record.access_bytes}-byte accesses (its alignment), each one a separate request")
    if cost.runtime_stride:
        message += _runtime_text(record, site, steps, axis, element_bytes)
    if record.copied_by is not None:
        message += (f", and {record.copied_by} moves each byte with an instruction of its own (nvcc cannot know a "
                    "global pointer's alignment), each one a separate request")
    if cost.unknown_offset:
        message += ", plus a data-dependent offset (assumed smaller than that step)"
    quotients = assumed_quotients(record.address)
    if quotients:
        message += (", with " + " and ".join(f"`{q}`" for q in quotients)
                    + " one value per warp (a large divisor: no warp assumed to straddle a multiple of it)")
    message += f"; {site.shape.describe()}, {record.access_bytes}-byte accesses."
    details = {
        "sectors": round(cost.per_request, 3),
        "ideal": round(cost.ideal_per_request, 3),
        "ratio": round(cost.ratio, 2),
        "stride": stride,
        "lane_axis": axis,
        **site_details(unit, site),
        "element_bytes": element_bytes,
        "data_dependent_offset": cost.unknown_offset,
    }
    return ctx.finding(rule, record.node, message, kernel=site.kernel.name, gpu=gpu.name, details=details,
                       hint=_hint(site, axis))


def _runtime_text(record: MemoryAccess, site: AccessSite, steps, axis: str, element_bytes: Optional[int]) -> str:
    """Where the runtime stride is: the lanes' own step, or (a 2-D block whose warp holds several rows,
    with lanes a constant step apart) the step from one row of the warp to the next."""
    if any(m and delta for m, delta in steps):
        return " (assumed large)" if step_text(steps, element_bytes).startswith("a runtime") \
            else ", a runtime value (assumed large)"
    rows = lane_step(record, site.shape, skip=THREAD_AXES.index(axis) + 1) if axis in THREAD_AXES[:2] else None
    if rows is not None and any(m and delta for m, delta in rows[1]):
        return f", and the warp's rows ({rows[0]}) are {step_text(rows[1], element_bytes)} apart, a runtime value (assumed large)"
    jump = runtime_jump(record)
    if jump is None:
        return ", a runtime value (assumed large)"
    return f", and lanes {jump[0]} apart are {step_text(jump[1], element_bytes)} apart, a runtime value " \
        "(assumed large)"


def _cost(site: AccessSite, sector_bytes: int) -> Optional[Cost]:
    return global_cost(site.records, sector_bytes)


_ElementKey = Tuple[str, str, str]  # (array, load | store, the element expression as written)


def _element_key(record: MemoryAccess, unit) -> Optional[_ElementKey]:
    node = record.node
    if record.field is None or not isinstance(node, c_ast.StructRef) or record.kind == "update":
        return None
    return record.target.array, record.kind, unit.source_text(node.name)


def vector_fused(records: Sequence[MemoryAccess], unit) -> Set[_ElementKey]:
    """Elements whose every field the kernel reads (or writes) at one index, in a type aligned to its
    size (float4, double2, an __align__(16) struct): nvcc merges those field accesses into one vector
    access per lane (LDG.128 for d[i].x, .y, .z, .w), which moves the element contiguously."""
    covered: Dict[_ElementKey, Set[int]] = {}
    target: Dict[_ElementKey, PointerTarget] = {}
    for record in records:
        key = _element_key(record, unit)
        layout = field_layout(record.target.element_type, record.field or "", unit) if key else None
        if key is not None and layout is not None:
            offset, size = layout
            covered.setdefault(key, set()).update(range(offset, offset + size))
            target[key] = record.target
    return {key for key, bytes_read in covered.items()
            if len(bytes_read) == (target[key].element_bytes or 0) <= MAX_ACCESS_BYTES
            and type_alignment(target[key].element_type, unit) == target[key].element_bytes}


def check(ctx) -> Iterator[Finding]:
    threshold = ctx.settings.thresholds.coalescing_min_ratio
    for models in ctx.unit.definitions():
        groups: List[List[AccessSite]] = access_sites(ctx.unit, models, ctx.settings, "global")
        fused = vector_fused([site.first for sites in groups for site in sites], ctx.unit)
        for sites in groups:
            if sites and _element_key(sites[0].first, ctx.unit) in fused:
                continue
            for gpu in ctx.gpus:
                costed = worst_first(sites, lambda site, size=gpu.sector_bytes: _cost(site, size))
                if not costed or _judged(*costed[0], gpu, threshold) is None:
                    continue
                # the worst block shape or instantiation first: the engine reports the others with it
                for site, cost in costed:
                    judged = _judged(site, cost, gpu, threshold)
                    if judged is not None:
                        yield _finding(ctx, gpu, site, judged)


def _judged(site: AccessSite, cost: Cost, gpu, threshold: float) -> Optional[Cost]:
    """The cost a finding reports, or None when the access is no coalescing problem. Lanes a branch
    leaves idle are a divergence matter (KL3xx), not a coalescing one: the index pattern is judged with
    every lane of the warps that run it, and the traffic against what those whole warps need (an
    interleaved reduction's `in[2 * t]` moves 4.59 sectors per request over its steps, ncu's count,
    against the 4 a warp of floats needs: no finding)."""
    pattern = global_cost(site.records, gpu.sector_bytes, whole_warps=True)
    if pattern is None or pattern.ratio < threshold:
        return None
    judged = replace(cost, ideal=pattern.ideal) if pattern.requests == cost.requests else cost
    return judged if judged.ratio >= threshold else None


FAMILY = RuleFamily(name="coalescing", rules=(UNCOALESCED_ACCESS, RUNTIME_STRIDED_ACCESS), check=check)
