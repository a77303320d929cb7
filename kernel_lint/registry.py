"""The one registry of rule codes. Codes are never reused; docs in rules/CODE.md must agree (tested)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Tuple

from kernel_lint.findings import Category, Severity


@dataclass(frozen=True)
class Rule:
    """A rule is declared data; its family's check function decides when it fires."""

    code: str  # e.g. "KL101"
    name: str  # kebab-case, named for the bad pattern: "uncoalesced-global-access"
    category: Category
    default_severity: Severity
    summary: str  # one line, used by --explain listings and SARIF shortDescription
    fixable: bool = False
    since: str = "0.1.0"
    status: str = "stable"  # stable | preview | removed


@dataclass(frozen=True)
class RuleFamily:
    """Rules that share one analysis; `check` yields findings for any of `rules`.

    `check` receives a kernel_lint.engine.CheckContext. A family whose check raises is reported
    as an internal error for that family only; the rest of the file is still checked.
    """

    name: str
    rules: Tuple[Rule, ...]
    check: Callable[..., Iterable]


def all_families() -> List[RuleFamily]:
    from kernel_lint.rules import families

    return list(families())


def all_rules() -> List[Rule]:
    from kernel_lint.rules import PARSE_RULES

    rules: List[Rule] = list(PARSE_RULES)
    for family in all_families():
        rules.extend(family.rules)
    return sorted(rules, key=lambda r: r.code)


def rules_by_code() -> Dict[str, Rule]:
    return {rule.code: rule for rule in all_rules()}


def find_rule(code_or_name: str) -> Optional[Rule]:
    wanted = code_or_name.strip()
    for rule in all_rules():
        if rule.code.upper() == wanted.upper() or rule.name == wanted:
            return rule
    return None


def matches(code: str, selectors: Iterable[str]) -> bool:
    """ruff-style prefix matching: "KL1" selects KL101..KL199, "ALL" selects everything."""
    return any(s == "ALL" or code.upper().startswith(s.upper()) for s in selectors)


def docs_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "rule_docs", here.parent / "rules"):
        if candidate.is_dir():
            return candidate
    return here.parent / "rules"


def rule_document(code: str) -> Optional[str]:
    path = docs_dir() / f"{code}.md"
    return path.read_text(encoding="utf-8") if path.is_file() else None


DOC_SECTIONS = ("What it finds", "Why it costs", "Example", "Fix", "Known limits", "Fix safety")


def doc_sections(document: str) -> Dict[str, str]:
    """Split a rule document into its `## Heading` sections."""
    sections: Dict[str, List[str]] = {}
    current: Optional[str] = None
    for line in document.splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    return {k: "\n".join(v).strip() for k, v in sections.items()}


def iter_codes() -> Iterator[str]:
    return (rule.code for rule in all_rules())
