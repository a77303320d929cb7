"""CUDA front end: preprocess, lower CUDA/C++ to C, parse with pycparser, build the kernel model."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping, Tuple

if TYPE_CHECKING:  # the model imports pycparser; keep `import kernel_lint.frontend` light
    from kernel_lint.model import TranslationUnit


@dataclass(frozen=True)
class FrontendOptions:
    include_dirs: Tuple[str, ...] = ()
    defines: Mapping[str, str] = field(default_factory=dict)


def _read_text(path: str) -> str:
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read()


def build_unit(path: str, text: str, options: FrontendOptions) -> "TranslationUnit":
    """The kernel model of one CUDA file; never raises: what cannot be read goes to `unit.problems`."""
    from kernel_lint.findings import SourceRange
    from kernel_lint.model import ParseProblem, TranslationUnit

    unit = TranslationUnit(path=path, source=text)
    if "\x00" in text:
        unit.problems.append(ParseProblem(
            "KL000", f"{path} looks like a binary file (it contains NUL bytes); pass a CUDA source file.",
            SourceRange(path, 1, 1, 1, 1)))
        return unit
    try:
        return _build(unit, path, text, options)
    except RecursionError:
        reason = "it nests too deeply (macros or expressions) for the front end"
    except Exception as exc:  # the front end must report, never crash the run
        reason = f"internal front-end error {type(exc).__name__}: {exc}"
    unit.kernels.clear()
    unit.problems.append(ParseProblem(
        "KL000", f"{path} could not be analysed: {reason}. Please report this file to kernel-lint.",
        SourceRange(path, 1, 1, 1, 1)))
    return unit


def _build(unit: "TranslationUnit", path: str, text: str, options: FrontendOptions) -> "TranslationUnit":
    from kernel_lint.findings import SourceRange
    from kernel_lint.frontend.build import build
    from kernel_lint.frontend.lower import lower
    from kernel_lint.frontend.parse import parse_all
    from kernel_lint.frontend.preprocess import preprocess
    from kernel_lint.frontend.sourcemap import SourceMap
    from kernel_lint.model import ParseProblem

    pre = preprocess(path, text, options.include_dirs, options.defines, _read_text)
    for missing in pre.missing_includes:
        mpath, line, col = missing.origin
        searched = ", ".join(missing.searched) or "."
        unit.problems.append(ParseProblem(
            "KL002", f'#include "{missing.header}" was not found (searched: {searched}); its macros and types are '
            "unknown, so results that depend on them may be missing. Pass its directory with -I.",
            SourceRange(mpath, line, col, line, col + len("include") + 1)))
    lowered = lower(pre.text, pre.origins)
    parsed = parse_all(lowered)
    sources = {path: text}
    sources.update({p: _read_text(p) for p in pre.included_files})
    smap = SourceMap(lowered, sources, path)
    unit.locate = smap.locate
    return build(unit, pre, lowered, parsed, smap)
