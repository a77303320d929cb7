"""Memory access sites of a kernel under each block shape it runs with, and how to describe them."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from pycparser import c_ast

from kernel_lint.analyses.block_shapes import BlockShape, block_shapes, shape_details
from kernel_lint.analyses.expressions import constant_apart, expanded, single_definitions, text
from kernel_lint.analyses.lanes import UNNAMED, MemoryAccess, evaluations, thread_coordinates, warps
from kernel_lint.analyses.symbolic import Monomial, describe
from kernel_lint.model import Kernel, TranslationUnit, walk
from kernel_lint.settings import Settings

_VERBS = {"load": "load from", "store": "store to", "update": "read-modify-write of"}

@dataclass(frozen=True)
class AccessSite:
    """One source access evaluated under one block shape of one model (several records for enumerated
    loops)."""

    kernel: Kernel
    shape: BlockShape
    records: Tuple[MemoryAccess, ...]

    @property
    def first(self) -> MemoryAccess:
        return self.records[0]


def access_text(unit: TranslationUnit, record: MemoryAccess) -> str:
    """The access as written; a reference names the array it refers into (`keyA`, bound to
    `s_key[pos]`, reads as `keyA (a reference into s_key)`), a memcpy's pointer argument the buffer it
    copies to or from, and an access in a helper the call it is reached through, as each call is its
    own access."""
    if record.copied_by is not None:  # `memcpy(hash, ...)`: the argument is a pointer, not a reference
        role = "source" if record.kind == "load" else "destination"
        notes = [f"{record.copied_by}'s {role} in {record.target.array}"]
    else:
        notes = [f"a reference into {record.target.array}"] if isinstance(record.node, c_ast.ID) else []
    call = called_at(unit, record)
    if call is not None:
        here = unit.locate(record.node).path == call["path"]
        notes.append(f"through the call at line {call['line']}" if here else  # details hold the whole path
                     f"through the call at {os.path.basename(str(call['path']))}:{call['line']}")
    text = unit.source_text(record.node)
    return f"{text} ({', '.join(notes)})" if notes else text


def site_details(unit: TranslationUnit, site: AccessSite) -> Dict[str, object]:
    """The details every memory finding carries: the block it assumed, the access, and the call that
    reaches it when it is in a helper."""
    record = site.first
    details: Dict[str, object] = {
        **shape_details(site.kernel, site.shape),
        "access_bytes": record.access_bytes,
        "array": record.target.array,
        "access": record.kind,
    }
    call = called_at(unit, record)
    if call is not None:
        details["called_at"] = call
    return details


def entry_call(unit: TranslationUnit, record: MemoryAccess) -> Optional[c_ast.FuncCall]:
    """The call in the kernel's file an access in a helper is reached through; None in the kernel itself.
    For a helper in that file, the kernel's call of it. For one in a header, the innermost call the
    kernel's file makes on the way: sora5801's sha256 kernel calls dev_sha256, whose loop calls the
    header's store_be32(out + 4 * i, ...), and that line says which pointer strides (ncu counts it there)."""
    if not record.calls:
        return None
    kernel_file = unit.locate(record.calls[0]).path
    if unit.locate(record.node).path == kernel_file:
        return record.calls[0]
    return next(call for call in reversed(record.calls) if unit.locate(call).path == kernel_file)


def called_at(unit: TranslationUnit, record: MemoryAccess) -> Optional[Dict[str, object]]:
    """Where the call an access is reached through is written ({"path", "line"}, see entry_call)."""
    call = entry_call(unit, record)
    if call is None:
        return None
    place = unit.locate(call)
    return {"path": place.path, "line": place.line}


def access_sites(unit: TranslationUnit, models: Sequence[Kernel], settings: Settings,
                 space: str) -> List[List[AccessSite]]:
    """For each access site in `space` ("global" or "shared") of one kernel definition: its evaluation
    under every block shape of every model of it (a template's instantiations)."""
    by_node: Dict[Tuple[int, str], List[AccessSite]] = {}
    for kernel in models:
        for shape in block_shapes(unit, kernel, settings):
            for records in evaluations(unit, kernel, shape.dims):
                if records[0].target.space == space:
                    key = (id(records[0].node), records[0].kind)
                    by_node.setdefault(key, []).append(AccessSite(kernel, shape, tuple(records)))
    return list(by_node.values())


def neighbouring_accesses(kernel: Kernel, groups: Sequence[List[AccessSite]]) -> List[Tuple[int, int]]:
    """Pairs of groups (indices, in source order) whose accesses nvcc may issue as one: the same array and
    kind, in the kernel's own body, in one statement or in two neighbouring statements of one block, indices
    written a constant apart (nvcc must see it: `s[2 * t]` and `s[2 * t + 1]`, not two indices the lane walk
    finds equal plus an offset that is always 0, Parboil's CONFLICT_FREE_OFFSET, measured 2-way each), and no
    load of the array in the second statement of a pair of stores (a store before it must land first)."""
    definitions = single_definitions(kernel.body)
    place: Dict[int, Tuple[int, int]] = {}
    for block in walk(kernel.body):  # outer blocks first, so a node takes its innermost statement
        if isinstance(block, c_ast.Compound):
            for index, item in enumerate(block.block_items or ()):
                place.update((id(node), (id(block), index)) for node in walk(item))
    located = [(i, place.get(id(group[0].first.node))) for i, group in enumerate(groups)
               if group[0].first.called_from is None]
    pairs: List[Tuple[int, int]] = []
    taken: set = set()
    for i, here in located:
        for j, there in located:
            if j <= i or i in taken or j in taken or here is None or there is None or here[0] != there[0] \
                    or there[1] - here[1] not in (0, 1):
                continue
            a, b = groups[i][0].first, groups[j][0].first
            if (a.target.array, a.kind) != (b.target.array, b.kind) or not _written_apart(a.node, b.node, definitions):
                continue
            if a.kind == "store" and any(groups[k][0].first.kind != "store" and place.get(id(groups[k][0].first.node)) == there
                                         and groups[k][0].first.target.array == a.target.array for k, _ in located):
                continue
            pairs.append((i, j))
            taken.update((i, j))
    return pairs


def _written_apart(first: c_ast.Node, second: c_ast.Node, definitions: Dict[str, c_ast.Node]) -> bool:
    """Two subscripts of one array whose indices are written alike but for a constant in the last one."""
    a, b = _subscripts(first), _subscripts(second)
    if not a or len(a) != len(b):
        return False
    return all(text(expanded(x, definitions)) == text(expanded(y, definitions)) for x, y in zip(a[:-1], b[:-1])) \
        and constant_apart(a[-1], b[-1], definitions) is not None


def _subscripts(node: c_ast.Node) -> List[c_ast.Node]:
    """The indices of `a[i][j]`, outermost first; empty for anything but a subscript of a named array."""
    indices: List[c_ast.Node] = []
    while isinstance(node, c_ast.ArrayRef):
        indices.insert(0, node.subscript)
        node = node.name
    return indices if isinstance(node, c_ast.ID) else []


def verb(kind: str) -> str:
    return _VERBS.get(kind, kind)


THREAD_AXES = ("threadIdx.x", "threadIdx.y", "threadIdx.z")


def lane_step(record: MemoryAccess, shape: BlockShape, skip: int = 0) -> Optional[Tuple[str, List[Tuple[Monomial, int]]]]:
    """(the thread index that changes between neighbouring lanes, the byte step as monomial terms),
    taken from the first two active lanes of the first warp that has two; with `skip`, from its first
    lane to the first with the same first `skip` indices and a later one changed (a 16x16 block's warp
    holds two rows: skip=1 gives the step from a lane to the one below it, the row pitch)."""
    coordinates = thread_coordinates(shape.dims)
    for lanes in warps(record.active):
        pairs = [(lanes[0], b) for b in lanes[1:]
                 if all(values[b] == values[lanes[0]] for values in coordinates[:skip])
                 and any(values[b] != values[lanes[0]] for values in coordinates[skip:])]
        if not pairs:
            continue
        first, second = pairs[0]
        axis = next((name for name, values in zip(THREAD_AXES[skip:], coordinates[skip:])
                     if values[first] != values[second]), THREAD_AXES[skip])
        known = record.address.known_part if record.address.opaque else record.address
        return axis, [(m, vec[second] - vec[first]) for m, vec in (known.terms if known else ())]
    return None


def site_step(site: AccessSite) -> Optional[Tuple[str, List[Tuple[Monomial, int]]]]:
    """The lane step of the first of a site's records in which two lanes of a warp access: an enumerated
    loop's first iteration may run one lane (a scan's down-sweep from its widest stride), which has none."""
    return next((step for step in (lane_step(record, site.shape) for record in site.records) if step), None)


def _first_change(record: MemoryAccess, runtime_only: bool
                  ) -> Optional[Tuple[int, int, List[Tuple[Monomial, int]]]]:
    """(the first active lane of the first warp that has one, the nearest lane whose address differs from it,
    the byte step between them as monomial terms); with `runtime_only`, differs in its runtime part."""
    known = record.address.known_part if record.address.opaque else record.address
    if known is None:
        return None
    compared = [(m, vec) for m, vec in known.terms if m or not runtime_only]
    for lanes in warps(record.active):
        first = lanes[0]
        other = next((lane for lane in lanes[1:] if any(vec[lane] != vec[first] for _, vec in compared)), None)
        if other is not None:
            return first, other, [(m, vec[other] - vec[first]) for m, vec in known.terms]
    return None


def _group_step(record: MemoryAccess, shape: BlockShape) -> Optional[Tuple[int, str, List[Tuple[Monomial, int]]]]:
    """(lanes from the first active lane of a warp to the first that accesses another element, the thread
    index that changes there, the step between them) where neighbouring lanes share an element."""
    change = _first_change(record, runtime_only=False)
    if change is None:
        return None
    first, other, steps = change
    axis = next(name for name, values in reversed(list(zip(THREAD_AXES, thread_coordinates(shape.dims))))
                if values[other] != values[first])
    return other - first, axis, steps


def lanes_text(site: AccessSite, element_bytes: Optional[int]) -> str:
    """How the lanes of a warp step through the array: `consecutive lanes (threadIdx.x) step 32 elements
    apart`, or, where neighbours share an element (`As[threadIdx.x / 16 * TM][k]`, a broadcast within each
    group), how large the groups are and how far apart they read: a step of 0 says nothing."""
    step = site_step(site)
    axis, steps = step if step else ("threadIdx.x", [])
    if any(delta for _, delta in steps):
        return f"consecutive lanes ({axis}) step {step_text(steps, element_bytes)} apart"
    group = next((found for found in (_group_step(record, site.shape) for record in site.records) if found), None)
    if group is None:
        return f"consecutive lanes ({axis}) read the same element"
    lanes, changed, between = group
    if changed == axis:
        return (f"each {lanes} consecutive lanes ({axis}) read the same element, and the next {lanes} read "
                f"{step_text(between, element_bytes)} further")
    return (f"the lanes of one {axis} row read the same element, and rows ({changed}) are "
            f"{step_text(between, element_bytes)} apart")


def runtime_jump(record: MemoryAccess) -> Optional[Tuple[int, List[Tuple[Monomial, int]]]]:
    """(lanes, byte step) from the first active lane of the first warp to the nearest lane whose address has
    another runtime part: where a 1-D block's warp holds several rows (`row = tid / 16`, 16 lanes a row of a
    runtime pitch), the pitch is between lanes 16 apart, not between neighbours."""
    change = _first_change(record, runtime_only=True)
    return None if change is None else (change[1] - change[0], change[2])


def step_text(steps: Sequence[Tuple[Monomial, int]], element_bytes: Optional[int]) -> str:
    """`n elements`, `3 elements` or `12 bytes`: in elements where every term divides evenly; `a runtime number
    of elements` where the step holds a value the source does not name (`m = n / blockDim.x + (n % blockDim.x
    != 0)`, whose comparison is an unknown)."""
    unit = "elements" if element_bytes and all(delta % element_bytes == 0 for _, delta in steps) else "bytes"
    if any(delta and symbol.split("#", 1)[0] == UNNAMED for monomial, delta in steps for symbol in monomial):
        return f"a runtime number of {unit}"
    if unit == "elements":
        text = describe((m, d // element_bytes) for m, d in steps)
        return f"{text} element{'' if text == '1' else 's'}"
    return f"{describe(steps)} bytes"


def static_shared_bytes(kernel: Kernel) -> int:
    return sum(a.size_bytes or 0 for a in kernel.shared_arrays if not a.is_dynamic)


def worst_first(sites: Sequence[AccessSite], cost_of) -> List[Tuple[AccessSite, object]]:
    """The sites that have a cost, with it: the block shape or instantiation under which the access
    costs most first (the earliest of equals), then the others in order."""
    costed = [(site, cost) for site in sites for cost in (cost_of(site),) if cost is not None]
    if not costed:
        return []
    top = max(range(len(costed)), key=lambda i: (costed[i][1].ratio, -i))
    return [costed[top]] + costed[:top] + costed[top + 1:]
