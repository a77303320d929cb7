"""What a warp's memory request costs: 32-byte sectors for global memory, wavefronts for shared.

Lanes whose addresses differ in a runtime symbol (`threadIdx.x * n` with `n` a parameter) are put
in separate groups that are assumed to lie far apart (different sectors, unknown banks).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from kernel_lint.analyses.lanes import MemoryAccess, warps
from kernel_lint.analyses.symbolic import CONSTANT, LaneValue


@dataclass(frozen=True)
class Cost:
    """Totals over every warp request of one access site (all evaluations, one block shape)."""

    requests: int
    actual: int  # sectors (global) or wavefronts (shared)
    ideal: int
    worst_ratio: float  # the worst single request, actual / ideal
    runtime_stride: bool  # some request's lanes were split by a runtime symbol

    @property
    def per_request(self) -> float:
        return self.actual / self.requests if self.requests else 0.0

    @property
    def ideal_per_request(self) -> float:
        return self.ideal / self.requests if self.requests else 0.0

    @property
    def ratio(self) -> float:
        return self.actual / self.ideal if self.ideal else 0.0


def lane_groups(address: LaneValue, lanes: Sequence[int]) -> Dict[Tuple[int, ...], List[int]]:
    """Byte offsets (constant part) of `lanes`, grouped by their symbolic coefficients."""
    symbolic = [vec for m, vec in address.terms if m != CONSTANT]
    constant = address.term_map().get(CONSTANT)
    groups: Dict[Tuple[int, ...], List[int]] = {}
    for lane in lanes:
        key = tuple(vec[lane] for vec in symbolic)
        groups.setdefault(key, []).append(constant[lane] if constant else 0)
    return groups


def _units(offset: int, size: int, unit: int) -> range:
    return range(offset // unit, (offset + size - 1) // unit + 1)


def sectors(address: LaneValue, lanes: Sequence[int], access_bytes: int, sector_bytes: int) -> Tuple[int, bool]:
    """(sectors the request touches, whether a runtime symbol split the lanes)."""
    groups = lane_groups(address, lanes)
    touched = sum(len({s for offset in offsets for s in _units(offset, access_bytes, sector_bytes)})
                  for offsets in groups.values())
    return touched, len(groups) > 1


def ideal_sectors(lanes: int, access_bytes: int, sector_bytes: int) -> int:
    return max(1, -(-lanes * access_bytes // sector_bytes))


def wavefronts(address: LaneValue, lanes: Sequence[int], access_bytes: int, banks: int,
               bank_bytes: int) -> Optional[Tuple[int, int]]:
    """(wavefronts, minimum wavefronts) of a shared request; None when a runtime symbol decides the banks.

    Accesses wider than a bank are split into phases of lanes (16 lanes for 8 bytes, 8 for 16 bytes)
    that each need one wavefront at least; within a phase, lanes reading the same word are a
    broadcast and a bank serving n distinct words needs n wavefronts.
    """
    per_phase = max(1, (banks * bank_bytes) // max(access_bytes, bank_bytes))
    phases: Dict[int, List[int]] = {}
    for lane in lanes:
        phases.setdefault((lane % 32) // per_phase, []).append(lane)
    total = 0
    for phase_lanes in phases.values():
        groups = lane_groups(address, phase_lanes)
        if len(groups) > 1:
            return None
        words_by_bank: Dict[int, set] = {}
        for offset in next(iter(groups.values())):
            for word in _units(offset, access_bytes, bank_bytes):
                words_by_bank.setdefault(word % banks, set()).add(word)
        total += max(len(words) for words in words_by_bank.values())
    return total, len(phases)


def global_cost(records: Sequence[MemoryAccess], sector_bytes: int, whole_warps: bool = False) -> Optional[Cost]:
    """Sectors per request of a global access site; None when its addresses are not known per lane.

    With `whole_warps`, every lane of a warp that executes the access is counted as active: the cost
    of the index pattern itself, apart from which lanes a branch leaves idle.
    """
    requests = actual = ideal = 0
    worst, runtime = 0.0, False
    for record in records:
        if record.address.opaque:
            return None
        active = tuple(any(record.active[t - t % 32:t - t % 32 + 32]) for t in range(len(record.active))) \
            if whole_warps else record.active
        for lanes in warps(active):
            touched, split = sectors(record.address, lanes, record.access_bytes, sector_bytes)
            best = ideal_sectors(len(lanes), record.access_bytes, sector_bytes)
            requests, actual, ideal = requests + 1, actual + touched, ideal + best
            worst, runtime = max(worst, touched / best), runtime or split
    return Cost(requests, actual, ideal, worst, runtime) if requests else None


def shared_cost(records: Sequence[MemoryAccess], banks: int, bank_bytes: int) -> Optional[Cost]:
    """Wavefronts per request of a shared access site; None when a runtime symbol decides the banks."""
    requests = actual = ideal = 0
    worst = 0.0
    for record in records:
        if record.address.opaque:
            return None
        for lanes in warps(record.active):
            counted = wavefronts(record.address, lanes, record.access_bytes, banks, bank_bytes)
            if counted is None:
                return None
            requests, actual, ideal = requests + 1, actual + counted[0], ideal + counted[1]
            worst = max(worst, counted[0] / counted[1])
    return Cost(requests, actual, ideal, worst, False) if requests else None
