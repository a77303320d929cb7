"""Sectors and wavefronts per warp request, computed by hand for known patterns."""
from __future__ import annotations

from kernel_lint.analyses import symbolic as sym
from kernel_lint.analyses.lanes import MemoryAccess
from kernel_lint.analyses.memory_cost import global_cost, ideal_sectors, sectors, shared_cost, wavefronts

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
