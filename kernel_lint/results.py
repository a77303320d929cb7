"""What checking one file produced. Kept apart from the engine so that a cache hit, the cache and
the reporters never import the front end, pycparser or the rule families."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Tuple

from kernel_lint.findings import Finding


@dataclass
class FileReport:
    path: str
    kernels: List[str] = field(default_factory=list)
    errors: List[str] = field(default_factory=list)  # I/O and decoding problems: the file was not checked
    findings: List[Finding] = field(default_factory=list)
    # (header, kernel) for each kernel defined in a header that this file launches and so analysed
    header_kernels: List[Tuple[str, str]] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"path": self.path, "kernels": list(self.kernels), "errors": list(self.errors)}
