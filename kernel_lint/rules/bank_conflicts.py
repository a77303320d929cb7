"""KL2xx: shared-memory accesses whose lanes hit the same bank at different words (n-way conflicts)."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator, List, Optional, Sequence

from kernel_lint.analyses import symbolic as sym
from kernel_lint.analyses.access_sites import AccessSite, access_sites, lane_step, static_shared_bytes, step_text, \
    verb, worst
from kernel_lint.analyses.lanes import linear_index, only_subscripted
from kernel_lint.analyses.memory_cost import Cost, shared_cost
from kernel_lint.findings import Applicability, Category, Edit, Finding, Fix, Severity
from kernel_lint.model import SharedArray
from kernel_lint.registry import Rule, RuleFamily

SHARED_BANK_CONFLICT = Rule(
    code="KL201",
    name="shared-bank-conflict",
    category=Category.BANK_CONFLICT,
    default_severity=Severity.WARNING,
    summary="Lanes of a warp access different words in the same shared-memory bank, serialising the request.",
    fixable=True,
)

def _padded(site: AccessSite, array: SharedArray, pad: int) -> AccessSite:
    """The site as it would be with the array's last dimension `pad` elements wider."""
    dims = array.dims[:-1] + (array.dims[-1] + pad,)  # type: ignore[operator]
    size = array.element.element_size or 0
    threads = site.shape.threads
    records = tuple(replace(r, address=sym.scale(linear_index(r.subscripts, dims, threads), size))
                    for r in site.records)
    return replace(site, records=records)


def _padding_fix(ctx, gpu, array: SharedArray, sites: Sequence[List[AccessSite]], flagged: AccessSite) -> Optional[Fix]:
    """Pad the last dimension by one element when that makes the flagged access conflict-free and makes
    no access to the array worse under any block shape."""
    kernel = flagged.kernel
    if len(array.dims) < 2 or any(d is None for d in array.dims) or len(array.dim_ranges) != len(array.dims) \
            or array.dim_ranges[-1] is None or not only_subscripted(kernel.body, array.name, len(array.dims)):
        return None
    extra = (array.size_bytes or 0) // array.dims[-1]  # type: ignore[operator]
    if static_shared_bytes(kernel) + extra > gpu.shared_memory_per_block:  # the static limit without opt-in
        return None
    cost = _cost_for(gpu)
    for group in sites:
        for site in group:
            if site.first.target.array != array.name:
                continue
            before, after = cost(site), cost(_padded(site, array, 1))
            if before is None or after is None or after.ratio > before.ratio:
                return None
            if site is flagged and after.ratio > 1.0:
                return None
    written = array.dim_expressions[-1] if array.dim_expressions else str(array.dims[-1])
    replacement = str(int(written) + 1) if written.strip().isdigit() else f"{written} + 1"
    return Fix(description=f"pad {array.name}'s last dimension to {replacement}",
               edits=(Edit(array.dim_ranges[-1], replacement),), applicability=Applicability.SAFE)


def _cost_for(gpu):
    return lambda site: shared_cost(site.records, gpu.shared_banks, gpu.bank_width_bytes)


def _declaration(array: SharedArray, last: str) -> str:
    inner = "".join(f"[{d}]" for d in array.dim_expressions[:-1])
    return f"{array.name}{inner}[{last}]"


def _finding(ctx, gpu, site: AccessSite, cost: Cost, fix: Optional[Fix], array: Optional[SharedArray]) -> Finding:
    record = site.first
    text = ctx.unit.source_text(record.node)
    step = lane_step(record, site.shape)
    axis, steps = step if step else ("threadIdx.x", [])
    stride = step_text(steps, record.target.element_bytes)
    degree = cost.ratio
    message = (
        f"{verb(record.kind)} shared {text} is a {degree:.3g}-way bank conflict "
        f"({cost.per_request:.3g} wavefronts per warp request, ideal {cost.ideal_per_request:.3g}"
    )
    if cost.worst_ratio > degree:
        message += f", up to {cost.worst_ratio:.3g}-way"
    message += (f"): consecutive lanes ({axis}) step {stride} apart; {site.shape.describe()}, "
                f"{record.access_bytes}-byte accesses, {gpu.shared_banks} banks of {gpu.bank_width_bytes} bytes.")
    if fix is not None and array is not None:
        hint = f"declare `{_declaration(array, fix.edits[0].replacement)}` to pad each row by one element"
    else:
        hint = "change the index so that neighbouring lanes use neighbouring 4-byte words (or pad the array)"
    details = {
        "degree": round(degree, 2),
        "worst_degree": round(cost.worst_ratio, 2),
        "wavefronts": round(cost.per_request, 3),
        "ideal_wavefronts": round(cost.ideal_per_request, 3),
        "stride": stride,
        "lane_axis": axis,
        "block": list(site.shape.dims),
        "block_source": site.shape.source,
        "access_bytes": record.access_bytes,
        "array": record.target.array,
        "access": record.kind,
    }
    return ctx.finding(SHARED_BANK_CONFLICT, record.node, message, kernel=site.kernel.name, gpu=gpu.name,
                       details=details, hint=hint, fix=fix)


def check(ctx) -> Iterator[Finding]:
    threshold = ctx.settings.thresholds.bank_conflict_min_degree
    for kernel in ctx.unit.kernels:
        sites = access_sites(ctx.unit, kernel, ctx.settings, "shared")
        arrays = {a.name: a for a in kernel.shared_arrays}
        for group in sites:
            for gpu in ctx.gpus:
                found = worst(group, _cost_for(gpu))
                if found is None or found[1].ratio < threshold:
                    continue
                site, cost = found
                array = arrays.get(site.first.target.array)
                fix = _padding_fix(ctx, gpu, array, sites, site) if array is not None and site.first.subscripts \
                    else None
                yield _finding(ctx, gpu, site, cost, fix, array)


FAMILY = RuleFamily(name="bank-conflicts", rules=(SHARED_BANK_CONFLICT,), check=check)
