from __future__ import annotations

import json

import pytest

from pytest_gpuperf import report

DEVICES = [{"name": "NVIDIA H100 80GB HBM3", "fingerprint": "fp"}]


def test_row_formats_every_column(make_result):
    result = make_result("copy", median=0.5, min_ms=0.49, stdev_ms=0.005, mean_ms=0.5, gbps=2000.0,
                         bandwidth_fraction=0.6, slowdown=0.031, remeasured=True, verdict="inconclusive")
    assert report.row(result) == ["test_k::copy", "cold", "10", "0", "0.5", "0.49", "1.00", "2000", "-",
                                  "60.0%", "+3.1%", "inconclusive (re-measured)"]


def test_terminal_table_has_title_and_rows(make_result):
    text = report.terminal_table([make_result("axpy")], DEVICES, width=80)
    assert "gpuperf results on NVIDIA H100 80GB HBM3" in text
    assert "test_k::axpy" in text and "median ms" in text


def test_markdown_is_a_table_with_warnings(make_result):
    text = report.markdown([make_result("a|b")], DEVICES, ["clocks not locked"])
    lines = text.splitlines()
    assert lines[0] == "### gpuperf results on NVIDIA H100 80GB HBM3"
    assert lines[2].startswith("| benchmark | mode | n |")
    assert lines[4].startswith("| test_k::a\\|b | cold | 10 |")
    assert lines[-1] == "> clocks not locked"


def test_json_document_validates_against_the_schema(tmp_path, make_result):
    jsonschema = pytest.importorskip("jsonschema")
    document = report.json_document([make_result()], DEVICES, {"python": "3"}, {"noise_percent": 0.5}, [])
    path = tmp_path / "out" / "r.json"
    report.write_json(path, document)
    loaded = json.loads(path.read_text())
    jsonschema.validate(loaded, report.json_schema())
    assert loaded["results"][0]["median_ms"] == 1.0


def test_schema_rejects_a_result_without_samples(make_result):
    jsonschema = pytest.importorskip("jsonschema")
    document = report.json_document([make_result()], DEVICES, {}, {}, [])
    del document["results"][0]["samples_ms"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, report.json_schema())


def test_roofline_written_when_work_was_declared(tmp_path, make_result):
    pytest.importorskip("matplotlib")

    class Spec:
        memory_bandwidth_gbps = 3350.0
        peak_fp32_gflops = 66900.0

    results = [make_result("gemm", bytes_moved=1e9, flops=1e11, gbps=1000.0, gflops=100000.0,
                           flops_fraction=0.5),
               make_result("copy", bytes_moved=1e9, gbps=2000.0, bandwidth_fraction=0.6)]
    path = report.roofline(results, DEVICES[0], Spec(), tmp_path / "plots")
    assert path == tmp_path / "plots" / "gpuperf-roofline.png"
    assert path.read_bytes()[:4] == b"\x89PNG"
    assert report.roofline([make_result("nothing")], DEVICES[0], None, tmp_path / "none") is None
