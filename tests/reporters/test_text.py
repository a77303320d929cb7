from __future__ import annotations

import io

from kernel_lint.findings import Applicability, Category, Edit, Finding, Fix, Severity, SourceRange
from kernel_lint.reporters import ReportOptions, RunReport
from kernel_lint.reporters.text import render
from kernel_lint.results import FileReport

SOURCE = (
    "__global__ void transpose(float *out, const float *in, int n) {\n"
    "\t__shared__ float tile[32][32];\n"
    "  out[threadIdx.x * n] = in[threadIdx.x];\n"
    "}\n"
)


def sample_report(**overrides) -> RunReport:
    store = Finding(
        "KL001",
        Category.PARSE,
        Severity.WARNING,
        SourceRange("k.cu", 3, 3, 3, 22),
        "global store is uncoalesced: 32 sectors per request, ideal 4",
        kernel="transpose",
        gpu="h100",
        hint="index the store by threadIdx.x in the fastest-varying position",
    )
    tile = Finding(
        "KL008",
        Category.PARSE,
        Severity.ERROR,
        SourceRange("k.cu", 2, 2, 2, 31),
        "shared tile causes a 32-way bank conflict",
        fix=Fix("pad the tile to [32][33]", (Edit(SourceRange("k.cu", 2, 27, 2, 29), "33"),), Applicability.SAFE),
    )
    fields = dict(
        version="0.1.0",
        root="/project",
        files=(FileReport("k.cu", kernels=["transpose"]),),
        findings=(tile, store),
        fingerprints=("a", "b"),
        sources={"k.cu": SOURCE},
        suppressed=2,
    )
    fields.update(overrides)
    return RunReport(**fields)


def rendered(report: RunReport, **options) -> str:
    out = io.StringIO()
    render(report, out, ReportOptions(**options))
    return out.getvalue()


def test_full_output():
    assert rendered(sample_report()) == (
        "k.cu:2:2: KL008 error: shared tile causes a 32-way bank conflict\n"
        "  |\n"
        "2 |     __shared__ float tile[32][32];\n"
        "  |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ KL008\n"
        "  |\n"
        "  = fix (safe, --fix): pad the tile to [32][33]\n"
        "\n"
        "k.cu:3:3: KL001 warning: global store is uncoalesced: 32 sectors per request, ideal 4 [kernel transpose, h100]\n"
        "  |\n"
        "3 |   out[threadIdx.x * n] = in[threadIdx.x];\n"
        "  |   ^^^^^^^^^^^^^^^^^^^ KL001\n"
        "  |\n"
        "  = help: index the store by threadIdx.x in the fastest-varying position\n"
        "\n"
        "Found 2 findings (1 error, 1 warning) in 1 file (2 suppressed).\n"
        "  1\tKL001\t    unanalysed-kernel\n"
        "  1\tKL008\t[*] unused-suppression\n"
        "[*] 1 fixable with --fix (see them first with --diff).\n"
    )


def test_quiet_and_no_source():
    assert rendered(sample_report(), quiet=True, show_source=False) == (
        "k.cu:2:2: KL008 error: shared tile causes a 32-way bank conflict\n"
        "k.cu:3:3: KL001 warning: global store is uncoalesced: 32 sectors per request, ideal 4 [kernel transpose, h100]\n"
    )


def test_statistics():
    assert rendered(sample_report(), statistics=True) == "1\tKL001\t    unanalysed-kernel\n1\tKL008\t[*] unused-suppression\n"


def test_clean_run():
    report = sample_report(findings=(), fingerprints=(), suppressed=0, baselined=3)
    assert rendered(report) == "All checks passed! 1 file checked (3 in the baseline).\n"
    assert rendered(report, quiet=True) == ""


def test_colours_only_when_asked():
    plain = rendered(sample_report())
    coloured = rendered(sample_report(), color=True)
    assert "\x1b[" not in plain
    assert "\x1b[1;31mKL001\x1b[0m" in coloured and "\x1b[31;1m" in coloured


def test_finding_without_source_has_no_frame():
    report = sample_report(sources={})
    assert "  |" not in rendered(report)
