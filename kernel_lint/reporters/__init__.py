"""Reporters: independent modules with one signature, chosen by name (--format).

Every reporter module defines

    def render(report: RunReport, out: TextIO, options: ReportOptions) -> None

and writes the whole report to `out`. The registry below maps a format name to its module path;
a format whose module is not installed (or not written yet) is simply not offered.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Dict, List, Mapping, Optional, TextIO, Tuple

if TYPE_CHECKING:  # imported lazily: the reporters are loaded only when a run has something to show
    from kernel_lint.findings import Finding
    from kernel_lint.results import FileReport
    from kernel_lint.settings import Settings


@dataclass(frozen=True)
class RunReport:
    """Everything a reporter may show about one run, in a stable order.

    `findings` are the reported ones (after selection, suppressions and the baseline), sorted by
    Finding.sort_key; `fingerprints[i]` is the line-number-free fingerprint of `findings[i]`
    (kernel_lint.baseline.fingerprint_findings), shared by SARIF and the baseline.
    `sources` holds the text of every file that has a finding (for code frames and fingerprints).
    Paths are as the user named them; `root` is the project root (absolute) that SARIF URIs and
    baseline paths are made relative to.
    """

    version: str
    root: str
    files: Tuple["FileReport", ...]
    findings: Tuple["Finding", ...]
    fingerprints: Tuple[str, ...]
    sources: Mapping[str, str] = field(default_factory=dict)
    settings: Optional["Settings"] = None
    suppressed: int = 0  # findings hidden by inline suppression comments
    baselined: int = 0  # findings hidden because the baseline file lists them
    fixed: int = 0  # findings removed by --fix

    @property
    def errors(self) -> List[Tuple[str, str]]:
        """(path, message) for every file that could not be read or decoded."""
        return [(f.path, message) for f in self.files for message in f.errors]

    def source_line(self, path: str, line: int) -> Optional[str]:
        from kernel_lint.sourcetext import source_line

        text = self.sources.get(path)
        return None if text is None else source_line(text, line)


@dataclass(frozen=True)
class ReportOptions:
    color: bool = False  # ANSI colours (the CLI enables them only on a TTY without NO_COLOR)
    quiet: bool = False  # findings only: no summary, no "all checks passed"
    statistics: bool = False  # one line per rule with its count instead of the findings
    show_source: bool = True  # code frames under each finding (text reporter)
    diff_file: Optional[str] = None  # --diff-file: unified diff limiting the review reporter to changed lines ("-" = stdin)
    diff_base: Optional[str] = None  # --diff-base: git ref to diff against instead of a diff file


Render = Callable[[RunReport, TextIO, ReportOptions], None]

# name -> module path: a reporter is imported only when chosen, so a run pays for one. A name whose
# module cannot be imported (a trimmed install) is left out of available_formats().
REPORTERS: Dict[str, str] = {
    "text": "kernel_lint.reporters.text",
    "json": "kernel_lint.reporters.json",
    "sarif": "kernel_lint.reporters.sarif",
    "github": "kernel_lint.reporters.github",
    "review": "kernel_lint.reporters.review",
}


def _module_exists(module_path: str) -> bool:
    try:
        return importlib.util.find_spec(module_path) is not None
    except ImportError:
        return False


def available_formats() -> List[str]:
    return [name for name, module in REPORTERS.items() if _module_exists(module)]


def get_reporter(name: str) -> Render:
    """The render function of format `name`; ValueError naming the available formats otherwise."""
    module_path = REPORTERS.get(name)
    if module_path is None or not _module_exists(module_path):
        raise ValueError(f"unknown format {name!r} (available: {', '.join(available_formats())})")
    return importlib.import_module(module_path).render
