"""KL4xx on the fixtures: exact findings on the flagged kernels, none on their fixed versions."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from kernel_lint.engine import check_unit
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.settings import Settings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "barriers"
H100 = SimpleNamespace(name="h100", warp_size=32)  # stands in for kernel_lint.gpus.GpuSpec


def findings(name: str, source: str = ""):
    path = FIXTURES / name
    text = source or path.read_text()
    unit = build_unit(str(path), text, FrontendOptions())
    assert not unit.problems, unit.problems
    return check_unit(unit, Settings(select=("KL4",)), (H100,))


def summary(found):
    return [(f.code, f.severity.value, f.range.line, f.kernel) for f in found]


def test_kl401_barriers_under_thread_varying_conditions():
    found = findings("KL401.cu")
    assert summary(found) == [
        ("KL401", "error", 10, "half_block_sync"),
        ("KL401", "error", 30, "early_return_sync"),
        ("KL401", "error", 43, "helper_sync"),
    ]
    assert [f.details["condition_level"] for f in found] == ["warp-uniform", "lane-varying", "lane-varying"]
    assert [f.details["cause_line"] for f in found] == [8, 20, 42]
    assert "different warps of a block can disagree" in found[0].message
    assert found[1].message.startswith("__syncthreads() in load_tile() is reached after threads left early "
                                       "under `i >= n` (line 20)")
    assert found[2].message.startswith("__syncthreads() in block_barrier_helper() is reached under")


def test_kl402_reads_of_another_threads_element_without_a_barrier():
    found = findings("KL402.cu")
    assert summary(found) == [
        ("KL402", "warning", 9, "neighbour_diff"),
        ("KL402", "warning", 21, "smooth_steps"),
        ("KL402", "warning", 21, "smooth_steps"),
    ]
    first = found[0]
    assert (first.details["write_line"], first.details["writer_thread"], first.details["reader_thread"]) == (8, 1, 0)
    assert [f.range.column for f in found[1:]] == [20, 38]  # s[t - 1] and s[t + 1]; s[t] is the thread's own
    assert all(f.details["write_line"] == 23 for f in found[1:])  # loop-carried: written at the end of a step


@pytest.mark.parametrize("name", ["KL401_fixed.cu", "KL402_fixed.cu"])
def test_fixed_versions_have_no_findings(name):
    assert findings(name) == []


def test_a_constant_index_reads_the_element_one_thread_wrote():
    # compute-sanitizer racecheck on the H100 reports this one (the "broadcast" of s[0] before the barrier)
    source = ("__global__ void k(const float* in, float* out) {\n"
              "  __shared__ float s[256];\n"
              "  s[threadIdx.x] = in[threadIdx.x];\n"
              "  out[threadIdx.x] = s[0];\n"
              "  __syncthreads();\n"
              "  out[threadIdx.x] += s[0];\n}\n")
    found = findings("broadcast.cu", source)
    assert summary(found) == [("KL402", "warning", 4, "k")]
    assert "thread 1 reads `s[0]`, the element thread 0 writes" in found[0].message


def test_a_barrier_under_a_copy_of_threadidx_is_an_error_and_own_elements_no_race():
    # `dim3 t = threadIdx;` made t.x one value for the block: the barrier below passed and `s[t.x]` looked
    # like every thread writing the element thread 0 reads
    source = ("__global__ void k(const float* in, float* out) {\n"
              "  __shared__ float s[256];\n"
              "  dim3 t = threadIdx;\n"
              "  s[t.x] = in[t.x];\n"
              "  if (t.x < 16) __syncthreads();\n"
              "  out[t.x] = s[t.x];\n}\n")
    found = findings("copy.cu", source)
    assert summary(found) == [("KL401", "error", 5, "k")]
    assert "reached under `t.x < 16` (line 5), which is lane-varying" in found[0].message


def test_a_helper_given_threadidx_or_blockidx_sees_which_it_was_given():
    source = ("__device__ void sync_half(uint3 t, float* s) { if (t.x < 16) __syncthreads(); s[t.x] = 0.f; }\n"
              "__device__ void sync_first(dim3 t, float* s) { if (t.x == 0) s[0] = 1.f; __syncthreads(); }\n"
              "__global__ void k(float* out) {\n"
              "  __shared__ float s[256];\n"
              "  dim3 t = threadIdx;\n"
              "  sync_half(threadIdx, s);\n"
              "  sync_first(blockIdx, s);\n"
              "  sync_half(t, s);\n}\n")
    found = findings("helpers.cu", source)
    assert summary(found) == [("KL401", "error", 6, "k"), ("KL401", "error", 8, "k")]


def test_a_lane_index_held_in_a_struct_field_read_by_inline_ptx_or_through_a_pointer_is_lane_varying():
    # both were one value for the block: the field's assignment was dropped, the asm statement blanked
    source = ("struct Ctx { int t; int n; };\n"
              "__global__ void k(float* out, int n) {\n"
              "  Ctx c;\n"
              "  c.t = threadIdx.x; c.n = n;\n"
              "  if (c.n > 4) __syncthreads();\n"
              "  if (c.t < 16) __syncthreads();\n"
              "  unsigned lane;\n"
              "  asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(lane));\n"
              "  if (lane < 16) __syncthreads();\n"
              "  unsigned* p = &lane;\n"
              "  if (*p < 16) __syncthreads();\n"
              "  out[c.t] = lane;\n}\n")
    found = findings("fields.cu", source)
    assert summary(found) == [("KL401", "error", 6, "k"), ("KL401", "error", 9, "k"), ("KL401", "error", 11, "k")]
    assert "reached under `*p < 16`" in found[2].message


def test_cooperative_groups_block_sync_counts_as_a_barrier():
    source = """
__global__ void k(float *out)
{
    cg::thread_block block = cg::this_thread_block();
    if (threadIdx.x % 2)
        block.sync();
    auto same = cg::this_thread_block();
    if (blockIdx.x == 0)
        cg::sync(same);
}
"""
    found = findings("cg.cu", source)
    assert summary(found) == [("KL401", "error", 6, "k")]


def test_barrier_in_a_warp_uniform_branch_of_a_one_warp_block_is_fine():
    source = """
__global__ void k(float *out)
{
    if (threadIdx.x < 32)
        __syncthreads();
}
void run(float *o) { k<<<4, 32>>>(o); }
"""
    assert findings("one_warp.cu", source) == []


TILED_SUM = """__global__ void tiles(const float* in, float* out, int n) {
  __shared__ float sh[64];
  float acc = 0.0f;
  for (int base = 0; base < n; base += 64) {
    if (threadIdx.x < 64) sh[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < min(64, n - base); ++i) acc += sh[i];
  }
  out[threadIdx.x] = acc;
}
void run(const float* in, float* out, int n) { tiles<<<1, 128>>>(in, out, n); }
"""


def test_a_write_over_what_other_threads_read_in_the_previous_iteration_is_a_race():
    # HeCBench surfel: racecheck on the H100 reported 80,564 hazards between the tile load and the reads
    found = findings("tiles.cu", TILED_SUM)
    assert summary(found) == [("KL402", "warning", 5, "tiles")]
    details = found[0].details
    assert (details["write_first"], details["write_line"], details["read_line"]) == (False, 5, 7)
    assert "thread 0 writes `sh[threadIdx.x]`, the element thread 1 read through `sh[i]` at line 7" in found[0].message
    assert "the read may see the new value" in found[0].message
    fixed = TILED_SUM.replace("acc += sh[i];\n", "acc += sh[i];\n    __syncthreads();\n")
    assert findings("tiles.cu", fixed) == []


def test_threads_a_known_condition_keeps_out_do_not_race_under_a_data_condition():
    # cuda-samples clock: `if (tid < d) { ...; if (f1 < f0) shared[tid] = f1; }`, a barrier per step
    source = ("__global__ void k(float* out) {\n  __shared__ float s[512];\n  int t = threadIdx.x;\n"
              "  s[t] = out[t];\n  s[t + 256] = out[t + 256];\n"
              "  for (int d = 256; d > 0; d /= 2) {\n    __syncthreads();\n"
              "    if (t < d) {\n      float a = s[t], b = s[t + d];\n      if (b < a) s[t] = b;\n    }\n  }\n"
              "  if (t == 0) out[blockIdx.x] = s[0];\n}\n"
              "void run(float* o) { k<<<1, 256>>>(o); }\n")
    assert findings("clock.cu", source) == []


def test_a_known_part_of_a_conjunction_keeps_threads_out_of_a_data_condition():
    # learn-cuda-from-scratch mini_llm's greedy_argmax: `if (tid < s && vals[tid + s] > vals[tid])` inside a
    # barrier-per-step tree; racecheck on the H100 reported nothing
    source = ("__global__ void k(const float* in, int* out) {\n  __shared__ float vals[256];\n  int tid = threadIdx.x;\n"
              "  vals[tid] = in[tid];\n  __syncthreads();\n"
              "  for (int s = 128; s > 0; s >>= 1) {\n"
              "    if (tid < s && vals[tid + s] > vals[tid]) vals[tid] = vals[tid + s];\n"
              "    __syncthreads();\n  }\n  if (tid == 0) *out = vals[0];\n}\n"
              "void run(const float* i, int* o) { k<<<1, 256>>>(i, o); }\n")
    assert findings("argmax.cu", source) == []
    # without the thread test any thread may write what another reads in the same step
    assert summary(findings("argmax.cu", source.replace("tid < s && ", ""))) == [("KL402", "warning", 7, "k")]


def test_one_unsynchronised_update_is_reported_once_per_line():
    source = ("__global__ void k(float* out) {\n  __shared__ float s[64];\n  int t = threadIdx.x;\n"
              "  s[t] = out[t];\n  __syncthreads();\n"
              "  if (t < 32) {\n    s[t] += s[t + 16];\n    s[t] += s[t + 8];\n  }\n  out[t] = s[t];\n}\n"
              "void run(float* o) { k<<<1, 64>>>(o); }\n")
    found = findings("warp.cu", source)
    # line 7 writes s[16] that thread 0 reads there; line 8 reads s[t + 8] that line 7 wrote, and its own
    # write over s[t + 8]'s readers is the same statement's hazard, not a second finding
    assert [(f.range.line, f.details["write_first"]) for f in found] == [(7, False), (8, True)]


WARP_SYNCHRONOUS_TAIL = """__device__ void warp_reduce(volatile float* s, int t) {
  s[t] += s[t + 32]; s[t] += s[t + 16];
  s[t] += s[t + 8]; s[t] += s[t + 4];
  s[t] += s[t + 2]; s[t] += s[t + 1];
}
__global__ void k(const float* in, float* out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) warp_reduce(s, t);
  if (t == 0) out[blockIdx.x] = s[0];
}
void run(const float* in, float* out) { k<<<64, 256>>>(in, out); }
"""


def test_a_warp_synchronous_reduction_is_one_race_that_syncwarp_fixes():
    # learn-cuda-from-scratch reduce_v4: racecheck reported 4,128 hazards on the H100 (lanes of a warp
    # are scheduled independently since Volta, and `volatile` does not order them)
    found = findings("warp_tail.cu", WARP_SYNCHRONOUS_TAIL)
    assert summary(found) == [("KL402", "warning", 2, "k")]
    details = found[0].details
    assert (details["same_warp"], details["write_line"], details["later_step_lines"]) == (True, 2, [3, 4])
    assert found[0].message.startswith("thread 0 reads `s[t + 16]`, the element thread 16 writes through `s[t]` "
                                       "at line 2, with no __syncwarp() between them")
    assert "the later steps' reads at lines 3, 4 race the same way" in found[0].message
    assert found[0].hint.startswith("order the lanes: __syncwarp()")


def test_the_same_steps_across_warps_need_a_block_barrier():
    found = findings("warp_tail.cu", WARP_SYNCHRONOUS_TAIL.replace("if (t < 32)", "if (t < 64)"))
    assert all(not f.details["same_warp"] and "__syncthreads()" in f.hint for f in found) and found


def test_a_barrier_on_the_dead_side_of_a_constant_choice_is_never_reached():
    # HeCBench bitpermute: `(Z_COUNT > WARP_SZ) ? __syncthreads() : __syncwarp();` with Z_COUNT = 256 /
    # sizeof(long) = 32 only synchronises the warp; compute-sanitizer's synccheck reported nothing
    source = """
typedef long fr_t;
__global__ void k(fr_t *out, unsigned int n)
{
    const unsigned int Z = 256 / sizeof(fr_t);
    unsigned int tid = threadIdx.x;
    do {
        if ((tid & 3) > (tid >> 3))
            continue;
        (Z > 32) ? __syncthreads() : __syncwarp();
        if (Z > 32) __syncthreads(); else __syncwarp();
        (Z == 32) ? __syncthreads() : __syncwarp();
    } while ((tid += blockDim.x * gridDim.x) < n);
}
void run(fr_t *o) { k<<<4, 64>>>(o, 1024); }
"""
    assert summary(findings("constant_choice.cu", source)) == [("KL401", "error", 12, "k")]


def test_a_helper_parameter_named_like_a_shared_array_is_what_the_call_passes():
    # HeCBench langford: `dfs<n>(availability[threadIdx.x], ...)` binds `Availability<n> &availability`, one
    # thread's row, so `availability[0] = ...` in dfs is that row's first element (racecheck: clean). A
    # pointer parameter given the array itself (`reduce(t)`) is still the array: thread 0 reads t[2] unfenced.
    source = """
__device__ void fill(int (&s)[4]) { s[0] = 1; s[1] = s[0]; }
__device__ void reduce(int *t) { if (threadIdx.x == 0) t[1] = t[2]; }
__global__ void k(int *out)
{
    __shared__ int s[64][4];
    fill(s[threadIdx.x]);
    __shared__ int t[64];
    t[threadIdx.x] = out[threadIdx.x];
    reduce(t);
}
"""
    assert summary(findings("shadowed.cu", source)) == [("KL402", "warning", 3, "k")]


SKIP_AFTER_SYNC = """
__global__ void tiles(const float *x, float *out, int n)
{
    __shared__ float tile[64];
    float acc = 0.0f;
    for (int j = 0; j < n; ++j) {
        tile[threadIdx.x] = x[j * 64 + threadIdx.x];
        __syncthreads();
        float v = tile[(threadIdx.x + 1) % 64];
        if (v == 0.0f) {
            __syncthreads();
            continue;
        }
        acc += v;
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}
void run(const float *x, float *o) { tiles<<<1, 64>>>(x, o, 8); }
"""


def test_a_continue_after_as_many_barriers_as_the_iteration_keeps_the_later_barriers_matched():
    # Eppie/learn-cuda 12-capstone flash_attention_mhc: `if (m_ij == -INFINITY) { __syncthreads(); continue; }`.
    # The barrier under the data condition is reported, naming it; the threads that leave have passed two
    # barriers, as those reaching the iteration's end, so the next iteration's barriers are not reported again
    found = findings("skip_after_sync.cu", SKIP_AFTER_SYNC)
    assert summary(found) == [("KL401", "error", 11, "tiles")]
    assert found[0].details["cause_line"] == 10
    assert "under `v == 0.0f` (line 10)" in found[0].message and "depends on data" in found[0].message


def test_a_continue_in_a_loop_of_known_trip_count_is_matched_the_same_way():
    # a loop walked once per iteration (a constant bound, or an n every launch passes) had read the continue
    # as threads leaving for good, and reported the next iterations' barriers
    for bound in ("8", "n"):
        source = SKIP_AFTER_SYNC.replace("j < n", f"j < {bound}")
        assert summary(findings("skip_unrolled.cu", source)) == [("KL401", "error", 11, "tiles")]


def test_a_continue_after_fewer_barriers_leaves_the_threads_out_of_step():
    source = SKIP_AFTER_SYNC.replace("            __syncthreads();\n            continue;", "            continue;")
    found = findings("skip_before_sync.cu", source)
    assert summary(found) == [("KL401", "error", 8, "tiles"), ("KL401", "error", 14, "tiles")]
    assert all(f.details["cause_line"] == 10 and "after threads left early" in f.message for f in found)


def test_a_break_leaves_the_threads_out_of_step_whatever_it_passed():
    source = SKIP_AFTER_SYNC.replace("continue;", "break;")
    assert [f.range.line for f in findings("break_after_sync.cu", source)] == [8, 11, 15]


def test_a_barrier_in_a_helper_called_after_threads_left_the_loop_is_reported():
    source = """
__device__ void stage(float *tile, const float *x, int j) { tile[threadIdx.x] = x[j]; __syncthreads(); }
__global__ void k(const float *x, float *out, int n)
{
    __shared__ float tile[64];
    for (int j = 0; j < n; ++j) {
        if (x[threadIdx.x] > 0.0f) break;
        stage(tile, x, j);
    }
    out[threadIdx.x] = tile[0];
}
void run(const float *x, float *o) { k<<<1, 64>>>(x, o, 8); }
"""
    found = findings("helper_after_break.cu", source)
    assert summary(found) == [("KL401", "error", 8, "k")]
    assert "after threads left early under `x[threadIdx.x] > 0.0f` (line 7)" in found[0].message


VECTOR_TILES = """
__global__ void vec_tiles(const float4 *x, float *out, int n)
{
    __shared__ float tile[8][128];
    float acc = 0.0f;
    for (int j = 0; j < n; ++j) {
        *reinterpret_cast<float4 *>(&tile[threadIdx.y][threadIdx.x * 4]) = x[j * 256 + threadIdx.y * 32 + threadIdx.x];
        __syncthreads();
        float4 v = *reinterpret_cast<const float4 *>(&tile[7 - threadIdx.y][threadIdx.x * 4]);
        acc += v.x + v.w;
        __syncwarp();
    }
    out[threadIdx.y * 32 + threadIdx.x] = acc;
}
void run(const float4 *x, float *o) { vec_tiles<<<1, dim3(32, 8)>>>(x, o, 8); }
"""


def test_vector_accesses_through_a_cast_pointer_race_over_every_element_they_cover():
    # leimao/CUDA-GEMM-Optimization gemm_v06_vectorized loads its tiles through int4 pointers and ends each
    # tile with __syncwarp(): the next tile's stores overwrite what other warps are still reading
    found = findings("vector_tiles.cu", VECTOR_TILES)
    assert summary(found) == [("KL402", "warning", 7, "vec_tiles")]
    assert (found[0].details["read_line"], found[0].details["writer_thread"] // 32,
            found[0].details["reader_thread"] // 32) == (9, 7, 0)
    assert findings("vector_tiles_fixed.cu", VECTOR_TILES.replace("__syncwarp();", "__syncthreads();")) == []


def test_a_scalar_write_inside_another_threads_vector_read_is_a_race():
    source = """
__global__ void k(float *out)
{
    __shared__ float s[256];
    s[threadIdx.x] = out[threadIdx.x];
    float4 v = *reinterpret_cast<const float4 *>(&s[(threadIdx.x / 4) * 4]);
    out[threadIdx.x] = v.x + v.y + v.z + v.w;
}
void run(float *o) { k<<<1, 256>>>(o); }
"""
    found = findings("vector_read.cu", source)
    assert summary(found) == [("KL402", "warning", 6, "k")]
    assert found[0].details["same_warp"] and found[0].details["writer_thread"] != found[0].details["reader_thread"]


def test_a_barrier_under_a_value_a_helper_wrote_through_a_pointer_is_divergent():
    # `project(x, &sx)` sets sx per thread: a condition on it is no longer the uniform 0 it started as
    found = findings("out_param.cu", """\
__device__ void project(int x, int* px) { *px = x; }
__global__ void k(float* dst) {
  int sx = 0;
  project(threadIdx.x, &sx);
  if (sx > 5) __syncthreads();
  dst[threadIdx.x] = 1.0f;
}
""")
    assert [(f.code, f.range.line) for f in found] == [("KL401", 5)]
