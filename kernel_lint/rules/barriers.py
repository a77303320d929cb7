"""KL4xx: block barriers that not every thread reaches, and shared memory read before the barrier.

Both come from the uniformity walk: every __syncthreads() carries the join of the conditions it sits
under (and of earlier `return`s), and every shared read is checked against the shared writes that
no barrier has yet ordered, with the exact element each thread touches for the block shape used.
"""
from __future__ import annotations

from typing import Iterator

from pycparser import c_ast

from kernel_lint.analyses.uniformity import BarrierSite, Level, UniformityResult, callee_name
from kernel_lint.findings import Category, Finding, Severity
from kernel_lint.registry import Rule, RuleFamily
from kernel_lint.analyses.block_shapes import BlockShape
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
                     "block": list(use.dims), "block_source": use.source},
            hint="move the barrier out of the condition (compute the condition, sync, then branch), "
                 "or make the condition block-uniform",
        )


def _races(ctx, kernel, use: BlockShape, gpu, result: UniformityResult) -> Iterator[Finding]:
    by_read: dict = {}  # one finding per read; the other writes it races with are named in it
    for race in result.races.values():
        by_read.setdefault(id(race.read.node), []).append(race)
    for races in by_read.values():
        race = races[0]
        layout = result.layout
        read_text = ctx.unit.source_text(race.read.node)
        write_text = ctx.unit.source_text(race.write.node)
        write_line = ctx.unit.span(race.write.node).line
        others = sorted({ctx.unit.span(r.write.node).line for r in races[1:]} - {write_line})
        between = "__syncwarp() orders only its own warp" if race.warp_synced else "no __syncthreads() between them"
        message = (
            f"thread {_thread(layout, race.reader)} reads `{read_text}`, the element thread "
            f"{_thread(layout, race.writer)} writes through `{write_text}` at line {write_line}, with {between} "
            f"(for {use.describe()}): it may read the old value"
            + (f"; the writes at line{'s' if len(others) > 1 else ''} {', '.join(map(str, others))} race with it too"
               if others else "")
        )
        yield ctx.finding(
            SHARED_MEMORY_RACE, race.read.node, message, kernel=kernel.name, gpu=getattr(gpu, "name", None),
            details={"array": race.read.array, "write_line": write_line, "writer_thread": race.writer,
                     "reader_thread": race.reader, "other_write_lines": others, "block": list(use.dims),
                     "block_source": use.source},
            hint="put __syncthreads() between the write and the read (in a loop, also before the next "
                 "iteration's write)",
        )


def check(ctx) -> Iterator[Finding]:
    for kernel, gpu, use, result in kernel_analyses(ctx):
        yield from _divergent_barriers(ctx, kernel, use, gpu, result)
        yield from _races(ctx, kernel, use, gpu, result)


RULES = (DIVERGENT_BARRIER, SHARED_MEMORY_RACE)
FAMILY = RuleFamily(name="barriers", rules=RULES, check=check)
