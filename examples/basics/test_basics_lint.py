"""The minimal examples are clean: one coalesced element per lane, bounds tests only at the end."""
from __future__ import annotations

from pathlib import Path

SOURCE = Path(__file__).with_name("basics.cu")


def test_basics_have_no_findings(lint_file):
    run = lint_file(SOURCE)
    assert run.found() == frozenset(), run.describe()
