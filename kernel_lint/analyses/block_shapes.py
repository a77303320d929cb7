"""Which block shapes a kernel runs with, and where each came from (for messages)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Tuple

from kernel_lint.model import Kernel, LaunchSite, TranslationUnit
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


def _paired_sites(unit: TranslationUnit, kernel: Kernel) -> List[LaunchSite]:
    """The launches of `kernel` with the template arguments its model was built with (its first
    instantiation), so that a block shape is analysed with the array sizes and element types it runs
    with; every launch when none says which arguments it used."""
    sites = unit.launches_of(kernel.name)
    modelled = kernel.instantiations[0].items() if kernel.instantiations else None
    paired = [site for site in sites if not site.instantiation or modelled is None
              or dict(site.instantiation).items() == modelled]
    return paired or sites


def block_shapes(unit: TranslationUnit, kernel: Kernel, settings: Settings) -> List[BlockShape]:
    """Each distinct constant block shape the file launches `kernel` with; else __launch_bounds__;
    else the configured default. Never empty."""
    shapes: List[BlockShape] = []
    for site in _paired_sites(unit, kernel):
        block = site.block
        if block.x is None or block.y is None or block.z is None:
            continue
        dims = (block.x, block.y, block.z)
        if _valid(dims) and all(s.dims != dims for s in shapes):
            arguments = ", ".join(f"{name} = {value}" for name, value in site.instantiation)
            shapes.append(BlockShape(dims, f"launch at line {site.range.line}"
                                     + (f" with {arguments}" if arguments else "")))
    if shapes:
        return shapes
    bounds = kernel.launch_bounds
    if bounds is not None and bounds.max_threads_per_block and _valid((bounds.max_threads_per_block, 1, 1)):
        return [BlockShape((bounds.max_threads_per_block, 1, 1),
                           f"__launch_bounds__({bounds.max_threads_per_block})")]
    default = tuple(settings.default_block_size)
    dims = (default[0], default[1], default[2]) if _valid(default) else (256, 1, 1)  # type: ignore[arg-type]
    return [BlockShape(dims, "default block size")]
