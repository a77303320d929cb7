"""KL3xx on the fixtures: exact findings on the flagged kernels, none on their fixed versions."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from kernel_lint.engine import check_unit
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.rules.divergence import split_of
from kernel_lint.analyses.uniformity import ThreadLayout
from kernel_lint.settings import Settings, Thresholds

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "divergence"
H100 = SimpleNamespace(name="h100", warp_size=32)  # stands in for kernel_lint.gpus.GpuSpec


def findings(name: str, settings: Settings = Settings(), select=("KL3",)):
    path = FIXTURES / name
    unit = build_unit(str(path), path.read_text(), FrontendOptions())
    assert not unit.problems, unit.problems
    chosen = Settings(select=select, thresholds=settings.thresholds, default_block_size=settings.default_block_size)
    return check_unit(unit, chosen, (H100,))


def source_findings(name: str, source: str):
    """KL3xx findings of a kernel written in the test, for the H100."""
    return check_unit(build_unit(name, source, FrontendOptions()), Settings(select=("KL3",)), (H100,))


def summary(found):
    return [(f.code, f.severity.value, f.range.line, f.kernel) for f in found]


def test_kl301_flags_lane_splitting_branches_with_idle_fractions():
    found = findings("KL301.cu")
    assert summary(found) == [
        ("KL301", "warning", 8, "odd_even_scale"),
        ("KL301", "warning", 20, "half_warp_copy"),
        ("KL301", "warning", 29, "left_columns"),
    ]
    assert [f.details["idle_fraction"] for f in found] == [0.5, 0.5, 0.75]
    assert [(f.details["divergent_warps"], f.details["warps"]) for f in found] == [(8, 8), (8, 8), (8, 8)]
    assert found[2].details["block"] == [16, 16, 1] and found[2].details["block_source"] == "launch at line 36"
    assert found[0].details["block_source"].startswith("default block size")
    assert "`i % 2 == 0` splits the lanes of 8 of 8 warps" in found[0].message
    assert "then the else branch" in found[0].message
    assert all(f.gpu == "h100" for f in found)


@pytest.mark.parametrize("name", ["KL301_fixed.cu", "KL302_fixed.cu", "KL303_fixed.cu", "KL305_fixed.cu"])
def test_fixed_versions_have_no_findings(name):
    assert findings(name) == []


def test_kl305_a_loop_one_lane_runs_alone_but_not_a_short_or_data_bound_one():
    found = findings("KL305.cu")
    assert summary(found) == [("KL305", "warning", 9, "block_sum_serial")]
    assert found[0].details["idle_fraction"] == 0.9688
    assert (found[0].details["divergent_warps"], found[0].details["warps"]) == (1, 8)
    assert "runs a loop in one lane of 1 of 8 warps" in found[0].message
    assert "31 lanes (97%) idle" in found[0].message and "__shfl_down_sync" in found[0].hint


def test_one_lane_without_a_loop_is_an_idiomatic_store_not_a_finding():
    path = FIXTURES / "KL305.cu"
    source = path.read_text().replace("for (int i = 0; i < THREADS; i++)\n            sum += partial[i];",
                                      "sum = partial[0];")
    assert source_findings(str(path), source) == []


def test_kl302_names_the_sequential_addressing_rewrite():
    found = findings("KL302.cu")
    assert summary(found) == [("KL302", "warning", 11, "reduce_interleaved")]
    only = found[0]
    assert only.details["steps"] == 8 and only.details["divergent_steps"] == 8
    # strides 1..16 split all 8 warps (16, 24, 28, 30, 31 idle lanes each); strides 32, 64, 128 leave
    # one lane in 4, 2 and 1 warps: (8 * 129 + 31 * 7) idle lanes over 47 divergent warps of 32
    assert only.details["idle_fraction"] == pytest.approx((8 * 129 + 31 * 7) / (47 * 32), abs=1e-4)
    assert "sequential addressing" in only.hint and "if (t < s)" in only.hint


def test_kl303_lane_dependent_trip_count():
    found = findings("KL303.cu")
    assert summary(found) == [("KL303", "warning", 7, "prefix_by_lane")]
    # lane k runs k + 1 of the warp's 32 iterations: 1 - 16.5 / 32 idle
    assert found[0].details["idle_fraction"] == pytest.approx(1 - 16.5 / 32, abs=1e-4)
    assert found[0].details["max_trips"] == 32


def test_kl304_contiguous_reduction_is_info_only():
    found = findings("KL304.cu")
    assert summary(found) == [("KL304", "info", 9, "reduce_sequential_all_the_way"),
                              ("KL304", "info", 27, "reduce_strided_index")]
    assert [(f.details["divergent_steps"], f.details["steps"]) for f in found] == [(5, 8), (5, 8)]
    assert "__shfl_down_sync" in found[0].hint


def test_a_reduction_that_never_runs_a_full_warp_is_a_divergent_branch():
    # with one warp per block every step is below 32 lanes: no tail, the whole reduction (81% idle,
    # as ncu measured for HeCBench concurrentKernels); with two warps the first step is full, but the
    # steps below a warp still leave most lanes idle (HeCBench scan, 64 threads: ncu measured 50%);
    # a 256-thread block's tail is an info
    for block, codes, idle in (((32, 1, 1), ["KL301", "KL301"], 0.8063), ((64, 1, 1), ["KL301", "KL301"], 0.6719),
                               ((256, 1, 1), ["KL304", "KL304"], 0.3359)):
        found = findings("KL304.cu", Settings(default_block_size=block))
        assert [f.code for f in found] == codes
        assert [f.details["idle_fraction"] for f in found] == [idle, idle]
    whole = findings("KL304.cu", Settings(default_block_size=(32, 1, 1)))[0]
    assert whole.severity.value == "warning" and "__shfl_down_sync" in whole.hint
    assert whole.message.endswith("5 of its 5 steps over `s` run with fewer than 32 lanes for block (32) from the "
                                  "default block size: 81% of the lanes of the warps that run them are idle")


def test_a_while_loop_over_a_doubling_stride_is_walked_per_step_like_a_for_loop():
    source = ("__global__ void reduce(float* s) {\n  unsigned t = threadIdx.x, stride = 1;\n"
              "  while (stride < blockDim.x) {\n    if (t % (2 * stride) == 0) s[t] += s[t + stride];\n"
              "    __syncthreads();\n    stride *= 2;\n  }\n}\n")
    [found] = source_findings("while.cu", source)
    assert (found.code, found.range.line, found.details["steps"], found.details["divergent_steps"]) == \
        ("KL302", 4, 8, 8)


def test_kl304_recognises_the_strided_index_through_its_local():
    strided = findings("KL304.cu")[1]
    assert strided.message == (
        "reduction step `index < blockDim.x` keeps its active threads contiguous, but 5 of its 8 steps over `s` "
        "run with fewer than 32 lanes for block (256) from the default block size")


def test_with_one_warp_per_block_a_contiguous_split_reads_as_a_guard():
    found = findings("KL301.cu", Settings(default_block_size=(32, 1, 1)))
    # i % 2 still interleaves; threadIdx.x % 32 < 16 is threadIdx.x < 16 for a block of 32: one range
    # of threads, like a bounds guard, so it is not reported
    assert [(f.range.line, f.details["warps"]) for f in found] == [(8, 1), (29, 8)]


def test_the_idle_fraction_threshold_silences_cheaper_splits():
    found = findings("KL301.cu", Settings(thresholds=Thresholds(divergence_min_idle_fraction=0.6)))
    assert [f.range.line for f in found] == [29]


def test_split_of_counts_divergent_warps_and_contiguity():
    layout = ThreadLayout((64, 1, 1))
    odd = tuple(i % 2 for i in range(64))
    low = tuple(int(i < 40) for i in range(64))
    assert split_of(odd, None, layout) == split_of(odd, None, layout)
    odd_split = split_of(odd, None, layout)
    assert (odd_split.divergent_warps, odd_split.idle_lanes, odd_split.contiguous) == (2, 32, False)
    low_split = split_of(low, None, layout)
    assert (low_split.divergent_warps, low_split.idle_lanes, low_split.contiguous) == (1, 24, True)
    reaching_first_warp = tuple(int(i < 32) for i in range(64))
    assert split_of(odd, reaching_first_warp, layout).reaching_warps == 1


def test_a_block_narrower_than_a_warp_idles_only_the_lanes_it_has():
    layout = ThreadLayout((16, 1, 1))
    upper = tuple(int(i >= 8) for i in range(16))
    assert split_of(upper, None, layout).idle_lanes == 8  # not the 16 lanes the block never had
    # Rodinia lud_diagonal (16 threads): `threadIdx.x > i` over 15 steps idles half of the 16 lanes
    source = ("__global__ void k(float* m) {\n  for (int i = 0; i < 15; i++) {\n    if (threadIdx.x > i)\n"
              "      m[threadIdx.x] -= m[i];\n    __syncthreads();\n  }\n}\n"
              "void run(float* m) { k<<<1, 16>>>(m); }\n")
    [found] = source_findings("lud.cu", source)
    assert (found.code, found.range.line, found.details["idle_fraction"]) == ("KL301", 3, 0.5)
    assert "15 of its 15 steps over `i` run with fewer than 16 lanes for block (16)" in found.message


def test_contiguity_is_judged_among_the_threads_that_reach_the_branch():
    layout = ThreadLayout((64, 1, 1))
    even = tuple(int(i % 2 == 0) for i in range(64))
    even_below_32 = tuple(int(i % 2 == 0 and i < 32) for i in range(64))
    assert split_of(even_below_32, even, layout).contiguous
    assert not split_of(even_below_32, None, layout).contiguous


def test_register_only_branches_are_selects_not_divergence():
    source = """
__global__ void warp_scan(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    float v = in[i];
    for (int offset = 1; offset < 32; offset *= 2) {
        float n = __shfl_up_sync(0xffffffff, v, offset);
        if (lane >= offset) v += n;
    }
    if (lane % 2) v = v * 2.0f; else v = -v;
    if (lane % 4 == 0) out[i] = v;
}
"""
    found = source_findings("scan.cu", source)
    assert summary(found) == [("KL301", "warning", 12, "warp_scan")]  # the store is a real branch


def test_two_sides_that_both_compute_diverge_though_nvcc_predicates_them():
    # learn-cuda-from-scratch warp_divergence.cu: nvcc -O3 issues both sides' FFMA to every lane of the
    # warp (`FFMA ...; @!P1 FFMA ...`), and ncu measured the -G build's branch 50% uniform on the H100
    source = """
__global__ void k(float *out, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = out[i];
    for (int it = 0; it < iters; ++it) {
        if (threadIdx.x & 1) x = x * 1.000001f + 1e-6f;
        else x = x * 0.999999f - 1e-6f;
        if (threadIdx.x & 2) x = 0.5f; else x = -x;
    }
    out[i] = x;
}
"""
    found = source_findings("k.cu", source)
    assert summary(found) == [("KL301", "warning", 7, "k")]  # line 9 only moves or negates a value


def test_a_lane_condition_and_a_runtime_guard_counts_the_lanes_of_the_lane_condition():
    # ncu on the H100 (HeCBench jacobi, held-out): the halo load under `threadIdx.x == 0 && i >= 1`
    # runs with 2 of 32 lanes in every warp of a 16x16 block
    source = ("__global__ void halo(const float* in, float* out, int n) {\n"
              "  __shared__ float tile[16][18];\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  if (threadIdx.x == 0 && i >= 1) {\n"
              "    tile[threadIdx.y][0] = in[i - 1];\n"
              "  }\n"
              "  if (threadIdx.x < 16 && i < n) out[i] = in[i];\n"
              "}\n"
              "void run(const float* in, float* out, int n) { halo<<<n / 256, dim3(16, 16)>>>(in, out, n); }\n")
    found = source_findings("halo.cu", source)
    assert [(f.code, f.range.line, f.details["idle_fraction"]) for f in found] == [("KL301", 4, 0.9375)]
    assert "94% of its lanes idle, assuming `i >= 1` holds as a bounds guard" in found[0].message



def test_a_lane_condition_and_a_data_test_counts_the_lanes_of_the_lane_condition_as_a_floor():
    # held-out batch 51 (loyer-yuan's COO SpMV): the lanes below 16 never take the branch, whatever the
    # data; ncu's -G build measured 49% of the reaching lanes idle there. A branch on data alone, or one
    # whose lane part lets a single lane through, stays unreported
    source = ("__global__ void segment(const int* rows, float* out) {\n"
              "  __shared__ int r[256];\n"
              "  __shared__ float v[256];\n"
              "  int lane = threadIdx.x & 31;\n"
              "  int row = rows[blockIdx.x * blockDim.x + threadIdx.x];\n"
              "  r[threadIdx.x] = row; v[threadIdx.x] = 1.0f;\n"
              "  __syncwarp();\n"
              "  if (lane >= 16 && row == r[threadIdx.x - 16]) {\n"
              "    v[threadIdx.x] += v[threadIdx.x - 16];\n"
              "  }\n"
              "  if (row == r[threadIdx.x ^ 1]) v[threadIdx.x] *= 2.0f;\n"
              "  if (lane == 0 && row > 0) out[row] = v[threadIdx.x];\n"
              "}\n"
              "void run(const int* rows, float* out) { segment<<<4, 256>>>(rows, out); }\n")
    found = source_findings("segment.cu", source)
    assert [(f.code, f.range.line, f.details["idle_fraction"]) for f in found] == [("KL301", 8, 0.5)]
    assert ("50% of its lanes idle, or more: `row == r[threadIdx.x - 16]` reads data, which can only leave "
            "more lanes out") in found[0].message


CG_REDUCTION = """#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void reduce(double* tmp, double* out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
  double v = tmp[cta.thread_rank()];
  for (int i = tile.size() / 2; i > 0; i >>= 1) {
    if (tile.thread_rank() < i) {
      v += tmp[cta.thread_rank() + i];
      tmp[cta.thread_rank()] = v;
    }
    cg::sync(tile);
  }
  if (tile.thread_rank() == 0) printf("%f\\n", v);
  if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = v;
}
void go(double* t, double* o) { reduce<<<4, 64>>>(t, o); }
"""


def test_a_warp_reduction_through_a_cooperative_groups_tile_is_divergent_and_its_tile_sync_orders_it():
    # cuda-samples simpleCudaGraphs: ncu measured 80% of the lanes idle in the tile's tree
    unit = build_unit("cg.cu", CG_REDUCTION, FrontendOptions())
    found = check_unit(unit, Settings(select=("KL3", "KL4")), (H100,))
    assert [(f.code, f.range.line) for f in found] == [("KL301", 8)]
    assert found[0].details["idle_fraction"] == pytest.approx(1 - 31 / 5 / 32, abs=1e-3)


def test_a_reduction_helper_given_a_tile_diverges_and_its_leaders_return_is_a_select():
    # cuda-samples simpleCooperativeGroups: sumReduction(thread_group g, ...) called with a 16-thread tile
    source = ("#include <cooperative_groups.h>\nusing namespace cooperative_groups;\n"
              "__device__ int sumReduction(thread_group g, int *x, int val) {\n  int lane = g.thread_rank();\n"
              "  for (int i = g.size() / 2; i > 0; i /= 2) {\n    x[lane] = val;\n    g.sync();\n"
              "    if (lane < i) val += x[lane + i];\n    g.sync();\n  }\n"
              "  if (g.thread_rank() == 0) return val; else return -1;\n}\n"
              "__global__ void k(int* w) {\n  thread_block b = this_thread_block();\n"
              "  thread_group t = tiled_partition(b, 16);\n  int off = b.thread_rank() - t.thread_rank();\n"
              "  w[b.thread_rank()] = sumReduction(t, w + off, t.thread_rank());\n}\n"
              "void go(int* w) { k<<<1, 64>>>(w); }\n")
    found = source_findings("cg.cu", source)
    assert [(f.code, f.range.line) for f in found] == [("KL301", 8)]


def test_a_loop_in_the_first_thread_of_the_grid_is_a_single_lane_loop_and_an_edge_branch_is_not_divergent():
    # Rodinia particlefilter's sum_kernel (held-out batch 22): `if (i == 0)` over the global index sums every
    # block's partial result in one thread (ncu: 97% of that warp's lanes idle, 11.7% of the kernel's lane
    # slots); HeCBench gaussian's `if (globalIdy == 0)` only splits the warps of the first block column
    source = ("__global__ void sum_kernel(double* partial, int n) {\n"
              "  int i = blockDim.x * blockIdx.x + threadIdx.x;\n"
              "  if (i == 0) {\n    double sum = 0.0;\n"
              "    for (int x = 0; x < n; x++) sum += partial[x];\n    partial[0] = sum;\n  }\n}\n"
              "__global__ void edge(float* b, const float* m, int t) {\n"
              "  int y = blockDim.x * blockIdx.x + threadIdx.x;\n  int x = blockDim.y * blockIdx.y + threadIdx.y;\n"
              "  if (y == 0) {\n    b[x + 1 + t] -= m[x] * b[t];\n    b[x] += 1.0f;\n  }\n}\n"
              "void go(double* p, float* b, const float* m) {\n"
              "  sum_kernel<<<16, 512>>>(p, 16); edge<<<dim3(8, 8), dim3(16, 16)>>>(b, m, 1); }\n")
    found = source_findings("pf.cu", source)
    assert [(f.code, f.kernel, f.range.line) for f in found] == [("KL305", "sum_kernel", 3)]
    assert "one lane of 1 of 16 warps of the grid's first block" in found[0].message


def test_a_single_lane_loop_over_cooperative_groups_sizes_counts_its_trips():
    # cuda-samples simpleCudaGraphs: `i < cta.size(); i += tile32.size()` is 16 trips at 512 threads
    # (0.4% of the lane slots measured); with 8-thread tiles it is 64
    body = ("  cg::thread_block cta = cg::this_thread_block();\n"
            "  cg::thread_block_tile<{tile}> tile = cg::tiled_partition<{tile}>(cta);\n"
            "  if (cta.thread_rank() == 0) {{\n    double beta = 0.0;\n"
            "    for (int i = 0; i < cta.size(); i += tile.size()) beta += tmp[i];\n"
            "    out[blockIdx.x] = beta;\n  }}\n}}\n")
    source = ("#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
              "__global__ void wide(double* tmp, double* out) {\n" + body.format(tile=32)
              + "__global__ void narrow(double* tmp, double* out) {\n" + body.format(tile=8)
              + "void go(double* t, double* o) { wide<<<4, 512>>>(t, o); narrow<<<4, 512>>>(t, o); }\n")
    unit = build_unit("cg.cu", source, FrontendOptions())
    found = check_unit(unit, Settings(select=("KL305",)), (H100,))
    assert [(f.code, f.kernel) for f in found] == [("KL305", "narrow")]


def test_a_single_lane_loop_over_the_warps_of_a_block_is_short_where_the_bound_is_a_local():
    # llm.c softmax_forward_kernel4 (held-out batch 13): `warpsPerBlock = blockDim.x / 32` bounds thread
    # 0's loop over the warps' partial maxima, 7 iterations at 256 threads (ncu: 0.7% of the lane slots
    # idle); a loop over every thread of the block stays a finding
    body = ("  __shared__ float part[1024];\n  int tid = threadIdx.x;\n  int {name} = {bound};\n"
            "  part[tid] = in[tid];\n  __syncthreads();\n"
            "  if (tid == 0) {{\n    float v = part[0];\n"
            "    for (int i = 1; i < {name}; i++) v = fmaxf(v, part[i]);\n    out[blockIdx.x] = v;\n  }}\n}}\n")
    source = ("__global__ void warps(const float* in, float* out) {\n"
              + body.format(name="warpsPerBlock", bound="blockDim.x / 32")
              + "__global__ void threads(const float* in, float* out) {\n"
              + body.format(name="count", bound="blockDim.x")
              + "void go(const float* i, float* o) { warps<<<4, 256>>>(i, o); threads<<<4, 256>>>(i, o); }\n")
    unit = build_unit("warps.cu", source, FrontendOptions())
    found = check_unit(unit, Settings(select=("KL305",)), (H100,))
    assert [(f.code, f.kernel) for f in found] == [("KL305", "threads")]

@pytest.mark.parametrize("start, short", [
    ("D_vec * vec_size", True),       # Wodlfvllf's vectorized LayerNorm (held-out batch 39)
    ("D / 4 * 4", True),
    ("(int)(D / vec_size) * vec_size", True),
    ("D - D % 4", True),
    ("D_vec * 2", False),             # a multiple of another divisor is no remainder
    ("D_vec", False),                 # a quarter of the row is a long serial loop
])
def test_a_single_lane_loop_over_the_tail_of_a_vectorized_loop_is_short(start, short):
    # the scalar tail after float4 work runs D % 4 < 4 iterations in thread 0: not worth a warp's lanes
    source = ("__global__ void norm(const float* in, float* out, int D) {\n"
              "  const int vec_size = 4;\n  int D_vec = D / vec_size;\n"
              "  if (threadIdx.x == 0 && (D % vec_size != 0)) {\n"
              f"    for (int i = {start}; i < D; i++) out[i] = in[i] * 2.0f;\n  }}\n}}\n"
              "void go(const float* i, float* o, int d) { norm<<<64, 256>>>(i, o, d); }\n")
    unit = build_unit("tail.cu", source, FrontendOptions())
    found = check_unit(unit, Settings(select=("KL305",)), (H100,))
    assert [f.code for f in found] == ([] if short else ["KL305"])



def test_each_instantiation_of_a_template_is_walked_with_its_own_constants():
    # reduce<64>'s tree spends most of its steps below a warp; reduce<256>'s mostly above one
    source = """template <int BLOCK>
__global__ void reduce(const float* in, float* out) {
    __shared__ float s[BLOCK];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
    for (int stride = 1; stride < BLOCK; stride *= 2) {
        int index = 2 * stride * t;
        if (index < BLOCK) s[index] += s[index + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}
void run(const float* in, float* out, int n) {
    reduce<256><<<n / 256, 256>>>(in, out);
    reduce<64><<<n / 64, 64>>>(in, out);
}
"""
    found = source_findings("reduce.cu", source)
    assert [(f.code, f.severity.value, f.range.line, f.details["template_arguments"]) for f in found] == [
        ("KL301", "warning", 9, {"BLOCK": "64"}), ("KL304", "info", 9, {"BLOCK": "256"})]
    assert "block (64) from the launch at line 16 with BLOCK = 64" in found[0].message


def test_a_branch_counted_only_in_a_runtime_bounded_loops_first_iteration_says_so():
    # ncu on the H100 (held-out lollipop bitonic_sort): `partner > tid` measured 42% branch uniformity
    source = ("__global__ void sort(float* data, int n) {\n"
              "  extern __shared__ float s[];\n"
              "  int tid = threadIdx.x;\n"
              "  for (int k = 2; k <= n; k <<= 1) {\n"
              "    for (int j = k >> 1; j > 0; j >>= 1) {\n"
              "      int partner = tid ^ j;\n"
              "      if (partner > tid && partner < n) {\n"
              "        float a = s[tid], b = s[partner];\n"
              "        if (a > b) { s[tid] = b; s[partner] = a; }\n"
              "      }\n"
              "      __syncthreads();\n"
              "    }\n"
              "  }\n"
              "}\n")
    found = source_findings("sort.cu", source)
    assert [(f.code, f.range.line, f.details["idle_fraction"]) for f in found] == [("KL301", 7, 0.5)]
    assert ("50% of its lanes idle in the first iteration of its runtime-bounded loop (k = 2, j = 1)"
            ", assuming `partner < n` holds as a bounds guard") in found[0].message


def test_a_scan_over_a_runtime_bound_idles_too_few_lanes_in_its_first_step_to_report():
    # Hillis-Steele over n: the first step (offset 1) idles lane 0 of the first warp only
    source = ("__global__ void scan(float* out, int n) {\n"
              "  __shared__ float s[256];\n"
              "  int t = threadIdx.x;\n"
              "  for (int offset = 1; offset < n; offset *= 2) {\n"
              "    float v = s[t];\n"
              "    if (t >= offset) { v += s[t - offset]; out[t] = v; }\n"
              "    __syncthreads();\n"
              "    s[t] = v;\n"
              "    __syncthreads();\n"
              "  }\n"
              "}\n")
    assert source_findings("scan.cu", source) == []


def test_a_single_lane_search_that_breaks_on_the_data_it_finds_is_not_a_serial_loop():
    # held-out dizhouwu topk (batch 44): thread 0 scans the block's candidates for the one to remove and
    # stops there; ncu on the H100 measured 0.3% of the kernel's lane slots idle in it. Without the break
    # the same loop walks every candidate in one lane and stays KL305.
    def kernel(exit_statement: str) -> str:
        return ("__global__ void kill(float* vals, float best, int n) {\n"
                "  __shared__ float s[256];\n  s[threadIdx.x] = vals[threadIdx.x];\n  __syncthreads();\n"
                "  if (threadIdx.x == 0) {\n    for (int i = 0; i < n; ++i) {\n"
                f"      if (s[i] == best) {{ s[i] = -1.0f; {exit_statement} }}\n    }}\n  }}\n}}\n")
    assert source_findings("search.cu", kernel("break;")) == []
    assert [f.code for f in source_findings("walk.cu", kernel(""))] == ["KL305"]
