"""`kernel-lint occupancy`: JSON rows, the text table and chart, the plot, and bad input."""
from __future__ import annotations

import io
import json

import pytest

from kernel_lint.occupancy_cli import main, parse_int_list


def run(argv):
    out = io.StringIO()
    return main(argv, out=out), out.getvalue()


def test_json_has_one_row_per_combination():
    status, text = run(["--gpu", "h100", "--threads", "128,256", "--regs", "32,64", "--smem", "0,48K",
                        "--format", "json"])
    rows = json.loads(text)
    assert status == 0 and len(rows) == 8
    assert rows[0] == {"threads": 128, "regs": 32, "smem": 0, "active_blocks_per_sm": 16, "active_warps_per_sm": 64,
                       "occupancy": 1.0, "limited_by": ["warps", "registers"]}
    assert rows[-1] == {"threads": 256, "regs": 64, "smem": 49152, "active_blocks_per_sm": 4,
                        "active_warps_per_sm": 32, "occupancy": 0.5, "limited_by": ["registers", "shared_memory"]}


def test_text_shows_the_table_and_the_block_size_chart():
    status, text = run(["--gpu", "a100", "--threads", "32,256", "--regs", "32"])
    assert status == 0
    assert "Occupancy on A100 SXM4 40GB (cc 8.0, 64 warps per SM)" in text
    assert "blocks per SM" in text  # the 32-thread row's limiter
    assert "occupancy vs threads per block (32 registers, 0 bytes shared memory):" in text
    assert "   32 |####################                    |  50.0%  <" in text
    assert "  256 |########################################| 100.0%  <" in text


def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    target = tmp_path / "occupancy.png"
    status, _ = run(["--threads", "256", "--regs", "40", "--smem", "16K", "--plot", str(target)])
    assert status == 0 and target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_is_a_clear_error(monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    status, _ = run(["--threads", "256", "--regs", "40", "--plot", "x.png"])
    assert status == 2 and "--plot needs matplotlib" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--gpu", "h1000", "--threads", "32", "--regs", "32"], "unknown GPU 'h1000'; known GPUs:"),
    (["--threads", "3x2", "--regs", "32"], "--threads: '3x2' is not a whole number"),
    (["--threads", "2048", "--regs", "32"], "--threads 2048: a block has 1 to 1024 threads on H100 SXM"),
    (["--threads", "0", "--regs", "32"], "--threads 0: a block has 1 to 1024 threads"),
    (["--threads", "64", "--regs", "300"], "--regs 300: a thread has at most 255 registers"),
    (["--threads", "64", "--regs", "32", "--smem", "300K"], "--smem 307200: a block may use at most 232448 bytes"),
    (["--threads", ",", "--regs", "32"], "--threads needs at least one value"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    status, out = run(argv)
    err = capsys.readouterr().err
    assert status == 2 and out == "" and message in err and "Traceback" not in err


def test_missing_required_option_exits_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--regs", "32"])
    assert exit_info.value.code == 2 and "--threads" in capsys.readouterr().err


def test_parse_int_list_accepts_k_suffix():
    assert parse_int_list("0, 16K,48k", "--smem") == [0, 16384, 49152]
