"""KL4xx: block barriers that not every thread reaches, and shared memory read before the barrier.

Both come from the uniformity walk: every __syncthreads() carries the join of the conditions it sits
under (and of earlier `return`s), and every shared read is checked against the shared writes that
no barrier has yet ordered, with the exact element each thread touches for the block shape used.
"""
from __future__ import annotations

from typing import Iterator, Sequence

from pycparser import c_ast

from kernel_lint.analyses.uniformity import BarrierSite, Level, Race, UniformityResult, callee_name, declared_array
from kernel_lint.findings import Category, Finding, Severity
from kernel_lint.registry import Rule, RuleFamily
from kernel_lint.analyses.block_shapes import BlockShape, shape_details
from kernel_lint.rules.divergence import kernel_analyses

DIVERGENT_BARRIER = Rule(
    code="KL401",
    name="divergent-barrier",
    category=Category.BARRIER,
    default_severity=Severity.ERROR,
    summary="__syncthreads() is reached under a condition that differs between threads of a block.",
)
SHARED_MEMORY_RACE = Rule(
    code="KL402",
    name="shared-memory-race",
    category=Category.BARRIER,
    default_severity=Severity.WARNING,
    summary="A thread reads a shared-memory element another thread wrote, with no __syncthreads() in between.",
)


def _thread(layout, thread: int) -> str:
    bx, by, _ = layout.shape
    x, y, z = thread % bx, (thread // bx) % by, thread // (bx * by)
    return f"{x}" if (by, layout.shape[2]) == (1, 1) else f"({x}, {y}, {z})"


def _reason(ctx, site: BarrierSite) -> str:
    level = site.control.level.label
    data = " and depends on data read at a per-thread address" if site.control.data else ""
    cause = site.cause
    if cause is None:
        return f"under a condition that is {level}{data}"
    line = ctx.unit.span(cause).line
    if isinstance(cause, c_ast.Return):
        return f"after a `return` (line {line}) that only some threads take"
    text = ctx.unit.source_text(getattr(cause, "cond", cause))
    if site.after_exit:
        return f"after threads left early under `{text}` (line {line}), which is {level}{data}"
    return f"under `{text}` (line {line}), which is {level}{data}"


def _divergent_barriers(ctx, kernel, use: BlockShape, gpu, result: UniformityResult) -> Iterator[Finding]:
    for site in result.barriers.values():
        control = site.control
        if control.level < Level.WARP:
            continue
        via = callee_name(site.call) if isinstance(site.call, c_ast.FuncCall) else site.name
        where = f"{site.name}() in {via}()" if via != site.name else f"{site.name}()"
        message = f"{where} is reached {_reason(ctx, site)}: " + (
            "different warps of a block can disagree" if control.level == Level.WARP
            else "lanes of one warp can disagree"
        ) + f" (for {use.describe()}), so some threads wait at a barrier the others never reach " \
            "(deadlock or undefined behaviour)"
        cause = site.cause
        yield ctx.finding(
            DIVERGENT_BARRIER, site.call, message, kernel=kernel.name, gpu=getattr(gpu, "name", None),
            details={"condition_level": control.level.label, "data_dependent": control.data,
                     "cause_line": ctx.unit.span(cause).line if cause is not None else None,
                     **shape_details(kernel, use)},
            hint="move the barrier out of the condition (compute the condition, sync, then branch), "
                 "or make the condition block-uniform",
        )


def _races(ctx, kernel, use: BlockShape, gpu, result: UniformityResult) -> Iterator[Finding]:
    # one finding per later access: a read that may see the old value, or a write that may land before
    # another thread's earlier read; the other accesses it races with are named in it
    by_later: dict = {}
    for race in result.races.values():
        later = race.read if race.write_first else race.write
        by_later.setdefault((id(later.node), race.write_first), []).append(race)
    # `s[t] += s[t + 16]` without a barrier: the read of another's new value and the write over another's
    # read are one unsynchronised statement, reported once, as the read
    read_lines = {(ctx.unit.span(races[0].read.node).line, races[0].read.array)
                  for (_, write_first), races in by_later.items() if write_first}
    # a warp-synchronous sequence (`s[t] += s[t + 16]; s[t] += s[t + 8]; ...`): each step reads what another
    # lane of the warp wrote; reported once, at its first read, naming the later steps
    warp_steps: dict = {}
    for (_, write_first), races in by_later.items():
        if write_first and _within_one_warp(races[0]):
            warp_steps.setdefault(ctx.unit.span(races[0].write.node).line, []).append(races)
        elif write_first or (ctx.unit.span(races[0].write.node).line, races[0].write.array) not in read_lines:
            yield _race_finding(ctx, kernel, use, gpu, result.layout, races, write_first)
    for steps in warp_steps.values():
        steps.sort(key=lambda races: _position(ctx, races[0].read.node))
        later_reads = sorted({ctx.unit.span(races[0].read.node).line for races in steps[1:]})
        yield _race_finding(ctx, kernel, use, gpu, result.layout, steps[0], True, later_reads)


def _position(ctx, node: c_ast.Node) -> tuple:
    span = ctx.unit.span(node)
    return span.line, span.column


def _within_one_warp(race: Race) -> bool:
    return race.one_warp and not race.warp_synced


def _race_finding(ctx, kernel, use: BlockShape, gpu, layout, races, write_first: bool,
                  later_reads: Sequence[int] = ()) -> Finding:
    race = races[0]
    later, earlier = (race.read, race.write) if write_first else (race.write, race.read)
    earlier_line = ctx.unit.span(earlier.node).line
    others = sorted({ctx.unit.span((r.write if write_first else r.read).node).line for r in races[1:]}
                    - {earlier_line})
    one_warp = _within_one_warp(race)
    between = ("__syncwarp() orders only its own warp" if race.warp_synced
               else "no __syncwarp() between them" if one_warp
               else "no __syncthreads() between them")
    read_text, write_text = ctx.unit.source_text(race.read.node), ctx.unit.source_text(race.write.node)
    reader, writer = _thread(layout, race.reader), _thread(layout, race.writer)
    if write_first:
        message = (f"thread {reader} reads `{read_text}`, the element thread {writer} writes through "
                   f"`{write_text}` at line {earlier_line}, with {between} (for {use.describe()}): it may read "
                   "the old value")
    else:
        message = (f"thread {writer} writes `{write_text}`, the element thread {reader} read through "
                   f"`{read_text}` at line {earlier_line}, with {between} (for {use.describe()}): the read may "
                   "see the new value")
    if others:
        message += (f"; the {'writes' if write_first else 'reads'} at line{'s' if len(others) > 1 else ''} "
                    f"{', '.join(map(str, others))} race with it too")
    if one_warp:
        message += " (lanes of a warp do not run in lockstep since Volta, and `volatile` does not order them)"
    if later_reads:
        message += (f"; the later steps' reads at line{'s' if len(later_reads) > 1 else ''} "
                    f"{', '.join(map(str, later_reads))} race the same way")
    if one_warp:
        hint = ("order the lanes: __syncwarp() after each step's read and after its write "
                "(`v = s[t] + s[t + k]; __syncwarp(); s[t] = v; __syncwarp();`), or reduce in registers "
                "with __shfl_down_sync")
    elif write_first:
        hint = ("put __syncthreads() between the write and the read (in a loop, also before the next "
                "iteration's write)")
    else:
        hint = ("put __syncthreads() between the read and the write: in a loop, at the end of each iteration, "
                "before the next one overwrites what this one read")
    return ctx.finding(
        SHARED_MEMORY_RACE, later.node, message, kernel=kernel.name, gpu=getattr(gpu, "name", None),
        details={"array": declared_array(race.read.array), "write_line": ctx.unit.span(race.write.node).line,
                 "read_line": ctx.unit.span(race.read.node).line, "write_first": write_first,
                 "writer_thread": race.writer, "reader_thread": race.reader,
                 "other_lines": others, "later_step_lines": list(later_reads), "same_warp": one_warp,
                 **shape_details(kernel, use)},
        hint=hint,
    )


def check(ctx) -> Iterator[Finding]:
    for kernel, gpu, use, result in kernel_analyses(ctx):
        yield from _divergent_barriers(ctx, kernel, use, gpu, result)
        yield from _races(ctx, kernel, use, gpu, result)


RULES = (DIVERGENT_BARRIER, SHARED_MEMORY_RACE)
FAMILY = RuleFamily(name="barriers", rules=RULES, check=check)
