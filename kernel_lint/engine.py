"""source → front end → kernel model → analyses → rules: one file's findings.

The engine knows nothing about any rule: it builds the model, hands a CheckContext to every
enabled rule family, isolates a family that crashes, and applies selection and severities.
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, List, Mapping, Optional, Sequence, Tuple, Union

from kernel_lint.findings import Finding, Fix, SourceRange
from kernel_lint.registry import Rule, RuleFamily, all_families, matches
from kernel_lint.results import FileReport
from kernel_lint.rules.parse import INTERNAL_ERROR, parse_findings
from kernel_lint.settings import Settings

if TYPE_CHECKING:  # pycparser and the model load with the front end, only when a file is analysed
    from pycparser import c_ast

    from kernel_lint.model import TranslationUnit

# FileReport lived here before results.py; it stays importable from the engine.
__all__ = ["CheckContext", "FileReport", "check_unit", "is_enabled", "merge_across_gpus", "merge_configurations"]


@dataclass(frozen=True)
class CheckContext:
    """What a rule family sees: the model, the settings and the target GPUs (never raw tokens)."""

    unit: TranslationUnit
    settings: Settings
    gpus: Tuple[Any, ...]  # kernel_lint.gpus.GpuSpec, one per --gpu

    def finding(
        self,
        rule: Rule,
        where: Union[c_ast.Node, SourceRange],
        message: str,
        *,
        kernel: Optional[str] = None,
        gpu: Optional[str] = None,
        details: Optional[Mapping[str, Any]] = None,
        hint: Optional[str] = None,
        fix: Optional[Fix] = None,
    ) -> Finding:
        location = where if isinstance(where, SourceRange) else self.unit.span(where)
        severity = self.settings.severity_overrides.get(rule.code, rule.default_severity)
        return Finding(
            code=rule.code,
            category=rule.category,
            severity=severity,
            range=location,
            message=message,
            kernel=kernel,
            gpu=gpu,
            details=dict(details or {}),
            hint=hint,
            fix=fix,
        )


def is_enabled(code: str, settings: Settings, path: str = "") -> bool:
    if not matches(code, settings.select) or matches(code, settings.ignore):
        return False
    from fnmatch import fnmatch

    for pattern, codes in settings.per_file_ignores.items():
        if fnmatch(path, pattern) and matches(code, codes):
            return False
    return True


def _family_enabled(family: RuleFamily, settings: Settings, path: str) -> bool:
    return any(is_enabled(rule.code, settings, path) for rule in family.rules)


def _internal_error(family: RuleFamily, unit: TranslationUnit, error: BaseException) -> Finding:
    frame = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    where = f" at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}" if frame else ""
    return Finding(
        code=INTERNAL_ERROR.code,
        category=INTERNAL_ERROR.category,
        severity=INTERNAL_ERROR.default_severity,
        range=SourceRange(unit.path, 1, 1, 1, 1),
        message=(
            f"internal error in the {family.name} rules ({type(error).__name__}: {error}{where}); "
            "the other rules still ran. Please report this with the file."
        ),
    )


def merge_across_gpus(findings: Sequence[Finding]) -> List[Finding]:
    """A finding that is the same on every target GPU is reported once, naming all of them."""
    merged: dict = {}
    for f in findings:
        key = (f.code, f.range, f.kernel, f.message, repr(sorted(f.details.items())))
        if key in merged:
            previous = merged[key]
            if f.gpu and previous.gpu and f.gpu not in previous.gpu.split(", "):
                merged[key] = replace(previous, gpu=f"{previous.gpu}, {f.gpu}")
        else:
            merged[key] = f
    return list(merged.values())


def _configuration(finding: Finding) -> dict:
    arguments = finding.details.get("template_arguments")
    values = finding.details.get("argument_values")
    return {"block": finding.details["block"], "block_source": finding.details.get("block_source", ""),
            **({"template_arguments": arguments} if arguments else {}),
            **({"argument_values": values} if values else {})}


def _configuration_text(configuration: Mapping[str, Any]) -> str:
    x, y, z = configuration["block"]
    block = f"({x})" if y == z == 1 else f"({x}, {y})" if z == 1 else f"({x}, {y}, {z})"
    arguments = {**(configuration.get("template_arguments") or {}), **(configuration.get("argument_values") or {})}
    return f"block {block}" + (" with " + ", ".join(f"{k} = {v}" for k, v in arguments.items()) if arguments else "")


def merge_configurations(findings: Sequence[Finding]) -> List[Finding]:
    """A rule that fires at one place of a kernel under several block shapes or template instantiations
    is reported once, as the first of them, as a compiler reports a template once: the message counts
    the others and details["configurations"] lists them all, so a launch that suffers is still named."""
    groups: dict = {}
    for f in findings:
        # a helper's access reached through two calls, or a load and a store of one element, are two findings
        key = ((f.code, f.range, f.kernel, f.gpu, f.details.get("access"), repr(f.details.get("called_at")))
               if "block" in f.details else id(f))
        groups.setdefault(key, []).append(f)
    merged = []
    for group in groups.values():
        configurations = list({repr(c): c for c in map(_configuration, group)}.values()) if len(group) > 1 else []
        if len(configurations) < 2:
            merged.append(group[0])
            continue
        others = configurations[1:]
        also = (_configuration_text(others[0]) if len(others) == 1
                else f"{len(others)} other block shapes or instantiations (details: configurations)")
        message = group[0].message
        message = f"{message.rstrip('.')}; also found for {also}" + ("." if message.endswith(".") else "")
        merged.append(replace(group[0], message=message, details={**group[0].details, "configurations": configurations}))
    return merged


def check_unit(unit: TranslationUnit, settings: Settings, gpus: Tuple[Any, ...]) -> List[Finding]:
    context = CheckContext(unit=unit, settings=settings, gpus=gpus)
    findings: List[Finding] = list(parse_findings(context))
    for family in all_families():
        if not _family_enabled(family, settings, unit.path):
            continue
        try:
            findings.extend(family.check(context))
        except Exception as error:  # noqa: BLE001 - one crashing family must not stop the scan
            findings.append(_internal_error(family, unit, error))
    kept = [f for f in findings if f.code == INTERNAL_ERROR.code or is_enabled(f.code, settings, unit.path)]
    return sorted(merge_across_gpus(merge_configurations(kept)), key=Finding.sort_key)
