"""Shared by the examples' kernel-lint expectation tests (CPU only, no --gpuperf needed).

`lint_file(path, defines=...)` runs the kernel-lint command line on one example file, as a
user would, and returns its findings with helpers to compare them with expectations written
as (code, kernel, source snippet): the snippet names the line, so edits above it do not break
the expectation.
"""
from __future__ import annotations

import functools
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Mapping, Optional, Tuple

import pytest

# Parse problems (KL0xx) count as unexpected findings; launch and occupancy rules (KL5xx-KL7xx)
# are left to their own tests: the examples assert memory and control-flow physics.
LINT_SELECT = "KL0,KL1,KL2,KL3,KL4"

Expectation = Tuple[str, str, str]  # (code, kernel, snippet of the reported line)
Located = Tuple[str, str, int]  # (code, kernel, line)


def line_of(text: str, kernel: str, snippet: str) -> int:
    """1-based line of the first `snippet` after the definition of `kernel`."""
    lines = text.splitlines()
    starts = [number for number, line in enumerate(lines) if f" {kernel}(" in line and "__global__" in line]
    if not starts:
        raise LookupError(f"no __global__ definition of {kernel} in the file")
    for number in range(starts[0], len(lines)):
        if snippet in lines[number]:
            return number + 1
    raise LookupError(f"{snippet!r} does not occur after the definition of {kernel}")


@dataclass(frozen=True)
class LintRun:
    source: Path
    findings: Tuple[Mapping[str, Any], ...]

    def found(self) -> FrozenSet[Located]:
        return frozenset((f["code"], f["kernel"], f["line"]) for f in self.findings)

    def expected(self, expectations: Iterable[Expectation]) -> FrozenSet[Located]:
        text = self.source.read_text(encoding="utf-8")
        return frozenset((code, kernel, line_of(text, kernel, snippet)) for code, kernel, snippet in expectations)

    def details(self, code: str, kernel: str, snippet: str, key: str) -> List[Any]:
        """details[key] of every `code` finding on the snippet's line."""
        line = line_of(self.source.read_text(encoding="utf-8"), kernel, snippet)
        return [f["details"].get(key) for f in self.findings
                if (f["code"], f["kernel"], f["line"]) == (code, kernel, line)]

    def describe(self) -> str:
        return "\n".join(f"{f['code']} {f['kernel']}:{f['line']} {f['message']}" for f in self.findings)


@functools.lru_cache(maxsize=None)
def _lint(source: Path, defines: Tuple[Tuple[str, str], ...]) -> LintRun:
    command = [sys.executable, "-m", "kernel_lint", "--format", "json", "--exit-zero", "--no-cache",
               "--select", LINT_SELECT]
    command += [f"-D{name}={value}" for name, value in defines]
    completed = subprocess.run(command + [str(source)], capture_output=True, text=True, check=False)
    assert completed.returncode == 0, f"kernel-lint exited {completed.returncode}:\n{completed.stderr}"
    return LintRun(source, tuple(json.loads(completed.stdout)["findings"]))


def run_kernel_lint(source: Path, defines: Optional[Dict[str, Any]] = None) -> LintRun:
    """kernel-lint's findings for `source`; one run per file and defines in a session."""
    return _lint(source, tuple(sorted((name, str(value)) for name, value in (defines or {}).items())))


@pytest.fixture(scope="session")
def lint_file() -> Callable[..., LintRun]:
    """Run kernel-lint on one example file; `defines` become -D options."""
    return run_kernel_lint
