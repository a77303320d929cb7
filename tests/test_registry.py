from kernel_lint.registry import all_rules, doc_sections, find_rule, matches


def test_codes_are_unique_and_well_formed():
    codes = [rule.code for rule in all_rules()]
    assert len(codes) == len(set(codes))
    assert all(len(code) == 5 and code.startswith("KL") and code[2:].isdigit() for code in codes)


def test_names_are_unique_kebab_case():
    names = [rule.name for rule in all_rules()]
    assert len(names) == len(set(names))
    assert all(name == name.lower() and " " not in name and "_" not in name for name in names)


def test_find_rule_by_code_or_name():
    assert find_rule("kl000").name == "unparsable-file"
    assert find_rule("unparsable-file").code == "KL000"
    assert find_rule("KL999") is None


def test_selector_prefixes_match_like_ruff():
    assert matches("KL101", ["KL1"])
    assert matches("KL101", ["ALL"])
    assert not matches("KL201", ["KL1", "KL3"])


def test_doc_sections_split_on_level_two_headings():
    document = "# KL1: x\n\n## What it finds\nA\n\n## Fix\nB\nC\n"
    assert doc_sections(document) == {"What it finds": "A", "Fix": "B\nC"}
