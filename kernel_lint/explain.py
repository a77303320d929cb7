"""--explain CODE (the rule's document) and --list-rules (the registry as a table)."""
from __future__ import annotations

import difflib
from typing import List, Optional, TextIO

from kernel_lint.registry import Rule, all_rules, find_rule, rule_document


class UnknownRuleError(Exception):
    pass


def resolve_rule(code_or_name: str) -> Rule:
    rule = find_rule(code_or_name)
    if rule is not None:
        return rule
    candidates = [r.code for r in all_rules()] + [r.name for r in all_rules()]
    close = difflib.get_close_matches(code_or_name.upper() if code_or_name[:2].lower() == "kl" else code_or_name, candidates, n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise UnknownRuleError(f"unknown rule {code_or_name!r}{hint} (kernel-lint --list-rules lists them all)")


def explanation(rule: Rule) -> str:
    """The rule's document; a short stand-in naming the rule when rules/CODE.md is missing."""
    document = rule_document(rule.code)
    if document is not None:
        return document
    return f"# {rule.code} {rule.name}\n\n{rule.summary}\n\n(No document found for {rule.code}.)\n"


def write_explanation(rule: Rule, out: TextIO, rich_markdown: bool, width: Optional[int] = None) -> None:
    text = explanation(rule)
    if not rich_markdown:
        out.write(text if text.endswith("\n") else text + "\n")
        return
    from rich.console import Console
    from rich.markdown import Markdown

    Console(file=out, force_terminal=True, width=width).print(Markdown(text))


def rule_table(rules: List[Rule]) -> List[str]:
    header = ("code", "name", "category", "severity", "fix", "summary")
    rows = [header] + [
        (r.code, r.name, r.category.value, r.default_severity.value, "yes" if r.fixable else "", r.summary) for r in rules
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header) - 1)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[-1] for row in rows]


def write_rule_list(out: TextIO) -> None:
    for line in rule_table(all_rules()):
        out.write(line.rstrip() + "\n")
