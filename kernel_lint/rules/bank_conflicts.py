"""KL2xx: shared-memory accesses whose lanes hit the same bank at different words (n-way conflicts)."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from kernel_lint.analyses import symbolic as sym
from kernel_lint.analyses.access_sites import AccessSite, access_sites, access_text, lanes_text, neighbouring_accesses, \
    site_step, site_details, static_shared_bytes, step_text, verb, worst_first
from kernel_lint.analyses.block_shapes import BlockShape
from kernel_lint.analyses.lanes import linear_index, only_subscripted, thread_coordinates
from kernel_lint.analyses.memory_cost import Cost, paired_records, request_cost, shared_cost
from kernel_lint.findings import Applicability, Category, Edit, Finding, Fix, Severity
from kernel_lint.model import Kernel, SharedArray
from kernel_lint.registry import Rule, RuleFamily

SHARED_BANK_CONFLICT = Rule(
    code="KL201",
    name="shared-bank-conflict",
    category=Category.BANK_CONFLICT,
    default_severity=Severity.WARNING,
    summary="Lanes of a warp access different words in the same shared-memory bank, serialising the request.",
    fixable=True,
)

_REINDEX = "change the index so that neighbouring lanes use neighbouring 4-byte words"
_SWIZZLE = "swizzle the column index (column ^ row)"
# `X + k` where X holds no operator binding looser than `+`, so that `X + (k + pad)` means what X + k did, plus pad
_ADDITIVE_SAFE = re.compile(r"[\w\s().*/%+-]+")
_PLUS_CONSTANT = re.compile(r"(?P<base>[\w\s().*/%+-]+?)\s*\+\s*(?P<k>\d+)")


def _padded(site: AccessSite, array: SharedArray, pad: int) -> AccessSite:
    """The site as it would be with the array's last dimension `pad` elements wider."""
    dims = array.dims[:-1] + (array.dims[-1] + pad,)  # type: ignore[operator]
    size = array.element.element_size or 0
    threads = site.shape.threads
    records = tuple(replace(r, address=sym.scale(linear_index(r.subscripts, dims, threads), size))
                    for r in site.records)
    return replace(site, records=records)


def _paddable(kernel: Kernel, array: SharedArray) -> bool:
    """A statically sized multi-dimensional array used only through full subscripts: padding its rows
    then changes where elements live but not which element a subscript reads."""
    return len(array.dims) >= 2 and all(d is not None for d in array.dims) \
        and len(array.dim_ranges) == len(array.dims) and array.dim_ranges[-1] is not None \
        and only_subscripted(kernel.body, array.name, len(array.dims))


def _pad_limit(gpu, kernel: Kernel, array: SharedArray) -> int:
    """The widest pad worth trying: one element per bank repeats the bank pattern, and the padded kernel
    must stay within the static shared-memory limit (no opt-in)."""
    column_bytes = (array.size_bytes or 0) // array.dims[-1]  # type: ignore[operator]
    room = (gpu.shared_memory_per_block - static_shared_bytes(kernel)) // column_bytes if column_bytes else 0
    return max(0, min(gpu.shared_banks, room))


def _smallest_pad(cost, array: SharedArray, accesses: Sequence[AccessSite], limit: int) -> Optional[int]:
    """The fewest elements to widen each row by so that every access to the array is conflict-free under
    every block shape in use (so none gets worse); None when no pad up to `limit` does."""
    for pad in range(1, limit + 1):
        costs = (cost(_padded(site, array, pad)) for site in accesses)
        if all(c is not None and c.ratio <= 1.0 for c in costs):
            return pad
    return None


def _widened(written: str, pad: int) -> str:
    """The dimension as written, `pad` larger, in the author's form: `32` -> `34`, `TILE + 1` -> `TILE + 3`."""
    text = written.strip()
    if text.isdigit():
        return str(int(text) + pad)
    added = _PLUS_CONSTANT.fullmatch(text)
    if added:
        return f"{added['base']} + {int(added['k']) + pad}"
    return f"{text} + {pad}" if _ADDITIVE_SAFE.fullmatch(text) else f"({text}) + {pad}"


def _rows_per_warp(shape: BlockShape, warp_size: int) -> int:
    """How many rows of threads (threadIdx.y, .z) the widest warp of the block spans."""
    _, ys, zs = thread_coordinates(shape.dims)
    rows = list(zip(ys, zs))
    return max(len(set(rows[start:start + warp_size])) for start in range(0, len(rows), warp_size))


def _elements(count: int) -> str:
    return "one element" if count == 1 else f"{count} elements"


def _padding_fix(array: SharedArray, pad: int) -> Tuple[str, Fix]:
    written = array.dim_expressions[-1] if array.dim_expressions else str(array.dims[-1])
    replacement = _widened(written, pad)
    fix = Fix(description=f"pad {array.name}'s last dimension to {replacement}",
              edits=(Edit(array.dim_ranges[-1], replacement),), applicability=Applicability.SAFE)
    return f"declare `{_declaration(array, replacement)}` to pad each row by {_elements(pad)}", fix


def _no_padding_hint(gpu, array: SharedArray, shape: BlockShape, limit: int) -> str:
    """What to do instead of padding. Named when it is the cause: a warp straddling rows of a tile (a
    block narrower than a warp), where the row store and the column read want incompatible row pitches."""
    rows = _rows_per_warp(shape, gpu.warp_size)
    verdict = f"no padding of up to {_elements(limit)} per row makes every access to {array.name} conflict-free"
    if rows == 1:
        return f"{verdict}; {_REINDEX}, or {_SWIZZLE}"
    return (f"{verdict}: at block {shape.text} each warp spans {rows} rows of threads; {_SWIZZLE} or use "
            f"a block whose x-dimension is a multiple of {gpu.warp_size}")


def _padding_advice(gpu, array: Optional[SharedArray], sites: Sequence[List[AccessSite]],
                    flagged: AccessSite) -> Tuple[str, Optional[Fix]]:
    """The hint, with a padding fix when some pad makes every access to the array conflict-free."""
    kernel, cost = flagged.kernel, _cost_for(gpu)
    limit = _pad_limit(gpu, kernel, array) if array is not None and _paddable(kernel, array) else 0
    accesses = [site for group in sites for site in group
                if site.kernel is kernel and site.first.target.array == flagged.first.target.array]
    if not limit or any(cost(site) is None for site in accesses):
        return f"{_REINDEX} (or pad the array)", None  # padding cannot be checked here, only suggested
    pad = _smallest_pad(cost, array, accesses, limit)
    if pad is None:
        return _no_padding_hint(gpu, array, flagged.shape, limit), None
    return _padding_fix(array, pad)


def _cost_for(gpu, widened: Optional[Dict[int, list]] = None):
    """A site's cost; a site paired with its neighbour's access (`widened`) is costed as the one access."""
    def cost(site: AccessSite) -> Optional[Cost]:
        if widened and id(site) in widened:
            return request_cost(widened[id(site)], 2, gpu.shared_banks, gpu.bank_width_bytes)
        return shared_cost(site.records, gpu.shared_banks, gpu.bank_width_bytes)
    return cost


def _declaration(array: SharedArray, last: str) -> str:
    inner = "".join(f"[{d}]" for d in array.dim_expressions[:-1])
    return f"{array.name}{inner}[{last}]"


def _values_text(values: List[int]) -> str:
    return ", ".join(map(str, values)) if len(values) <= 3 else f"{values[0]}, {values[1]}, ..., {values[-1]}"


def _finding(ctx, gpu, site: AccessSite, cost: Cost, hint: str, fix: Optional[Fix],
             partner: Optional[AccessSite] = None) -> Finding:
    record = site.first
    text = access_text(ctx.unit, record)
    step = site_step(site)
    axis, steps = step if step else ("threadIdx.x", [])
    stride = step_text(steps, record.target.element_bytes)
    degree = cost.ratio
    message = (
        f"{verb(record.kind)} shared {text} is a {degree:.3g}-way bank conflict "
        f"({cost.per_request:.3g} wavefronts per warp request, ideal {cost.ideal_per_request:.3g}"
    )
    if cost.worst_ratio > degree:
        message += f", up to {cost.worst_ratio:.3g}-way"
    message += f"): {lanes_text(site, record.target.element_bytes)}"
    scaled = [r.scaled_value for r in site.records if r.scaled_value]
    if scaled:
        local, values = scaled[0][0], list(dict.fromkeys(v for _, v in scaled))
        message += (f" at {local} = {values[0]} (every value the loop that scales {local} can give is counted: "
                    f"{_values_text(values)})")
    if partner is not None:
        accesses = (f"{record.access_bytes * 2}-byte accesses (with {access_text(ctx.unit, partner.first)} at line "
                    f"{ctx.unit.span(partner.first.node).line}, which nvcc issues with it as one)")
    elif cost.merged == 1:
        accesses = f"{record.access_bytes}-byte accesses"
    else:
        accesses = (f"{record.access_bytes * cost.merged}-byte accesses (the unrolled loop's {cost.merged} "
                    f"consecutive {record.access_bytes}-byte accesses, which nvcc issues as one)")
    message += f"; {site.shape.describe()}, {accesses}, {gpu.shared_banks} banks of {gpu.bank_width_bytes} bytes."
    details = {
        "degree": round(degree, 2),
        "worst_degree": round(cost.worst_ratio, 2),
        "wavefronts": round(cost.per_request, 3),
        "ideal_wavefronts": round(cost.ideal_per_request, 3),
        "stride": stride,
        "lane_axis": axis,
        **site_details(ctx.unit, site),
    }
    if scaled:
        details["scaled_local"] = {"name": scaled[0][0], "values": list(dict.fromkeys(v for _, v in scaled))}
    return ctx.finding(SHARED_BANK_CONFLICT, record.node, message, kernel=site.kernel.name, gpu=gpu.name,
                       details=details, hint=hint, fix=fix)


def check(ctx) -> Iterator[Finding]:
    # a request's degree is a whole number and the degree here is a mean over requests: one that rounds
    # to the threshold is mostly requests at it (a bitonic sort's 2-way steps among conflict-free ones
    # average 1.78; ncu measured 1.56 to 1.73 on an H100, cuda-samples mergeSort)
    threshold = ctx.settings.thresholds.bank_conflict_min_degree - 0.5
    for models in ctx.unit.definitions():
        sites = access_sites(ctx.unit, models, ctx.settings, "shared")
        paired = _paired_groups(models[0], sites)
        seconds = {second for second, _ in paired.values()}
        for index, group in enumerate(sites):
            if index in seconds:
                continue  # issued with the access of the statement before it, whose finding covers both
            partner, widened = paired.get(index, (None, {}))
            for gpu in ctx.gpus:
                costed = worst_first(group, _cost_for(gpu, widened))
                if not costed or costed[0][1].ratio < threshold:
                    continue
                site, cost = costed[0]
                array = next((a for a in site.kernel.shared_arrays if a.name == site.first.target.array), None)
                hint, fix = _padding_advice(gpu, array, sites, site)
                with_ = sites[partner][0] if partner is not None else None
                yield _finding(ctx, gpu, site, cost, hint, fix, with_)
                # the other block shapes and instantiations it conflicts under: the engine lists them
                # with the worst, whose fix it keeps
                for other, other_cost in costed[1:]:
                    if other_cost.ratio >= threshold:
                        yield _finding(ctx, gpu, other, other_cost, hint, None, with_)


def _paired_groups(kernel: Kernel, sites: Sequence[List[AccessSite]]) -> Dict[int, Tuple[int, Dict[int, list]]]:
    """For the first of each pair of neighbouring accesses nvcc issues as one vector access under every block
    shape and model: (the second's group, the widened requests by id of each of the first's sites)."""
    paired: Dict[int, Tuple[int, Dict[int, list]]] = {}
    for first, second in neighbouring_accesses(kernel, sites):
        if len(sites[first]) != len(sites[second]):
            continue
        widened = {id(a): paired_records(a.records, b.records) for a, b in zip(sites[first], sites[second])
                   if a.kernel is b.kernel and a.shape == b.shape}
        if len(widened) == len(sites[first]) and all(records is not None for records in widened.values()):
            paired[first] = (second, widened)
    return paired


FAMILY = RuleFamily(name="bank-conflicts", rules=(SHARED_BANK_CONFLICT,), check=check)
