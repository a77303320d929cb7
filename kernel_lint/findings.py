"""What a rule reports: a finding is data (code, location, message, numbers), never prose alone."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping, Optional, Tuple


class Severity(str, Enum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        return _SEVERITY_RANK[self]

    @classmethod
    def parse(cls, text: str) -> "Severity":
        try:
            return cls(text.lower())
        except ValueError:
            allowed = ", ".join(s.value for s in cls)
            raise ValueError(f"unknown severity {text!r} (allowed: {allowed})") from None


_SEVERITY_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


class Category(str, Enum):
    PARSE = "parse"
    COALESCING = "coalescing"
    BANK_CONFLICT = "bank-conflict"
    DIVERGENCE = "divergence"
    BARRIER = "barrier"
    LAUNCH = "launch"
    OCCUPANCY = "occupancy"
    RESOURCE = "resource"


@dataclass(frozen=True)
class SourceRange:
    """A span in a user's file. Lines and columns are 1-based; end_column is exclusive (as SARIF)."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class Edit:
    """Replace the text of `range` with `replacement`."""

    range: SourceRange
    replacement: str


class Applicability(str, Enum):
    SAFE = "safe"  # applied by --fix
    UNSAFE = "unsafe"  # shown, applied only with --unsafe-fixes
    DISPLAY_ONLY = "display-only"  # a suggestion text, never applied


@dataclass(frozen=True)
class Fix:
    description: str
    edits: Tuple[Edit, ...]
    applicability: Applicability = Applicability.SAFE


@dataclass(frozen=True)
class Finding:
    code: str
    category: Category
    severity: Severity
    range: SourceRange
    message: str
    kernel: Optional[str] = None
    gpu: Optional[str] = None
    details: Mapping[str, Any] = field(default_factory=dict)
    fix: Optional[Fix] = None
    hint: Optional[str] = None  # the one-line "how to fix" shown under the code frame

    @property
    def path(self) -> str:
        return self.range.path

    def sort_key(self) -> tuple:
        r = self.range
        return (r.path, r.line, r.column, self.code, self.gpu or "", self.message)

    def to_json(self) -> dict:
        """The stable JSON contract (README: "JSON output"). Do not rename keys."""
        r = self.range
        return {
            "code": self.code,
            "category": self.category.value,
            "severity": self.severity.value,
            "path": r.path,
            "line": r.line,
            "column": r.column,
            "end_line": r.end_line,
            "end_column": r.end_column,
            "kernel": self.kernel,
            "message": self.message,
            "gpu": self.gpu,
            "details": dict(self.details),
        }
