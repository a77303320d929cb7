"""KL6xx: what ptxas says a kernel costs (register spills), and --nvcc runs that gave no data."""
from __future__ import annotations

from typing import Iterator

from kernel_lint.analyses.resources import kernel_resources
from kernel_lint.findings import Category, Finding, SourceRange, Severity
from kernel_lint.registry import Rule, RuleFamily

REGISTER_SPILLS = Rule(
    code="KL601", name="register-spills", category=Category.RESOURCE, default_severity=Severity.WARNING,
    summary="ptxas spills registers to local memory for this kernel (reported with --nvcc).",
)
RESOURCE_USAGE_UNAVAILABLE = Rule(
    code="KL602", name="resource-usage-unavailable", category=Category.RESOURCE, default_severity=Severity.INFO,
    summary="--nvcc was asked for but nvcc/ptxas gave no resource usage; registers were assumed.",
)


def check_resources(ctx) -> Iterator[Finding]:
    if not ctx.settings.use_nvcc:
        return
    for gpu in ctx.gpus:
        file_problem_reported = False
        # ptxas reports a kernel by name (every instantiation of a template together): once per definition
        for kernel in (models[0] for models in ctx.unit.definitions()):
            resources = kernel_resources(ctx.unit, kernel, gpu, ctx.settings)
            reason = resources.unavailable_reason
            file_level = bool(reason) and reason.startswith("nvcc")  # nvcc missing or failing: the whole file
            if reason and not (file_level and file_problem_reported):
                yield ctx.finding(
                    RESOURCE_USAGE_UNAVAILABLE, SourceRange(ctx.unit.path, 1, 1, 1, 1) if file_level else kernel.range,
                    f"no ptxas resource usage for {gpu.sm_arch} ({gpu.name}): {reason}; "
                    f"the launch and occupancy rules assumed {resources.registers} registers per thread.",
                    kernel=None if file_level else kernel.name, gpu=gpu.name,
                    details={"arch": gpu.sm_arch, "assumed_registers": resources.registers},
                    hint="put nvcc on PATH (or fix the compile error it names) to get exact register counts")
            file_problem_reported = file_problem_reported or file_level
            spilled = resources.spill_store_bytes + resources.spill_load_bytes
            if spilled:
                yield ctx.finding(
                    REGISTER_SPILLS, kernel.range,
                    f"ptxas spills registers in {kernel.name} for {gpu.sm_arch} ({gpu.name}): "
                    f"{resources.spill_store_bytes} bytes of spill stores and {resources.spill_load_bytes} bytes "
                    f"of spill loads per thread at {resources.registers} registers.",
                    kernel=kernel.name, gpu=gpu.name,
                    details={"arch": gpu.sm_arch, "registers": resources.registers,
                             "spill_store_bytes": resources.spill_store_bytes,
                             "spill_load_bytes": resources.spill_load_bytes},
                    hint="shrink per-thread arrays, index them with compile-time constants, or relax "
                         "__launch_bounds__ so ptxas may use more registers")


FAMILY = RuleFamily(name="resources", rules=(REGISTER_SPILLS, RESOURCE_USAGE_UNAVAILABLE), check=check_resources)
