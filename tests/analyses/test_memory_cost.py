"""Sectors and wavefronts per warp request: by hand for known patterns, by definition for random ones."""
from __future__ import annotations

import math
import random
from typing import Dict, List, Sequence, Tuple

from kernel_lint.analyses import symbolic as sym
from kernel_lint.analyses.lanes import MemoryAccess
from kernel_lint.analyses.memory_cost import global_cost, ideal_sectors, iteration_shifts, paired_records, request_cost, \
    sectors, shared_cost, wavefronts

LANES = list(range(32))


def bytes_at(step: int, offset: int = 0) -> sym.LaneValue:
    return sym.vector(tuple(offset + step * lane for lane in LANES))


def test_sectors_for_contiguous_strided_and_misaligned_floats():
    assert sectors(bytes_at(4), LANES, 4, 32) == (4, False)
    assert sectors(bytes_at(8), LANES, 4, 32) == (8, False)
    assert sectors(bytes_at(128), LANES, 4, 32) == (32, False)
    assert sectors(bytes_at(4, offset=4), LANES, 4, 32) == (5, False)
    assert sectors(bytes_at(0), LANES, 4, 32) == (1, False)
    assert sectors(bytes_at(16), LANES, 16, 32) == (16, False)


# HeCBench bitpermute's `xchg[gid][i][rev]` (8-byte longs, rev the lane's 5 bits reversed): ncu 4 wavefronts
BIT_REVERSED = [int(format(lane, "05b")[::-1], 2) for lane in range(32)]


def test_held_out_wide_requests_cost_what_ncu_measured():
    # HeCBench bitpermute's bit-reversed row of 8-byte longs (batch 18): 4 wavefronts, not a quarter's 2 each
    address = sym.vector(tuple(BIT_REVERSED[lane] * 8 for lane in LANES))
    assert wavefronts(address, LANES, 8, 32, 4) == (4, 2)
    # agupt0318's flash_bwd `Ks[j][c0 + c]`, c0 = (lane & 1) * 32 floats, as one float4 (batch 39): 8, the even
    # and odd lanes of every quarter in the same banks
    address = sym.vector(tuple((lane & 1) * 128 for lane in LANES))
    assert wavefronts(address, LANES, 16, 32, 4) == (8, 4)


def test_a_runtime_lane_stride_puts_every_lane_in_its_own_group():
    lane = sym.vector(tuple(LANES))
    address = sym.multiply(lane, sym.symbol("n", 32), 32, lambda: sym.symbol("u", 32))
    assert sectors(address, LANES, 4, 32) == (32, True)


def test_ideal_sectors_round_up():
    assert ideal_sectors(32, 4, 32) == 4 and ideal_sectors(3, 4, 32) == 1 and ideal_sectors(32, 16, 32) == 16


def test_wavefronts_count_distinct_words_per_bank():
    assert wavefronts(bytes_at(4), LANES, 4, 32, 4) == (1, 1)
    assert wavefronts(bytes_at(8), LANES, 4, 32, 4) == (2, 1)
    assert wavefronts(bytes_at(128), LANES, 4, 32, 4) == (32, 1)
    assert wavefronts(bytes_at(132), LANES, 4, 32, 4) == (1, 1)  # a padded [32][33] column
    assert wavefronts(bytes_at(0), LANES, 4, 32, 4) == (1, 1)  # broadcast
    assert wavefronts(bytes_at(12), LANES, 4, 32, 4) == (1, 1)  # odd stride


def test_wide_accesses_have_a_minimum_that_is_not_a_conflict():
    assert wavefronts(bytes_at(8), LANES, 8, 32, 4) == (2, 2)
    assert wavefronts(bytes_at(16), LANES, 16, 32, 4) == (4, 4)
    assert wavefronts(bytes_at(16), LANES, 8, 32, 4) == (4, 2)


def test_costs_sum_over_warps_and_records_and_skip_opaque_ones():
    active = (True,) * 64
    two_warps = sym.vector(tuple(8 * t for t in range(64)))
    target = sym.PointerTarget("a", "global", "float", 4)
    record = MemoryAccess(node=None, target=target, kind="load", access_bytes=4, address=two_warps, active=active)
    cost = global_cost([record, record], 32)
    assert (cost.requests, cost.actual, cost.ideal, cost.ratio) == (4, 32, 16, 2.0)
    opaque = MemoryAccess(node=None, target=target, kind="load", access_bytes=4, address=sym.opaque(), active=active)
    assert global_cost([opaque], 32) is None and shared_cost([opaque], 32, 4) is None
    shared = shared_cost([record], 32, 4)
    assert shared.per_request == 2.0 and shared.ideal_per_request == 1.0


def test_whole_warps_cost_the_index_pattern_apart_from_idle_lanes():
    even = tuple(t % 2 == 0 for t in range(32))
    target = sym.PointerTarget("a", "global", "float", 4)
    record = MemoryAccess(node=None, target=target, kind="store", access_bytes=4, address=bytes_at(4), active=even)
    assert global_cost([record], 32).ratio == 2.0
    assert global_cost([record], 32, whole_warps=True).ratio == 1.0


def test_a_constant_trip_loop_that_moves_the_warps_address_is_costed_at_every_iteration():
    # a 3x3 blur over bytes, `pin[row * w + col + dx]` for dx = -1, 0, 1: evaluated at dx = -1 the warp's
    # 32 bytes straddle a sector boundary (2 sectors), at dx = 0 they fill one, at dx = 1 straddle again;
    # ncu on the H100 measured 1.65 sectors per request (held-out batch 45, shiyi0113 blurKernel)
    target = sym.PointerTarget("pin", "global", "unsigned char", 1)
    dx = sym.symbol("blurCol.iter", 32)
    address = sym.add(sym.vector(tuple(lane - 1 for lane in LANES)), dx, 32)
    record = MemoryAccess(node=None, target=target, kind="load", access_bytes=1, address=address,
                          active=(True,) * 32, loops=(("blurCol.iter", 3, False),))
    assert iteration_shifts(record, 32) == {0: 1, 1: 1, 2: 1}
    cost = global_cost([record], 32)
    assert (cost.requests, round(cost.actual, 6), cost.ideal, cost.worst_ratio) == (1, round(5 / 3, 6), 1, 2.0)
    # a step of whole sectors lands every iteration alike: one evaluation
    floats = MemoryAccess(node=None, target=target, kind="load", access_bytes=4, address=sym.add(
        bytes_at(4), sym.scale(sym.symbol("k.iter", 32), 128), 32), active=(True,) * 32, loops=(("k.iter", 16, False),))
    assert iteration_shifts(floats, 32) == {0: 1}
    assert (global_cost([floats], 32).requests, global_cost([floats], 32).ratio) == (1, 1.0)
    # a loop around two loads runs them equally often: the 3-iteration mean does not outweigh a lone load
    assert round(global_cost([record, floats], 32).per_request, 6) == round((5 / 3 + 4) / 2, 6)


def test_whole_warps_judge_a_block_smaller_than_a_warp_against_a_full_warp():
    # a 2x2 block's warp has 4 lanes: 2 sectors are twice what 4 floats need, half what a full warp needs
    four = sym.vector((0, 4, 4096, 4100))
    target = sym.PointerTarget("a", "global", "float", 4)
    record = MemoryAccess(node=None, target=target, kind="load", access_bytes=4, address=four, active=(True,) * 4)
    assert global_cost([record], 32).ratio == 2.0
    pattern = global_cost([record], 32, whole_warps=True)
    assert (pattern.actual, pattern.ideal) == (2, 4)


# The counts by their definition, one lane and one byte range at a time; the module counts in bulk.
def groups_by_definition(address: sym.LaneValue, lanes: Sequence[int]) -> List[List[int]]:
    symbolic = [vec for m, vec in address.terms if m != sym.CONSTANT]
    constant = address.term_map().get(sym.CONSTANT)
    groups: Dict[Tuple[int, ...], List[int]] = {}
    for lane in lanes:
        groups.setdefault(tuple(vec[lane] for vec in symbolic), []).append(constant[lane] if constant else 0)
    return list(groups.values())


def units(offset: int, size: int, unit: int) -> range:
    return range(offset // unit, (offset + size - 1) // unit + 1)


def sectors_by_definition(address, lanes, access_bytes, sector_bytes):
    groups = groups_by_definition(address, lanes)
    return sum(len({s for o in offsets for s in units(o, access_bytes, sector_bytes)}) for offsets in groups), \
        len(groups) > 1


def wide_by_definition(quarters, access_bytes, banks, bank_bytes):
    """Units of the lanes that fill 128 bytes (8 lanes for 16 bytes, 16 for 8): each needs a wavefront per 128
    bytes its quarters ask for (each quarter's distinct words on their own) and no fewer than its busiest bank's
    distinct words; units 2k and 2k + 1 share one wavefront when each needs one, they ask for 128 bytes at
    most together and no bank holds two distinct words of theirs. The minimum lets them share where they ask
    for 128 bytes at most and neither conflicts on its own."""
    def busiest(words):
        by_bank: Dict[int, set] = {}
        for word in words:
            by_bank.setdefault(word % banks, set()).add(word)
        return max(len(w) for w in by_bank.values())

    per_unit = 128 // (access_bytes * 8)
    asked: Dict[int, int] = {}
    union: Dict[int, set] = {}
    for index, words in quarters:
        asked[index // per_unit] = asked.get(index // per_unit, 0) + len(words) * bank_bytes
        union.setdefault(index // per_unit, set()).update(words)
    actual = ideal = 0
    for pair in sorted({unit // 2 for unit in asked}):
        members = [unit for unit in asked if unit // 2 == pair]
        least = [max(1, math.ceil(asked[u] / (banks * bank_bytes))) for u in members]
        need = [max(low, busiest(union[u])) for low, u in zip(least, members)]
        together = sum(asked[u] for u in members) <= banks * bank_bytes
        if together and all(n == 1 for n in need) and busiest(set().union(*(union[u] for u in members))) == 1:
            actual += 1
        else:
            actual += sum(need)
        ideal += 1 if together and all(busiest(union[u]) == 1 for u in members) else sum(least)
    return actual, ideal


def wavefronts_by_definition(address, lanes, access_bytes, banks, bank_bytes):
    if access_bytes in (8, 16):
        quarters: Dict[int, List[int]] = {}
        for lane in lanes:
            quarters.setdefault((lane % 32) // 8, []).append(lane)
        touched = []
        for index, quarter in quarters.items():
            groups = groups_by_definition(address, quarter)
            if len(groups) > 1:
                return None
            touched.append((index, {w for offset in groups[0] for w in units(offset, access_bytes, bank_bytes)}))
        return wide_by_definition(touched, access_bytes, banks, bank_bytes)
    per_phase = max(1, (banks * bank_bytes) // max(access_bytes, bank_bytes))
    phases: Dict[int, List[int]] = {}
    for lane in lanes:
        phases.setdefault((lane % 32) // per_phase, []).append(lane)
    total = 0
    for phase in phases.values():
        groups = groups_by_definition(address, phase)
        if len(groups) > 1:
            return None
        words_by_bank: Dict[int, set] = {}
        for offset in groups[0]:
            for word in units(offset, access_bytes, bank_bytes):
                words_by_bank.setdefault(word % banks, set()).add(word)
        total += max(len(words) for words in words_by_bank.values())
    return total, len(phases)


def random_address(rng: random.Random, threads: int) -> sym.LaneValue:
    """Strided, scattered, misaligned or negative offsets, plus runtime symbols whose coefficients are
    flat, split the warp in halves or differ in every lane."""
    stride, base = rng.choice([0, 1, 4, 8, 12, 16, 33, 128, -4]), rng.randrange(-64, 64)
    constant = [base + stride * t if rng.random() < 0.8 else rng.randrange(-512, 512) for t in range(threads)]
    terms = {(): tuple(constant)}
    for name, coefficient in (("b", lambda t: 256), ("h", lambda t: t // 16), ("n", lambda t: t)):
        if rng.random() < 0.4:
            terms[(name,)] = tuple(coefficient(t) for t in range(threads))
    return sym.make(terms)


def test_bulk_counts_match_the_definition_on_random_requests():
    rng = random.Random(20240611)
    for _ in range(400):
        address = random_address(rng, 64)
        lanes = sorted(rng.sample(range(64), rng.randrange(1, 33))) if rng.random() < 0.5 else list(range(32, 64))
        size = rng.choice([1, 2, 4, 8, 16, 64])
        assert sectors(address, lanes, size, 32) == sectors_by_definition(address, lanes, size, 32)
        assert wavefronts(address, lanes, size, 32, 4) == wavefronts_by_definition(address, lanes, size, 32, 4)


def test_consecutive_aligned_shared_records_are_one_vector_request_and_updates_are_not():
    # an unrolled `reg[i] = s[4 * t + i]`: four records, each lane one word further, from 16-byte boundaries
    target = sym.PointerTarget("s", "shared", "float", 4)
    active = (True,) * 32

    def records(kind: str, first: int):
        return [MemoryAccess(node=None, target=target, kind=kind, access_bytes=4,
                             address=sym.vector(tuple(16 * t + first + 4 * i for t in range(32))), active=active)
                for i in range(4)]

    merged = shared_cost(records("load", 0), 32, 4)
    assert (merged.requests, merged.per_request, merged.ideal_per_request, merged.merged) == (1, 4.0, 4.0, 4)
    for kind, first in (("update", 0), ("load", 4)):  # a read-modify-write; a start off a 16-byte boundary
        apart = shared_cost(records(kind, first), 32, 4)
        assert (apart.requests, apart.per_request, apart.merged) == (4, 4.0, 1)


def test_paired_records_widen_an_aligned_pair_in_either_order_and_nothing_else():
    def access(step: int, offset: int, kind: str = "store") -> MemoryAccess:
        target = sym.PointerTarget("s", "shared", "float", 4)
        return MemoryAccess(None, target, kind, 4, bytes_at(step, offset), (True,) * 32)

    low, high = access(8, 0), access(8, 4)
    for pair in ((low, high), (high, low)):
        [merged] = paired_records([pair[0]], [pair[1]])
        assert merged.access_bytes == 8 and request_cost([merged], 2, 32, 4).per_request == 2.0
    assert paired_records([access(8, 4)], [access(8, 8)]) is None  # not aligned to 8 bytes
    assert paired_records([access(8, 0)], [access(8, 8)]) is None  # not neighbours
    assert paired_records([access(8, 0, "update")], [access(8, 4, "update")]) is None  # a read-modify-write
    assert paired_records([access(8, 0, "load")], [access(8, 4)]) is None  # a load beside a store
    assert paired_records([low, low], [high]) is None  # evaluated a different number of times
