"""The README documents every rule, output format, configuration key, exit status and plugin option."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from kernel_lint import config
from kernel_lint.registry import all_rules
from kernel_lint.reporters import REPORTERS
from pytest_gpuperf.options import OPTIONS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"\n## {title}")
    following = README.find("\n## ", start + 1)
    return README[start:following if following >= 0 else len(README)]


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_every_rule_has_a_row_linking_its_document(rule):
    row = f"| [{rule.code}](rules/{rule.code}.md) | {rule.name} | {rule.category.value} | {rule.default_severity.value} |"
    assert row in section("What kernel-lint reports")


def test_every_output_format_is_described():
    formats = section("kernel-lint: the command line")
    for name in REPORTERS:
        assert f"**{name}**" in formats, name


def test_every_configuration_key_is_in_the_example():
    configuration = section("kernel-lint: the command line")
    for key in config._TOP_LEVEL:
        assert re.search(rf"^{re.escape(key)} = ", configuration, re.M), key
    for family, keys in config._THRESHOLDS.items():
        assert f"[tool.kernel-lint.{family}]" in configuration, family
        for key in keys:
            assert re.search(rf"^{re.escape(key)} = ", configuration, re.M), f"{family}.{key}"


def test_every_exit_status_is_in_the_table():
    exits = section("kernel-lint: the command line")
    for status in (0, 1, 2):
        assert f"\n| {status} |" in exits


def test_every_plugin_option_and_its_ini_name_are_listed():
    plugin = section("pytest-gpuperf: GPU kernels under performance budgets")
    for spec in OPTIONS:
        assert f"`{spec.flag}" in plugin and f"`{spec.ini}`" in plugin, spec.flag


def test_quickstart_test_command_is_what_ci_runs():
    quickstart = section("Quickstart")
    commands = re.findall(r"```console\n(.+?)\n```", quickstart)
    assert len(commands) == 2
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_configuration_example_is_accepted_as_written(tmp_path):
    example = re.search(r"```toml\n(.*?)```", section("kernel-lint: the command line"), re.S).group(1)
    (tmp_path / "pyproject.toml").write_text(example, encoding="utf-8")
    settings = config.load_settings(config.read_config_file(tmp_path / "pyproject.toml"))
    assert settings.fail_on.value == "warning" and settings.gpus == ("a100", "h100")
