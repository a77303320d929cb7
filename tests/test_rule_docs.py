"""The registry, the rule documents in rules/ and the rule families agree."""
from __future__ import annotations

from collections import Counter

import pytest

from kernel_lint.registry import DOC_SECTIONS, all_families, all_rules, doc_sections, docs_dir, rule_document

CODES = [rule.code for rule in all_rules()]


def test_codes_and_names_are_unique():
    rules = list(all_rules())
    assert [c for c, n in Counter(r.code for r in rules).items() if n > 1] == []
    assert [c for c, n in Counter(r.name for r in rules).items() if n > 1] == []


def test_codes_and_names_are_well_formed():
    for rule in all_rules():
        assert rule.code[:2] == "KL" and rule.code[2:].isdigit() and len(rule.code) == 5, rule.code
        assert rule.name == rule.name.lower() and " " not in rule.name and "_" not in rule.name, rule.name


def test_every_family_rule_belongs_to_one_family():
    owners = Counter(rule.code for family in all_families() for rule in family.rules)
    assert [code for code, n in owners.items() if n > 1] == []


@pytest.mark.parametrize("code", CODES)
def test_every_rule_has_a_document_with_every_section(code):
    document = rule_document(code)
    assert document is not None, f"rules/{code}.md is missing"
    assert document.splitlines()[0].startswith(f"# {code} "), f"rules/{code}.md must start with '# {code} <name>'"
    sections = doc_sections(document)
    missing = [s for s in DOC_SECTIONS if not sections.get(s)]
    assert missing == [], f"rules/{code}.md lacks or leaves empty: {', '.join(missing)}"


def test_no_orphan_documents():
    documents = sorted(p.stem for p in docs_dir().glob("*.md") if p.stem.upper().startswith("KL"))
    assert [d for d in documents if d not in CODES] == []
