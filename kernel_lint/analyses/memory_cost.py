"""What a warp's memory request costs: 32-byte sectors for global memory, wavefronts for shared.

Lanes whose addresses differ in a runtime symbol (`threadIdx.x * n` with `n` a parameter) are put
in separate groups that are assumed to lie far apart (different sectors, unknown banks).
"""
from __future__ import annotations

import operator
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import repeat
from typing import Dict, Iterator, List, NamedTuple, Optional, Sequence, Set, Tuple

from pycparser import c_ast

from kernel_lint.analyses.lanes import WARP_SIZE, MemoryAccess, warps
from kernel_lint.analyses.symbolic import CONSTANT, LaneValue, Vector, is_flat


@dataclass(frozen=True)
class Cost:
    """Totals over every warp request of one access site (all evaluations, one block shape)."""

    requests: int
    actual: float  # sectors (global) or wavefronts (shared); a mean over a loop's iterations may be fractional
    ideal: int
    worst_ratio: float  # the worst single request, actual / ideal
    runtime_stride: bool  # some request's lanes were split by a runtime symbol
    unknown_offset: bool = False  # costed from the known terms of `8 * i + idx[i]`: the offset taken as 0
    merged: int = 1  # consecutive accesses of an unrolled loop costed as one vector access (shared)

    @property
    def per_request(self) -> float:
        return self.actual / self.requests if self.requests else 0.0

    @property
    def ideal_per_request(self) -> float:
        return self.ideal / self.requests if self.requests else 0.0

    @property
    def ratio(self) -> float:
        return self.actual / self.ideal if self.ideal else 0.0


class _Address(NamedTuple):
    """A lane address split once per access for its per-warp counts: the constant byte offsets of
    every thread and the symbolic coefficients that differ between threads. A coefficient that is
    the same in every thread (`blockIdx.x * n`) separates no lanes, and most are."""

    constant: Optional[Vector]
    varying: Tuple[Vector, ...]


def _split(address: LaneValue) -> _Address:
    constant, varying = None, []
    for m, vec in address.terms:
        if m == CONSTANT:
            constant = vec
        elif not is_flat(vec):
            varying.append(vec)
    return _Address(constant, tuple(varying))


def _column(vec: Vector, lanes: Sequence[int]) -> List[int]:
    """vec's entries for `lanes` (ascending); a slice where they are contiguous, as whole warps are."""
    first, last = lanes[0], lanes[-1]
    if last - first + 1 == len(lanes):
        return list(vec[first:last + 1])
    return list(map(vec.__getitem__, lanes))


def _lane_offsets(address: _Address, lanes: Sequence[int]) -> Tuple[List[int], Optional[List[Tuple[int, ...]]]]:
    """Byte offsets (constant part) of `lanes`, and each lane's group: the symbolic coefficients
    that differ between these lanes; None when there are none, all lanes a known distance apart."""
    if not lanes:
        return [], None
    offsets = _column(address.constant, lanes) if address.constant else [0] * len(lanes)
    columns = [column for column in (_column(vec, lanes) for vec in address.varying) if not is_flat(column)]
    return offsets, list(zip(*columns)) if columns else None


def _units(offset: int, size: int, unit: int) -> range:
    return range(offset // unit, (offset + size - 1) // unit + 1)


def _ends(offsets: Sequence[int], size: int, unit: int) -> Tuple[Iterator[int], Iterator[int]]:
    """The unit of each access's first byte and of its last: all that it touches when size <= unit.
    In C loops, as every warp request of every access site needs them."""
    return (map(operator.floordiv, offsets, repeat(unit)),
            map(operator.floordiv, map(operator.add, offsets, repeat(size - 1)), repeat(unit)))


def _touched(offsets: Sequence[int], size: int, unit: int) -> Set[int]:
    """The `unit`-byte blocks (sectors, bank words) that `size`-byte accesses at `offsets` touch."""
    if size > unit:
        return {u for offset in offsets for u in _units(offset, size, unit)}
    firsts, lasts = _ends(offsets, size, unit)
    return set(firsts).union(lasts)


def _touched_apart(offsets: Sequence[int], groups: Sequence[Tuple[int, ...]], size: int,
                   unit: int) -> Set[Tuple[Tuple[int, ...], int]]:
    """(group, block) for each block touched, the groups assumed far apart: each counts its own."""
    if size > unit:
        return {(group, u) for group, offset in zip(groups, offsets) for u in _units(offset, size, unit)}
    firsts, lasts = _ends(offsets, size, unit)
    return set(zip(groups, firsts)).union(zip(groups, lasts))


def _sectors(address: _Address, lanes: Sequence[int], access_bytes: int, sector_bytes: int,
             shift: int = 0) -> Tuple[int, bool]:
    offsets, groups = _lane_offsets(address, lanes)
    if shift:
        offsets = [offset + shift for offset in offsets]
    if groups is None:
        return len(_touched(offsets, access_bytes, sector_bytes)), False
    return len(_touched_apart(offsets, groups, access_bytes, sector_bytes)), True


def sectors(address: LaneValue, lanes: Sequence[int], access_bytes: int, sector_bytes: int) -> Tuple[int, bool]:
    """(sectors the request touches, whether a runtime symbol split the lanes)."""
    return _sectors(_split(address), lanes, access_bytes, sector_bytes)


def ideal_sectors(lanes: int, access_bytes: int, sector_bytes: int) -> int:
    return max(1, -(-lanes * access_bytes // sector_bytes))


def _phases(lanes: Sequence[int], per_phase: int) -> List[Sequence[int]]:
    """The lanes of a shared request in groups of `per_phase` warp lanes, served one after another."""
    if per_phase >= WARP_SIZE:  # 4-byte accesses and narrower: the whole request is one phase
        return [lanes] if lanes else []
    phases: Dict[int, List[int]] = {}
    for lane in lanes:
        phases.setdefault((lane % WARP_SIZE) // per_phase, []).append(lane)
    return list(phases.values())


# An 8- or 16-byte request is served in units of the lanes that fill 128 bytes (16-byte accesses: quarter-warps
# of 8 lanes; 8-byte: half-warps). A unit needs a wavefront per 128 bytes its quarter-warps ask for, each
# quarter's distinct words counted on their own, and no fewer than the distinct words its busiest bank holds;
# two units of a pair (a half-warp's quarters, an 8-byte request's halves) share one wavefront when each needs
# one, they ask for 128 bytes at most together and no bank holds two distinct words of theirs. ncu on an H100
# (lds_probe.cu under benchmarks/results/2026-11-27-h100-lds128/): every lane reading one float4 costs 2
# wavefronts, one float2 1; quarters reading the same 128 bytes of float4 4; 32 consecutive float4 4, float2 2;
# HeCBench bitpermute's bit-reversed row of 8-byte longs 4, and agupt0318's flash_bwd, even and odd lanes
# reading two float4 in the same banks, 8.
_QUARTER_LANES = 8
_WIDE_ACCESS_BYTES = (8, 16)


def _wavefronts(address: _Address, lanes: Sequence[int], access_bytes: int, banks: int,
                bank_bytes: int) -> Optional[Tuple[int, int]]:
    wide = access_bytes in _WIDE_ACCESS_BYTES
    phases = _phases(lanes, _QUARTER_LANES if wide else max(1, (banks * bank_bytes) // max(access_bytes, bank_bytes)))
    touched: List[Tuple[int, Set[int]]] = []
    for phase_lanes in phases:
        offsets, groups = _lane_offsets(address, phase_lanes)
        if groups is not None:
            return None
        index = (phase_lanes[0] % WARP_SIZE) // _QUARTER_LANES
        touched.append((index, _touched(offsets, access_bytes, bank_bytes)))
    if wide:
        return _wide_wavefronts(touched, access_bytes, banks, bank_bytes)
    # a bank serves as many wavefronts as it holds distinct words of the request
    return sum(_busiest_bank(words, banks) for _, words in touched), len(phases)


def _busiest_bank(words: Set[int], banks: int) -> int:
    return max(Counter(word % banks for word in words).values())


def _wide_wavefronts(quarters: Sequence[Tuple[int, Set[int]]], access_bytes: int, banks: int,
                     bank_bytes: int) -> Tuple[int, int]:
    """(wavefronts, minimum wavefronts) of an 8- or 16-byte request from its quarters (index, words touched)."""
    capacity = banks * bank_bytes
    quarters_per_unit = capacity // (access_bytes * _QUARTER_LANES)
    units: Dict[int, Tuple[int, Set[int]]] = {}  # unit -> (bytes its quarters ask for, their words)
    for index, words in quarters:
        asked, union = units.get(index // quarters_per_unit, (0, set()))
        units[index // quarters_per_unit] = (asked + len(words) * bank_bytes, union | words)
    pairs: Dict[int, List[Tuple[int, Set[int]]]] = {}
    for unit, content in units.items():
        pairs.setdefault(unit // 2, []).append(content)
    actual = ideal = 0
    for pair in pairs.values():
        least = [max(1, -(-asked // capacity)) for asked, _ in pair]
        needed = [max(low, _busiest_bank(union, banks)) for low, (_, union) in zip(least, pair)]
        together = sum(asked for asked, _ in pair) <= capacity
        shared = together and needed == [1] * len(pair) and _busiest_bank(set().union(*(u for _, u in pair)), banks) == 1
        actual += 1 if shared else sum(needed)
        # ncu's ideal lets a pair share a wavefront only where neither unit conflicts on its own (flash_bwd's
        # quarters of two same-bank float4: ideal 4 of 8 wavefronts; every lane on one float4: 2)
        quiet = all(_busiest_bank(union, banks) == 1 for _, union in pair)
        ideal += 1 if together and quiet else sum(least)
    return actual, ideal


def wavefronts(address: LaneValue, lanes: Sequence[int], access_bytes: int, banks: int,
               bank_bytes: int) -> Optional[Tuple[int, int]]:
    """(wavefronts, minimum wavefronts) of a shared request; None when a runtime symbol decides the banks.

    Lanes reading the same word are a broadcast and a bank serving n distinct words needs n wavefronts;
    8- and 16-byte accesses go by the units _wide_wavefronts describes.
    """
    return _wavefronts(_split(address), lanes, access_bytes, banks, bank_bytes)


def _whole_warps(active: Tuple[bool, ...]) -> Tuple[bool, ...]:
    """Every lane of a warp active where one lane of it is."""
    out: List[bool] = []
    for start in range(0, len(active), WARP_SIZE):
        warp = active[start:start + WARP_SIZE]
        out.extend((any(warp),) * len(warp))
    return tuple(out)


def iteration_shifts(record: MemoryAccess, sector_bytes: int) -> Counter:
    """How often each byte shift, modulo a sector, occurs over the iterations of the constant-trip loops
    whose counter moves the whole warp's address alike (`in[row * w + col + dx]`, dx from -1 to 1): the
    address is evaluated at the loops' first iteration, and where a later one lands elsewhere in a sector
    it touches other sectors (a byte one past a boundary: 2 sectors, on it: 1)."""
    shifts: Counter = Counter({0: 1})
    for symbol, trip, _ in record.loops:
        step = next((vec for m, vec in record.address.terms if m == (symbol,)), None)
        if step is None or not trip or not is_flat(step) or step[0] % sector_bytes == 0:
            continue
        moved: Counter = Counter()
        for shift, times in shifts.items():
            for k in range(trip):
                moved[(shift + k * step[0]) % sector_bytes] += times
        shifts = moved
    return shifts


def global_cost(records: Sequence[MemoryAccess], sector_bytes: int, whole_warps: bool = False) -> Optional[Cost]:
    """Sectors per request of a global access site; None when its addresses are not known per lane.

    With `whole_warps`, every lane of a warp that executes the access is counted as active and the
    ideal is a full warp's: the cost of the index pattern itself, apart from which lanes a branch
    leaves idle or a block smaller than a warp never has (KL506's matter).
    """
    requests = actual = ideal = 0
    worst, runtime, unknown = 0.0, False, False
    for record in records:
        known = record.address.known_part if record.address.opaque else record.address
        if known is None or known.is_uniform and record.address.opaque:
            return None  # an indirect index (a[idx[i]]): which sectors depends on the data
        unknown = unknown or record.address.opaque
        address = _split(known)
        shifts = iteration_shifts(record, sector_bytes)
        touched_over_iterations = 0
        for lanes in warps(_whole_warps(record.active) if whole_warps else record.active):
            best = ideal_sectors(WARP_SIZE if whole_warps else len(lanes), record.access_bytes, sector_bytes)
            for shift, times in shifts.items():
                touched, split = _sectors(address, lanes, record.access_bytes, sector_bytes, shift)
                touched_over_iterations += times * touched
                worst, runtime = max(worst, touched / best), runtime or split
            requests, ideal = requests + 1, ideal + best
        # the mean over the iterations, each request once: every record of a loop body runs as often as the
        # others. Exact, so that a ratio of exactly 2 stays 2 against the threshold.
        actual += Fraction(touched_over_iterations, sum(shifts.values()))
    return Cost(requests, float(actual), ideal, worst, runtime, unknown) if requests else None


_VECTOR_BYTES = 16  # the widest shared load or store a lane issues (LDS.128 / STS.128)
# The longest constant loop whose consecutive shared accesses are costed as vector ones. Measured on the
# H100 (nvcc 13, -O3): SGEMM_CUDA's `regN[i] = Bs[base + i]` loops of 4 and 8 iterations load with
# LDS.128; the 16- and 32-iteration `sum += tile[tx][k]` loops of examples/matmul and the KL201
# fixture load one word at a time.
_FULLY_UNROLLED = 8
# The same under `#pragma unroll`, which makes nvcc unroll the loop whole: 16-, 32- and 64-iteration
# loops load with LDS.128 (learn-cuda-from-scratch's register-tiled matmuls and
# benchmarks/results/2026-11-26-h100-heldout-batch23/unroll_probe.cu, nvdisasm of nvcc 13 -O3 sm_90).
_PRAGMA_UNROLLED = 64
# A constant loop at least this long that the source leaves to nvcc stays rolled in PTX, and ptxas unrolls
# it by four, merging an access that steps one element per iteration: DengYiping's async matmul (`dot_idx <
# 64` around `i < 8`) and alexkato29's register-tiled matmul (`j < 64` around `c < 4`) load with LDS.128 on
# the H100 (ncu: 2 wavefronts, ideal 2), as rolled_probe.cu's 64- and 128-step loops of three shapes do under
# benchmarks/results/2026-11-27-h100-heldout-batch48/. Shorter loops go either way there (8 merged, 16 not,
# 32 in part) and were measured word by word (SGEMM_CUDA's 8, examples/matmul's 16 and 32).
_PTXAS_UNROLLED = 64


def _symbolic_terms(record: MemoryAccess) -> tuple:
    return tuple((m, vec) for m, vec in record.address.terms if m != CONSTANT)


def _constant_offsets(record: MemoryAccess) -> Vector:
    return next((vec for m, vec in record.address.terms if m == CONSTANT), (0,) * len(record.active))


def _merges_bits(node) -> bool:
    """Whether an index ORs or XORs bits together (`buffer[tbuf | i]`): nvcc cannot prove such
    addresses consecutive, and ncu measured HeCBench ntt's unrolled stores through one as 8-byte ones."""
    if node is None:
        return False
    if isinstance(node, c_ast.BinaryOp) and node.op in ("|", "^"):
        return True
    return any(_merges_bits(child) for _, child in node.children())


def _widenable(record: MemoryAccess) -> bool:
    """An access nvcc may widen: its address known, not one piece of a struct (pieces move as the
    struct's alignment says) nor one byte of a memcpy, no bits ORed into its index, and not a store of a
    conditional expression (`Bs[r][c + i] = in ? B[...] : 0.0f`: four STS where the same loop storing plain
    values gets one STS.128; cuda-sgemm's sgemm_2d_tile, ncu 4-way, and sts_probe.cu under
    benchmarks/results/2026-11-27-h100-heldout-batch29/, cuobjdump of nvcc 13 -O3 sm_90)."""
    return (record.piece_of is None and record.copied_by is None and not record.address.opaque
            and not _merges_bits(record.node) and not record.stores_select)


def _merge_width(run: Sequence[MemoryAccess]) -> bool:
    """Whether `run` (consecutive executions of one access) is one vector access to nvcc: each a fixed
    element past the one before, in every thread, from an address aligned to the whole run's size."""
    first, size = run[0], run[0].access_bytes * len(run)
    if not _widenable(first):
        return False
    base, symbolic = _constant_offsets(first), _symbolic_terms(first)
    if any(offset % size for offset in base) or any(c % size for _, vec in symbolic for c in vec):
        return False
    for step, record in enumerate(run[1:], start=1):
        if record.active != first.active or record.address.opaque or _symbolic_terms(record) != symbolic:
            return False
        if any(o - b != step * first.access_bytes for o, b in zip(_constant_offsets(record), base)):
            return False
    return True


def _loop_width(record: MemoryAccess, width: int) -> bool:
    """Whether a symbolic iteration of a constant-trip loop around `record` steps it one element in every
    thread (`Bs[base + i]`, i < TN) and nvcc, unrolling that loop and the ones inside it whole, or ptxas,
    unrolling a long rolled one by four, issues `width` iterations as one access."""
    if not _widenable(record):
        return False
    for nesting, (symbol, trip, pragma) in enumerate(record.loops):  # innermost first
        if not pragma and trip >= _PTXAS_UNROLLED:
            return _steps_one_element(record, symbol, trip, width)
        longest = _PRAGMA_UNROLLED if pragma else _FULLY_UNROLLED
        if trip > longest:
            return False  # rolled: the loops around it do not put iterations side by side either
        if nesting and not pragma:
            # across a loop of its own, only where the source asks for the outer loop whole: SGEMM_CUDA's
            # `for (dotIdx < 8) for (i < 8) regM[i] = As[(row * 8 + i) * 8 + dotIdx]` loads word by word
            # (ncu: a 2-way conflict), learn-cuda-from-scratch's `#pragma unroll` (k < 16, i < 8) nest
            # with LDS.128
            continue
        if _steps_one_element(record, symbol, trip, width):
            return True
    return False


def _steps_one_element(record: MemoryAccess, symbol: str, trip: int, width: int) -> bool:
    """Whether each iteration of the loop counting `symbol` moves `record` one element on in every thread,
    `trip` a multiple of `width` and the rest of the address aligned to `width` elements."""
    size = record.access_bytes * width
    step = next((vec for m, vec in record.address.terms if m == (symbol,)), None)
    if step is None or trip % width or any(c != record.access_bytes for c in step):
        return False
    return not any(c % size for m, vec in record.address.terms if m != (symbol,) for c in vec)


def _vector_accesses(records: Sequence[MemoryAccess]) -> Tuple[List[MemoryAccess], int]:
    """The requests nvcc issues for a shared access site: an unrolled loop's consecutive loads or
    stores (`regN[i] = Bs[base + i]`, i < 4) from an aligned address become one 8- or 16-byte access
    per lane, as ptxas emits them (it knows where static shared arrays lie). Only a site whose every
    execution falls into such runs is merged, as a loop unrolled whole is; a read-modify-write is not.
    Returns the requests and how many accesses each merged (1: none)."""
    if not records or records[0].kind == "update":
        return list(records), 1
    for width in (4, 2):
        if records[0].access_bytes * width > _VECTOR_BYTES or len(records) % width or len(records) < width:
            continue
        runs = [records[i:i + width] for i in range(0, len(records), width)]
        if all(_merge_width(run) for run in runs):
            return [replace(run[0], access_bytes=run[0].access_bytes * width) for run in runs], width
    for width in (4, 2):
        if records[0].access_bytes * width <= _VECTOR_BYTES and all(_loop_width(r, width) for r in records):
            return [replace(r, access_bytes=r.access_bytes * width) for r in records], width
    return list(records), 1


def paired_records(first: Sequence[MemoryAccess], second: Sequence[MemoryAccess]) -> Optional[List[MemoryAccess]]:
    """The requests of two accesses in neighbouring statements that nvcc issues as one: `s[2 * t] = a;
    s[2 * t + 1] = b;` is one 8-byte store per lane where the pair is aligned to its size in every thread
    (Altis's radix sort, ncu on an H200: 2 wavefronts, the minimum, not a 2-way conflict each). None when
    they stay two (either order of the statements is tried)."""
    if len(first) != len(second) or not first or first[0].kind == "update" or first[0].kind != second[0].kind \
            or first[0].access_bytes != second[0].access_bytes or first[0].access_bytes * 2 > _VECTOR_BYTES:
        return None
    for low, high in ((first, second), (second, first)):
        if all(_merge_width((a, b)) for a, b in zip(low, high)):
            return [replace(a, access_bytes=a.access_bytes * 2) for a in low]
    return None


def shared_cost(records: Sequence[MemoryAccess], banks: int, bank_bytes: int) -> Optional[Cost]:
    """Wavefronts per request of a shared access site, with the accesses nvcc merges merged; None when a runtime
    symbol decides the banks."""
    return request_cost(*_vector_accesses(records), banks, bank_bytes)


def request_cost(issued: Sequence[MemoryAccess], merged: int, banks: int, bank_bytes: int) -> Optional[Cost]:
    """Wavefronts per request of shared requests as issued, each `merged` source accesses (_vector_accesses,
    paired_records); None when a runtime symbol decides the banks."""
    requests = actual = ideal = 0
    worst = 0.0
    for record in issued:
        if record.address.opaque:
            return None
        address = _split(record.address)
        for lanes in warps(record.active):
            counted = _wavefronts(address, lanes, record.access_bytes, banks, bank_bytes)
            if counted is None:
                return None
            requests, actual, ideal = requests + 1, actual + counted[0], ideal + counted[1]
            worst = max(worst, counted[0] / counted[1])
    return Cost(requests, actual, ideal, worst, False, merged=merged) if requests else None
