"""benchmarks/validate_with_ncu.py and ncu_ground_truth.py: readers, plan, driver and scoring, without a GPU."""
from __future__ import annotations

import hashlib
import json
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from pycparser import c_ast

from kernel_lint.model import walk

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
NCU = Path(__file__).resolve().parents[1] / "fixtures" / "ncu"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


truth = _load("ncu_ground_truth")
validate = _load("validate_with_ncu")


def test_source_view_sums_each_line_once_per_instruction():
    lines = truth.read_source_view((NCU / "source_view.csv").read_text())
    load_line, conflict_line, then_line, store_line = (lines[("probe.cu", n)] for n in (8, 10, 12, 18))
    # tile[ty][tx] = in[y * n + x]: a coalesced LDG (4 sectors per request) and a conflict-free STS
    load, store = load_line.memory["global-load"], load_line.memory["shared-store"]
    assert (load.requests, load.actual, load.ideal, load.warp_ideal) == (32768, 131072, 131072, 131072)
    assert (store.actual, store.ideal) == (32768, 32768)
    # tile[tx][ty]: 32 wavefronts per request where 1 would do
    assert conflict_line.memory["shared-load"].actual / conflict_line.memory["shared-load"].requests == 32
    # out[x * n + y]: 32 sectors per request, ideal 4
    stg = store_line.memory["global-store"]
    assert stg.actual / stg.requests == 32 and stg.warp_ideal / stg.requests == 4
    # the `tx % 2 == 0` side runs with 16 lanes at most; its sinf/cosf calls idle a few more
    assert then_line.max_active == 16 and then_line.pred_on / then_line.inst == pytest.approx(14.22, abs=0.01)
    assert lines[("probe.cu", 11)].max_active == 32
    restored = truth.LineCounters.from_json(store_line.to_json())
    assert restored.memory["global-store"].actual == stg.actual


def test_source_view_without_counters_is_empty():
    assert truth.read_source_view("") == {}
    assert truth.read_source_view('"File Path","/x.cu"\n"Line No","Source"\n"1","int x;"\n') == {}


def test_warp_ideal_is_what_32_lanes_of_the_access_size_need():
    assert truth.warp_ideal("global", 4) == 4 and truth.warp_ideal("global", 16) == 16
    assert truth.warp_ideal("global", 1) == 1
    assert truth.warp_ideal("shared", 4) == 1 and truth.warp_ideal("shared", 8) == 2


def test_racecheck_and_synccheck_reports():
    race = truth.read_racecheck((NCU / "racecheck.txt").read_text())
    assert (race.errors, race.warnings) == (9, 248)
    assert race.hazards[0].places == (("probe.cu", 22), ("probe.cu", 23)) and race.hazards[0].kind == "RAW"
    sync = truth.read_synccheck((NCU / "synccheck.txt").read_text())
    assert sync.errors == 16 and sync.hazards[0].places == (("probe.cu", 24),)
    # a run that crashed or timed out before its summary measured nothing
    assert truth.read_racecheck("========= COMPUTE-SANITIZER\n") is None
    assert truth.read_synccheck("") is None
    clean = truth.read_racecheck("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n")
    assert clean is not None and (clean.errors, clean.warnings, clean.hazards) == (0, 0, ())


SOURCE = """\
__global__ void strided(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[32 * i];
    if (i % 2 == 0) {
        out[i] = 2.0f * in[i];
    }
}
void run(const float* in, float* out, int n) { strided<<<4, 256>>>(in, out, n); }
"""


def _counters(inst, pred_on, max_active, memory=None):
    return {"inst": inst, "threads": inst * max_active, "pred_on": pred_on, "max_active": max_active,
            "memory": memory or {}}


def _record(path: Path, **kernel) -> dict:
    base = {"kernel": "strided", "template_args": [], "block": [256, 1, 1], "grid": [4, 1, 1], "status": "ok",
            "racecheck": {"hazards": [], "errors": 0, "warnings": 0}, "synccheck": None}
    return {"path": str(path), "sha256": hashlib.sha256(path.read_text().encode()).hexdigest(), "split": "test",
            "include_dirs": [], "status": "ok", "kernels": [{**base, **kernel}], "skipped": []}


def test_scoring_matches_findings_to_measured_lines(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text(SOURCE)
    name = "k.cu"
    lines = {  # -O3: the strided load costs 32 sectors per request; the guarded ones are coalesced
        f"{name}:3": _counters(40, 1280, 32, {"global-load": [32, 1024, 128, 128], "global-store": [32, 128, 128, 128]}),
        f"{name}:5": _counters(40, 640, 32, {"global-load": [32, 128, 64, 128], "global-store": [32, 128, 64, 128]}),
    }
    debug = {f"{name}:4": _counters(32, 1024, 32), f"{name}:5": _counters(200, 3200, 16)}
    entries = validate.score_file(_record(source, lines=lines, debug_lines=debug))
    by_site = {(e.category, e.line, e.site): e for e in entries}
    load = by_site[("coalescing", 3, "global load")]
    assert (load.flagged, load.problem, load.measured, load.ideal) == (True, True, 32.0, 4.0)
    assert by_site[("coalescing", 3, "global store")].problem is False
    # half the lanes store: against 32 active lanes that is coalesced, whatever ncu's active-lane ideal says
    guarded = by_site[("coalescing", 5, "global store")]
    assert (guarded.flagged, guarded.problem) == (False, False) and "active lanes 2.00" in guarded.note
    branch = by_site[("divergence", 4, "if")]
    assert (branch.flagged, branch.problem, branch.predicted, branch.measured) == (True, True, 0.5, 0.5)
    race = by_site[("barrier", 0, "race")]
    assert (race.flagged, race.problem) == (False, False)
    assert by_site[("barrier", 0, "divergent barrier")].problem is None  # synccheck did not finish
    summary = validate.scores(entries)
    assert summary["coalescing"]["true_positives"] == 1 and summary["divergence"]["precision"] == 1.0


def test_a_line_that_ran_in_one_lane_has_no_coalescing_verdict(tmp_path):
    # the driver's 1024 for `n` and for a stride left `idx * stride < n` true in one lane (batches 31, 33):
    # one sector for one lane says nothing of the pattern the finding is about
    source = tmp_path / "k.cu"
    source.write_text(SOURCE)
    lines = {"k.cu:3": _counters(4, 4, 1, {"global-load": [4, 4, 4, 16], "global-store": [4, 4, 4, 16]}),
             "k.cu:5": _counters(40, 640, 32, {"global-load": [32, 128, 64, 128], "global-store": [32, 128, 64, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    by_site = {(e.category, e.line, e.site): e for e in entries}
    lone = by_site[("coalescing", 3, "global load")]
    assert (lone.flagged, lone.problem, lone.note) == (True, None, "one lane per request: no access pattern to judge")
    assert by_site[("coalescing", 5, "global load")].problem is False  # 16 lanes: judged as before
    assert validate.scores(entries)["coalescing"]["false_positives"] == 0


def test_a_helpers_access_is_scored_on_the_line_of_the_call_where_ncu_counts_it(tmp_path):
    # jay-tux matmul (batch 35): `c.at(row, col) = acc` stores through a member returning a reference, and
    # ncu counts the inlined store on the call's line
    source = tmp_path / "k.cu"
    source.write_text("struct matrix { float *data; int n; __device__ float &at(int col, int row); };\n"
                      "__device__ float &matrix::at(int col, int row) { return data[row * n + col]; }\n"
                      "__global__ void strided(matrix c, float* out, int n) {\n"
                      "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "    c.at(0, i) = out[i];\n"
                      "}\n")
    lines = {"k.cu:5": _counters(32, 1024, 32, {"global-store": [32, 1024, 128, 128], "global-load": [32, 128, 128, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    by_site = {(e.category, e.line, e.site): e for e in entries}
    store = by_site[("coalescing", 5, "global store")]
    assert (store.flagged, store.problem, store.predicted) == (True, True, 32.0)
    assert ("coalescing", 2, "global store") not in by_site  # moved to the call's line, where it was measured


def test_a_helpers_access_in_a_header_is_scored_at_the_kernels_call_not_the_units_line_of_its_number(tmp_path):
    # batch 54: ae-basol's `aes_load_block(feedback, stream)` is counted by ncu on the call's line, and
    # sora5801's store_be32 findings at sha_cuda.cuh:96-99 had been matched to sha256_gpu.cu's lines 96-99
    (tmp_path / "h.cuh").write_text("// a helper the kernel inlines\n"
                                    "__device__ void put(float* p, float v)\n"
                                    "{\n"
                                    "    p[0] = v;\n"
                                    "}\n")
    source = tmp_path / "k.cu"
    source.write_text('#include "h.cuh"\n'
                      "__global__ void strided(const float* in, float* out, int n) {\n"
                      "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "    out[i] = in[i];\n"
                      "    put(out + 32 * i, 1.0f);\n"
                      "}\n"
                      "void run(const float* in, float* out, int n) { strided<<<4, 256>>>(in, out, n); }\n")
    lines = {"k.cu:4": _counters(40, 1280, 32, {"global-load": [32, 128, 128, 128],
                                                "global-store": [32, 128, 128, 128]}),
             "k.cu:5": _counters(40, 1280, 32, {"global-store": [32, 1024, 128, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    by_site = {(e.category, e.line, e.site): e for e in entries}
    assert (by_site[("coalescing", 4, "global store")].flagged, by_site[("coalescing", 4, "global store")].problem) \
        == (False, False)
    helper = by_site[("coalescing", 5, "global store")]
    assert (helper.flagged, helper.problem, helper.predicted, helper.measured) == (True, True, 32.0, 32.0)


def test_a_header_helper_reached_through_a_helper_of_the_unit_is_scored_at_the_units_call_of_it(tmp_path):
    # batch 54: sora5801's kernel calls dev_sha256, whose loop calls the header's store_be32; ncu counts
    # the store on that loop's line, not on the kernel's call of dev_sha256
    (tmp_path / "h.cuh").write_text("__device__ void put(float* p, float v) { p[0] = v; }\n")
    source = tmp_path / "k.cu"
    source.write_text('#include "h.cuh"\n'
                      "__device__ void digest(float* out) {\n"
                      "    put(out, 1.0f);\n"
                      "}\n"
                      "__global__ void strided(float* out) {\n"
                      "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "    digest(out + 32 * i);\n"
                      "}\n"
                      "void run(float* out) { strided<<<4, 256>>>(out); }\n")
    lines = {"k.cu:3": _counters(40, 1280, 32, {"global-store": [32, 1024, 128, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    assert [(e.line, e.site, e.flagged, e.problem, e.predicted) for e in entries if e.category == "coalescing"] == [
        (3, "global store", True, True, 32.0)]


def test_a_kernel_in_a_header_is_scored_on_the_headers_lines(tmp_path):
    # SGEMM_CUDA: runner.cu launches the kernels its headers define; ncu names the header's lines
    kernel, launch = SOURCE.split("void run", 1)
    (tmp_path / "k.cuh").write_text(kernel)
    runner = tmp_path / "run.cu"
    runner.write_text('#include "k.cuh"\nvoid run' + launch)
    lines = {"k.cuh:3": _counters(40, 1280, 32, {"global-load": [32, 1024, 128, 128]}),
             "run.cu:3": _counters(40, 1280, 32, {"global-load": [32, 128, 128, 128]})}
    entries = validate.score_file(_record(runner, lines=lines, debug_lines={}))
    assert [(e.category, e.line, e.site, e.flagged, e.problem, e.path) for e in entries if e.category == "coalescing" and e.problem is not None] == [
        ("coalescing", 3, "global load", True, True, str(runner))]


def test_an_access_counted_on_a_later_line_of_its_statement_is_matched_there(tmp_path):
    # SGEMM_CUDA kernel 6: `reinterpret_cast<float4 *>(\n &C[...])[0] =\n tmp;` is counted at its last line
    source = tmp_path / "k.cu"
    source.write_text("__global__ void strided(const float* in, float* out, int n) {\n"
                      "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "    out[32 * i] =\n"
                      "        in[i];\n"
                      "}\n"
                      "void run(const float* in, float* out, int n) { strided<<<4, 256>>>(in, out, n); }\n")
    lines = {"k.cu:4": _counters(40, 1280, 32, {"global-load": [32, 128, 128, 128],
                                                "global-store": [32, 1024, 128, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    assert sorted((e.line, e.site, e.flagged, e.problem) for e in entries
                  if e.category == "coalescing" and e.problem is not None) == [
        (4, "global load", False, False), (4, "global store", True, True)]


def test_a_load_counted_where_its_register_is_first_read_is_matched_there(tmp_path):
    # leimao's GEMM (batch 27): `int4 v{*reinterpret_cast<int4 const*>(&C[...])}` is issued by -O3 at the
    # later line that reads v's elements; a store to memory is not followed, nor a register never read
    source = tmp_path / "k.cu"
    source.write_text("__global__ void strided(const float* in, float* out, int n) {\n"
                      "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "    float v = in[32 * i];\n"
                      "    float w = in[i];\n"
                      "    out[i] = 2.0f;\n"
                      "    out[i + n] = v * 3.0f;\n"
                      "}\n"
                      "void run(const float* in, float* out, int n) { strided<<<4, 256>>>(in, out, n); }\n")
    lines = {"k.cu:4": _counters(40, 1280, 32, {"global-load": [32, 128, 128, 128]}),
             "k.cu:5": _counters(40, 1280, 32, {"global-store": [32, 128, 128, 128]}),
             "k.cu:6": _counters(40, 1280, 32, {"global-load": [32, 1024, 128, 128],
                                                "global-store": [32, 128, 128, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    assert sorted((e.line, e.site, e.flagged, e.problem) for e in entries
                  if e.category == "coalescing" and e.problem is not None) == [
        (4, "global load", False, False), (5, "global store", False, False),
        (6, "global load", True, True), (6, "global store", False, False)]
    unit, _ = planned(source)
    kernel = unit.kernel("strided")
    stores = [n for n in walk(kernel.body) if isinstance(n, c_ast.Assignment)]
    assert [validate._loaded_register(statement, kernel) for statement in stores] == [None, None]


def test_a_load_in_the_arm_of_a_multi_line_choice_is_matched_at_the_statements_first_line(tmp_path):
    # vallagenakisu's Sobel: `const float l = channels >= 3\n ? luminance(p[0], ...)\n : p[0];` loads p[0]
    # once, counted at the statement's first line
    source = tmp_path / "k.cu"
    source.write_text("__global__ void strided(const float* in, float* out, int n) {\n"
                      "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "    float v = n > 3\n"
                      "        ? 2.0f\n"
                      "        : in[32 * i];\n"
                      "    out[i] = v;\n"
                      "}\n"
                      "void run(const float* in, float* out, int n) { strided<<<4, 256>>>(in, out, n); }\n")
    lines = {"k.cu:3": _counters(40, 1280, 32, {"global-load": [32, 1024, 128, 128]}),
             "k.cu:6": _counters(40, 1280, 32, {"global-store": [32, 128, 128, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    assert sorted((e.line, e.site, e.flagged, e.problem) for e in entries
                  if e.category == "coalescing" and e.problem is not None) == [
        (3, "global load", True, True), (6, "global store", False, False)]


def test_a_copy_of_a_loops_access_counted_at_its_header_takes_the_bodys_verdict():
    # vallagenakisu's invert_kernel: `for (c < channels) out[base + c] = a ? in[base + c] : 255 - in[base + c];`
    # -O3 loads in[base + c] once and ncu counts it at the body's first line and at the `for` line
    controls = {(23, "load"): [21], (24, "load"): [21], (22, "store"): [21]}
    seen = {(21, "load"), (22, "load"), (22, "store")}
    claimed = {(22, "load"), (22, "store")}
    assert validate._loop_copies(seen, claimed, controls, {(23, "load"), (24, "load")}) == {
        (21, "load"): [(23, "load"), (24, "load")]}
    # body accesses that disagree, or a header an access claims, get no copy
    assert validate._loop_copies(seen, claimed, controls, {(23, "load")}) == {}
    assert validate._loop_copies(seen, claimed | {(21, "load")}, controls, {(23, "load"), (24, "load")}) == {}


def test_a_load_counted_at_the_for_line_and_in_the_body_is_matched_at_both(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text("__global__ void strided(const float* in, float* out, int n) {\n"
                      "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "    for (int c = 0; c < n; c++)\n"
                      "        out[i * n + c] = in[i * n + c];\n"
                      "}\n"
                      "void run(const float* in, float* out, int n) { strided<<<4, 256>>>(in, out, n); }\n")
    lines = {"k.cu:3": _counters(40, 1280, 32, {"global-load": [32, 1024, 128, 128]}),
             "k.cu:4": _counters(40, 1280, 32, {"global-load": [32, 1024, 128, 128],
                                                "global-store": [32, 1024, 128, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    assert sorted((e.line, e.site, e.flagged, e.problem, e.predicted) for e in entries
                  if e.category == "coalescing" and e.problem is not None) == [
        (3, "global load", True, True, 32.0), (4, "global load", True, True, 32.0),
        (4, "global store", True, True, 32.0)]


HOISTED_SOURCE = """\
__global__ void strided(const float* b, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    for (int j = 0; j < n; j++) {
        sum += b[j] - b[7 * i];
        STORE
    }
    out[i] = sum;
}
void run(const float* b, float* out, int n) { strided<<<4, 256>>>(b, out, n); }
"""


@pytest.mark.parametrize("store, hoisted", [("", True), ("out[n + j] = sum;", False)])
def test_a_load_the_same_in_every_iteration_is_matched_at_the_loop_nvcc_moves_it_before(tmp_path, store, hoisted):
    # henry-tran07's n-body (batch 49) reads its own b[i].x in the loop over j; -O3 loads it once before the
    # loop and ncu counts it at the `for` line, the loop's body line keeping only the broadcast b[j]. A loop
    # that stores may change what the load reads, so nothing is moved out of it: the body's line keeps both
    # loads (FP against its broadcast count) and the header takes the body's verdict as a copy of its access.
    source = tmp_path / "k.cu"
    source.write_text(HOISTED_SOURCE.replace("STORE", store))
    lines = {"k.cu:4": _counters(40, 1280, 32, {"global-load": [32, 1024, 128, 128]}),
             "k.cu:5": _counters(40, 1280, 32, {"global-load": [32, 32, 32, 128]})}
    entries = validate.score_file(_record(source, lines=lines, debug_lines={}))
    loads = sorted((e.line, e.flagged, e.problem, e.predicted) for e in entries
                   if e.category == "coalescing" and e.site == "global load" and e.problem is not None)
    if hoisted:
        assert loads == [(4, True, True, 28.0), (5, False, False, 1.0)]
    else:
        assert loads == [(4, True, True, 14.5), (5, True, False, 14.5)]


SHARED_SOURCE = """\
__global__ void strided(float* out) {
    __shared__ float s[64 * 32];
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = s[2 * threadIdx.x] + s[threadIdx.x + 1];
}
void run(float* out) { strided<<<4, 256>>>(out); }
"""


def test_an_access_counted_at_the_loop_or_branch_around_it_is_matched_there():
    # Rodinia particlefilter (held-out batch 22): `ind[i * countOnes + y] = ...` at line 386 counted at the
    # `for` of line 381, and `if (ind[...] >= max) ind[...] = 0;` (387-388) counted as a store at 387
    spans = {(386, "store"): {386}, (387, "load"): {387}, (388, "store"): {388}}
    seen = {(381, "store"), (387, "load"), (387, "store")}
    controls = {(386, "store"): [381], (387, "load"): [381], (388, "store"): [387, 381]}
    assert validate._attributed_lines(spans, seen, controls) == {(386, "store"): (381, "store"),
                                                                   (388, "store"): (387, "store")}
    # two accesses that could both be the one counted at a header: neither is moved
    spans = {(386, "store"): {386}, (390, "store"): {390}}
    assert validate._attributed_lines(spans, {(381, "store")}, {(386, "store"): [381], (390, "store"): [381]}) == {}


def test_a_mean_conflict_degree_that_rounds_to_two_is_a_conflict(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text(SHARED_SOURCE)
    def shared_loads(wavefronts_per_request):  # noqa: E306
        return {"k.cu:5": _counters(8, 256, 32, {"shared-load": [8, 8 * wavefronts_per_request, 8, 8]})}
    for measured, problem in ((1.98, True), (1.4, False)):  # edge blocks pull a 2-way conflict just under 2
        entries = validate.score_file(_record(source, lines=shared_loads(measured), debug_lines={}))
        [load] = [e for e in entries if e.category == "bank-conflict" and e.line == 5]
        assert (load.flagged, load.problem, load.measured) == (True, problem, measured)
        assert load.predicted == pytest.approx(1.5)  # the two loads of the line: 2-way and conflict-free


def test_a_changed_file_or_block_shape_is_stale_not_scored(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text(SOURCE)
    record = _record(source, lines={}, debug_lines={})
    source.write_text(SOURCE + "// edited\n")
    assert [e.category for e in validate.score_file(record)] == ["stale"]
    source.write_text(SOURCE)
    record = _record(source, lines={}, debug_lines={}, block=[128, 1, 1])
    assert [e.note for e in validate.score_file(record)] == ["kernel-lint now assumes another block shape"]


def test_a_file_that_is_not_here_is_stale_and_measuring_it_asks_for_the_fetch(tmp_path, capsys, monkeypatch):
    source = tmp_path / "k.cu"
    source.write_text(SOURCE)
    record = _record(source, lines={}, debug_lines={})
    source.unlink()
    assert [e.note for e in validate.score_file(record)] == ["the file is not here: run python3 benchmarks/heldout/fetch.py"]
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"files": [{"path": "absent/k.cu", "split": "test4"}]}))
    monkeypatch.setattr(validate.shutil, "which", lambda tool: f"/usr/bin/{tool}")
    assert validate.main(["measure", "--manifest", str(manifest), "--out", str(tmp_path / "out")]) == 2
    assert "run python3 benchmarks/heldout/fetch.py" in capsys.readouterr().err


def test_scores_and_the_bar():
    entry = lambda category, flagged, problem: validate.Entry("", "k.cu", "k", category, 1, "", flagged, problem)  # noqa: E731
    summary = validate.scores([entry("coalescing", True, True), entry("coalescing", True, False),
                               entry("coalescing", False, None), entry("divergence", False, True)])
    assert summary["coalescing"]["precision"] == 0.5 and summary["coalescing"]["recall"] == 1.0
    assert summary["divergence"]["recall"] == 0.0 and not validate.passes(summary["divergence"])
    assert "| coalescing | 0.500 | 1.000 |" in "\n".join(validate.summary_lines("all", summary))
    # nothing flagged and nothing measured: no evidence, which is not the bar met
    quiet = validate.scores([entry("barrier", False, False)])["barrier"]
    assert (quiet["precision"], quiet["recall"], validate.passes(quiet)) == (None, None, False)
    assert "| barrier | - | - | 0 | 0 | 0 | 1 | not shown: nothing measured a problem |" in \
        "\n".join(validate.summary_lines("all", {"barrier": quiet}))


def planned(source: Path):
    """The file's unit and the validation's plan for it: (unit, (launches, skipped))."""
    from kernel_lint.frontend import FrontendOptions, build_unit
    from kernel_lint.settings import Settings

    unit = build_unit(str(source), source.read_text(), FrontendOptions())
    return unit, validate.plan(unit, Settings())


def nvcc_compiles(text: str, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["nvcc", "-arch=sm_90", "-w", "-c", "-x", "cu", "-", "-o", str(tmp_path / "d.o")],
                          input=text, capture_output=True, text=True)


def built_template_arguments(cuda: Path, tmp_path: Path) -> list:
    """The template arguments of each launch the driver makes of `cuda`, once nvcc has compiled the driver."""
    _, (launches, _) = planned(cuda)
    done = nvcc_compiles(validate.driver_source(cuda, launches), tmp_path)
    assert done.returncode == 0, done.stderr
    return [launch.template_args for launch in launches]


def test_driver_launches_every_kernel_or_one_with_a_capped_grid(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text("template <typename T> __global__ void scale(T* a, int n) { a[threadIdx.x] *= 2; }\n"
                      "__global__ void pairs(float2 a) {}\n"
                      "__global__ void nested(float** a) {}\n")
    _, (launches, skipped) = planned(source)
    assert [(launch.kernel.name, launch.template_args) for launch in launches] == [("scale", ("float",)),
                                                                                   ("pairs", ())]
    assert skipped == [("nested", "a parameter type the driver cannot fill")]
    text = validate.driver_source(source, launches)
    assert text.index("#include <cstdint>") < text.index(f'#include "{source}"')
    assert text.index("#define cudaThreadSynchronize cudaDeviceSynchronize") < text.index(f'#include "{source}"')
    assert "scale<float><<<kl_capped(dim3(4, 1, 1), kl_cap), dim3(256, 1, 1), 0>>>((float *)kl_buffers[0], (int)kl_size)" in text
    assert "kl_size = argc > 3 ? atoll(argv[3]) : 1024;" in text  # integers come from the command line
    assert "kl_which < 0 ? 2 : kl_which + 1" in text


def test_the_driver_passes_the_small_integer_constants_the_files_launch_passes(tmp_path):
    source = tmp_path / "k.cu"
    # the program fixes the stride at 32; with 1024 for both, `idx < n` would leave one lane of one warp
    source.write_text("#define RADIUS 3\n"
                      "__global__ void k(float* d, int n, int stride, int r, long big, int m) {\n"
                      "  int idx = (threadIdx.x + blockIdx.x * blockDim.x) * stride;\n"
                      "  if (idx < n) d[idx] = r + big + m; }\n"
                      "void run(float* d, int n, int m) {\n"
                      "  k<<<(n / 32 + 255) / 256,\n     256>>>(d, n, 32,\n     RADIUS + 1, 1 << 20, m);\n"
                      "  k<<<1, 128>>>(d, 1, 1, 1, 1, 1); }\n")
    _, (launches, _) = planned(source)
    assert launches[0].block == (256, 1, 1)
    # a size larger than the driver's own keeps it: buffers and ncu's time limit are sized for that
    assert launches[0].arguments == ("(float *)kl_buffers[{i}]", "(int)kl_size", "(int)32", "(int)4",
                                     "(long)kl_size", "(int)kl_size")


def test_a_kernel_in_a_namespace_is_launched_by_its_qualified_name(tmp_path):
    source = tmp_path / "k.cu"
    # the parameter's type is the namespace's own alias, which the driver spells as the kernel does
    source.write_text("namespace outer::inner {\n"
                      "using u32 = unsigned int;\n"
                      "namespace { __device__ int twice(int v) { return 2 * v; } }\n"
                      "__global__ void k(u32* a) { a[threadIdx.x] = twice(1); }\n"
                      "}\n"
                      "__global__ void plain(int* a) { a[0] = 1; }\n")
    _, (launches, _) = planned(source)
    assert [(launch.qualifier, launch.kernel.name) for launch in launches] == [("outer::inner::", "k"), ("", "plain")]
    assert launches[0].arguments == ("(u32 *)kl_buffers[{i}]",)
    text = validate.driver_source(source, launches)
    assert "{ using namespace outer::inner; outer::inner::k<<<" in text and "  case 1: { plain<<<" in text
    if shutil.which("nvcc"):  # the toolkit is on CI and dev machines; a GPU is not needed to build
        built = nvcc_compiles(text, tmp_path)
        assert built.returncode == 0, built.stderr


def test_the_drivers_own_names_survive_the_users_macros(tmp_path):
    source = tmp_path / "k.cu"
    # sheath-cuda defines K as a constant; the others are names a driver could have used
    source.write_text("#define K 1.38065e-23\n#define a 2\n#define cap 3\n#define which 4\n#define err 5\n"
                      "#define i 6\n#define g 7\n#define left 8\n#define kernel 9\n#define requested 10\n"
                      "__global__ void k(float* out) { extern __shared__ float s[]; s[threadIdx.x] = K;"
                      " out[threadIdx.x] = s[threadIdx.x]; }\n"
                      "void run(float* out) { k<<<1, 64, 64 * sizeof(float)>>>(out); }\n")
    _, (launches, _) = planned(source)
    text = validate.driver_source(source, launches)
    assert "kl_dynamic(k, 256)" in text
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc is not on PATH: the driver was checked as text only")
    built = nvcc_compiles(text, tmp_path)
    assert built.returncode == 0, built.stderr


def test_template_arguments_come_from_each_models_launch(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text("template <typename T, int B> __global__ void k(T* a) { a[threadIdx.x] = B; }\n"
                      "template <typename T> void host(T* a) { k<T, 64><<<1, 64>>>(a); }\n"
                      "void run(double* a) { k<double, 128><<<1, 128>>>(a); }\n")
    unit, (launches, _) = planned(source)
    # the T nothing names (host is never called) is completed with float, the type the model assumed
    assert [validate.template_arguments(unit, k) for k in unit.kernels] == [("float", "64"), ("double", "128")]
    assert [(launch.template_args, launch.block) for launch in launches] == [(("float", "64"), (64, 1, 1)),
                                                                           (("double", "128"), (128, 1, 1))]


def test_measure_refuses_without_the_gpu_tools(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert validate.main(["measure", "--out", str(tmp_path / "out")]) == 2
    assert "not found on PATH" in capsys.readouterr().err


def test_merge_takes_counters_taken_again_and_drops_the_rest_when_asked():
    kernel = lambda name, lines: {"kernel": name, "block": [256, 1, 1], "status": "ok", "lines": lines,  # noqa: E731
                                  "debug_lines": {"k.cu:1": {}}}
    base = {"files": [{"path": "k.cu", "sha256": "s", "kernels": [kernel("a", {"old": 1}), kernel("b", {"old": 2})]}]}
    update = {"files": [{"path": "k.cu", "sha256": "s", "kernels": [{"kernel": "a", "block": [256, 1, 1],
                                                                      "status": "ok", "lines": {"new": 1}}]}]}
    merged = validate.merge(base, update, drop=["lines"])
    first, second = merged["files"][0]["kernels"]
    assert first["lines"] == {"new": 1} and first["retaken"] == ["lines"] and first["debug_lines"] == {"k.cu:1": {}}
    assert second["lines"] == {} and second["dropped"] == ["lines"]


def test_merge_keeps_the_integers_the_counters_were_taken_with():
    base = {"files": [{"path": "k.cu", "sha256": "s", "kernels": [
        {"kernel": "a", "block": [256, 1, 1], "status": "ok", "lines": {}, "integer_arguments": {"lines": 1024}}]}]}
    update = {"files": [{"path": "k.cu", "sha256": "s", "kernels": [
        {"kernel": "a", "block": [256, 1, 1], "status": "ok", "lines": {"new": 1}, "integer_arguments": {"lines": 128},
         "written_integers": {"factor": 4}}]}]}
    [kernel] = validate.merge(base, update)["files"][0]["kernels"]
    assert (kernel["integer_arguments"], kernel["written_integers"]) == ({"lines": 128}, {"factor": 4})
    # a file the first run could launch nothing of takes the new run's record whole
    empty = {"files": [{"path": "k.cu", "sha256": "s", "status": "nothing to launch", "kernels": []}]}
    assert validate.merge(empty, update)["files"] == update["files"]


COARSE_SOURCE = """\
__global__ void strided(float* d, int n, int factor) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    d[idx * factor] = 0.0f;
}
void run(float* d) { int factor = 4; strided<<<4, 256>>>(d, 1024, factor); }
"""


def test_the_driver_passes_and_records_a_launchs_host_constants_and_the_score_reads_them(tmp_path):
    # AIComputing101's threadCoarsening (batch 36): the factor is a host local, 4; kernel-lint reads it as 4,
    # and a measurement taken with another value scores kernel-lint at the value that ran
    source = tmp_path / "k.cu"
    source.write_text(COARSE_SOURCE)
    unit, ([launch], _) = planned(source)
    assert launch.written == (None, 1024, 4) and launch.arguments[2] == "(int)4"
    store = lambda sectors: {"k.cu:3": _counters(32, 1024, 32, {"global-store": [32, sectors, 128, 128]})}  # noqa: E731
    entries = validate.score_file(_record(source, kernel="strided", lines=store(512), debug_lines={},
                                          written_integers={"n": 1024, "factor": 4}))
    [entry] = [e for e in entries if e.category == "coalescing"]
    assert (entry.flagged, entry.problem, entry.predicted) == (True, True, 16.0)
    # measured before the driver passed host locals: 1024 ran, so the model is judged with 1024
    entries = validate.score_file(_record(source, kernel="strided", lines=store(1024), debug_lines={}))
    [entry] = [e for e in entries if e.category == "coalescing"]
    assert (entry.flagged, entry.problem, entry.predicted) == (True, True, 32.0)


def test_typedef_scalars_bools_and_a_launch_inside_a_host_template_are_filled(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text("typedef double Real;\n"
                      "using Index = unsigned int;\n"
                      "template <class T, int C> __global__ void k(T* a, Real r, Index n, bool flag) { a[n] = r; }\n"
                      "template <class T> void host(T* a) { k<T, 8><<<4, 64>>>(a, 1.0, 4, true); }\n")
    unit, ([launch], skipped) = planned(source)
    assert validate.scalar_alias(unit, "Real") == "double" and validate.scalar_alias(unit, "Index") == "unsigned int"
    assert skipped == [] and launch.template_args == ("float", "8")  # T from the host template: float
    # the launch's own constants, 4 and true; the driver fills an integer type it spells by its alias
    assert launch.arguments == ("(float *)kl_buffers[{i}]", "(Real)1", "(Index)4", "(bool)1")


def struct_kernel(tmp_path: Path) -> Path:
    """Rodinia lavaMD's `par_str`/`dim_str` in a namespace, a vector type and `__half`, passed by value."""
    source = tmp_path / "k.cu"
    source.write_text("#include <cuda_fp16.h>\n"
                      "namespace ns { struct Params { int n; float4 *in; double *out; float scale;\n"
                      "  struct { int a; } inner; float *arr[3]; const int c = 2; }; }\n"
                      "struct Wall { union { struct { int lo, hi; }; int el[2]; }; };\n"
                      "__global__ void k(ns::Params p, const float3 w, __half h, float *o, Wall wall) {\n"
                      "  if (threadIdx.x < p.n) p.out[threadIdx.x] = p.in[0].x * p.scale + w.x + o[0] + p.arr[1][0]; }\n"
                      "void go(ns::Params p, float *o, Wall wall) {\n"
                      "  k<<<8, 128>>>(p, make_float3(1, 1, 1), __float2half(1.0f), o, wall); }\n")
    return source


def test_a_struct_members_struct_has_its_pointers_filled_and_long_long_int_is_an_integer(tmp_path):
    # QuEST passes `QubitRegister qureg` whose `ComplexArray deviceStateVec` holds the buffers it reads; left
    # zero, every launch of its kernels faulted
    source = tmp_path / "k.cu"
    source.write_text("typedef struct ComplexArray { double *real; double *imag; } ComplexArray;\n"
                      "typedef struct Register { int chunks; long long int amps; ComplexArray vec; } Register;\n"
                      "__global__ void k(Register q, long long int n, const int qubit) {\n"
                      "  long long int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "  if (i < n) q.vec.real[i << qubit] = q.vec.imag[i]; }\n")
    unit, ([launch], skipped) = planned(source)
    assert skipped == []
    assert unit.structs["Register"].nested == {"vec": "ComplexArray"}
    assert launch.arguments == (
        "kl_make([&](auto &kl_s) { kl_set(kl_s.chunks, nullptr); kl_set(kl_s.amps, nullptr);"
        " kl_set(kl_s.vec.real, kl_buffers[{i}]); kl_set(kl_s.vec.imag, kl_buffers[{i}]); })",
        "(long long int)kl_size", "(int)kl_size")
    if shutil.which("nvcc"):
        built = nvcc_compiles(validate.driver_source(source, [launch]), tmp_path)
        assert built.returncode == 0, built.stderr


def test_a_member_struct_named_like_the_struct_around_it_stays_zero(tmp_path):
    # the front end keys structs by their last name: `a::S { b::S s; }` looks like an S inside itself
    source = tmp_path / "k.cu"
    source.write_text("namespace b { struct S { float *p; }; }\nnamespace a { struct S { b::S s; int n; }; }\n"
                      "__global__ void k(a::S x) { x.s.p[threadIdx.x] = 1; }\n")
    _, ([launch], _) = planned(source)
    assert launch.arguments == ("kl_make([&](auto &kl_s) { kl_set(kl_s.s, nullptr); kl_set(kl_s.n, nullptr); })",)


def test_structs_passed_by_value_are_filled_member_by_member(tmp_path):
    # each pointer or array member gets a buffer of its own (an array of pointers points all of them there);
    # a struct of anonymous members stays zero; the struct converts to the parameter's type
    source = struct_kernel(tmp_path)
    _, ([launch], skipped) = planned(source)
    assert skipped == []
    assert launch.arguments == (
        "kl_make([&](auto &kl_s) { kl_set(kl_s.n, nullptr); kl_set(kl_s.in, kl_buffers[{i}]);"
        " kl_set(kl_s.out, kl_buffers[{i}]); kl_set(kl_s.scale, nullptr); kl_set(kl_s.inner, nullptr);"
        " kl_set(kl_s.arr, kl_buffers[{i}]); kl_set(kl_s.c, nullptr); })",
        "kl_make([&](auto &kl_s) { kl_set(kl_s.x, nullptr); kl_set(kl_s.y, nullptr); kl_set(kl_s.z, nullptr); })",
        "(__half)1", "(float *)kl_buffers[{i}]", "kl_make([&](auto &kl_s) {  })")
    text = validate.driver_source(source, [launch])
    assert "static void* kl_buffers[4];" in text  # three members' buffers and the pointer parameter's
    assert "kl_set(kl_s.in, kl_buffers[0]); kl_set(kl_s.out, kl_buffers[1])" in text and "(float *)kl_buffers[3]," in text
    assert "std::is_array<KlT>::value) { for (auto &kl_e : kl_m) kl_set(kl_e, kl_p); }" in text


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
def test_the_driver_compiles_with_structs_passed_by_value(tmp_path):
    source = struct_kernel(tmp_path)
    _, (launches, _) = planned(source)
    done = nvcc_compiles(validate.driver_source(source, launches), tmp_path)
    assert done.returncode == 0, done.stderr


def test_dynamic_shared_memory_comes_from_the_launch_or_fills_the_default_limit(tmp_path):
    # cuda-samples clock: `timedReduction<<<64, 256, sizeof(float) * 2 * 256>>>`; without the bytes
    # every launch of a kernel with `extern __shared__` failed (LaunchFailed)
    from kernel_lint.frontend import FrontendOptions, build_unit
    from kernel_lint.settings import Settings

    unit = build_unit("k.cu", "__global__ void k(float* a) { extern __shared__ float s[]; s[threadIdx.x] = a[0]; }\n"
                      "__global__ void m(float* a) { extern __shared__ float s[]; __shared__ float t[256];\n"
                      "  s[threadIdx.x] = t[0]; }\n"
                      "__global__ void plain(float* a) { a[0] = 0; }\n"
                      "void go(float* a, int n) { k<<<64, 256, sizeof(float) * 2 * 256>>>(a); m<<<1, 128, n>>>(a);"
                      " plain<<<1, 32>>>(a); }\n", FrontendOptions())
    launches, _ = validate.plan(unit, Settings())
    assert [(l.kernel.name, l.shared_bytes) for l in launches] == [("k", 2048), ("m", 48 * 1024 - 1024), ("plain", 0)]
    source = validate.driver_source(Path("k.cu"), launches)
    assert "dim3(64, 1, 1), kl_cap), dim3(256, 1, 1), kl_dynamic(k, 2048)>>>" in source
    assert "dim3(32, 1, 1), 0>>>" in source
    # at run time no more than ptxas's static shared memory leaves of 48 KB (Rodinia huffman: a 4-byte
    # `__shared__ unsigned kcmax` beside an extern array takes 16 bytes, and 48 KB - 4 failed to launch)
    assert "kl_attributes.sharedSizeBytes" in source and "kl_requested < kl_left ? kl_requested : kl_left" in source


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
def test_the_driver_compiles_with_dynamic_shared_memory_and_an_enumeration_template_argument(tmp_path):
    cuda = tmp_path / "k.cu"
    cuda.write_text("enum test_t { READ, WRITE };\n"
                    "template <test_t T> __global__ void k(float* a) { extern __shared__ float s[];\n"
                    "  __shared__ unsigned flag; s[threadIdx.x] = T == WRITE ? a[0] : 0.0f; flag = 1; }\n"
                    "void go(float* a) { k<WRITE><<<1, 32>>>(a); }\n")
    assert built_template_arguments(cuda, tmp_path) == [("(test_t)1",)]


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
def test_an_index_type_takes_the_host_templates_default(tmp_path):
    # HeCBench stddev: with float for IdxType, `threadIdx.x % ColsPerBlk` did not compile and the file went unmeasured
    cuda = tmp_path / "k.cu"
    cuda.write_text("template <typename T, typename I> __global__ void k(T* a, I n) {\n"
                    "  I i = threadIdx.x % 32; if (i < n) a[i] = 0; }\n"
                    "template <typename T, typename I = int> void host(T* a, I n) { k<T, I><<<4, 256>>>(a, n); }\n")
    assert built_template_arguments(cuda, tmp_path) == [("float", "int")]


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
def test_the_driver_builds_a_program_whose_main_returns_without_a_value(tmp_path):
    # huicongyao/PMPP's merge programs: `return;` in `int main` compiles as main, not once the driver renames it
    cuda = tmp_path / "k.cu"
    cuda.write_text("__global__ void k(int* a) { a[threadIdx.x] = 1; }\n"
                    "int main() { int* a = 0; k<<<1, 32>>>(a); if (a) { return; } return 0; }\n")
    source = validate.Source(cuda)
    _, (launches, _) = planned(cuda)
    binary, errors = validate.compile_driver(source, launches, tmp_path, "sm_90", "optimized")
    assert errors == "" and binary.exists()


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
def test_a_struct_of_the_file_given_as_a_type_argument_is_kept(tmp_path):
    # batch 46's ktomos gemm: `gemm_kernel<T, GemmParam>` inside `template <typename T> void gemm_cuda`;
    # T falls back to float, and GemmParam, a struct of blocking constants, is spelled as written
    cuda = tmp_path / "k.cu"
    cuda.write_text("struct Blocking { static constexpr int MB = 64; };\n"
                    "template <typename T, typename Param> __global__ void k(T* a) {\n"
                    "  __shared__ T s[Param::MB]; s[threadIdx.x] = a[threadIdx.x]; a[threadIdx.x] = s[63 - threadIdx.x]; }\n"
                    "template <typename T> void run(T* a) { k<T, Blocking><<<1, 64>>>(a); }\n"
                    "template void run(float* a);\n")
    assert built_template_arguments(cuda, tmp_path) == [("float", "Blocking")]


def test_kernels_that_do_not_instantiate_are_named_from_nvccs_errors():
    errors = ('error: ...\n  detected during instantiation of "void bitPackKernel(const unsigned char *, OUTPUT *) '
              '[with INPUT=float, OUTPUT=float]" at line 17\n'
              '  instantiation of class "std::make_unsigned<_Tp> [with _Tp=float]" at line 181\n'
              '  detected during instantiation of "void kernel<T,Rng>(T *, uint64_t) [with T=float, Rng=float]"\n')
    launches = [SimpleNamespace(kernel=SimpleNamespace(name=n)) for n in ("bitPackKernel", "kernel", "scan")]
    assert validate.failed_instantiations(errors, launches) == {"bitPackKernel", "kernel"}


def test_a_kernel_measured_with_other_template_arguments_is_stale(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text("template <typename T> __global__ void strided(T* a) { a[32 * threadIdx.x] = 0; }\n"
                      "void run(double* a) { strided<double><<<4, 256>>>(a); }\n")
    record = _record(source, lines={}, debug_lines={}, template_args=["float"])
    [entry] = validate.score_file(record)
    assert (entry.category, entry.note) == ("stale", "the template is now instantiated with <double>")


@pytest.mark.parametrize("late, runs", [(False, 1 + 2 * 1), (True, 1)])
def test_profile_retries_launches_alone_only_before_the_deadline(monkeypatch, tmp_path, late, runs):
    # the run of all launches timed out: each launch is retried alone at the small size, unless the
    # measurement's time budget is spent (llm.c layernorm_backward: eleven kernels, 15 minutes)
    calls = []
    monkeypatch.setattr(validate, "_run", lambda command: calls.append(command) or (124, "", "timed out after 40 s"))
    launches = [SimpleNamespace(kernel=SimpleNamespace(name=name)) for name in ("k1", "k2")]
    deadline = validate.time.monotonic() + (-1 if late else 3600)
    results = validate.profile(tmp_path / "driver", launches, deadline)
    assert len(calls) == runs
    problems = [problem for _, problem, _ in results]
    if late:
        assert problems == [validate.BUDGET_SPENT] * 2
    else:
        assert all(p.startswith("no source counters: ncu exit 124") for p in problems)


def test_a_manifests_build_defines_reach_the_plan_and_the_compiler(tmp_path, monkeypatch):
    # darknet's headers define its block size only under -DGPU: without the define the launch's shape is unknown
    (tmp_path / "k.cu").write_text("#ifdef GPU\n#define BLOCK 512\n#else\n#define BLOCK n\n#endif\n"
                                   "__global__ void k(float* a) { a[threadIdx.x] = 0; }\n"
                                   "void run(float* a, int n) { k<<<4, BLOCK>>>(a); }\n")
    (tmp_path / "manifest.json").write_text(json.dumps(
        {"files": [{"path": "k.cu", "split": "t", "defines": {"GPU": "1"}}]}))
    [source] = validate.manifest_sources(tmp_path / "manifest.json", ["t"])
    assert source.defines == (("GPU", "1"),)
    assert validate.manifest_sources(tmp_path / "manifest.json", ["t"], ["k.cu"]) == [source]
    assert validate.manifest_sources(tmp_path / "manifest.json", ["t"], ["other.cu"]) == []
    from kernel_lint.frontend import build_unit

    unit = build_unit(str(source.path), source.path.read_text(), source.options())
    launches, _ = validate.plan(unit, validate.Settings())
    assert [launch.block for launch in launches] == [(512, 1, 1)]
    commands = []
    monkeypatch.setattr(validate, "_run", lambda command: commands.append(command) or (0, "", ""))
    validate.compile_driver(source, launches, tmp_path, "sm_90", next(iter(validate.BUILDS)))
    assert "-DGPU=1" in commands[0]


def test_a_bool_template_argument_is_spelled_true_or_false(tmp_path):
    # llm.c fused_classifier_kernel5<true, false>: measured with the words, which the front end evaluates to 1, 0
    source = tmp_path / "k.cu"
    source.write_text("template <bool WriteLogits = true, bool WriteProbs = false>\n"
                      "__global__ void __launch_bounds__(1024) k(float* a) { a[threadIdx.x] = WriteLogits; }\n"
                      "void run(float* a, int b) { k<true, false><<<1, b>>>(a); }\n")
    from kernel_lint.frontend import FrontendOptions, build_unit

    unit = build_unit(str(source), source.read_text(), FrontendOptions())
    assert validate.template_arguments(unit, unit.kernels[0]) == ("true", "false")


def test_specializations_enums_and_class_template_pointers_are_launched(tmp_path):
    # HeCBench fma (explicit specializations), adam (an enum parameter), gpp (`const CustomComplex<dataType> *`,
    # which the front end spells without its arguments)
    source = tmp_path / "k.cu"
    source.write_text("typedef enum { MODE_0 = 0, MODE_1 = 1 } mode_t_;\n"
                      "template <class T> struct Pair { T a, b; };\n"
                      "template <typename T> __global__ void k(T* a, mode_t_ m) { a[0] = 0; }\n"
                      "template <> __global__ void k<float>(float* a, mode_t_ m) { a[1] = 0; }\n"
                      "__global__ void p(const Pair<double>* x, double* y) { y[0] = x[0].a; }\n"
                      "void run(float* f, double* d, Pair<double>* x) {\n"
                      "  k<float><<<1, 64>>>(f, MODE_0); k<double><<<1, 32>>>(d, MODE_1); p<<<1, 32>>>(x, d); }\n")
    unit, (launches, skipped) = planned(source)
    assert skipped == []
    assert [(launch.kernel.name, launch.template_args, launch.block, launch.arguments) for launch in launches] == [
        ("k", ("double",), (32, 1, 1), ("(double *)kl_buffers[{i}]", "(mode_t_)0")),
        ("k", ("float",), (64, 1, 1), ("(float *)kl_buffers[{i}]", "(mode_t_)0")),
        ("p", (), (32, 1, 1), ("kl_pointer{kl_buffers[{i}]}", "(double *)kl_buffers[{i}]")),
    ]
    text = validate.driver_source(source, launches)
    assert "case 1: { k<float><<<" in text and "struct kl_pointer" in text


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
def test_the_driver_compiles_host_code_that_calls_cudaThreadSynchronize(tmp_path):
    # Rodinia nn, particlefilter and streamcluster call it; CUDA 13 removed it
    source = tmp_path / "k.cu"
    source.write_text("__global__ void k(float *a) { a[threadIdx.x] = 1; }\n"
                      "int main() { k<<<1, 32>>>(0); cudaThreadSynchronize(); return 0; }\n")
    _, (launches, _) = planned(source)
    done = nvcc_compiles(validate.driver_source(source, launches), tmp_path)
    assert done.returncode == 0, done.stderr


def test_a_parameter_pointing_to_arrays_takes_a_buffer(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text("#define N 400\n__global__ void k(double phi[][N][N], float (*a)[64], float **no) {}\n"
                      "__global__ void m(double phi[][N][N], float (*a)[64], int n) { phi[0][0][n] = a[0][n]; }\n")
    _, (launches, skipped) = planned(source)
    assert skipped == [("k", "a parameter type the driver cannot fill")]
    assert launches[0].arguments == ("kl_pointer{kl_buffers[{i}]}", "kl_pointer{kl_buffers[{i}]}", "(int)kl_size")


def test_a_header_kernels_template_header_and_namespace_are_read_from_the_header(tmp_path):
    # HeCBench d3q19-bgk: `template<lattice_type nb_directions>` in kernels.h; read from main.cu's lines, the
    # enumerator's value went uncast and the driver did not compile
    (tmp_path / "kernels.h").write_text("enum lattice_type { D3Q19 = 19, D3Q27 = 27 };\n"
                                        "namespace lbm {\n"
                                        "template <lattice_type n>\n__launch_bounds__(64)\n"
                                        "__global__ void step(double* f) { f[threadIdx.x] = n; }\n}\n")
    source = tmp_path / "main.cu"
    source.write_text('#include "kernels.h"\nvoid go(double* f) { lbm::step<D3Q19><<<4, 64>>>(f); }\n')
    _, ([launch], _) = planned(source)
    assert launch.template_args == ("(lattice_type)19",) and launch.qualifier == "lbm::"


def test_a_specialization_is_scored_with_its_own_findings_only(tmp_path):
    from kernel_lint.frontend import FrontendOptions, build_unit

    unit = build_unit("k.cu", "template <typename T> __global__ void k(T* a) { a[threadIdx.x * 32] = 0; }\n"
                      "template <> __global__ void k<float>(float* a) {\n  a[threadIdx.x * 32] = 0; }\n"
                      "void run(float* f, double* d) { k<float><<<1, 64>>>(f); k<double><<<1, 64>>>(d); }\n",
                      FrontendOptions())
    primary, special = unit.kernels
    findings = [SimpleNamespace(range=SimpleNamespace(path="k.cu", line=line), details={}) for line in (1, 3)]
    assert [f.range.line for f in validate._not_in_namesakes(unit, primary, findings)] == [1]
    assert [f.range.line for f in validate._not_in_namesakes(unit, special, findings)] == [3]


def test_instantiations_of_one_template_are_read_from_reports_of_their_launch_alone(monkeypatch, tmp_path):
    # ncu names both `k<1>` and `k<8>` by the name the report filter matches: the report of all launches
    # would mix their counters, so each is profiled alone; `other` is read from the report of all
    runs, reads = [], []

    def run(command):
        runs.append(command[-3])  # the launch index the driver is told to run
        (Path(command[command.index("-o") + 1] + ".ncu-rep")).write_text("")
        return 0, "", ""

    monkeypatch.setattr(validate, "_run", run)
    monkeypatch.setattr(validate, "_import_source_view",
                        lambda report, name: reads.append((Path(report).name, name)) or {"k.cu:1": {}})
    launches = [SimpleNamespace(kernel=SimpleNamespace(name=name)) for name in ("k", "other", "k")]
    results = validate.profile(tmp_path / "driver", launches, validate.time.monotonic() + 3600)
    assert runs == ["-1", "0", "2"]
    assert sorted(reads) == sorted([("driver_all.ncu-rep", "other"), (f"driver_0_{validate.SIZE_ARGUMENT}.ncu-rep", "k"),
                                    (f"driver_2_{validate.SIZE_ARGUMENT}.ncu-rep", "k")])
    assert [problem for _, problem, _ in results] == ["", "", ""]


def test_findings_of_another_instantiation_are_not_scored_against_the_measured_one():
    from kernel_lint.engine import check_unit
    from kernel_lint.frontend import FrontendOptions, build_unit
    from kernel_lint.settings import Settings

    unit = build_unit("k.cu", "template <int S> __global__ void k(float* a) { a[threadIdx.x * S] = 0; }\n"
                      "void run(float* a) { k<1><<<1, 64>>>(a); k<8><<<1, 64>>>(a); }\n", FrontendOptions())
    one, eight = unit.kernels
    findings = [f for f in check_unit(unit, Settings(), (validate.GPU,)) if f.code == "KL101"]
    assert [f.details["template_arguments"] for f in findings] == [{"S": "8"}]
    assert validate._measured_model(unit, "k", ["8"]) is eight and validate._measured_model(unit, "k", ["1"]) is one
    assert validate._not_in_namesakes(unit, one, findings) == []
    assert validate._not_in_namesakes(unit, eight, findings) == findings


def test_a_merged_finding_is_scored_for_every_configuration_it_lists():
    model = SimpleNamespace(name="k", instantiation={"N": "64"}, argument_values={})
    listed = [{"block": [256, 1, 1], "template_arguments": {"N": "256"}},
              {"block": [64, 1, 1], "template_arguments": {"N": "64"}}]
    merged = SimpleNamespace(kernel="k", code="KL301", severity=SimpleNamespace(value="warning"),
                             details={"block": [256, 1, 1], "template_arguments": {"N": "256"},
                                      "configurations": listed})
    assert validate._findings_for([merged], model, (64, 1, 1), ("KL301",)) == [merged]
    assert validate._findings_for([merged], model, (128, 1, 1), ("KL301",)) == []
    other = SimpleNamespace(name="k", instantiation={"N": "32"}, argument_values={})
    assert validate._findings_for([merged], other, (64, 1, 1), ("KL301",)) == []
    # a model of one launch's integer constants is scored on its own findings only
    passed = SimpleNamespace(name="k", instantiation={"N": "64"}, argument_values={"stride": 1})
    assert validate._findings_for([merged], passed, (64, 1, 1), ("KL301",)) == []
    listed[1]["argument_values"] = {"stride": 1}
    assert validate._findings_for([merged], passed, (64, 1, 1), ("KL301",)) == [merged]


def test_the_tool_timeout_is_the_one_the_command_line_gives(monkeypatch):
    # krulis-martin's k-means kernels.cu (batch 49) builds in about 110 s, past the default 40
    monkeypatch.setattr(validate, "TOOL_TIMEOUT_S", validate.TOOL_TIMEOUT_S)
    validate._set_tool_timeout(0.2)
    assert validate._run(["sleep", "2"]) == (124, "", "timed out after 0.2 s")
    validate._set_tool_timeout(5)
    assert validate._run(["sleep", "0.3"])[0] == 0
