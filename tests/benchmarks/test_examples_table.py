"""benchmarks/examples_table.py: gpuperf JSON -> the examples' Markdown results tables."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "examples_table.py"
_spec = importlib.util.spec_from_file_location("examples_table", SCRIPT)
examples_table = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = examples_table  # dataclasses look their module up there
_spec.loader.exec_module(examples_table)


def result(name: str, median: float, test: str = "examples/reduction/test_reduction.py::test_reduction_step[x]",
           gbps: float = 100.0, gflops=None, peak_fraction: float = 0.25) -> dict:
    return {"name": name, "test": test, "median_ms": median, "gbps": gbps, "gflops": gflops,
            "peak_fraction": peak_fraction}


def document(*results: dict) -> dict:
    return {"created": "2026-11-22T06:00:00+00:00", "results": list(results),
            "devices": [{"name": "NVIDIA H100 80GB HBM3", "sm_count": 132, "driver_version": "570.1",
                         "cuda_version": "12.8", "peak_bandwidth_gbps": 3350.0, "peak_fp32_gflops": 66900.0}]}


def test_names_split_into_kernel_and_configuration():
    assert examples_table.split_name("transpose_padded n=1024 tile=16") == ("transpose_padded", "n=1024 tile=16")
    assert examples_table.split_name("vector_add") == ("vector_add", "")


def test_topic_is_the_examples_subfolder():
    assert examples_table.topic_of("examples/matmul/test_matmul.py::test_matmul_step[a-1024]") == "matmul"
    assert examples_table.topic_of("/abs/repo/examples/transpose/test_transpose.py::t") == "transpose"


def test_a_benchmark_measured_twice_keeps_its_first_row():
    rows = examples_table.rows_from(document(result("reduce_cascaded n=64", 2.0),
                                             result("reduce_cascaded n=64", 9.0)))
    assert [(r.kernel, r.median_ms) for r in rows] == [("reduce_cascaded", 2.0)]


def test_speedups_over_previous_and_first_step_skip_the_reference():
    rows = examples_table.rows_from(document(result("reduce_sequential n=64", 4.0), result("d2d_copy n=64", 0.5),
                                             result("reduce_first_add n=64", 2.0), result("reduce_cascaded n=64", 1.0)))
    lines = examples_table.table(rows, {"reduce_sequential": "KL304"})
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]
    assert [c[0] for c in cells] == ["1", "reference", "2", "3"]
    assert [(c[5], c[6]) for c in cells] == [("-", "-"), ("-", "-"), ("2.00x", "2.00x"), ("2.00x", "4.00x")]
    assert cells[0][7] == "215.1 GB/s (V100)" and cells[0][8] == "KL304" and cells[2][8] == "none"


def test_seed_numbers_need_every_configuration_token():
    assert examples_table.seed_for("transpose_padded", "n=1024 tile=16") == "45.5 Gelem/s (V100)"
    assert examples_table.seed_for("transpose_padded", "n=4096 tile=16") == "-"
    assert examples_table.seed_for("matmul_coalesced", "n=1024") == "-"


def test_lint_codes_are_counted_per_kernel():
    lint = {"findings": [{"code": "KL201", "kernel": "k"}, {"code": "KL102", "kernel": "k"},
                         {"code": "KL201", "kernel": "k"}, {"code": "KL000", "kernel": None}]}
    assert examples_table.lint_codes(lint) == {"k": "KL102, KL201 x2"}


def test_markdown_names_the_gpu_and_groups_by_configuration():
    text = examples_table.markdown(document(
        result("matmul_naive n=1024", 2.0, test="examples/matmul/test_matmul.py::t", gbps=None, gflops=1074.0),
        result("matmul_naive n=2048", 8.0, test="examples/matmul/test_matmul.py::t", gbps=None, gflops=2147.0)), None)
    assert "NVIDIA H100 80GB HBM3 (132 SMs), driver 570.1, CUDA 12.8" in text
    assert "#### matmul (n=1024)" in text and "#### matmul (n=2048)" in text
    assert "| 1 | `matmul_naive` | 2 | 1,074 GFLOP/s | 25.0% | - | - | 70.7 GFLOP/s (GTX 480) | - |" in text


@pytest.mark.parametrize("content, message", [
    ("not json", "is not JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('{"results": 3}', "no 'results' list"),
    ('{"results": [{"test": "x"}]}', "malformed result entry"),
])
def test_bad_input_exits_2_with_a_message(tmp_path, capsys, content, message):
    path = tmp_path / "results.json"
    path.write_text(content)
    assert examples_table.main([str(path), "--no-lint"]) == 2
    assert message in capsys.readouterr().err


def test_missing_file_exits_2(tmp_path, capsys):
    assert examples_table.main([str(tmp_path / "absent.json"), "--no-lint"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_writes_the_tables_with_codes_from_a_lint_json(tmp_path):
    results, lint, out = tmp_path / "results.json", tmp_path / "lint.json", tmp_path / "table.md"
    results.write_text(json.dumps(document(result("reduce_interleaved_divergent n=64", 3.0))))
    lint.write_text(json.dumps({"findings": [{"code": "KL302", "kernel": "reduce_interleaved_divergent"}]}))
    assert examples_table.main([str(results), "--lint-json", str(lint), "--out", str(out)]) == 0
    assert "| 1 | `reduce_interleaved_divergent` | 3 | 100 GB/s | 25.0% | - | - | 99.6 GB/s (V100) | KL302 |" \
        in out.read_text()


def test_configuration_keys_other_than_n_become_defines():
    assert examples_table.defines_of("n=1024 tile=16") == ("TILE=16",)
    assert examples_table.defines_of("vs copy n=67108864") == ()


def test_lint_column_judges_each_configuration_with_its_defines():
    seen = []

    def lint(defines):
        seen.append(defines)
        return {"transpose_padded": "KL201 x2" if defines == ("TILE=16",) else "none"}

    text = examples_table.markdown(document(
        result("transpose_padded n=1024 tile=16", 0.01, test="examples/transpose/test_transpose.py::t"),
        result("transpose_padded n=1024 tile=32", 0.01, test="examples/transpose/test_transpose.py::t")), lint)
    assert seen == [("TILE=16",), ("TILE=32",)]
    tile16 = text.split("#### transpose (n=1024 tile=32)")[0]
    assert "KL201 x2" in tile16 and "KL201" not in text.split("#### transpose (n=1024 tile=32)")[1]
