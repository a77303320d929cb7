"""Shared by the KL1xx and KL2xx tests: run one family's codes on a source or a fixture file."""
from __future__ import annotations

from pathlib import Path
from typing import Tuple

from kernel_lint.engine import check_unit
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.gpus import resolve_gpu
from kernel_lint.settings import Settings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
H100 = resolve_gpu("h100")


def check_source(path: str, source: str, select: Tuple[str, ...], settings: Settings = Settings()):
    unit = build_unit(path, source, FrontendOptions())
    assert not unit.problems, unit.problems
    chosen = Settings(select=select, thresholds=settings.thresholds, default_block_size=settings.default_block_size)
    return check_unit(unit, chosen, (H100,))


def check_fixture(family: str, name: str, select: Tuple[str, ...], settings: Settings = Settings()):
    path = FIXTURES / family / name
    return check_source(str(path), path.read_text(), select, settings)
