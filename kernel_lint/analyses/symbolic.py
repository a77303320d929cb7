"""Per-thread values: a polynomial in uniform symbols whose coefficients are per-thread integers.

A value is sum over monomials m of coeff_m[t] * m, where t runs over the threads of one block and
a monomial is a product of uniform symbols (kernel parameters, blockIdx, loop counters, unknown
but uniform locals). The constant monomial `()` carries the purely thread-dependent part, so
`blockIdx.x * 256 + threadIdx.x` is {("blockIdx.x",): [256]*T, (): [0, 1, 2, ...]}.

Values that vary across threads in a way this form cannot express (reads from lane-varying
addresses, non-affine functions of symbols) are `opaque`; the rules never report those.
"""
from __future__ import annotations

import math
import operator
from dataclasses import dataclass, replace
from itertools import repeat
from typing import Callable, Dict, Iterable, Optional, Sequence, Tuple

Vector = Tuple[int, ...]
Monomial = Tuple[str, ...]
CONSTANT: Monomial = ()
MAX_DEGREE = 4
# the monomials a value may have: a 4-D index with runtime extents and offsets has about ten
MAX_TERMS = 16


@dataclass(frozen=True)
class PointerTarget:
    """What an address value points into: a global buffer (a kernel parameter) or a shared array."""

    array: str
    space: str  # "global" | "shared"
    element_type: str
    element_bytes: Optional[int]
    # the pointee's dimensions when the pointer is to an array (`float (*tile)[33] = (float (*)[33]) smem`):
    # `tile[i][j]` is then element i * 33 + j
    row_dims: Tuple[int, ...] = ()
    # bytes the array's start is aligned to beyond its element type's alignment (an extern __shared__
    # array's 16): every element is then aligned to what both this and its size allow
    base_alignment: Optional[int] = None


@dataclass(frozen=True)
class LaneValue:
    """The value of an expression in every thread of a block (see the module docstring).

    For an address (`pointer` set) the terms are a byte offset from the start of `pointer.array`.
    """

    terms: Tuple[Tuple[Monomial, Vector], ...] = ()
    opaque: bool = False
    indirect: bool = False  # read from memory at a lane-varying address (a[idx[i]])
    pointer: Optional[PointerTarget] = None
    # an opaque sum's known terms (`8 * i` of `8 * i + idx[i]`) when only data read from memory is unknown;
    # nothing but global addresses reads it
    known_part: Optional["LaneValue"] = None

    def term_map(self) -> Dict[Monomial, Vector]:
        return dict(self.terms)

    @property
    def is_uniform(self) -> bool:
        """The same in every thread of the block (a symbolic value counts when its coefficients are)."""
        return not self.opaque and all(is_flat(vec) for _, vec in self.terms)

    @property
    def is_concrete(self) -> bool:
        """Known exactly in every thread: no symbols and not opaque."""
        return not self.opaque and all(m == CONSTANT for m, _ in self.terms)

    def constant_part(self, threads: int) -> Vector:
        return self.term_map().get(CONSTANT, (0,) * threads)

    def single_constant(self) -> Optional[int]:
        """The value when it is the same known integer in every thread."""
        if not self.is_concrete:
            return None
        if not self.terms:
            return 0
        vec = self.terms[0][1]
        return vec[0] if is_flat(vec) else None


def is_flat(vec: Sequence[int]) -> bool:
    """The same in every thread (tuple.count compares in C: flatness is asked of every vector built)."""
    return vec[0] == vec[-1] and vec.count(vec[0]) == len(vec)


def make(terms: Dict[Monomial, Vector], **flags) -> LaneValue:
    kept = tuple(sorted((m, v) for m, v in terms.items() if any(v)))
    return LaneValue(terms=kept, **flags)


def constant(number: int, threads: int) -> LaneValue:
    return make({CONSTANT: (number,) * threads})


def vector(values: Sequence[int]) -> LaneValue:
    return make({CONSTANT: tuple(values)})


def symbol(name: str, threads: int) -> LaneValue:
    return make({(name,): (1,) * threads})


def opaque(indirect: bool = False) -> LaneValue:
    return LaneValue(opaque=True, indirect=indirect)


# Vectors hold one entry per thread of the block (up to 1024). Most are flat (constants, the
# coefficients of blockIdx or a parameter), and one operation serves every thread of those; the
# others go through map() with the operator module: C loops, not a Python frame per thread.
def _zip(a: Vector, b: Vector, op: Callable[[int, int], int]) -> Vector:
    if is_flat(a) and is_flat(b):
        return (op(a[0], b[0]),) * len(a)
    return tuple(map(op, a, b))


def _times(vec: Vector, factor: int) -> Vector:
    if is_flat(vec):
        return (vec[0] * factor,) * len(vec)
    return tuple(map(operator.mul, vec, repeat(factor)))


def _known(value: LaneValue) -> Optional[LaneValue]:
    return value.known_part if value.opaque else value


def _data_only(value: LaneValue) -> bool:
    """Opaque only through data read from memory, not through arithmetic on runtime values
    (`g & (stride - 1)` can cancel a lane stride; a value loaded per lane is no function of it)."""
    return not value.opaque or value.indirect


def add(a: LaneValue, b: LaneValue, threads: int, sign: int = 1) -> LaneValue:
    if a.opaque or b.opaque:
        # an address into a known buffer at unknown lane offsets is still an access to that buffer
        pointer = None if a.pointer and b.pointer else a.pointer or b.pointer
        known_a, known_b = _known(a), _known(b)
        known = (None if known_a is None and known_b is None or not (_data_only(a) and _data_only(b))
                 else _combine(known_a or LaneValue(), known_b or LaneValue(), threads, sign, pointer=pointer))
        return LaneValue(opaque=True, indirect=a.indirect or b.indirect, pointer=pointer,
                         known_part=known)
    if a.pointer and b.pointer:
        # pointer difference: an element count, not an address
        return _combine(a, b, threads, sign, pointer=None)
    return _combine(a, b, threads, sign, pointer=a.pointer or b.pointer)


def _combine(a: LaneValue, b: LaneValue, threads: int, sign: int, pointer: Optional[PointerTarget]) -> LaneValue:
    zero = (0,) * threads
    op = operator.add if sign > 0 else operator.sub  # sign is +1 or -1
    out = dict(a.terms)
    for m, vec in b.terms:
        out[m] = _zip(out.get(m, zero), vec, op)
    return make(out, pointer=pointer)


def disjoint_bits_sum(a: LaneValue, b: LaneValue, threads: int) -> Optional[LaneValue]:
    """`a | b` (and `a ^ b`) as `a + b` where no bit can be set in both: symbols on one side only, with
    coefficients that are multiples of 2**k, and known parts in [0, 2**k) that share no bit in any
    thread (`(blockIdx.x << 9) | ((threadIdx.x & 0x3E) << 3) | (threadIdx.x & 1)`). None otherwise."""
    if a.opaque or b.opaque or a.pointer is not None or b.pointer is not None:
        return None
    unknown = [[vec for m, vec in value.terms if m != CONSTANT] for value in (a, b)]
    if all(unknown) or not any(unknown):
        return None  # unknowns on both sides may share high bits; none at all is plain arithmetic
    known_a, known_b = a.constant_part(threads), b.constant_part(threads)
    if min(known_a) < 0 or min(known_b) < 0 or any(x & y for x, y in zip(known_a, known_b)):
        return None
    span = 1 << max(max(known_a), max(known_b)).bit_length()
    if math.gcd(*(c for vec in unknown[0] + unknown[1] for c in vec)) % span:
        return None
    return add(a, b, threads)


def scale(a: LaneValue, factor: int) -> LaneValue:
    if a.opaque:
        return replace(a, known_part=scale(a.known_part, factor)) if a.known_part is not None else a
    return make({m: _times(vec, factor) for m, vec in a.terms}, pointer=a.pointer)


def multiply(a: LaneValue, b: LaneValue, threads: int, fresh: Callable[[], LaneValue]) -> LaneValue:
    if a.opaque or b.opaque:
        return opaque(a.indirect or b.indirect)
    if len(a.terms) * len(b.terms) > 2 * MAX_TERMS:  # past what an index needs, before every pair
        if a.is_uniform and b.is_uniform:
            return fresh()
        a, b = collapse_uniform(a, fresh), collapse_uniform(b, fresh)
        if len(a.terms) * len(b.terms) > 2 * MAX_TERMS:
            return opaque()
    out: Dict[Monomial, Vector] = {}
    zero = (0,) * threads
    for ma, va in a.terms:
        for mb, vb in b.terms:
            m = tuple(sorted(ma + mb))
            if len(m) > MAX_DEGREE:
                return fresh() if a.is_uniform and b.is_uniform else opaque()
            out[m] = _zip(out.get(m, zero), _zip(va, vb, operator.mul), operator.add)
    return make(out)


def collapse_uniform(value: LaneValue, fresh: Callable[[], LaneValue]) -> LaneValue:
    """`value` with its uniform symbolic terms summed into one fresh uniform symbol: what differs between
    lanes (the per-lane terms and the constant part) is kept, and what every lane adds alike, which is
    all a long chain of uniform arithmetic grows, becomes one unknown."""
    kept = {m: vec for m, vec in value.terms if m == CONSTANT or not is_flat(vec)}
    if value.opaque or len(kept) >= len(value.terms) - 1:
        return value
    unknown = fresh()
    return add(make(kept, pointer=value.pointer), unknown, len(unknown.terms[0][1]))


def c_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def c_mod(a: int, b: int) -> int:
    return a - b * c_div(a, b)


def _c_divide(vec: Vector, divisor: int, remainder: bool) -> Vector:
    """C's / or % of every entry; Python's floor operators agree with C's where nothing is negative."""
    if divisor > 0 and min(vec) >= 0:
        return tuple(map(operator.mod if remainder else operator.floordiv, vec, repeat(divisor)))
    return tuple(map(c_mod if remainder else c_div, vec, repeat(divisor)))


def divide_by_constant(a: LaneValue, divisor: int, remainder: bool, fresh: Callable[[], LaneValue]) -> LaneValue:
    """a / divisor or a % divisor; exact when every symbolic coefficient is a uniform multiple of it."""
    if a.opaque or divisor == 0:
        return opaque(a.indirect)
    symbolic = [(m, vec) for m, vec in a.terms if m != CONSTANT]
    separable = all(is_flat(vec) and vec[0] % divisor == 0 for _, vec in symbolic)
    const = dict(a.terms).get(CONSTANT)
    if not separable:
        return fresh() if a.is_uniform else opaque()
    if remainder:
        return make({CONSTANT: _c_divide(const, divisor, True)}) if const else make({})
    # separable: every symbolic coefficient is flat, so one division serves every thread
    out = {m: (vec[0] // divisor,) * len(vec) for m, vec in symbolic}
    if const:
        out[CONSTANT] = _c_divide(const, divisor, False)
    return make(out)


def elementwise(a: LaneValue, b: LaneValue, op: Callable[[int, int], int], threads: int,
                fresh: Callable[[], LaneValue]) -> LaneValue:
    """Any other binary operator: exact on concrete operands, uniform on uniform ones, else opaque."""
    if a.is_concrete and b.is_concrete:
        try:
            return vector(_zip(a.constant_part(threads), b.constant_part(threads), op))
        except (ZeroDivisionError, ValueError):
            return fresh()
    if a.is_uniform and b.is_uniform:
        return fresh()
    return opaque(a.indirect or b.indirect)


def select(condition: LaneValue, if_true: LaneValue, if_false: LaneValue, threads: int,
           fresh: Callable[[], LaneValue]) -> LaneValue:
    """cond ? a : b (also how two branches' values of a local merge)."""
    if if_true == if_false:
        return if_true
    if condition.is_concrete:
        flags = condition.constant_part(threads)
        if all(flags):
            return if_true
        if not any(flags):
            return if_false
        if not (if_true.opaque or if_false.opaque) and if_true.pointer == if_false.pointer:
            zero = (0,) * threads
            monomials = {m for m, _ in if_true.terms} | {m for m, _ in if_false.terms}
            t_map, f_map = if_true.term_map(), if_false.term_map()
            return make({m: tuple(t if c else f for c, t, f in zip(flags, t_map.get(m, zero), f_map.get(m, zero)))
                         for m in monomials}, pointer=if_true.pointer)
    if if_true.is_uniform and if_false.is_uniform and condition.is_uniform:
        return replace(fresh(), pointer=if_true.pointer if if_true.pointer == if_false.pointer else None)
    for pointer, fallback in ((if_true, if_false), (if_false, if_true)):
        if pointer.pointer is not None and not pointer.opaque and fallback.pointer is None and not fallback.indirect:
            # a pointer into memory or a fallback that is none: NULL, or a local array the lanes out of range
            # read instead (`v = in_range ? src + y * w + x * 3 : const_values`); the lanes that access
            # memory do it at the pointer's addresses
            return pointer
    return opaque(if_true.indirect or if_false.indirect or condition.indirect)


def substitute(value: LaneValue, name: str, number: int, threads: int) -> LaneValue:
    """`value` with the symbol `name` set to `number`."""
    if value.opaque:
        return value
    out: Dict[Monomial, Vector] = {}
    zero = (0,) * threads
    for m, vec in value.terms:
        power = m.count(name)
        kept = tuple(s for s in m if s != name)
        out[kept] = _zip(out.get(kept, zero), _times(vec, number ** power), operator.add)
    return make(out, pointer=value.pointer)


def difference_is_uniform(before: LaneValue, after: LaneValue, threads: int) -> bool:
    if before.opaque or after.opaque:
        return False
    return add(after, before, threads, sign=-1).is_uniform


def _display(symbol: str) -> str:
    """A symbol as the user wrote it: `n`, `p.stride`; fresh symbols drop their `#k` tag."""
    return symbol.split("#", 1)[0]


def describe(terms: Iterable[Tuple[Monomial, int]]) -> str:
    """A readable sum such as `n`, `2*n + 1` or `32`."""
    parts = []
    for m, coeff in sorted(terms, key=lambda t: (len(t[0]), t[0])):
        if coeff == 0:
            continue
        name = "*".join(_display(symbol) for symbol in m)
        if not name:
            parts.append(str(coeff))
        elif coeff == 1:
            parts.append(name)
        else:
            parts.append(f"{coeff}*{name}")
    return " + ".join(parts) if parts else "0"
