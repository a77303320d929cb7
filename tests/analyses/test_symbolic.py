"""Per-thread polynomials: arithmetic, division, selection and descriptions."""
from __future__ import annotations

from dataclasses import replace

from kernel_lint.analyses import symbolic as sym

T = 4
counter = iter(range(1000))


def fresh():
    return sym.symbol(f"f{next(counter)}", T)


def test_add_and_multiply_track_monomials_per_thread():
    lane = sym.vector((0, 1, 2, 3))
    n = sym.symbol("n", T)
    value = sym.add(sym.multiply(lane, n, T, fresh), sym.constant(5, T), T)
    assert value.term_map() == {(): (5, 5, 5, 5), ("n",): (0, 1, 2, 3)}
    assert not value.is_uniform and not value.is_concrete
    assert sym.add(value, value, T, sign=-1).terms == ()


def test_a_product_of_more_pairs_of_terms_than_an_index_has_sums_its_uniform_parts_first():
    wide = sym.make({(f"n{k}",): (1,) * T for k in range(sym.MAX_TERMS)})
    two = sym.add(sym.symbol("m", T), sym.symbol("p", T), T)
    assert len(sym.multiply(wide, two, T, fresh).terms) == 2 * sym.MAX_TERMS  # a product kept whole
    too_many = sym.add(wide, sym.constant(1, T), T)
    replaced = sym.multiply(too_many, two, T, fresh)
    assert replaced.is_uniform and len(replaced.terms) == 1  # uniform: one fresh symbol
    lanes = sym.multiply(sym.add(too_many, sym.vector((0, 1, 2, 3)), T), two, T, fresh)
    # (lanes + 1 + f) * g: the lanes keep their pattern, times one unknown that stands for m + p
    assert not lanes.opaque and len(lanes.terms) == 2
    assert sorted(vec for _, vec in lanes.terms) == [(1, 1, 1, 1), (1, 2, 3, 4)]


def test_collapsing_keeps_what_differs_between_lanes_and_the_buffer():
    target = sym.PointerTarget("a", "global", "float", 4)
    value = sym.make({("n",): (4,) * T, ("m",): (8,) * T, (): (0, 4, 8, 12), ("k",): (0, 1, 2, 3)}, pointer=target)
    collapsed = sym.collapse_uniform(value, fresh)
    assert collapsed.pointer == target and len(collapsed.terms) == 3
    assert collapsed.term_map()[()] == (0, 4, 8, 12) and collapsed.term_map()[("k",)] == (0, 1, 2, 3)
    single = sym.make({("n",): (4,) * T, (): (0, 4, 8, 12)})
    assert sym.collapse_uniform(single, fresh) is single  # one uniform term: nothing to gain


def test_division_is_exact_only_when_symbols_divide_evenly():
    value = sym.add(sym.scale(sym.symbol("b", T), 64), sym.vector((0, 33, 65, 97)), T)
    assert sym.divide_by_constant(value, 32, False, fresh).term_map() == {(): (0, 1, 2, 3), ("b",): (2,) * T}
    assert sym.divide_by_constant(value, 32, True, fresh).term_map() == {(): (0, 1, 1, 1)}
    odd = sym.add(sym.symbol("b", T), sym.vector((0, 1, 2, 3)), T)
    assert sym.divide_by_constant(odd, 2, False, fresh).opaque
    assert sym.divide_by_constant(sym.symbol("b", T), 2, False, fresh).is_uniform


def test_division_of_negative_thread_values_truncates_towards_zero():
    value = sym.vector((-7, -1, 0, 7))
    assert sym.divide_by_constant(value, 2, False, fresh).constant_part(T) == (-3, 0, 0, 3)
    assert sym.divide_by_constant(value, 2, True, fresh).constant_part(T) == (-1, -1, 0, 1)


def test_c_division_truncates_towards_zero():
    assert sym.c_div(-7, 2) == -3 and sym.c_mod(-7, 2) == -1


def test_select_merges_per_thread_when_the_condition_is_known():
    cond = sym.vector((1, 0, 1, 0))
    chosen = sym.select(cond, sym.vector((10, 10, 10, 10)), sym.vector((0, 1, 2, 3)), T, fresh)
    assert chosen.constant_part(T) == (10, 1, 10, 3)
    unknown = sym.select(sym.symbol("c", T), sym.vector((0, 1, 2, 3)), sym.constant(0, T), T, fresh)
    assert unknown.opaque


def test_select_between_a_pointer_and_a_fallback_that_is_not_memory_is_the_pointer():
    target = sym.PointerTarget("a", "global", "float", 4)
    pointer = replace(sym.vector((0, 4, 8, 12)), pointer=target)
    for fallback in (sym.constant(0, T), sym.opaque()):  # NULL, a local array
        assert sym.select(sym.symbol("c", T), pointer, fallback, T, fresh) == pointer
        assert sym.select(sym.symbol("c", T), fallback, pointer, T, fresh) == pointer
    data = sym.select(sym.symbol("c", T), pointer, sym.opaque(indirect=True), T, fresh)  # a pointer read from memory
    assert data.opaque and data.pointer is None


def test_opaque_offsets_keep_the_buffer():
    target = sym.PointerTarget("a", "global", "float", 4)
    base = sym.LaneValue(pointer=target)
    assert sym.add(base, sym.opaque(indirect=True), T).pointer == target


def test_an_opaque_sum_keeps_its_known_terms_and_nothing_else_reads_them():
    lane = sym.vector((0, 1, 2, 3))
    offset = sym.opaque(indirect=True)
    value = sym.scale(sym.add(sym.scale(lane, 8), offset, T), 4)
    assert value.opaque and not value.is_uniform  # uniformity and divergence still see an unknown
    assert value.known_part.term_map() == {(): (0, 32, 64, 96)}
    assert sym.add(sym.constant(3, T), value, T, sign=-1).known_part.term_map() == {(): (3, -29, -61, -93)}
    assert sym.add(offset, offset, T).known_part is None
    assert sym.add(lane, sym.opaque(), T).known_part is None  # arithmetic on runtime values may cancel a stride
    assert sym.multiply(value, sym.constant(2, T), T, fresh).known_part is None  # only sums keep them


def test_substitute_sets_one_symbol_and_keeps_the_others():
    lane = sym.vector((0, 1, 2, 3))
    g, n = sym.symbol("g#1", T), sym.symbol("n", T)
    value = sym.add(sym.multiply(sym.multiply(g, g, T, fresh), lane, T, fresh), n, T)  # g*g*lane + n
    assert sym.substitute(value, "g#1", 4, T).term_map() == {(): (0, 16, 32, 48), ("n",): (1, 1, 1, 1)}
    assert sym.substitute(sym.opaque(), "g#1", 4, T).opaque


def test_describe_reads_like_c():
    assert sym.describe([(("n",), 1), ((), 3)]) == "3 + n"
    assert sym.describe([(("m", "n"), 2)]) == "2*m*n" and sym.describe([]) == "0"


def test_describe_drops_the_tag_of_fresh_symbols():
    assert sym.describe([(("args.stride#3",), 1)]) == "args.stride"


def test_an_or_of_disjoint_bits_is_a_sum():
    block = sym.scale(sym.symbol("blockIdx.x", T), 512)  # blockIdx.x << 9
    lanes = sym.vector([0, 1, 16, 17])
    joined = sym.disjoint_bits_sum(block, lanes, T)
    assert joined == sym.add(block, lanes, T)
    assert sym.disjoint_bits_sum(lanes, block, T) == joined


def test_an_or_that_may_share_bits_is_not_a_sum():
    block = sym.scale(sym.symbol("blockIdx.x", T), 32)
    assert sym.disjoint_bits_sum(block, sym.vector([0, 1, 64, 65]), T) is None  # blockIdx.x * 32 may set bit 6
    assert sym.disjoint_bits_sum(sym.vector([1, 1, 2, 3]), sym.vector([1, 2, 4, 4]), T) is None  # thread 0: 1 | 1
    assert sym.disjoint_bits_sum(block, sym.symbol("n", T), T) is None  # unknowns on both sides
    assert sym.disjoint_bits_sum(sym.vector([0, 1, 2, 3]), sym.vector([4, 8, 4, 8]), T) is None  # known: elementwise
