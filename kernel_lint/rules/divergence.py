"""KL3xx: branches and loops that split the lanes of a warp.

A warp executes one instruction for all its lanes; when a branch condition differs between lanes
of one warp, the warp runs each side in turn with the other lanes idle. The uniformity analysis
says which conditions vary across lanes; for a concrete block shape its per-thread tables say
which lanes take each branch, so the rules count idle lanes instead of guessing. Conditions whose
lanes cannot be counted (a comparison with a runtime `n`, data read from memory) are bounds guards
or data-dependent branches and are not reported.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from pycparser import c_ast

from kernel_lint.analyses.block_shapes import BlockShape, block_shapes, shape_details
from kernel_lint.analyses.expressions import expanded, single_definitions, text
from kernel_lint.analyses.uniformity import (
    Level,
    Table,
    ThreadLayout,
    UniformityResult,
    Value,
    analyse_kernel,
    assigned_names,
)
from kernel_lint.findings import Category, Finding, Severity
from kernel_lint.model import walk
from kernel_lint.registry import Rule, RuleFamily

DIVERGENT_BRANCH = Rule(
    code="KL301",
    name="divergent-branch",
    category=Category.DIVERGENCE,
    default_severity=Severity.WARNING,
    summary="A branch condition splits the lanes of a warp into interleaved groups that run one after the other.",
)
INTERLEAVED_REDUCTION = Rule(
    code="KL302",
    name="interleaved-reduction",
    category=Category.DIVERGENCE,
    default_severity=Severity.WARNING,
    summary="A tree reduction selects its active threads with `t % (2*stride) == 0`, leaving most lanes of every warp idle.",
)
LANE_DEPENDENT_TRIP_COUNT = Rule(
    code="KL303",
    name="lane-dependent-trip-count",
    category=Category.DIVERGENCE,
    default_severity=Severity.WARNING,
    summary="A loop runs a different number of iterations in lanes of the same warp.",
)
REDUCTION_WARP_TAIL = Rule(
    code="KL304",
    name="reduction-warp-tail",
    category=Category.DIVERGENCE,
    default_severity=Severity.INFO,
    summary="A tree reduction keeps its active threads contiguous but runs its last steps with fewer than 32 lanes.",
)
SINGLE_LANE_LOOP = Rule(
    code="KL305",
    name="single-lane-loop",
    category=Category.DIVERGENCE,
    default_severity=Severity.WARNING,
    summary="A loop runs in one lane of a warp (`if (threadIdx.x == 0) for (...)`) while the other lanes wait.",
)

SEQUENTIAL_ADDRESSING = "for (s = blockDim.x / 2; s > 0; s >>= 1) { if (t < s) sdata[t] += sdata[t + s]; __syncthreads(); }"


@dataclass(frozen=True)
class LaneSplit:
    """How one evaluation of a condition splits the warps that reach it."""

    bindings: Tuple[Tuple[str, int], ...]  # unrolled loop variables, e.g. (("stride", 4),)
    reaching_warps: int
    divergent_warps: int
    idle_lanes: int  # summed over divergent warps, while the taken side runs
    taken_lanes: int  # summed over divergent warps
    contiguous: bool  # the taking threads form one range of thread ids
    taking_threads: int  # every reaching thread that takes the branch


def split_of(taken: Table, reaching: Optional[Table], layout: ThreadLayout, bindings=()) -> LaneSplit:
    reach = reaching or (1,) * layout.size
    reaching_warps = divergent = idle = taking = 0
    for warp in layout.warps():
        lanes = [i for i in warp if reach[i]]
        if not lanes:
            continue
        reaching_warps += 1
        yes = sum(1 for i in lanes if taken[i])
        if 0 < yes < len(lanes):
            divergent += 1
            idle += len(warp) - yes  # a block narrower than a warp has no more lanes to idle
            taking += yes
    flags = [taken[i] for i in range(layout.size) if reach[i]]
    first = flags.index(1) if 1 in flags else 0
    last = len(flags) - flags[::-1].index(1) if 1 in flags else 0
    contiguous = all(flags[first:last])  # among the threads that reach it, the taking ones form one run
    return LaneSplit(tuple(bindings), reaching_warps, divergent, idle, taking, contiguous, sum(flags))


def _taken_table(value: Value, layout: ThreadLayout) -> Optional[Table]:
    if value.is_thread_free:
        return None if value.const is None else (int(bool(value.const)),) * layout.size
    values = value.per_thread()
    return None if values is None else tuple(int(bool(v)) for v in values)


def _counted_splits(samples, layout: ThreadLayout) -> Optional[List[LaneSplit]]:
    splits: List[LaneSplit] = []
    for bindings, value, reaching in samples:
        taken = _taken_table(value, layout)
        if taken is None:
            return None
        splits.append(split_of(taken, reaching, layout, bindings))
    return splits


def lane_splits(result: UniformityResult, node: c_ast.Node) -> Optional[List[LaneSplit]]:
    """Every evaluation of `node`'s condition as lane counts; None when some cannot be counted."""
    return _counted_splits(result.samples.get(id(node), ()), result.layout)


def first_trip_splits(result: UniformityResult, node: c_ast.Node) -> Optional[List[LaneSplit]]:
    """The lane counts of `node`'s condition in the first iteration of the runtime-bounded loops around it."""
    return _counted_splits(result.first_trip_samples.get(id(node), ()), result.layout) or None


def _reduction_idle(splits: Sequence[LaneSplit], warp_lanes: int) -> float:
    """Idle lanes over every step of a reduction, of the lane slots of the warps that run its body."""
    slots = sum(s.taking_threads - s.taken_lanes + s.divergent_warps * warp_lanes for s in splits)
    return sum(s.idle_lanes for s in splits) / slots if slots else 0.0


def _idle_fraction(splits: Sequence[LaneSplit], warp_lanes: int) -> float:
    divergent = sum(s.divergent_warps for s in splits)
    return sum(s.idle_lanes for s in splits) / (divergent * warp_lanes) if divergent else 0.0


# A contiguous reduction's sub-warp steps are a tail worth an info while most of the lane slots of the
# warps running its body are busy: a 256-thread block's tree idles 34% of them over all its steps. When
# the steps below a warp are most of the reduction, it is the reduction: one warp reducing 32 values
# idles 81% (ncu on an H100, HeCBench concurrentKernels), a 64-thread scan's tree 50% (HeCBench scan).
# 0.4 is where the validation against ncu calls a branch divergent (benchmarks/validate_with_ncu.py).
TAIL_DOMINATES_IDLE = 0.4

_SELECT_STATEMENTS = 2  # register-only assignments per side that compilers turn into selects


def is_select_like(node: c_ast.If) -> bool:
    """Both sides only assign a few locals from registers (no memory access, call or control flow), and
    at most one side computes: nvcc predicates such a branch, so the lanes of a one-sided update
    (`if (lane >= offset) v += n;`) or of a choice between values (`x = c ? a : b` written as an if) idle
    for an instruction. Two sides that both compute are both issued to every lane, each with the other
    side's lanes masked off: the serialization of a divergent branch, without the branch
    (`if (threadIdx.x & 1) x = x * a + b; else x = x * c - d;`, two predicated FFMAs per iteration)."""
    sides = [_statements(side) for side in (node.iftrue, node.iffalse) if side is not None]
    if any(len(statements) > _SELECT_STATEMENTS or not all(_is_register_assignment(st) for st in statements)
           for statements in sides):
        return False
    return sum(any(_computes(st) for st in statements) for statements in sides) <= 1


def _statements(side: c_ast.Node) -> list:
    return (side.block_items or []) if isinstance(side, c_ast.Compound) else [side]


def _computes(statement: c_ast.Node) -> bool:
    """An assignment whose value takes an instruction beyond a move (`x = a * b`, `x += n`, `x++`); a
    negation (`x = -v`) is an operand modifier of whatever uses it."""
    if isinstance(statement, c_ast.Assignment):
        value = statement.rvalue
        while isinstance(value, c_ast.Cast) or (isinstance(value, c_ast.UnaryOp) and value.op in ("-", "+")):
            value = value.expr
        return statement.op != "=" or not isinstance(value, (c_ast.ID, c_ast.Constant))
    return isinstance(statement, c_ast.UnaryOp)


def only_prints(node: c_ast.If) -> bool:
    """Both sides only call printf: diagnostic output, not the kernel's work."""
    statements = [st for side in (node.iftrue, node.iffalse) if side is not None for st in _statements(side)]
    return bool(statements) and all(isinstance(st, c_ast.FuncCall) and isinstance(st.name, c_ast.ID)
                                    and st.name.name == "printf" for st in statements)


def _is_register_assignment(statement: c_ast.Node) -> bool:
    """`x = a + b;`, `x++;` or `return v;` of registers: each side of a select."""
    if isinstance(statement, c_ast.Assignment):
        target = statement.lvalue
    elif isinstance(statement, c_ast.UnaryOp) and statement.op in ("++", "--", "p++", "p--"):
        target = statement.expr
    elif isinstance(statement, c_ast.Return) and statement.expr is not None:
        target = c_ast.ID("")  # a helper's `if (rank == 0) return v; else return -1;`
    else:
        return False
    if not isinstance(target, c_ast.ID):
        return False
    stack = [statement]
    while stack:
        current = stack.pop()
        if isinstance(current, (c_ast.ArrayRef, c_ast.FuncCall, c_ast.StructRef)) or (
                isinstance(current, c_ast.UnaryOp) and current.op == "*"):
            return False
        stack.extend(child for _, child in current.children())
    return True


def _has_modulo(node: c_ast.Node) -> bool:
    return any(isinstance(n, c_ast.BinaryOp) and n.op in ("%", "&") for n in walk(node))


_COMPARISONS = ("<", "<=", ">", ">=", "!=")


def _loop_bound(loop: c_ast.Node) -> Optional[c_ast.Node]:
    """The side of a loop's comparison that the loop does not step (`flagCount` of
    `for (i = 0; i < flagCount; i++)`, `blockSize` of `while (encodeIndex < blockSize)`)."""
    cond = loop.cond
    if not (isinstance(cond, c_ast.BinaryOp) and cond.op in _COMPARISONS):
        return None
    stepped = set(assigned_names(loop.stmt, getattr(loop, "next", None)))
    sides = [side for side in (cond.left, cond.right) if not (isinstance(side, c_ast.ID) and side.name in stepped)]
    return sides[0] if len(sides) == 1 else None


def _exits_on_data(body: Optional[c_ast.Node], result: UniformityResult, on_data: bool = False) -> bool:
    """A `break` or `return` in `body` (not one of a loop or switch inside it) under a condition on data."""
    for _, child in (body.children() if body is not None else ()):
        if isinstance(child, (c_ast.For, c_ast.While, c_ast.DoWhile, c_ast.Switch)):
            continue
        if isinstance(child, (c_ast.Break, c_ast.Return)) and on_data:
            return True
        condition = result.conditions.get(id(child)) if isinstance(child, c_ast.If) else None
        if _exits_on_data(child, result, on_data or (condition is not None and condition.data)):
            return True
    return False


def _loops(node: Optional[c_ast.Node]) -> List[c_ast.Node]:
    return [n for n in walk(node) if isinstance(n, (c_ast.For, c_ast.While, c_ast.DoWhile))]


def _varies_with_the_loop(splits: Sequence[LaneSplit]) -> bool:
    """The number of threads taking the branch changes from step to step of the enclosing loop, as in a
    tree reduction, whether the condition names the loop variable (`t < s`) or a local computed from it
    (`index = 2 * s * t; if (index < blockDim.x)`: t < blockDim.x / (2 s))."""
    return len({s.taking_threads for s in splits}) > 1


def _loop_variables(splits: Sequence[LaneSplit]) -> Tuple[str, ...]:
    names: List[str] = []
    for split in splits:
        for name, _ in split.bindings:
            if name not in names:
                names.append(name)
    return tuple(names)


def _first_iteration(split: LaneSplit) -> str:
    values = ", ".join(f"{name} = {value}" for name, value in split.bindings)
    return " in the first iteration of its runtime-bounded loop" + (f" ({values})" if values else "")


def _percent(fraction: float) -> str:
    return f"{round(fraction * 100)}%"


class _KernelCheck:
    """The KL3xx findings of one kernel for one block shape and GPU."""

    def __init__(self, ctx, kernel, use: BlockShape, gpu, result: UniformityResult):
        self.ctx, self.kernel, self.use, self.gpu, self.result = ctx, kernel, use, gpu, result
        self.warp_size = result.layout.warp_size
        self.warp_lanes = min(self.warp_size, result.layout.size)  # a 16-thread block fills half a warp
        self.min_idle = ctx.settings.thresholds.divergence_min_idle_fraction

    def finding(self, rule: Rule, node: c_ast.Node, message: str, details: dict, hint: str) -> Finding:
        details = {**details, **shape_details(self.kernel, self.use), "warp_size": self.warp_size}
        return self.ctx.finding(rule, node, message, kernel=self.kernel.name, gpu=self.gpu_name,
                                details=details, hint=hint)

    @property
    def gpu_name(self) -> Optional[str]:
        return getattr(self.gpu, "name", None)

    @property
    def block_text(self) -> str:
        return self.use.describe()

    def run(self) -> Iterator[Finding]:
        for key, node in self.result.condition_nodes.items():
            value = self.result.conditions[key]
            if value.level < Level.LANE or isinstance(node, c_ast.TernaryOp):
                continue
            if value.data and not (isinstance(node, c_ast.If) and key in self.result.guards):
                continue  # a branch on loaded data, unless a conjunct known per lane splits the warp by itself
            if isinstance(node, c_ast.If):
                yield from self.branch(node)
            elif isinstance(node, c_ast.For):
                yield from self.loop(node)

    def branch(self, node: c_ast.If) -> Iterator[Finding]:
        splits = lane_splits(self.result, node)
        first_trip = splits is None
        if first_trip:
            splits = first_trip_splits(self.result, node)
        if not splits:
            return
        divergent = [s for s in splits if s.divergent_warps]
        if not divergent:
            return
        if all(s.taken_lanes == s.divergent_warps for s in divergent):
            if any(self.serial(loop) for loop in _loops(node.iftrue)):
                yield self.single_lane_loop(node, divergent)
            return  # one lane per warp (lane == 0 after a shuffle reduction, tid == 0): a cheap, idiomatic store
        if self.result.conditions[id(node)].first_block:
            return  # an edge of the grid (`x == 0`): the other blocks' warps do not split
        if is_select_like(node):
            return  # `if (lane >= offset) v += n;`: predicated, its lanes idle for an instruction
        if only_prints(node):
            return  # `if (rank == 0) printf(...)`: diagnostic output
        idle = _idle_fraction(divergent, self.warp_lanes)
        if idle <= self.min_idle:
            return
        loop_vars = _loop_variables(splits)
        condition = self.ctx.unit.source_text(node.cond)
        if all(s.contiguous for s in splits):
            if loop_vars and _varies_with_the_loop(splits):
                yield self.warp_tail(node, condition, splits, divergent, loop_vars)
            return
        if loop_vars and _varies_with_the_loop(splits) and _has_modulo(node.cond):
            yield self.interleaved(node, condition, splits, divergent, idle, loop_vars)
            return
        worst = max(divergent, key=lambda s: s.divergent_warps / s.reaching_warps)
        message = (
            f"`{condition}` splits the lanes of {worst.divergent_warps} of {worst.reaching_warps} warps "
            f"for {self.block_text}: each divergent warp runs the branch with {_percent(idle)} of its lanes idle"
            + (" and then the else branch with the others idle" if node.iffalse is not None else "")
            + (_first_iteration(worst) if first_trip else "")
            + self.assuming(node)
        )
        yield self.finding(
            DIVERGENT_BRANCH, node.cond, message,
            {"idle_fraction": round(idle, 4), "divergent_warps": worst.divergent_warps,
             "warps": worst.reaching_warps},
            "make the condition depend on the warp (e.g. threadIdx.x / 32) rather than the lane, "
            "or remap the work so that whole warps take the same side",
        )

    def serial(self, loop: c_ast.Node) -> bool:
        """A loop worth a warp's idle lanes: neither its bound nor an exit from it is data (how long it
        runs is then the input's doing, as for a data-dependent branch: a search that breaks where it
        finds its key) and it is not known to end within a warp's width of iterations (a few loads summed
        by one lane cost less than a shuffle reduction's setup)."""
        bound = _loop_bound(loop)
        if bound is not None and self.result.evaluate(bound, self.result.variables).data:
            return False
        if _exits_on_data(loop.stmt, self.result):
            return False
        trips = _constant_trips(loop, self.result)
        if trips is None:
            trips = _remainder_trips(loop, self.result, single_definitions(self.kernel.body))
        return trips is None or trips >= self.warp_size

    def single_lane_loop(self, node: c_ast.If, divergent: Sequence[LaneSplit]) -> Finding:
        idle = _idle_fraction(divergent, self.warp_lanes)
        warps = max(s.divergent_warps for s in divergent)
        reaching = max(s.reaching_warps for s in divergent)
        where = " of the grid's first block" if self.result.conditions[id(node)].first_block else ""
        message = (
            f"`{self.ctx.unit.source_text(node.cond)}` runs a loop in one lane of {warps} of {reaching} warps"
            f"{where} for {self.block_text}: the warp's other {self.warp_lanes - 1} lanes ({_percent(idle)}) idle "
            f"for every iteration" + self.assuming(node)
        )
        return self.finding(
            SINGLE_LANE_LOOP, node.cond, message,
            {"idle_fraction": round(idle, 4), "divergent_warps": warps, "warps": reaching},
            "spread the loop's iterations over the warp's lanes (lane i takes iterations i, i + 32, ...) "
            "and combine their results with __shfl_down_sync or cooperative_groups::reduce",
        )

    def assuming(self, node: c_ast.Node) -> str:
        """How the lanes were counted when part of the condition is a runtime guard or loaded data."""
        guards = self.result.guards.get(id(node), ())
        texts = " and ".join(f"`{self.ctx.unit.source_text(g)}`" for g in guards)
        if not texts:
            return ""
        if self.result.conditions[id(node)].data:
            return f", or more: {texts} reads data, which can only leave more lanes out"
        return f", assuming {texts} holds as a bounds guard"

    def interleaved(self, node, condition, splits, divergent, idle, loop_vars) -> Finding:
        steps = len(splits)
        message = (
            f"interleaved reduction: `{condition}` keeps every other lane active, then every fourth ...; "
            f"{len(divergent)} of {steps} steps over `{loop_vars[0]}` leave warps divergent, "
            f"{_percent(idle)} of their lanes idle on average for {self.block_text}"
        )
        return self.finding(
            INTERLEAVED_REDUCTION, node.cond, message,
            {"idle_fraction": round(idle, 4), "divergent_steps": len(divergent), "steps": steps},
            f"use sequential addressing: {SEQUENTIAL_ADDRESSING}",
        )

    def warp_tail(self, node, condition, splits, divergent, loop_vars) -> Finding:
        idle = _reduction_idle(splits, self.warp_lanes)
        whole = idle >= TAIL_DOMINATES_IDLE
        message = (
            f"reduction step `{condition}` keeps its active threads contiguous, but {len(divergent)} of its "
            f"{len(splits)} steps over `{loop_vars[0]}` run with fewer than {self.warp_lanes} lanes "
            f"for {self.block_text}"
            + (f": {_percent(idle)} of the lanes of the warps that run them are idle" if whole else "")
        )
        return self.finding(
            DIVERGENT_BRANCH if whole else REDUCTION_WARP_TAIL, node.cond, message,
            {"divergent_steps": len(divergent), "steps": len(splits), "idle_fraction": round(idle, 4)},
            "finish the last 32 elements with warp shuffles (__shfl_down_sync) instead of shared memory "
            "and __syncthreads()",
        )

    def loop(self, node: c_ast.For) -> Iterator[Finding]:
        trips = trip_counts(node, self.result)
        if trips is None:
            return
        layout = self.result.layout
        divergent = idle = 0
        spread = (0, 0)
        for warp in layout.warps():
            counts = [trips[i] for i in warp]
            most = max(counts)
            if most - min(counts) <= 1:
                continue  # like a grid-stride loop: the lanes differ by the last iteration at most
            divergent += 1
            idle += sum(most - c for c in counts) / (most * len(counts))
            spread = max(spread, (most - min(counts), most), key=lambda p: p[0])
        if not divergent:
            return
        fraction = idle / divergent
        if fraction <= self.min_idle:
            return
        condition = self.ctx.unit.source_text(node.cond)
        message = (
            f"the trip count of this loop (`{condition}`) differs between lanes of {divergent} of "
            f"{len(layout.warps())} warps for {self.block_text}: a warp runs its longest lane's "
            f"{spread[1]} iterations, {_percent(fraction)} of lane-iterations idle"
        )
        yield self.finding(
            LANE_DEPENDENT_TRIP_COUNT, node.cond, message,
            {"idle_fraction": round(fraction, 4), "divergent_warps": divergent, "max_trips": spread[1]},
            "give every lane of a warp the same trip count (assign work per warp, or balance the "
            "iterations across lanes)",
        )


def trip_counts(node: c_ast.For, result: UniformityResult) -> Optional[Table]:
    """Per-thread trip count of `for (v = a; v < b; v += k)` when a and b are exact per thread."""
    var = _counter(node)
    entry = result.loop_entries.get(id(node))
    if var is None or entry is None or var not in entry:
        return None
    increment = _uniform_increment(node.next, var, result, entry)
    if increment is None or increment <= 0:
        return None
    lows = result.exact(entry[var])
    highs = result.exact(result.evaluate(node.cond.right, entry))
    if lows is None or highs is None:
        return None
    return tuple(_trips(low, high, node.cond.op, increment) for low, high in zip(lows, highs))


def _constant_trips(loop: c_ast.Node, result: UniformityResult) -> Optional[int]:
    """Iterations of `for (v = a; v < b; v += k)` when a, b and k are constants (a walk inside a branch
    only some lanes take cannot say so per thread, so the numbers are read from the loop itself)."""
    var = _counter(loop) if isinstance(loop, c_ast.For) else None
    start = None if var is None else _initial_value(loop.init, var)
    if start is None:
        return None
    low = result.evaluate(start, {}).const
    # the bound as the kernel computes it before the branch (`warpsPerBlock = blockDim.x / 32`): a
    # uniform value is the same in the lanes that run the loop as in the others
    high = result.evaluate(loop.cond.right, result.variables).const
    step = _uniform_increment(loop.next, var, result, {})
    if low is None or high is None or step is None or step <= 0:
        return None
    return _trips(low, high, loop.cond.op, step)


def _remainder_trips(loop: c_ast.Node, result: UniformityResult,
                     definitions: Dict[str, c_ast.Node]) -> Optional[int]:
    """At most c - 1 iterations: the scalar tail after a loop over vectors of c, `for (i = n / c * c; i < n;
    i++)`, also written `n - n % c` or through locals (`n_vec = n / 4; for (i = n_vec * 4; ...)`)."""
    var = _counter(loop) if isinstance(loop, c_ast.For) else None
    start = None if var is None or loop.cond.op != "<" else _initial_value(loop.init, var)
    if start is None or _uniform_increment(loop.next, var, result, {}) != 1:
        return None
    start, bound = expanded(start, definitions), text(expanded(loop.cond.right, definitions))
    if not isinstance(start, c_ast.BinaryOp):
        return None
    if start.op == "*" and isinstance(start.left, c_ast.BinaryOp) and start.left.op == "/":
        quotient, factor = start.left, result.evaluate(start.right, {}).const
        multiple = text(quotient.left) == bound and factor == result.evaluate(quotient.right, {}).const
    elif start.op == "-" and isinstance(start.right, c_ast.BinaryOp) and start.right.op == "%":
        factor = result.evaluate(start.right.right, {}).const
        multiple = text(start.left) == bound == text(start.right.left)
    else:
        return None
    return factor - 1 if multiple and factor is not None and factor > 0 else None


def _counter(loop: c_ast.For) -> Optional[str]:
    """v of `for (...; v < b; ...)` or `v <= b`."""
    cond = loop.cond
    if isinstance(cond, c_ast.BinaryOp) and cond.op in ("<", "<=") and isinstance(cond.left, c_ast.ID):
        return cond.left.name
    return None


def _trips(low: int, high: int, op: str, step: int) -> int:
    return max(0, -(-(high + (op == "<=") - low) // step))


def _initial_value(init: Optional[c_ast.Node], var: str) -> Optional[c_ast.Node]:
    declarations = init.decls if isinstance(init, c_ast.DeclList) else [init]
    for item in declarations:
        if isinstance(item, c_ast.Decl) and item.name == var:
            return item.init
        if isinstance(item, c_ast.Assignment) and item.op == "=" and getattr(item.lvalue, "name", None) == var:
            return item.rvalue
    return None


def _uniform_increment(step: Optional[c_ast.Node], var: str, result: UniformityResult,
                       entry: Dict[str, Value]) -> Optional[int]:
    """The step of `var++` or `var += k`, where k is the same known number in every thread."""
    if isinstance(step, c_ast.UnaryOp) and step.op in ("++", "p++") and getattr(step.expr, "name", None) == var:
        return 1
    if isinstance(step, c_ast.Assignment) and step.op == "+=" and getattr(step.lvalue, "name", None) == var:
        values = result.exact(result.evaluate(step.rvalue, entry))
        if values and len(set(values)) == 1:
            return values[0]
    return None


def warp_size_of(gpu) -> int:
    return int(getattr(gpu, "warp_size", 32) or 32)


_LAST_UNIT: List[Tuple[object, dict]] = []  # the divergence and barrier families share one walk per unit


def kernel_analyses(ctx) -> Iterator[Tuple[object, object, BlockShape, UniformityResult]]:
    """(kernel, gpu, block shape, uniformity) for every kernel, target GPU and block shape it runs with."""
    if not _LAST_UNIT or _LAST_UNIT[0][0] is not ctx.unit:
        _LAST_UNIT[:] = [(ctx.unit, {})]
    cache = _LAST_UNIT[0][1]
    for kernel in ctx.unit.kernels:
        for gpu in ctx.gpus or (None,):
            for use in block_shapes(ctx.unit, kernel, ctx.settings):
                key = (id(kernel), use.dims, warp_size_of(gpu))
                if key not in cache:
                    cache[key] = analyse_kernel(ctx.unit, kernel, use.dims, warp_size_of(gpu))
                yield kernel, gpu, use, cache[key]


def check(ctx) -> Iterator[Finding]:
    for kernel, gpu, use, result in kernel_analyses(ctx):
        yield from _KernelCheck(ctx, kernel, use, gpu, result).run()


RULES = (DIVERGENT_BRANCH, INTERLEAVED_REDUCTION, LANE_DEPENDENT_TRIP_COUNT, REDUCTION_WARP_TAIL, SINGLE_LANE_LOOP)
FAMILY = RuleFamily(name="divergence", rules=RULES, check=check)
