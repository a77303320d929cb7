"""benchmarks/shared_wavefronts.py: kernel-lint's wide shared wavefronts against the committed ncu run."""
from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
RUN = BENCHMARKS / "results" / "2026-11-27-h100-lds128" / "ncu.csv"


def _load():
    spec = importlib.util.spec_from_file_location("shared_wavefronts", BENCHMARKS / "shared_wavefronts.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["shared_wavefronts"] = module
    spec.loader.exec_module(module)
    return module


probe = _load()


def test_every_pattern_of_the_committed_h100_run_agrees(tmp_path):
    assert probe.main(["--csv", str(RUN), "--out", str(tmp_path)]) == 0
    table = (tmp_path / "shared_wavefronts.md").read_text().splitlines()
    assert len(table) == 2 + 2 * len(probe.PATTERNS) and all(row.endswith("| yes |") for row in table[2:])


def test_a_pattern_ncu_did_not_run_is_a_difference():
    lines, differences = probe.table({"all_same<float4>": 2.0})
    assert differences == 2 * len(probe.PATTERNS) - 1 and "| all_same | 8 | - | 1 | no |" in lines


def test_without_ncu_and_without_a_run_it_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(probe.shutil, "which", lambda tool: None)
    assert probe.main(["--out", str(tmp_path)]) == 2
    assert "nvcc and ncu are needed" in capsys.readouterr().err


def test_the_patterns_are_the_probes():
    # the lane expressions in lds_probe.cu, evaluated as C integer arithmetic, give the script's elements
    source = probe.PROBE.read_text()
    written = dict(re.findall(r"^PATTERN\((\w+), (.+)\)$", source, flags=re.M))
    assert sorted(written) == sorted(probe.PATTERNS)
    assert all(f"{name}<<<1, 128>>>(out4);" in source and f"{name}<<<1, 128>>>(out2);" in source for name in written)
    for name, expression in written.items():
        tree = ast.parse(expression, mode="eval").body
        assert [_c_int(tree, lane) for lane in probe.LANES] == [probe.PATTERNS[name](lane) for lane in probe.LANES], name


def _c_int(node: ast.AST, lane: int) -> int:
    """A lane expression of the probe (`lane`, integers, + * / %) as C evaluates it for non-negative ints."""
    if isinstance(node, ast.Name) and node.id == "lane":
        return lane
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    assert isinstance(node, ast.BinOp), ast.dump(node)
    left, right = _c_int(node.left, lane), _c_int(node.right, lane)
    operations = {ast.Add: left + right, ast.Mult: left * right,
                  ast.Div: left // right if right else 0, ast.Mod: left % right if right else 0}
    return operations[type(node.op)]
