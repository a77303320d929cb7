"""Which block shapes a kernel runs with, and where each came from (for messages)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Tuple

from pycparser import c_ast

from kernel_lint.analyses.lanes import MemoryAccess, evaluations
from kernel_lint.analyses.memo import per_kernel
from kernel_lint.model import Dim3, Kernel, LaunchSite, SharedArray, TranslationUnit
from kernel_lint.settings import Settings

MAX_THREADS_PER_BLOCK = 1024


@dataclass(frozen=True)
class BlockShape:
    dims: Tuple[int, int, int]
    source: str  # e.g. "launch at line 42", "__launch_bounds__(256)", "default block size"

    @property
    def threads(self) -> int:
        return self.dims[0] * self.dims[1] * self.dims[2]

    @property
    def text(self) -> str:
        x, y, z = self.dims
        if z == 1 and y == 1:
            return f"({x})"
        return f"({x}, {y})" if z == 1 else f"({x}, {y}, {z})"

    def describe(self) -> str:
        """`block (16, 16) from the launch at line 42`, as findings say it."""
        return f"block {self.text} from the {self.source}"


def _valid(dims: Tuple[int, int, int]) -> bool:
    return all(d > 0 for d in dims) and dims[0] * dims[1] * dims[2] <= MAX_THREADS_PER_BLOCK


def block_shapes(unit: TranslationUnit, kernel: Kernel, settings: Settings) -> List[BlockShape]:
    """Each distinct constant block shape the file launches `kernel` with; else __launch_bounds__;
    else the configured default. Never empty. Each shape's source names the template arguments of the
    model and any type it assumed, since every finding names the shape it used."""
    shapes = _shapes(unit, kernel, settings)
    if kernel.argument_values:
        passed = _arguments((name, str(value)) for name, value in kernel.argument_values.items())
        # one model per set of constants when the launches differ (build.bind_launch_constants)
        alike = sum(other.definition is kernel.definition and other.instantiation == kernel.instantiation
                    for other in unit.kernels) == 1
        shapes = [BlockShape(shape.dims, f"{shape.source}, {passed} as {'every launch passes' if alike else 'it passes'}")
                  for shape in shapes]
    if not kernel.assumed_types:
        return shapes
    assumed = _arguments(kernel.assumed_types.items())
    return [BlockShape(shape.dims, f"{shape.source}, {assumed} assumed (no launch names it)") for shape in shapes]


def shape_details(kernel: Kernel, shape: BlockShape) -> Dict[str, object]:
    """What every finding made under a block shape carries: the block, where it came from, and the
    template arguments of the model (an instantiation is told from another by them)."""
    details: Dict[str, object] = {"block": list(shape.dims), "block_source": shape.source}
    if kernel.instantiation:
        details["template_arguments"] = dict(kernel.instantiation)
    if kernel.argument_values:
        details["argument_values"] = dict(kernel.argument_values)
    return details


def _arguments(pairs: Iterable[Tuple[str, str]]) -> str:
    """`T = float, BLOCK = 256` of (name, value) pairs."""
    return ", ".join(f"{name} = {value}" for name, value in pairs)


def _with_arguments(source: str, kernel: Kernel) -> str:
    return f"{source}, with {_arguments(kernel.instantiation.items())}" if kernel.instantiation else source


def _shapes(unit: TranslationUnit, kernel: Kernel, settings: Settings) -> List[BlockShape]:
    shapes: List[BlockShape] = []
    sites = unit.launches_of(kernel)
    for site in sites:
        block = site.block
        if block.x is None or block.y is None or block.z is None:
            continue
        dims = (block.x, block.y, block.z)
        if _valid(dims) and all(s.dims != dims for s in shapes):
            # an explicit specialization has no arguments of its own to name: the launch's are its
            arguments = _arguments(kernel.instantiation.items() or site.instantiation)
            shapes.append(BlockShape(dims, f"launch at {_launch_place(kernel, site)}"
                                     + (f" with {arguments}" if arguments else "")))
    if shapes:
        return shapes
    bounds = kernel.launch_bounds
    bounded = bounds is not None and bounds.max_threads_per_block and _valid((bounds.max_threads_per_block, 1, 1))
    default = tuple(settings.default_block_size)
    threads = bounds.max_threads_per_block if bounded else default[0] * default[1] * default[2]
    for site in sites:
        completed = _completed(site.block, threads)
        if completed is not None and all(s.dims != completed for s in shapes):
            unknown = ", ".join(f"{axis} = {size}" for axis, size, given in
                                zip("yz", completed[1:], (site.block.y, site.block.z)) if given is None)
            shapes.append(BlockShape(completed, _with_arguments(f"launch at {_launch_place(kernel, site)} with "
                                                                f"{unknown} assumed (not a constant there)", kernel)))
    if shapes:
        return shapes
    if bounded:
        return [BlockShape((bounds.max_threads_per_block, 1, 1),
                           _with_arguments(f"__launch_bounds__({bounds.max_threads_per_block})", kernel))]
    dims = (default[0], default[1], default[2]) if _valid(default) else (256, 1, 1)  # type: ignore[arg-type]
    shape = per_kernel(_DEFAULTS, kernel, dims, lambda: _default_shape(unit, kernel, dims))
    return [BlockShape(shape.dims, _with_arguments(shape.source, kernel))]


def _launch_place(kernel: Kernel, site: LaunchSite) -> str:
    """`line 42`, or `runner.cu:42` when the kernel is defined in a header and launched elsewhere."""
    if site.range.path == kernel.range.path:
        return f"line {site.range.line}"
    return f"{os.path.basename(site.range.path)}:{site.range.line}"


def _completed(block: Dim3, threads: int) -> Optional[Tuple[int, int, int]]:
    """A launch's block whose x is a constant and whose y or z is not (`dim3(32, warps)`), with the
    unknown components sized so that the block has about `threads` threads; None when x is not known.
    Lanes take consecutive x-fastest thread ids, so once the known components hold whole warps the
    unknown count only repeats the same warps, and otherwise the block is taken as full enough to form
    them."""
    if block.x is None or (block.y is not None and block.z is not None):
        return None
    y = block.y if block.y is not None else max(1, threads // (block.x * (block.z or 1)))
    z = block.z if block.z is not None else max(1, threads // (block.x * y))
    dims = (block.x, y, z)
    return dims if _valid(dims) else None


# The shape a kernel without a launch shape runs with, by id(kernel) and the configured default: every
# rule family asks, and finding it may walk the kernel at several shapes.
_DEFAULTS: Dict[int, Dict[Tuple[int, int, int], BlockShape]] = {}


def _default_shape(unit: TranslationUnit, kernel: Kernel, dims: Tuple[int, int, int]) -> BlockShape:
    overrun = _overrun_array(unit, kernel, dims)
    if overrun is not None:
        # one walk at the largest candidate (the default itself for a flat kernel, whose candidates are
        # smaller) says which threads stay inside every tile; a candidate whose threads all do is
        # walked itself to confirm (an index may also depend on blockDim)
        probe = _TILE_CANDIDATES[0] if _uses_y(unit, kernel) else dims
        inside = _threads_inside(unit, kernel, probe)
        for candidate in _candidates(unit, kernel, dims):
            if all(inside[x + probe[0] * y] for y in range(candidate[1]) for x in range(candidate[0])) \
                    and _overrun_array(unit, kernel, candidate) is None:
                return BlockShape(candidate, f"shared tile {_declared(overrun)}, which the default block "
                                             f"{BlockShape(dims, '').text} would index past")
    return BlockShape(dims, "default block size")


# Blocks tried, largest first, when the default block would index past a shared tile: the tile was
# written for a block the file does not launch with a constant shape (`dim3 threads(bs, bs)`).
_FLAT_CANDIDATES = ((512, 1, 1), (256, 1, 1), (128, 1, 1), (64, 1, 1), (32, 1, 1))
_TILE_CANDIDATES = ((32, 16, 1), (16, 16, 1), (32, 8, 1), (16, 8, 1), (8, 8, 1), (32, 4, 1), (16, 4, 1),
                    (8, 4, 1), (4, 4, 1))  # a 32x32 tile behaves as with 32x16: a warp is a row either way


def _candidates(unit: TranslationUnit, kernel: Kernel, default: Tuple[int, int, int]) -> List[Tuple[int, int, int]]:
    if _uses_y(unit, kernel):
        return [c for c in _TILE_CANDIDATES if c != default]
    return [c for c in _FLAT_CANDIDATES if c[0] < default[0] * default[1] * default[2] and default[1:] == (1, 1)]


def _uses_y(unit: TranslationUnit, kernel: Kernel) -> bool:
    """Whether the kernel, or a helper it calls, reads threadIdx.y or blockDim.y: a 2-D block."""
    functions = unit.functions_seen_by(kernel)
    bodies = [kernel.body] + [functions[name].body for name in kernel.helpers if name in functions]
    return any(_mentions_y(body) for body in bodies)


def _mentions_y(body: c_ast.Node) -> bool:
    class Finder(c_ast.NodeVisitor):
        found = False

        def visit_StructRef(self, node: c_ast.StructRef) -> None:
            if isinstance(node.name, c_ast.ID) and node.name.name in ("threadIdx", "blockDim") \
                    and node.field.name == "y":
                self.found = True
            self.generic_visit(node)

    finder = Finder()
    finder.visit(body)
    return finder.found


def _declared(array: SharedArray) -> str:
    return array.name + "".join(f"[{d}]" for d in array.dims)


def _overrun_array(unit: TranslationUnit, kernel: Kernel, dims: Tuple[int, int, int]) -> Optional[SharedArray]:
    """The first fixed-size shared array that a block of `dims` indexes past (an element index outside
    a dimension of it, for the lanes the walk knows run the access), or None."""
    threads = dims[0] * dims[1] * dims[2]
    return next((array for record, array in _tile_accesses(unit, kernel, dims)
                 if any(_lanes_past_the_end(record, array, threads))), None)


def _threads_inside(unit: TranslationUnit, kernel: Kernel, dims: Tuple[int, int, int]) -> List[bool]:
    """Per thread of a block of `dims`: whether every fixed-size shared array access it makes is inside."""
    threads = dims[0] * dims[1] * dims[2]
    inside = [True] * threads
    for record, array in _tile_accesses(unit, kernel, dims):
        for thread, past in enumerate(_lanes_past_the_end(record, array, threads)):
            inside[thread] = inside[thread] and not past
    return inside


def _tile_accesses(unit: TranslationUnit, kernel: Kernel, dims: Tuple[int, int, int]):
    arrays = {a.name: a for a in kernel.shared_arrays if a.size_bytes}
    for records in evaluations(unit, kernel, dims):
        for record in records:
            array = arrays.get(record.target.array) if record.target.space == "shared" else None
            if array is not None:
                yield record, array


def _lanes_past_the_end(record: MemoryAccess, array: SharedArray, threads: int) -> List[bool]:
    """Per thread: whether it runs the access at an element index outside a dimension of `array`."""
    if len(record.subscripts) == len(array.dims) and len(array.dims) > 1:
        bounds = list(zip(record.subscripts, array.dims))
    else:
        bounds = [(record.address, array.size_bytes - record.access_bytes + 1)]  # byte offsets
    past = [False] * threads
    for value, limit in bounds:
        if value.opaque or not value.is_concrete:
            continue
        lanes = value.constant_part(threads)
        if min(lanes) < 0 or max(lanes) >= limit:
            past = [p or (active and not 0 <= lane < limit) for p, active, lane in zip(past, record.active, lanes)]
    return past
