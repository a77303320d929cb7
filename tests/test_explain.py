from __future__ import annotations

import io

import pytest

from kernel_lint.explain import UnknownRuleError, explanation, resolve_rule, rule_table, write_explanation
from kernel_lint.registry import all_rules, rule_document


def test_resolve_by_code_name_and_case():
    assert resolve_rule("KL008").name == "unused-suppression"
    assert resolve_rule("kl008").code == "KL008"
    assert resolve_rule("unused-suppression").code == "KL008"


def test_unknown_rule_suggests_close_codes():
    with pytest.raises(UnknownRuleError, match=r"unknown rule 'KL0008'; did you mean .*KL008"):
        resolve_rule("KL0008")
    with pytest.raises(UnknownRuleError, match="--list-rules"):
        resolve_rule("nothing-like-it")


def test_explanation_is_the_rule_document():
    rule = resolve_rule("KL008")
    assert explanation(rule) == rule_document("KL008")
    out = io.StringIO()
    write_explanation(rule, out, rich_markdown=False)
    assert out.getvalue() == rule_document("KL008")


def test_rich_markdown_on_a_terminal():
    out = io.StringIO()
    write_explanation(resolve_rule("KL008"), out, rich_markdown=True, width=80)
    assert "\x1b[" in out.getvalue() and "What it finds" in out.getvalue() and "## " not in out.getvalue()


def test_rule_table_lists_every_rule():
    lines = rule_table(all_rules())
    assert lines[0].split()[:5] == ["code", "name", "category", "severity", "fix"]
    assert [line.split()[0] for line in lines[1:]] == [r.code for r in all_rules()]
