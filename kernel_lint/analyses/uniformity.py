"""Uniformity: does a value vary across the lanes of a warp?

A taint-style forward analysis over a kernel's statements, for one concrete block shape. Every value
gets a level: uniform across the grid (parameters, constants, blockDim), block-uniform (blockIdx,
shared-memory reads at uniform addresses), warp-uniform (threadIdx.x / 32 when blockDim.x is a
multiple of 32, ballots) or lane-varying. A value read from memory at a lane-varying address is
lane-varying *and* data-dependent: whether a branch on it splits a warp depends on the data.

Thread-index arithmetic is kept exact where it can be (a table of the thread-dependent part for
every thread of the block plus a uniform part known up to a divisor), so that `threadIdx.x / 32`,
`(blockIdx.x * blockDim.x + threadIdx.x) >> 5` or `threadIdx.x < 32` are recognised as warp-uniform
and a branch's active lanes can be counted. Locals assigned in loops reach a fixpoint.

Along the way the walk records each branch condition, each block barrier with the control
condition it sits under, and shared-memory accesses unordered by a barrier (for the barrier rules).
"""
from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field, replace
from enum import IntEnum
from functools import lru_cache
from itertools import repeat
from typing import Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from pycparser import c_ast, c_generator

from kernel_lint.analyses.bindings import rebound
from kernel_lint.analyses.groups import group_query, group_threads, passed_groups
from kernel_lint.analyses.lanes import (
    addressed_name,
    dereferenced_pointer,
    modelled_type_arguments,
    pointee_name,
    sizeof_typename,
)
from kernel_lint.analyses.loops import LOOP_MULTIPLY, scaled_locals
from kernel_lint.analyses.symbolic import c_div, c_mod, is_flat
from kernel_lint.frontend.cexpr import evaluate_arguments
from kernel_lint.frontend.prelude import ASM_OUTPUT, INDEX_VARIABLES, MULTIPLY_24
from kernel_lint.model import walk

WARP_SIZE = 32
BlockShape = Tuple[int, int, int]
Table = Tuple[int, ...]


class Level(IntEnum):
    GRID = 0  # the same in every thread of the grid
    BLOCK = 1  # the same in every thread of a block
    WARP = 2  # the same in every lane of a warp
    LANE = 3  # may differ between lanes of one warp

    @property
    def label(self) -> str:
        return {0: "grid-uniform", 1: "block-uniform", 2: "warp-uniform", 3: "lane-varying"}[self.value]


@dataclass(frozen=True)
class Value:
    """The abstract value of an expression.

    `table` (when known) holds the thread-dependent part for every thread of the block, in linear
    thread order; the whole value is table[i] + U where U is uniform (`ulevel`), equal to `const`
    when known and otherwise a multiple of `align` (0: U is 0).
    """

    level: Level
    data: bool = False  # varies because it was read from memory at a lane-varying address
    table: Optional[Table] = None
    const: Optional[int] = None
    align: int = 1
    ulevel: Level = Level.GRID
    # the table holds only in the first block along a global index (`i == 0`); every other block's
    # threads all agree, so the lanes split in one block of the grid
    first_block: bool = False

    @property
    def is_thread_free(self) -> bool:
        """Uniform within the block and not built from a thread-index table."""
        return self.table is None and self.level <= Level.BLOCK

    @property
    def constant(self) -> Optional[int]:
        return self.const if self.is_thread_free else None

    def per_thread(self) -> Optional[Table]:
        """The exact value in every thread of the block, when the uniform part is known."""
        if self.const is None and self.align != 0:
            return None
        if self.table is None:
            return None
        base = self.const or 0
        return tuple(map(operator.add, self.table, repeat(base)))


GRID_CONSTANT = Value(Level.GRID)


def constant(number: int) -> Value:
    return Value(Level.GRID, const=number, align=abs(number))


@dataclass(frozen=True)
class ThreadLayout:
    """Which warp every thread of a block belongs to, for one block shape."""

    shape: BlockShape
    warp_size: int = WARP_SIZE

    @property
    def size(self) -> int:
        return self.shape[0] * self.shape[1] * self.shape[2]

    def components(self, axis: int) -> Table:
        return _components(self.shape, axis)

    def warps(self) -> List[range]:
        return [range(s, min(s + self.warp_size, self.size)) for s in range(0, self.size, self.warp_size)]

    def level_of(self, table: Table) -> Level:
        if is_flat(table):
            return Level.BLOCK
        size = self.warp_size
        if any(not is_flat(table[start:start + size]) for start in range(0, len(table), size)):
            return Level.LANE
        return Level.WARP


@lru_cache(maxsize=64)
def _components(shape: BlockShape, axis: int) -> Table:
    """threadIdx.x, .y or .z of every thread in linear order; a pure function of the block shape."""
    bx, by, _ = shape
    ids = range(shape[0] * shape[1] * shape[2])
    if axis == 0:
        return tuple(i % bx for i in ids)
    if axis == 1:
        return tuple((i // bx) % by for i in ids)
    return tuple(i // (bx * by) for i in ids)


def join(a: Value, b: Value) -> Value:
    """The least value that covers both (used at control-flow merges and loop heads)."""
    if a == b:
        return a
    level = max(a.level, b.level)
    data = a.data or b.data
    if a.table == b.table and (a.table is not None or (a.is_thread_free and b.is_thread_free)):
        same = a.const if a.const == b.const else None
        return Value(level, data, a.table, same, math.gcd(a.align, b.align), max(a.ulevel, b.ulevel))
    return Value(level, data)


def under_control(value: Value, control: Value) -> Value:
    """A value assigned under a condition: it differs wherever the condition does.

    A block-uniform condition keeps the per-thread table (all threads of a block take the same side);
    a lane-varying one makes the value lane-varying."""
    if control.level > Level.BLOCK:
        return join(value, control)
    if control.level > value.ulevel or control.level > value.level:
        return replace(value, level=max(value.level, control.level), ulevel=max(value.ulevel, control.level),
                       data=value.data or control.data)
    return value


def _taint(values: Iterable[Value]) -> Value:
    values = list(values)
    if not values:
        return GRID_CONSTANT
    return Value(max(v.level for v in values), any(v.data for v in values))


_CONCRETE_OPS: Dict[str, Callable[[int, int], Optional[int]]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": lambda a, b: (a // b if a >= 0 and b > 0 else c_div(a, b)) if b else None,
    "%": lambda a, b: (a % b if a >= 0 and b > 0 else c_mod(a, b)) if b else None,
    "<<": lambda a, b: a << b if 0 <= b < 64 else None,
    ">>": lambda a, b: a >> b if 0 <= b < 64 else None,
    "&": operator.and_,
    "|": operator.or_,
    "^": operator.xor,
    "<": lambda a, b: int(a < b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    ">=": lambda a, b: int(a >= b),
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "&&": lambda a, b: int(bool(a) and bool(b)),
    "||": lambda a, b: int(bool(a) or bool(b)),
    "min": min,
    "max": max,
}


_COMPARISONS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
                "!=": operator.ne}


def _per_thread(op: str, pa: Table, pb: Table) -> Optional[Table]:
    """`op` in every thread, in C loops where it can be; None where a thread's result is undefined
    (a division by zero, a shift past the width)."""
    if op in ("/", "%") and min(pa) >= 0 and min(pb) > 0:  # C's / and % agree with Python's here
        return tuple(map(operator.floordiv if op == "/" else operator.mod, pa, pb))
    if op in _COMPARISONS:
        return tuple(map(int, map(_COMPARISONS[op], pa, pb)))
    results = tuple(map(_CONCRETE_OPS[op], pa, pb))
    return None if None in results else results  # type: ignore[return-value]


def _sum_tables(ta: Optional[Table], tb: Optional[Table], sign: int, size: int) -> Table:
    """ta + sign * tb per thread, where None (a uniform operand) adds nothing to any thread."""
    if tb is None:
        return ta or (0,) * size
    if ta is None:
        return tb if sign == 1 else tuple(map(operator.neg, tb))
    return tuple(map(operator.add if sign == 1 else operator.sub, ta, tb))


def _power_of_two(k: Optional[int]) -> bool:
    return k is not None and k > 0 and k & (k - 1) == 0


class Arithmetic:
    """Abstract arithmetic on Values for one block layout."""

    def __init__(self, layout: ThreadLayout):
        self.layout = layout

    def tabled(self, table: Table, ulevel: Level = Level.GRID, const: Optional[int] = 0, align: int = 0,
               data: bool = False) -> Value:
        level = max(ulevel, self.layout.level_of(table)) if table else ulevel
        return Value(level, data, table, const, align, ulevel)

    def binary(self, op: str, a: Value, b: Value) -> Value:
        data = a.data or b.data
        if a.is_thread_free and b.is_thread_free:
            return self._uniform_binary(op, a, b, data)
        exact = self._exact_binary(op, a, b, data)
        if exact is not None:
            return replace(exact, first_block=True) if a.first_block or b.first_block else exact
        return _taint((a, b))

    def _uniform_binary(self, op: str, a: Value, b: Value, data: bool) -> Value:
        level = max(a.level, b.level)
        if a.const is not None and b.const is not None:
            folded = _CONCRETE_OPS[op](a.const, b.const) if op in _CONCRETE_OPS else None
            if folded is not None:
                return Value(level, data, None, folded, abs(folded), level)
        if op in ("+", "-"):
            return Value(level, data, None, None, math.gcd(a.align, b.align), level)
        if op == "*":
            return Value(level, data, None, None, a.align * b.align, level)
        return Value(level, data, None, None, 1, level)

    def _exact_binary(self, op: str, a: Value, b: Value, data: bool) -> Optional[Value]:
        """Keep the per-thread table through arithmetic that preserves it; None when it cannot."""
        if (a.table is None and not a.is_thread_free) or (b.table is None and not b.is_thread_free):
            return None
        ulevel = max(a.ulevel if a.table is not None else a.level, b.ulevel if b.table is not None else b.level)
        if op in ("+", "-"):
            sign = 1 if op == "+" else -1
            table = _sum_tables(a.table, b.table, sign, self.layout.size)
            const = None if a.const is None or b.const is None else a.const + sign * b.const
            return self.tabled(table, ulevel, const, math.gcd(a.align, b.align), data)
        k = b.constant
        if op == "*" and k is None and a.constant is not None:
            a, b, k = b, a, a.constant
        if k is not None and a.table is not None:
            scaled = self._by_constant(op, a, k, data)
            if scaled is not None:
                return scaled
        pa, pb = self._exact_per_thread(a), self._exact_per_thread(b)
        if pa is None or pb is None or op not in _CONCRETE_OPS:
            return None
        results = _per_thread(op, pa, pb)
        return None if results is None else self.tabled(results, ulevel, 0, 0, data)

    def _exact_per_thread(self, v: Value) -> Optional[Table]:
        if v.is_thread_free:
            return (v.const,) * self.layout.size if v.const is not None else None
        return v.per_thread()

    def _by_constant(self, op: str, a: Value, k: int, data: bool) -> Optional[Value]:
        """table + U (U a multiple of align) combined with the constant k, when U's part stays known."""
        table = a.table
        assert table is not None
        if op == "*":
            const = None if a.const is None else a.const * k
            return self.tabled(tuple(map(operator.mul, table, repeat(k))), a.ulevel, const, a.align * abs(k), data)
        if op == "<<" and 0 <= k < 32:
            return self._by_constant("*", a, 1 << k, data)
        if op == ">>" and 0 <= k < 32:
            return self._by_constant("/", a, 1 << k, data)
        if op == "&" and _power_of_two(k + 1):
            return self._by_constant("%", a, k + 1, data)
        if op in ("==", "!=") and a.const is None and 0 <= min(table) and max(table) < a.align and 0 <= k < a.align:
            # a global index against a constant (`blockIdx.x * blockDim.x + threadIdx.x == 0`): U is a
            # multiple of align, so only where U is 0, the first block along the index, can a thread match;
            # that block's lanes are the ones that split
            hits = self.tabled(tuple(int((v == k) == (op == "==")) for v in table), a.ulevel, 0, 0, data)
            return replace(hits, first_block=True)
        if op not in ("/", "%") or k <= 0 or min(table) < 0 or a.const is not None:
            return None
        if a.align % k:
            return None
        # k > 0 and no entry is negative: Python's floor operators are C's here
        if op == "/":
            return self.tabled(tuple(map(operator.floordiv, table, repeat(k))), a.ulevel, None, a.align // k, data)
        return self.tabled(tuple(map(operator.mod, table, repeat(k))), Level.GRID, 0, 0, data)

    def unary(self, op: str, a: Value) -> Value:
        if op in ("-", "~", "!") and (a.is_thread_free or a.per_thread() is not None):
            fn: Callable[[int], int] = {"-": lambda x: -x, "~": lambda x: ~x, "!": lambda x: int(not x)}[op]
            if a.is_thread_free:
                return a if a.const is None else Value(a.level, a.data, None, fn(a.const), abs(fn(a.const)), a.level)
            values = a.per_thread()
            assert values is not None
            return self.tabled(tuple(fn(v) for v in values), a.ulevel, 0, 0, a.data)
        return _taint((a,))


# --- what the walk records -------------------------------------------------------------------

@dataclass(frozen=True)
class BarrierSite:
    """A block-wide barrier and the control condition it is reached under."""

    call: c_ast.Node  # the barrier call (in the kernel, or the call of the device function holding it)
    control: Value  # join of every enclosing condition and earlier divergent exit
    cause: Optional[c_ast.Node]  # the condition (or `return`) that makes `control` vary
    name: str  # "__syncthreads", "block.sync" ...
    after_exit: bool = False  # `cause` guarded an earlier return or break, not the barrier itself


@dataclass(frozen=True)
class SharedAccess:
    array: str
    node: c_ast.Node  # the ArrayRef
    index: Value  # linear element index
    active: Optional[Table]  # 1 for threads that may execute the access; None: all
    is_write: bool = True
    width: int = 1  # consecutive elements one access covers: 4 floats through an int4 pointer


@dataclass(frozen=True)
class Race:
    write: SharedAccess
    read: SharedAccess
    writer: int  # a thread whose write the reader sees
    reader: int
    warp_synced: bool  # a __syncwarp() lies between (only threads of different warps race)
    write_first: bool = True  # the read may see the old value; False: the write may land before the read
    one_warp: bool = False  # every racing pair is two lanes of one warp (warp-synchronous code)


@dataclass
class UniformityResult:
    layout: ThreadLayout
    conditions: Dict[int, Value] = field(default_factory=dict)  # id(If/For/While/DoWhile/TernaryOp) -> cond
    condition_nodes: Dict[int, c_ast.Node] = field(default_factory=dict)
    # id(branch) -> every evaluation: the unrolled loop variables, the condition, the threads reaching it
    samples: Dict[int, List[Tuple[Tuple[Tuple[str, int], ...], Value, Optional[Table]]]] = field(default_factory=dict)
    # id(branch) -> its evaluations in the first iteration of every loop around it that is walked as a loop
    # (a runtime bound), the values those loops' counters start from added to the bindings
    first_trip_samples: Dict[int, List[Tuple[Tuple[Tuple[str, int], ...], Value, Optional[Table]]]] = field(
        default_factory=dict)
    barriers: Dict[int, BarrierSite] = field(default_factory=dict)
    races: Dict[Tuple[int, int], Race] = field(default_factory=dict)
    variables: Dict[str, Value] = field(default_factory=dict)  # values at the end of the kernel
    groups: Dict[str, int] = field(default_factory=dict)  # the kernel's cooperative-groups locals: threads in each
    loop_entries: Dict[int, Dict[str, Value]] = field(default_factory=dict)  # id(For) -> values after its init
    # id(branch) -> the runtime parts of an `A && B` condition assumed to hold when its lanes are counted
    guards: Dict[int, Tuple[c_ast.Node, ...]] = field(default_factory=dict)

    def evaluate(self, expr: c_ast.Node, env: Mapping[str, Value]) -> Value:
        """The value of a side-effect-free expression given the values of its variables."""
        walker = UniformityWalker(self.layout, {}, (), {})
        walker.groups = dict(self.groups)  # `tile.size()` is a number wherever the kernel declared `tile`
        return walker.expression(expr, _State(dict(env), GRID_CONSTANT, (), GRID_CONSTANT))

    def exact(self, value: Value) -> Optional[Table]:
        """The value in every thread of the block, when known exactly."""
        return Arithmetic(self.layout)._exact_per_thread(value)


def assigned_names(*nodes: Optional[c_ast.Node]) -> List[str]:
    """Locals the nodes assign or step (`x = ...`, `x += ...`, `x++`), once per assignment."""
    names: List[str] = []
    for root in nodes:
        if root is None:
            continue
        for sub in walk(root):
            if isinstance(sub, c_ast.Assignment) and isinstance(sub.lvalue, c_ast.ID):
                names.append(sub.lvalue.name)
            elif isinstance(sub, c_ast.UnaryOp) and sub.op in ("++", "--", "p++", "p--") \
                    and isinstance(sub.expr, c_ast.ID):
                names.append(sub.expr.name)
    return names


# --- the walk --------------------------------------------------------------------------------

_THREAD_AXES = {"x": 0, "y": 1, "z": 2}
_BARRIERS = {"__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or", "__barrier_sync"}
_WARP_VOTES = {"__ballot_sync", "__any_sync", "__all_sync", "__activemask", "__ballot", "__any", "__all",
               "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
               "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync"}
_BROADCAST_SHUFFLES = {"__shfl_sync", "__shfl"}
_LANE_SHUFFLES = {"__shfl_down_sync", "__shfl_up_sync", "__shfl_xor_sync", "__shfl_down", "__shfl_up", "__shfl_xor"}
_THREAD_VARYING_CALLS = {"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc",
                         "atomicDec", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor", "clock", "clock64",
                         "curand", "curand_uniform", "curand_normal", "__lane_id", "laneid"}
_MAX_FIXPOINT_ROUNDS = 12
_MAX_CALL_DEPTH = 4
_MAX_UNROLLED_TRIPS = 64  # a loop with a constant trip count up to this is walked once per iteration
_UNROLL_BUDGET = 1 << 18  # thread-iterations walked unrolled, per kernel and block shape (1024 at 256 threads)
_LEFT = -1  # `synced` of a path that has left (continue, break, return): it no longer counts barriers here


@dataclass
class _State:
    env: Dict[str, Value]
    exited: Value  # join of the controls under which threads have returned
    pending: Tuple[Tuple[SharedAccess, bool], ...]  # shared accesses since the last barrier (access, warp-synced)
    escape: Value  # join of controls of break/continue in the innermost loop
    # join of controls of the escapes after which threads may count barriers differently from the others:
    # a break, or a continue taken after fewer or more barriers than the iteration's end is reached after
    desync: Value = GRID_CONSTANT
    synced: Optional[int] = 0  # block barriers passed since the loop iteration (or call) began; None: paths differ

    def copy(self) -> "_State":
        return replace(self, env=dict(self.env))


def _merge_synced(a: Optional[int], b: Optional[int]) -> Optional[int]:
    if a == _LEFT or b == _LEFT:
        return b if a == _LEFT else a
    return a if a == b else None


def _plus_synced(a: Optional[int], b: Optional[int]) -> Optional[int]:
    if a == _LEFT:
        return a
    return None if a is None or b is None else a + b


def _merge(a: _State, b: _State) -> _State:
    env = dict(a.env)
    for name in rebound(a.env, b.env):  # a value both sides share needs no join
        value = b.env[name]
        env[name] = join(env[name], value) if name in env else value
    pending = a.pending + tuple(p for p in b.pending if p not in a.pending)
    return _State(env, join(a.exited, b.exited), pending, join(a.escape, b.escape), join(a.desync, b.desync),
                  _merge_synced(a.synced, b.synced))


def callee_name(call: c_ast.FuncCall) -> str:
    """`f` for f(...), `obj.sync` for obj.sync(...), `ns::f` lowered names as the front end spells them."""
    name = call.name
    if isinstance(name, c_ast.ID):
        return name.name
    if isinstance(name, c_ast.StructRef) and isinstance(name.field, c_ast.ID):
        return f"{_base_name(name.name) or '?'}.{name.field.name}"
    return ""


def _local_field(node: c_ast.Node, state: "_State") -> Optional[str]:
    """`c.t` of a struct local or parameter (held by value), as its env key; None for anything else."""
    if isinstance(node, c_ast.StructRef) and node.type == "." and isinstance(node.name, c_ast.ID) \
            and isinstance(node.field, c_ast.ID) and node.name.name in state.env:
        return f"{node.name.name}.{node.field.name}"
    return None


def _base_name(node: c_ast.Node) -> Optional[str]:
    while isinstance(node, (c_ast.ArrayRef, c_ast.StructRef, c_ast.Cast, c_ast.UnaryOp)):
        if isinstance(node, c_ast.UnaryOp) and node.op not in ("*", "&"):
            return None
        node = node.name if isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)) else node.expr
    return node.name if isinstance(node, c_ast.ID) else None


def _type_names(node: Optional[c_ast.Node]) -> Tuple[str, ...]:
    while node is not None and not isinstance(node, (c_ast.IdentifierType, c_ast.Struct)):
        node = getattr(node, "type", None)
    if isinstance(node, c_ast.IdentifierType):
        return tuple(node.names)
    if isinstance(node, c_ast.Struct):
        return (node.name or "",)
    return ()


class UniformityWalker:
    """One forward walk of a kernel (plus the device functions it calls) for one block shape."""

    def __init__(
        self,
        layout: ThreadLayout,
        shared: Mapping[str, Tuple[Optional[int], ...]],
        params: Sequence[str],
        functions: Mapping[str, c_ast.FuncDef],
        constants: Optional[Mapping[str, int]] = None,
        template_arguments: Callable[[c_ast.FuncCall], Sequence[Tuple[str, str]]] = lambda call: (),
        sizeof: Callable[[c_ast.Node], Optional[int]] = lambda typename: None,
        element_sizes: Optional[Mapping[str, int]] = None,
    ):
        self.layout = layout
        self.element_sizes = dict(element_sizes or {})  # bytes of one element of each shared array
        self.template_arguments = template_arguments  # a call's value template arguments, as written
        self.sizeof = sizeof  # bytes of a type node, None when the type is unknown
        self.math = Arithmetic(layout)
        self.shared = dict(shared)
        self.params = tuple(params)
        self.functions = functions
        self.unroll_budget = max(_MAX_UNROLLED_TRIPS, _UNROLL_BUDGET // layout.size)  # loop bodies
        self.bindings: Tuple[Tuple[str, int], ...] = ()  # induction variables of the loops being unrolled
        self.constants = dict(constants or {})
        self.result = UniformityResult(layout)
        self.block_groups: set = set()  # locals holding a cooperative-groups thread_block
        self.groups: Dict[str, int] = {}  # cooperative-groups locals of a known size: threads in each
        self.shadowed: frozenset = frozenset()  # shared arrays' names a called helper's parameters take over
        # pointers into a shared array (`volatile float* s` given `sdata`, `float* row = &tile[r][0]`):
        # the array and the element they point at
        self.views: Dict[str, Tuple[str, Value]] = {}
        # id(branch) -> the part of its `A && B` condition known per thread, when the rest is not
        self.counted: Dict[int, Value] = {}
        self.local_arrays: set = set()  # per-thread arrays (reads are not memory loads)
        # locals holding a copy of a built-in index (`dim3 t = threadIdx;`): local -> the built-in, so `t.x`
        # is threadIdx.x; a later assignment to the local ends the copy
        self.index_copies: Dict[str, str] = {}
        # a called helper's pointer parameters given a local's address (`project(x, &sx)`): the helper's
        # local standing for it, written back to the caller's when the call returns
        self.pointees: Dict[str, str] = {}
        self.control: List[Tuple[Value, Optional[c_ast.Node], Optional[Table]]] = []
        self.call_stack: List[str] = []
        self.call_site: Optional[c_ast.Node] = None
        self.returns: List[Value] = []
        self.exit_cause: Optional[c_ast.Node] = None  # the condition under which threads last left early
        # per enclosing loop walked as a loop (None: unrolled), its lane-varying continues: (synced, control, cause)
        self.continues: List[Optional[List[Tuple[Optional[int], Value, c_ast.Node]]]] = []
        self.return_synced: List[Optional[int]] = []  # `synced` at each return of the device function walked
        self.barriers_walked = 0  # block barriers walked so far: tells whether a loop or switch holds one
        # per enclosing loop walked as a loop: the counter's starting value while its first iteration is walked
        # (() when not a constant), None while a later one is
        self.iterations: List[Optional[Tuple[Tuple[str, int], ...]]] = []

    # -- entry -----------------------------------------------------------------------------

    def run(self, body: c_ast.Compound) -> UniformityResult:
        state = _State({p: GRID_CONSTANT for p in self.params}, GRID_CONSTANT, (), GRID_CONSTANT)
        state = self.statement(body, state)
        self.result.variables = dict(state.env)
        self.result.groups = dict(self.groups)
        return self.result

    # -- control ---------------------------------------------------------------------------

    def current_control(self, state: _State) -> Tuple[Value, Optional[c_ast.Node], bool]:
        """What reaching this point depends on, the condition that makes it vary most, and whether
        that condition guarded an earlier return/break rather than enclosing this point."""
        value, cause, after_exit = join(state.exited, state.desync), None, False
        if value.level > Level.BLOCK:
            cause, after_exit = self.exit_cause, True
        for cond, node, _ in self.control:
            # the condition that varies most names the cause; of two lane-varying ones, the one on loaded data
            if cond.level > Level.BLOCK and ((cond.level, cond.data) > (value.level, value.data) or cause is None):
                cause, after_exit = node, False
            value = Value(max(value.level, cond.level), value.data or cond.data)
        return value, cause, after_exit

    def branch_control(self) -> Value:
        """Join of the enclosing conditions: what an assignment's value depends on besides its operands.

        Earlier exits are left out: the threads still running compute the same values.
        """
        return _taint(cond for cond, _, _ in self.control)

    def active_threads(self) -> Optional[Table]:
        """Threads that execute the current statement, when every enclosing condition that varies
        between threads is exact. A block-uniform condition of unknown value (`if (amLast)`, a flag in
        shared memory) lets every thread of the block or none through: where the statement runs at all,
        every thread runs it."""
        if any(mask is None and not cond.is_thread_free for cond, _, mask in self.control):
            return None
        return self.may_run()

    def may_run(self) -> Table:
        """Threads that may execute the current statement: those every enclosing condition known per
        thread lets through (one on data lets any thread through). What a race needs: both sides may run."""
        active = tuple([1] * self.layout.size)
        for _, _, mask in self.control:
            if mask is not None:
                active = tuple(map(operator.and_, active, mask))
        return active

    def _mask(self, cond: Value, negate: bool) -> Optional[Table]:
        if cond.is_thread_free:
            return None if cond.const is None else tuple([int(bool(cond.const) != negate)] * self.layout.size)
        values = cond.per_thread()
        if values is None:
            return None
        return tuple(map(int, map(operator.not_ if negate else operator.truth, values)))

    def _branch(self, cond: Value, node: c_ast.Node, negate: bool):
        mask = self._mask(cond, negate)
        if mask is None and not negate and id(node) in self.counted:
            # `tid < s && vals[tid + s] > vals[tid]`: only threads of the part known per thread may take it
            mask = self._mask(self.counted[id(node)], False)
        return (cond, node, mask)

    # -- statements ------------------------------------------------------------------------

    def statement(self, node: Optional[c_ast.Node], state: _State) -> _State:
        if node is None:
            return state
        method = getattr(self, f"stmt_{type(node).__name__}", None)
        if method is not None:
            return method(node, state)
        self.expression(node, state)
        return state

    def stmt_Compound(self, node: c_ast.Compound, state: _State) -> _State:
        for item in node.block_items or ():
            state = self.statement(item, state)
        return state

    def stmt_DeclList(self, node: c_ast.DeclList, state: _State) -> _State:
        for decl in node.decls:
            state = self.statement(decl, state)
        return state

    def stmt_Decl(self, node: c_ast.Decl, state: _State) -> _State:
        if not node.name or isinstance(node.type, c_ast.FuncDecl):
            return state
        if "__shared__" in (node.storage or []) + (node.quals or []) or node.name in self.shared:
            self.shared.setdefault(node.name, ())
            return state
        if any(n in ("thread_block", "grid_group") for n in _type_names(node.type)) or _is_block_group_call(node.init):
            self.block_groups.add(node.name)
        threads = group_threads(node, self.layout.size)
        if threads is not None:
            self.groups[node.name] = threads
        if isinstance(node.type, c_ast.ArrayDecl):
            self.local_arrays.add(node.name)
        self.bind_view(node.name, node.init if isinstance(node.type, c_ast.PtrDecl) else None, state)
        self.rebind(node.name, node.init, state)
        if isinstance(node.init, c_ast.InitList):
            value = _taint(self.expression(e, state) for e in node.init.exprs)
        elif node.init is not None:
            value = self.expression(node.init, state)
        else:
            value = GRID_CONSTANT
        control = self.branch_control()
        state.env[node.name] = under_control(value, control)
        return state

    def stmt_If(self, node: c_ast.If, state: _State) -> _State:
        cond = self.condition(node, node.cond, state)
        if cond.is_thread_free and cond.const is not None:
            # `if (TILE > 32) __syncthreads(); else __syncwarp();`: the other side is dead code for this
            # instantiation and block, and nothing in it (a barrier above all) is ever reached
            return self.statement(node.iftrue if cond.const else node.iffalse, state)
        self.control.append(self._branch(cond, node, False))
        taken = self.statement(node.iftrue, state.copy())
        self.control.pop()
        self.control.append(self._branch(cond, node, True))
        skipped = self.statement(node.iffalse, state.copy())
        self.control.pop()
        return _merge(taken, skipped)

    def stmt_Return(self, node: c_ast.Return, state: _State) -> _State:
        if node.expr is not None:
            self.returns.append(join(self.expression(node.expr, state), self.branch_control()))
        if not self.call_stack:
            # the thread exits, and a barrier waits only for threads that have not (PTX ISA: bar.sync
            # waits for the non-exited threads; `exit` releases a barrier that only exited threads held)
            state.synced = _LEFT
            return state
        self.return_synced.append(state.synced)
        state.synced = _LEFT
        control, cause, _ = self.current_control(state)
        if control.level > state.exited.level:
            self.exit_cause = cause or node
        state.exited = join(state.exited, Value(control.level, control.data))
        return state

    def stmt_Break(self, node: c_ast.Node, state: _State) -> _State:
        control, cause, _ = self.current_control(state)
        left = Value(control.level, control.data)
        state.escape = join(state.escape, left)
        loop = self.continues[-1] if self.continues else None
        if isinstance(node, c_ast.Continue) and loop is not None and control.level > Level.BLOCK:
            # `if (masked) { __syncthreads(); continue; }`: whether the threads that leave pass as many
            # barriers as those that stay is known at the iteration's end
            loop.append((state.synced, left, cause or node))
        else:
            self.desynchronise(state, left, cause or node)
        state.synced = _LEFT
        return state

    stmt_Continue = stmt_Break

    def desynchronise(self, state: _State, left: Value, cause: c_ast.Node) -> None:
        if left.level > state.desync.level:
            self.exit_cause = cause
        state.desync = join(state.desync, left)

    def stmt_Switch(self, node: c_ast.Switch, state: _State) -> _State:
        cond = self.condition(node, node.cond, state)
        self.control.append((cond, node, None))
        escape, desync, synced, walked = state.escape, state.desync, state.synced, self.barriers_walked
        state.escape = state.desync = GRID_CONSTANT
        out = self.statement(node.stmt, state)
        out.escape, out.desync = escape, desync
        out.synced = synced if self.barriers_walked == walked else None  # cases fall through: not counted
        self.control.pop()
        return out

    def stmt_Case(self, node: c_ast.Node, state: _State) -> _State:
        for item in node.stmts or ():
            state = self.statement(item, state)
        return state

    stmt_Default = stmt_Case

    def stmt_Label(self, node: c_ast.Label, state: _State) -> _State:
        return self.statement(node.stmt, state)

    def stmt_For(self, node: c_ast.For, state: _State) -> _State:
        state = self.statement(node.init, state)
        entry = self.result.loop_entries.get(id(node))
        self.result.loop_entries[id(node)] = dict(state.env) if entry is None else _merge(
            _State(entry, GRID_CONSTANT, (), GRID_CONSTANT), state).env
        trips = self._constant_trips(node, state)
        if trips is not None:
            return self._unrolled(node, trips[0], trips[1], state)
        return self._loop(node, node.cond, node.stmt, node.next, state, test_first=True)

    def _constant_trips(self, node: c_ast.For, state: _State) -> Optional[Tuple[str, List[int]]]:
        """The values a uniform induction variable takes, when the loop runs a small constant number of times."""
        var = _induction_variable(node)
        if var is None or var not in state.env or not state.env[var].is_thread_free:
            return None
        if var in assigned_names(node.stmt):
            return None
        values = self._trips(node.cond, var, lambda probe: self.expression(node.next, probe), state)
        return (var, values) if values is not None else None

    def _trips(self, cond: c_ast.Node, var: str, advance: Callable[["_State"], object],
               state: _State) -> Optional[List[int]]:
        """The values `var` takes while `cond` holds, `advance` moving it on, when they are a few constants
        (and the unrolling budget allows)."""
        values: List[int] = []
        probe = state.copy()
        probe.pending = ()
        saved = (self.result, self.control)
        self.result, self.control = UniformityResult(self.layout), []
        try:
            for _ in range(_MAX_UNROLLED_TRIPS + 1):
                current = probe.env[var].constant
                test = self.expression(cond, probe).constant
                if current is None or test is None:
                    return None
                if not test:
                    break
                values.append(current)
                advance(probe)
            else:
                return None
        finally:
            self.result, self.control = saved
        if len(values) > self.unroll_budget:
            return None
        self.unroll_budget -= len(values)
        return values

    def _unrolled(self, node: c_ast.Node, var: str, values: List[int], state: _State) -> _State:
        self.result.conditions[id(node)] = Value(Level.GRID)
        self.result.condition_nodes[id(node)] = node
        outer_bindings, outer_escape, outer_desync = self.bindings, state.escape, state.desync
        outer_synced = state.synced
        state.escape = state.desync = GRID_CONSTANT
        for value in values:
            state.env[var] = constant(value)
            self.bindings = outer_bindings + ((var, value),)
            # as for a loop walked whole: threads that `continue` after as many barriers as the iteration
            # passes rejoin the next iteration in step (`if (skip) { __syncthreads(); continue; }`)
            state.synced = 0
            self.continues.append([])
            state = self.statement(node.stmt, state)
            for synced, left, cause in self.continues.pop():
                if synced is None or synced != state.synced:
                    self.desynchronise(state, left, cause)
            outer_synced = _plus_synced(outer_synced, None if state.synced == _LEFT else state.synced)
        self.bindings = outer_bindings
        if values and isinstance(node, c_ast.For):
            state = self.statement(node.next, state)
        if state.escape.level > Level.BLOCK:
            for name in assigned_names(node.stmt):
                if name in state.env:
                    state.env[name] = join(state.env[name], Value(state.escape.level, state.escape.data))
        state.synced = outer_synced
        state.escape, state.desync = outer_escape, outer_desync
        return state

    def stmt_While(self, node: c_ast.While, state: _State) -> _State:
        # `while (stride < blockDim.x) { ...; stride *= 2; }`: each iteration, as a for loop's counter
        for var, (op, step) in scaled_locals(node.stmt).items():
            values = self._scaled_trips(node.cond, var, op, step, state)
            if values is not None:
                return self._unrolled(node, var, values, state)
        return self._loop(node, node.cond, node.stmt, None, state, test_first=True)

    def _scaled_trips(self, cond: c_ast.Node, var: str, op: str, step: int, state: _State) -> Optional[List[int]]:
        """The values a uniform local scaled once per iteration takes while `cond` holds, when known."""
        start = state.env.get(var)
        if start is None or not start.is_thread_free or start.constant is None:
            return None

        def advance(probe: _State) -> None:
            probe.env[var] = constant(LOOP_MULTIPLY[op](probe.env[var].constant, step))

        return self._trips(cond, var, advance, state)

    def stmt_DoWhile(self, node: c_ast.DoWhile, state: _State) -> _State:
        return self._loop(node, node.cond, node.stmt, None, state, test_first=False)

    def _loop(self, node, cond_node, body, step, state: _State, test_first: bool) -> _State:
        outer_escape, outer_desync, outer_synced = state.escape, state.desync, state.synced
        walked = self.barriers_walked
        head = state.copy()
        exit_state = state.copy()
        cond = GRID_CONSTANT
        first = _starting_value(node, head)
        for round_ in range(_MAX_FIXPOINT_ROUNDS):
            entry = head.copy()
            entry.synced = 0
            # the first round starts from the state before the loop: it is the loop's first iteration
            self.iterations.append(first if round_ == 0 else None)
            if test_first:
                cond = self.condition(node, cond_node, entry) if cond_node is not None else GRID_CONSTANT
                self.control.append(self._branch(cond, node, False))
            self.continues.append([])
            after = self.statement(body, entry)
            for synced, left, cause in self.continues.pop():
                if synced is None or synced != after.synced:
                    self.desynchronise(after, left, cause)
            after = self.statement(step, after) if step is not None else after
            if not test_first:
                cond = self.condition(node, cond_node, after)
                self.control.append(self._branch(cond, node, False))
            self.control.pop()
            self.iterations.pop()
            control = Value(max(cond.level, after.escape.level), cond.data or after.escape.data)
            exit_state = _merge(exit_state, after)
            merged = _merge(head, after)
            merged.escape = join(after.escape, control) if control.level > Level.BLOCK else after.escape
            if cond.level > Level.BLOCK:
                merged.desync = join(merged.desync, Value(cond.level, cond.data))
            if merged.env == head.env and merged.pending == head.pending and merged.escape == head.escape \
                    and merged.exited == head.exited and merged.desync == head.desync:
                break
            head = merged
        else:
            head = self._widen(head)
        result = _merge(head, exit_state)
        loop_control = head.escape  # the loop's own test and its break/continue conditions
        if loop_control.level > Level.BLOCK:
            for name in assigned_names(body, step):
                if name in result.env:
                    result.env[name] = join(result.env[name], Value(loop_control.level, loop_control.data))
        result.escape, result.desync = outer_escape, outer_desync
        result.synced = outer_synced if self.barriers_walked == walked else None
        return result

    @staticmethod
    def _widen(state: _State) -> _State:
        state.env = {n: Value(v.level, v.data) for n, v in state.env.items()}
        return state

    def condition(self, owner: c_ast.Node, cond: c_ast.Node, state: _State) -> Value:
        value, countable, guards = self._conjunction(cond, state)
        key = id(owner)
        if guards:
            self.result.guards[key] = guards
            self.counted[key] = countable
        else:
            self.counted.pop(key, None)
        previous = self.result.conditions.get(key)
        self.result.conditions[key] = value if previous is None else join(previous, value)
        self.result.condition_nodes[key] = owner
        sample = (self.bindings, countable, self.active_threads())
        _add_sample(self.result.samples.setdefault(key, []), sample)
        if self.iterations and None not in self.iterations:
            starts = tuple(binding for start in self.iterations for binding in start)
            _add_sample(self.result.first_trip_samples.setdefault(key, []), (starts + sample[0],) + sample[1:])
        return value

    def _conjunction(self, cond: c_ast.Node, state: _State) -> Tuple[Value, Value, Tuple[c_ast.Node, ...]]:
        """(the condition's value, the value its lanes are counted by, the parts assumed to hold). In
        `threadIdx.x == 0 && i >= 1` the runtime part is a guard, assumed to hold as every bounds guard
        is: the lanes that take the branch are those of the part known per thread."""
        if not (isinstance(cond, c_ast.BinaryOp) and cond.op == "&&"):
            value = self.expression(cond, state)
            return value, value, ()
        left, left_counted, left_guards = self._conjunction(cond.left, state)
        right, right_counted, right_guards = self._conjunction(cond.right, state)
        value = self.math.binary("&&", left, right)
        if value.per_thread() is not None or value.is_thread_free:
            return value, value, ()
        if left_counted.per_thread() is not None and right_counted.per_thread() is None:
            return value, left_counted, left_guards + (cond.right,)
        if right_counted.per_thread() is not None and left_counted.per_thread() is None:
            return value, right_counted, (cond.left,) + right_guards
        return value, value, ()

    # -- expressions -----------------------------------------------------------------------

    def expression(self, node: Optional[c_ast.Node], state: _State) -> Value:
        if node is None:
            return GRID_CONSTANT
        method = getattr(self, f"expr_{type(node).__name__}", None)
        if method is None:
            return _taint(self.expression(child, state) for _, child in node.children())
        return method(node, state)

    def expr_Constant(self, node: c_ast.Constant, state: _State) -> Value:
        text = node.value.rstrip("uUlL")
        if node.type in ("int", "unsigned int", "long int", "unsigned long int", "long long int",
                         "unsigned long long int") or text.isdigit():
            try:
                return constant(int(text, 0))
            except ValueError:
                return GRID_CONSTANT
        return GRID_CONSTANT

    def expr_ID(self, node: c_ast.ID, state: _State) -> Value:
        name = node.name
        if name in state.env:
            return state.env[name]
        if name in self.shared:
            return Value(Level.BLOCK)  # a shared scalar: one value per block
        if name == "warpSize":
            return constant(self.layout.warp_size)
        if name == "threadIdx":  # the whole uint3, copied or passed: its x varies from lane to lane
            return Value(Level.LANE)
        if name == "blockIdx":
            return Value(Level.BLOCK, ulevel=Level.BLOCK)
        if name in self.constants:
            return constant(self.constants[name])
        return GRID_CONSTANT  # file-scope constants, enumerators, __constant__ symbols

    def rebind(self, name: str, value: Optional[c_ast.Node], state: _State) -> None:
        """What the local `name` stands for once given `value` (None: something this does not follow): a copy
        of a built-in index, a pointer to another local; its old fields are gone."""
        if isinstance(value, c_ast.ID) and value.name in INDEX_VARIABLES and value.name not in state.env:
            self.index_copies[name] = value.name
        else:
            self.index_copies.pop(name, None)
        self.alias_pointer(name, value, state)
        for key in [key for key in state.env if key.startswith(name + ".")]:
            del state.env[key]

    def expr_StructRef(self, node: c_ast.StructRef, state: _State) -> Value:
        base = node.name.name if isinstance(node.name, c_ast.ID) else None
        member = node.field.name if isinstance(node.field, c_ast.ID) else ""
        field = _local_field(node, state)
        if field in state.env:
            return state.env[field]
        base = self.index_copies.get(base, base) if node.type == "." else base
        if base in INDEX_VARIABLES and base not in state.env and member in _THREAD_AXES:
            axis = _THREAD_AXES[member]
            if base == "threadIdx":
                return self.math.tabled(self.layout.components(axis))
            if base == "blockDim":
                return constant(self.layout.shape[axis])
            return Value(Level.BLOCK, ulevel=Level.BLOCK) if base == "blockIdx" else GRID_CONSTANT
        return _taint((self.expression(node.name, state),))

    def expr_BinaryOp(self, node: c_ast.BinaryOp, state: _State) -> Value:
        return self.math.binary(node.op, self.expression(node.left, state), self.expression(node.right, state))

    def expr_UnaryOp(self, node: c_ast.UnaryOp, state: _State) -> Value:
        if node.op == "sizeof":
            size = self.sizeof(node.expr) if isinstance(node.expr, c_ast.Typename) else None
            return GRID_CONSTANT if size is None else constant(size)
        if node.op == "&":
            return self.address(node.expr, state)
        if node.op == "*":
            pointee = self.pointee(node)
            return state.env[pointee] if pointee is not None else \
                self.load(None, self.expression(node.expr, state), node, state)
        if node.op in ("++", "--", "p++", "p--"):
            value = self.expression(node.expr, state)
            updated = self.math.binary("+" if "+" in node.op else "-", value, constant(1))
            self.assign(node.expr, updated, node, state)
            return updated if node.op in ("++", "--") else value
        if node.op == "+":
            return self.expression(node.expr, state)
        return self.math.unary(node.op, self.expression(node.expr, state))

    def expr_Cast(self, node: c_ast.Cast, state: _State) -> Value:
        return self.expression(node.expr, state)

    def expr_TernaryOp(self, node: c_ast.TernaryOp, state: _State) -> Value:
        cond = self.condition(node, node.cond, state)
        if cond.is_thread_free and cond.const is not None:
            return self.expression(node.iftrue if cond.const else node.iffalse, state)  # as for an if
        a, b = self.expression(node.iftrue, state), self.expression(node.iffalse, state)
        if cond.level <= Level.BLOCK and a == b:
            return a
        mask = self._mask(cond, False)
        pa, pb = self.math._exact_per_thread(a), self.math._exact_per_thread(b)
        if mask is not None and pa is not None and pb is not None:
            chosen = tuple(x if m else y for m, x, y in zip(mask, pa, pb))
            return self.math.tabled(chosen, data=a.data or b.data or cond.data)
        return _taint((cond, a, b))

    def expr_ExprList(self, node: c_ast.ExprList, state: _State) -> Value:
        value = GRID_CONSTANT
        for expr in node.exprs:
            value = self.expression(expr, state)
        return value

    def expr_Assignment(self, node: c_ast.Assignment, state: _State) -> Value:
        value = self.expression(node.rvalue, state)
        if node.op != "=":
            value = self.math.binary(node.op[:-1], self.expression(node.lvalue, state), value)
        self.assign(node.lvalue, value, node, state)
        return value

    def expr_ArrayRef(self, node: c_ast.ArrayRef, state: _State) -> Value:
        pointee = self.pointee(node)
        if pointee is not None:
            return state.env[pointee]
        array = _base_name(node)
        index = self.linear_index(node, state)
        return self.load(array, index, node, state)

    def expr_FuncCall(self, node: c_ast.FuncCall, state: _State) -> Value:
        name = callee_name(node)
        args = list(node.args.exprs) if node.args is not None else []
        values = [self.expression(a, state) for a in args]
        if self._is_block_barrier(name, node, args):
            self.barrier(node, name, state)
            return Value(Level.BLOCK) if name.startswith("__syncthreads_") else GRID_CONSTANT
        if name == "__syncwarp" or self._is_tile_sync(name, node, args):
            state.pending = tuple((w, True) for w, _ in state.pending)
            return GRID_CONSTANT
        if name in _WARP_VOTES:
            return Value(Level.WARP)  # one result for the whole warp, whatever each lane contributed
        if name in _BROADCAST_SHUFFLES | _LANE_SHUFFLES and len(values) >= 2:
            return self._shuffle(name, values)
        if name in _THREAD_VARYING_CALLS or name.startswith("atomic"):
            return Value(Level.LANE, data=True)
        group = _base_name(node.name.name) if isinstance(node.name, c_ast.StructRef) else None
        if group in self.groups:
            answer = group_query(node.name.field.name, self.groups[group], self.layout.size)
            if answer is not None:
                return constant(answer) if isinstance(answer, int) else self.math.tabled(answer)
        if name.endswith("thread_rank") or name.endswith("thread_index"):
            return Value(Level.LANE)
        if name == ASM_OUTPUT and not values:  # PTX reading a special register (%laneid, %clock): per lane
            return Value(Level.LANE)
        if name in self.functions and name not in self.call_stack and len(self.call_stack) < _MAX_CALL_DEPTH:
            return self.call(name, values, node, state)
        if name in MULTIPLY_24 and len(values) == 2:
            return self.math.binary("*", *values)
        if name in ("min", "max", "umin", "umax") and len(values) == 2:
            return self.math.binary(name[-3:], *values)
        return _taint(values)

    @staticmethod
    def _shuffle(name: str, values: List[Value]) -> Value:
        shuffled = values[1]
        if shuffled.level <= Level.WARP:
            return Value(shuffled.level)  # every lane holds the same value: any lane's copy is it
        source = values[2] if len(values) > 2 else GRID_CONSTANT
        if name in _BROADCAST_SHUFFLES and source.level <= Level.WARP:
            return Value(Level.WARP)  # all lanes read one lane
        return Value(Level.LANE, shuffled.data)

    def _is_tile_sync(self, name: str, call: c_ast.FuncCall, args: List[c_ast.Node]) -> bool:
        """`cg::sync(tile)` or `tile.sync()` for a tile of at most a warp: it orders that warp's lanes, as
        __syncwarp() does."""
        if name.endswith(".sync") and isinstance(call.name, c_ast.StructRef):
            group = _base_name(call.name.name)
        elif name == "sync" and len(args) == 1:
            group = _base_name(args[0])
        else:
            return False
        return group in self.groups and self.groups[group] <= self.layout.warp_size

    def _is_block_barrier(self, name: str, call: c_ast.FuncCall, args: List[c_ast.Node]) -> bool:
        """__syncthreads() and friends, and a cooperative-groups thread_block's sync()."""
        if name in _BARRIERS:
            return True
        if name.endswith(".sync") and isinstance(call.name, c_ast.StructRef):
            group = call.name.name
        elif name == "sync" and len(args) == 1:
            group = args[0]
        else:
            return False
        # a `thread_group g` parameter given the block (simpleCooperativeGroups' sumReduction) holds all of it
        return _base_name(group) in self.block_groups or _is_block_group_call(group) \
            or self.groups.get(_base_name(group) or "") == self.layout.size

    def call(self, name: str, args: List[Value], node: c_ast.FuncCall, state: _State) -> Value:
        func = self.functions[name]
        params = [p.name for p in (func.decl.type.args.params if func.decl.type.args else []) if getattr(p, "name", None)]
        known = evaluate_arguments(self.template_arguments(node),
                                   lambda name: self.expr_ID(c_ast.ID(name), state).constant)
        inner = _State({**{p: constant(v) for p, v in known.items()}, **dict(zip(params, args))},
                       state.exited, state.pending, GRID_CONSTANT, state.desync)
        for param in params[len(args):]:
            inner.env[param] = GRID_CONSTANT
        saved = (self.returns, self.call_site, self.groups, self.shadowed, self.views, self.return_synced,
                 self.continues, self.pointees, self.index_copies)
        self.returns, self.call_site, self.return_synced, self.continues = [], self.call_site or node, [], []
        arguments = node.args.exprs if node.args else []
        self.groups = {**self.groups, **passed_groups(params, arguments, self.groups)}
        # the helper's own names: a parameter given threadIdx (or a copy of it) is a copy of it there
        self.index_copies = {p: self.index_copies.get(a.name, a.name) for p, a in zip(params, arguments)
                             if isinstance(a, c_ast.ID) and self.index_copies.get(a.name, a.name) in INDEX_VARIABLES}
        # a parameter named like a shared array is that array only where the call passes the array itself
        self.shadowed = self.shadowed | {p for p, a in zip(params, arguments) if p in self.shared
                                         and not (isinstance(a, c_ast.ID) and a.name == p)}
        # another overload of the name (dct8x8's CUDAshortInplaceDCT(short *, int) and (unsigned int *)) may
        # take elements of another size: a pointer is followed only into a helper of the call's arity
        views = {p: self.shared_view(a, state) for p, a in zip(params, arguments)} \
            if len(params) == len(arguments) else {}
        self.views = {**{k: v for k, v in self.views.items() if k not in params},
                      **{p: v for p, v in views.items() if v is not None and not self.is_shared(p)}}
        locals_pointed = {p: local for p, a in zip(params, arguments)
                          if (local := self.local_address(a, state)) is not None}
        for param, local in locals_pointed.items():
            inner.env[pointee_name(param)] = state.env[local]
        self.pointees = {param: pointee_name(param) for param in locals_pointed}
        self.call_stack.append(name)
        try:
            inner = self.statement(func.body, inner)
        finally:
            self.call_stack.pop()
            self.groups, self.shadowed, self.views, self.pointees = saved[2], saved[3], saved[4], saved[7]
            self.index_copies = saved[8]
        returned, (self.returns, self.call_site) = self.returns, saved[:2]
        for param, local in locals_pointed.items():
            state.env[local] = inner.env.get(pointee_name(param), state.env[local])
        counts = set(self.return_synced) | ({inner.synced} - {_LEFT})
        self.return_synced, self.continues = saved[5], saved[6]
        state.pending = inner.pending
        state.synced = _plus_synced(state.synced, counts.pop() if len(counts) == 1 else None)
        value = _taint(returned) if returned else GRID_CONSTANT
        if returned and all(r == returned[0] for r in returned):
            value = returned[0]
        return value

    def pointee(self, node: c_ast.Node) -> Optional[str]:
        """The local that `*p` or `p[0]` is, for a pointer parameter given a local's address."""
        pointer = dereferenced_pointer(node)
        return self.pointees.get(pointer) if pointer is not None else None

    def alias_pointer(self, name: str, value: Optional[c_ast.Node], state: _State) -> None:
        """`unsigned* p = &t;`: `*p` is t from here on, as for a helper's parameter given `&t`."""
        local = self.local_address(value, state) if value is not None else None
        if local is not None:
            self.pointees[name] = local
        else:
            self.pointees.pop(name, None)

    def local_address(self, arg: c_ast.Node, state: _State) -> Optional[str]:
        """The caller's local a pointer argument points to: `&sx` of a scalar local, or a pointer
        parameter that already stands for one, passed on."""
        if isinstance(arg, c_ast.ID):
            return self.pointees.get(arg.name)
        name = addressed_name(arg)
        if name is None or name not in state.env or name in self.local_arrays or self.is_shared(name) \
                or name in self.views:
            return None
        return name

    # -- memory ----------------------------------------------------------------------------

    def linear_index(self, node: c_ast.ArrayRef, state: _State) -> Value:
        """The element index of a (possibly multi-dimensional) array reference."""
        subscripts: List[c_ast.Node] = []
        base: c_ast.Node = node
        while isinstance(base, c_ast.ArrayRef):
            subscripts.insert(0, base.subscript)
            base = base.name
        name = base.name if isinstance(base, c_ast.ID) else None
        dims = self.shared.get(name or "", ()) if self.is_shared(name) else ()
        index = self.expression(subscripts[0], state)
        for depth, sub in enumerate(subscripts[1:], start=1):
            extent = dims[depth] if depth < len(dims) else None
            scale = constant(extent) if extent is not None else Value(Level.GRID)
            index = self.math.binary("+", self.math.binary("*", index, scale), self.expression(sub, state))
        if not isinstance(base, c_ast.ID):
            index = _taint((index, self.expression(base, state)))
        return index

    def address(self, node: c_ast.Node, state: _State) -> Value:
        if isinstance(node, c_ast.ArrayRef):
            return _taint((self.linear_index(node, state),))
        return self.expression(node, state) if not isinstance(node, c_ast.ID) else GRID_CONSTANT

    def shared_view(self, node: Optional[c_ast.Node], state: _State) -> Optional[Tuple[str, Value]]:
        """The shared array a pointer expression points into and the element it points at: `sdata`,
        `sdata + k`, `&tile[r][0]`, a pointer already bound to one, or one cast to another element type
        (`(float*)(smem + n * sizeof(float))` carved from an `extern __shared__ char smem[]`)."""
        if isinstance(node, c_ast.Cast) and isinstance(getattr(node.to_type, "type", None), c_ast.PtrDecl):
            view = self.shared_view(node.expr, state)
            return None if view is None else self.retyped_view(view, node.to_type.type, node.expr)
        if isinstance(node, c_ast.ID):
            if node.name in self.views:
                return self.views[node.name]
            if self.is_shared(node.name) and self.shared.get(node.name):  # an array, not a shared scalar
                return node.name, constant(0)
            return None
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            view = self.shared_view(node.left, state)
            if view is not None:
                return view[0], self.math.binary(node.op, view[1], self.expression(node.right, state))
            view = self.shared_view(node.right, state) if node.op == "+" else None
            if view is not None:
                return view[0], self.math.binary("+", view[1], self.expression(node.left, state))
            return None
        if isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ArrayRef):
            return self.shared_element(node.expr, state)
        return None

    def retyped_view(self, view: Tuple[str, Value], pointer: c_ast.PtrDecl,
                     start: c_ast.Node) -> Optional[Tuple[str, Value]]:
        """`view` seen through a pointer to another element type: the array's bytes as elements of that
        size, one array for every view of that size (`S` and `warp_data` of one buffer are compared with
        each other, element for element), named `array@size`, which no C name spells. A view from an
        offset the same in every thread but unknown (`smem + n * sizeof(float)`, n a runtime size) is an
        array of its own, named with that start: its elements compare with each other's, not with the
        rest of the buffer's, which a carved buffer keeps apart by design."""
        array, offset = view
        size = self.sizeof(c_ast.Typename(None, [], None, pointer.type))
        element = self.element_sizes.get(array)
        if size is None or element is None:
            return None
        if size == element:
            return view
        retyped = f"{declared_array(array)}@{size}"
        if offset.is_thread_free and offset.constant is None:
            retyped, offset = f"{retyped}:{c_generator.CGenerator().visit(start)}", constant(0)
        self.element_sizes[retyped] = size
        offset_bytes = self.math.binary("*", offset, constant(element))
        return retyped, self.math.binary("/", offset_bytes, constant(size))

    def accessed_element(self, node: c_ast.Node, state: _State) -> Tuple[Optional[Tuple[str, Value]], int]:
        """The shared array and first element an lvalue accesses, and how many elements it covers: `tile[r][c]`,
        or `*reinterpret_cast<int4*>(&tile[r][c])`, four floats at once."""
        if isinstance(node, c_ast.ArrayRef):
            return self.shared_element(node, state), 1
        if not (isinstance(node, c_ast.UnaryOp) and node.op == "*" and isinstance(node.expr, c_ast.Cast)):
            return None, 1
        view = self.shared_view(node.expr.expr, state)
        pointee = getattr(node.expr.to_type, "type", None)
        if view is None or not isinstance(pointee, c_ast.PtrDecl):
            return None, 1
        size = self.sizeof(c_ast.Typename(None, [], None, pointee.type))
        element = self.element_sizes.get(view[0])
        if size is None or element is None or size % element:
            return None, 1
        return view, size // element

    def shared_element(self, node: c_ast.ArrayRef, state: _State) -> Optional[Tuple[str, Value]]:
        """The shared array and linear element of `tile[r][c]`, or of `s[i]` through a pointer into one."""
        array = _base_name(node)
        if self.is_shared(array):
            return array, self.linear_index(node, state)
        if array in self.views and isinstance(node.name, c_ast.ID):
            real, offset = self.views[array]
            return real, self.math.binary("+", offset, self.expression(node.subscript, state))
        return None

    def bind_view(self, name: str, pointer: Optional[c_ast.Node], state: _State) -> None:
        view = self.shared_view(pointer, state) if pointer is not None else None
        if view is None:
            self.views.pop(name, None)
        else:
            self.views[name] = view

    def is_shared(self, name: Optional[str]) -> bool:
        """Whether `name` is one of the kernel's shared arrays here: a helper's parameter of the same name
        bound to something else (HeCBench langford's `Availability<n> &availability`, given
        `availability[threadIdx.x]`, one thread's row) is not."""
        return name in self.shared and name not in self.shadowed

    def load(self, array: Optional[str], index: Value, node: c_ast.Node, state: _State) -> Value:
        if array is not None and array in state.env:  # a local array or a pointer
            local = state.env[array]
            if array in self.local_arrays:
                return _taint((local, index))
            address = _taint((local, index))
        else:
            address = index
        element, width = self.accessed_element(node, state)
        if element is not None:
            self.shared_read(*element, node, state, width)
            floor = Level.BLOCK
        else:
            floor = Level.GRID
        if address.level == Level.LANE:
            return Value(Level.LANE, data=True)
        return Value(max(address.level, floor), address.data)

    def assign(self, target: c_ast.Node, value: Value, node: c_ast.Node, state: _State) -> None:
        value = under_control(value, self.branch_control())
        pointee = self.pointee(target)
        if pointee is not None:
            state.env[pointee] = value
            return
        if isinstance(target, c_ast.ID):
            if self.is_shared(target.name):
                return
            rvalue = node.rvalue if isinstance(node, c_ast.Assignment) and node.op == "=" else None
            self.rebind(target.name, rvalue, state)
            state.env[target.name] = value
            self.bind_view(target.name, rvalue, state)
            return
        field = _local_field(target, state)
        if field is not None:  # `c.t = threadIdx.x` of a by-value local: the field is a local of its own
            state.env[field] = value
            base = field.split(".", 1)[0]
            state.env[base] = join(state.env[base], value)  # the whole struct, copied or passed, holds it
            return
        array = _base_name(target)
        element, width = self.accessed_element(target, state)
        if element is not None:
            self.shared_write(*element, target, state, width)
            return
        if array in self.local_arrays and array in state.env:
            state.env[array] = join(state.env[array], value)  # one element of a local array: weak update
        else:
            for _, child in target.children():
                self.expression(child, state)

    # -- barriers and shared-memory ordering ------------------------------------------------

    def barrier(self, node: c_ast.FuncCall, name: str, state: _State) -> None:
        self.barriers_walked += 1
        state.synced = _plus_synced(state.synced, 1)
        control, cause, after_exit = self.current_control(state)
        site = self.call_site or node
        previous = self.result.barriers.get(id(site))
        if previous is None or control.level > previous.control.level:
            self.result.barriers[id(site)] = BarrierSite(site, control, cause, name, after_exit)
        state.pending = ()

    def shared_write(self, array: str, index: Value, node: c_ast.Node, state: _State, width: int = 1) -> None:
        write = SharedAccess(array, node, index, self.may_run(), width=width)
        for read, synced in state.pending:  # a write over what another thread read since the barrier
            if not read.is_write and read.array == array:
                race = _find_race(write, read, synced, self.layout)
                if race is not None:
                    self.result.races.setdefault((id(node), id(read.node)), replace(race, write_first=False))
        self._remember(write, state)

    def shared_read(self, array: str, index: Value, node: c_ast.Node, state: _State, width: int = 1) -> None:
        read = SharedAccess(array, node, index, self.may_run(), is_write=False, width=width)
        for write, synced in state.pending:
            if write.is_write and write.array == array:
                race = _find_race(write, read, synced, self.layout)
                if race is not None:
                    self.result.races.setdefault((id(write.node), id(read.node)), race)
        self._remember(read, state)

    @staticmethod
    def _remember(access: SharedAccess, state: _State) -> None:
        """The access, in place of the one the same expression made before (a loop's earlier pass)."""
        kept = tuple(p for p in state.pending if p[0].node is not access.node)
        state.pending = kept + ((access, False),)


def declared_array(array: str) -> str:
    """The `__shared__` array a race's accesses are in: a retyped view (`smem@4`) names the buffer it was
    carved from."""
    return array.split("@")[0]


def _find_race(write: SharedAccess, read: SharedAccess, synced: bool, layout: ThreadLayout) -> Optional[Race]:
    """A reader thread that reads an element another thread wrote, both of which may run."""
    wanted = _elements(read.index, layout.size)
    if wanted is not None:
        owners = _writers_by_element(write, layout.size)
        if owners is None:
            return None
        candidates = ((reader, writer) for reader, element in enumerate(wanted)
                      for covered in range(element, element + read.width) for writer in owners.get(covered, ()))
    elif read.index.is_thread_free and not read.index.data and not write.index.data:
        # one element for the whole block, its number unknown (`sh[i * 7 + 2]` in a loop to a runtime
        # count): any element another thread wrote may be it
        writers = [t for t in range(layout.size) if write.active is None or write.active[t]]
        readers = [t for t in range(layout.size) if read.active is None or read.active[t]]
        # the first and last readers suffice: one of them differs from, or sits in another warp than, a writer
        candidates = ((reader, writer) for reader in dict.fromkeys(readers[:1] + readers[-1:]) for writer in writers)
    else:
        return None
    warp = layout.warp_size
    first: Optional[Tuple[int, int]] = None
    for reader, writer in candidates:
        if read.active is not None and not read.active[reader]:
            continue
        same_warp = writer // warp == reader // warp
        if writer != reader and (not synced or not same_warp):
            first = first or (reader, writer)
            if not same_warp:  # the fix is a block barrier: no need to look further
                return Race(write, read, first[1], first[0], synced)
    return None if first is None else Race(write, read, first[1], first[0], synced, one_warp=True)


def _elements(index: Value, size: int) -> Optional[Table]:
    """The element every thread accesses; a constant index (`s[0]`) is the same one in all of them."""
    table = index.per_thread()
    if table is None and index.constant is not None:
        return (index.constant,) * size
    return table


@lru_cache(maxsize=256)
def _writers_by_element(write: SharedAccess, size: int) -> Optional[Dict[int, Tuple[int, ...]]]:
    written = _elements(write.index, size)
    if written is None:
        return None
    owners: Dict[int, List[int]] = {}
    for thread, element in enumerate(written):
        if write.active is None or write.active[thread]:
            for covered in range(element, element + write.width):
                owners.setdefault(covered, []).append(thread)
    return {element: tuple(threads[:2]) for element, threads in owners.items()}  # two suffice to find another


def _is_block_group_call(node: Optional[c_ast.Node]) -> bool:
    """this_thread_block() (cg:: dropped by the front end) or this_grid()."""
    return isinstance(node, c_ast.FuncCall) and callee_name(node) in ("this_thread_block", "this_grid")


def _add_sample(samples: list, sample: tuple) -> None:
    if sample not in samples:
        samples.append(sample)


def _starting_value(node: c_ast.Node, state: _State) -> Tuple[Tuple[str, int], ...]:
    """(counter, value) of a for loop whose counter starts from a constant, as its first iteration sees it."""
    var = _induction_variable(node) if isinstance(node, c_ast.For) else None
    value = state.env.get(var) if var is not None else None
    return ((var, value.constant),) if value is not None and value.constant is not None else ()


def _induction_variable(node: c_ast.For) -> Optional[str]:
    """`s` in for (...; s OP bound; s op= k) when the test and the step both name it."""
    step = node.next
    if isinstance(step, c_ast.Assignment) and isinstance(step.lvalue, c_ast.ID):
        var = step.lvalue.name
    elif isinstance(step, c_ast.UnaryOp) and step.op in ("++", "--", "p++", "p--") and isinstance(step.expr, c_ast.ID):
        var = step.expr.name
    else:
        return None
    cond = node.cond
    if isinstance(cond, c_ast.BinaryOp) and var in {getattr(cond.left, "name", None), getattr(cond.right, "name", None)}:
        return var
    return None


def analyse(
    body: c_ast.Compound,
    shape: BlockShape,
    *,
    shared: Mapping[str, Tuple[Optional[int], ...]] = {},
    params: Sequence[str] = (),
    functions: Mapping[str, c_ast.FuncDef] = {},
    constants: Mapping[str, int] = {},
    warp_size: int = WARP_SIZE,
    template_arguments: Callable[[c_ast.FuncCall], Sequence[Tuple[str, str]]] = lambda call: (),
    sizeof: Callable[[c_ast.Node], Optional[int]] = lambda typename: None,
    element_sizes: Mapping[str, int] = {},
) -> UniformityResult:
    """Uniformity of every condition, barrier and shared access of `body` for one block shape."""
    walker = UniformityWalker(ThreadLayout(shape, warp_size), shared, params, functions, constants,
                              template_arguments, sizeof, element_sizes)
    return walker.run(body)


def analyse_kernel(unit, kernel, shape: BlockShape, warp_size: int = WARP_SIZE) -> UniformityResult:
    """`analyse` for a kernel of the model (kernel_lint.model.Kernel in kernel_lint.model.TranslationUnit)."""
    return analyse(
        kernel.body,
        shape,
        shared={array.name: tuple(array.dims) for array in kernel.shared_arrays},
        params=[param.name for param in kernel.params if param.name not in kernel.argument_values],
        functions=unit.functions_seen_by(kernel),
        constants={**unit.constants, **kernel.template_values, **kernel.argument_values},
        warp_size=warp_size,
        template_arguments=unit.template_arguments_of,
        sizeof=lambda typename: sizeof_typename(typename, unit, modelled_type_arguments(kernel)),
        element_sizes={array.name: array.element.element_size for array in kernel.shared_arrays
                       if array.element.element_size},
    )
