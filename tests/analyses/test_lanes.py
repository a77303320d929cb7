"""Per-lane evaluation of memory indices: values per thread, loops, branches, helpers, pointers."""
from __future__ import annotations

import re
import shutil
import subprocess
from typing import List, Tuple

import pytest

from kernel_lint.analyses.lanes import (
    assumed_quotients,
    evaluate_kernel,
    field_layout,
    only_subscripted,
    thread_coordinates,
    warps,
)
from kernel_lint.analyses.symbolic import MAX_TERMS
from kernel_lint.frontend import FrontendOptions, build_unit


def accesses(source: str, shape: Tuple[int, int, int] = (64, 1, 1), kernel: str = "k"):
    unit = build_unit("lanes.cu", source, FrontendOptions())
    assert not unit.problems, unit.problems
    return unit, evaluate_kernel(unit, unit.kernel(kernel), shape)


def offsets(record, count: int = 4) -> List[int]:
    return list(record.address.constant_part(len(record.active))[:count])


def symbols(record) -> dict:
    return {m: vec[0] for m, vec in record.address.terms if m}


def test_threads_are_numbered_x_fastest():
    x, y, z = thread_coordinates((4, 2, 2))
    assert x[:6] == (0, 1, 2, 3, 0, 1) and y[:6] == (0, 0, 0, 0, 1, 1) and z[7:9] == (0, 1)


def test_warps_group_32_threads_and_skip_inactive_ones():
    active = tuple(t % 2 == 0 for t in range(64)) + (False,) * 32
    groups = warps(active)
    assert len(groups) == 2 and groups[1][0] == 32 and len(groups[0]) == 16


def test_global_index_is_a_polynomial_in_uniform_symbols():
    _, found = accesses("__global__ void k(float* a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x;"
                        " a[i * n + 3] = 0; }")
    record = found[0][0]
    assert record.kind == "store" and record.target.array == "a" and record.access_bytes == 4
    assert offsets(record) == [12, 12, 12, 12]
    assert symbols(record) == {("blockIdx.x", "n"): 256, ("n",): 0}
    assert record.address.term_map()[("n",)][:3] == (0, 4, 8)


def test_compound_assignments_ternaries_casts_and_helpers_follow_locals():
    source = """
    __device__ int twice(int v) { return v + v; }
    __global__ void k(const float* in, float* out) {
        int t = threadIdx.x;
        t += 1;
        int u = (t > 100) ? 7 : (int)twice(t);
        out[u] = in[0];
    }"""
    _, found = accesses(source)
    store = next(r[0] for r in found if r[0].kind == "store")
    assert offsets(store) == [8, 16, 24, 32]
    load = next(r[0] for r in found if r[0].kind == "load")
    assert load.address.is_uniform


def test_pointer_arithmetic_and_vector_casts_keep_the_buffer():
    source = """
    __global__ void k(const float* a, float* out, int n) {
        const float* row = a + blockIdx.y * n;
        const float4* wide = reinterpret_cast<const float4*>(out);
        out[threadIdx.x] = row[threadIdx.x] + wide[threadIdx.x].y;
    }"""
    _, found = accesses(source)
    loads = [r[0] for r in found if r[0].kind == "load"]
    assert [(r.target.array, r.access_bytes) for r in loads] == [("a", 4), ("out", 4)]
    assert symbols(loads[0]) == {("blockIdx.y", "n"): 4}
    assert offsets(loads[1]) == [4, 20, 36, 52] and loads[1].field == "y"


def test_struct_fields_use_the_layout():
    unit, found = accesses("struct P { float x, y, z; };\n__global__ void k(const P* p, float* o) "
                           "{ o[threadIdx.x] = p[threadIdx.x].z; }")
    load = next(r[0] for r in found if r[0].kind == "load")
    assert offsets(load) == [8, 20, 32, 44] and load.access_bytes == 4
    assert field_layout("P", "z", unit) == (8, 4)
    assert field_layout("float4", "w", unit) == (12, 4) and field_layout("float2", "z", unit) is None


SHARED_STRUCT_COPIES = """struct P { float a; int b; };
struct Q { float a, b, c; };
struct R { float v[8]; };
__global__ void dynamic_pair(P* o) { extern __shared__ P sp[]; sp[threadIdx.x] = o[threadIdx.x];\n  __syncthreads(); o[threadIdx.x] = sp[threadIdx.x ^ 1]; }
__global__ void dynamic_triple(Q* o) { extern __shared__ Q sq[]; sq[threadIdx.x] = o[threadIdx.x];\n  __syncthreads(); o[threadIdx.x] = sq[threadIdx.x ^ 1]; }
__global__ void dynamic_row(R* o) { extern __shared__ R sr[]; sr[threadIdx.x] = o[threadIdx.x];\n  __syncthreads(); o[threadIdx.x] = sr[threadIdx.x ^ 1]; }
__global__ void static_pair(P* o) { __shared__ P s[64]; s[threadIdx.x] = o[threadIdx.x];\n  __syncthreads(); o[threadIdx.x] = s[threadIdx.x ^ 1]; }
"""
# bytes of each shared store a whole-struct copy makes, as nvcc 13 -O3 emits them (st.shared.v2.u32,
# three st.shared.f32, two st.shared.v4.f32, st.shared.f32 + st.shared.u32)
SHARED_STORE_WIDTHS = {"dynamic_pair": [8], "dynamic_triple": [4, 4, 4], "dynamic_row": [16, 16],
                       "static_pair": [4, 4]}


def shared_store_widths(source: str, kernel: str) -> List[int]:
    _, found = accesses(source, kernel=kernel)
    return [piece.access_bytes for records in found for piece in records
            if piece.kind == "store" and piece.target.space == "shared"]


def test_a_struct_in_an_extern_shared_array_moves_as_wide_as_the_arrays_16_byte_alignment_allows():
    for kernel, widths in SHARED_STORE_WIDTHS.items():
        assert shared_store_widths(SHARED_STRUCT_COPIES, kernel) == widths, kernel


def ptx_entries(tmp_path, source: str) -> List[str]:
    """The PTX of each kernel of `source` as nvcc 13 -O3 compiles it for sm_90: the oracle for access widths."""
    cuda = tmp_path / "copies.cu"
    cuda.write_text(source)
    subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-ptx", "-o", str(tmp_path / "copies.ptx"), str(cuda)],
                   check=True, capture_output=True)
    return (tmp_path / "copies.ptx").read_text().split(".entry ")[1:]


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
def test_shared_struct_copy_widths_match_the_ptx_nvcc_emits(tmp_path):
    widths = {}
    for entry in ptx_entries(tmp_path, SHARED_STRUCT_COPIES):
        name = re.match(r"_Z\d+(\w+?)P", entry).group(1)
        stores = re.findall(r"st\.shared(?:\.v(\d))?\.(?:[a-z])(\d+)", entry)
        widths[name] = [int(count or 1) * int(bits) // 8 for count, bits in stores]
    assert widths == SHARED_STORE_WIDTHS


BYTE_COPIES_SOURCE = """#include <cstring>
__global__ void to_vectors(float4* out, float v) {
  float4 x = make_float4(v, v, v, v);
  memcpy(out + blockIdx.x * blockDim.x + threadIdx.x, &x, 16);
}
__global__ void between_buffers(float* out, const float* in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(out + 4 * i, in + 4 * i, 16);
}
__global__ void cleared(double* out) { memset(out + blockIdx.x * blockDim.x + threadIdx.x, 0, 8); }
__global__ void into_shared(float* out) {
  __shared__ float4 t[256];
  float4 x = make_float4(1, 2, 3, threadIdx.x);
  memcpy(&t[threadIdx.x], &x, 16);
  __syncthreads();
  out[threadIdx.x] = t[255 - threadIdx.x].w;
}
"""
# one-byte global loads and stores of each kernel, as nvcc 13 -O3 emits them: a global pointer's alignment
# is unknown whatever its type, a shared array's is known (the copy into `t` is one st.shared.v4.f32)
BYTE_COPY_ACCESSES = {"to_vectors": (0, 16), "between_buffers": (16, 16), "cleared": (0, 8), "into_shared": (0, 0)}


def byte_accesses(source: str, kernel: str) -> Tuple[int, int]:
    _, found = accesses(source, kernel=kernel)
    moved = [record for records in found for record in records
             if record.target.space == "global" and record.access_bytes == 1]
    return sum(r.kind == "load" for r in moved), sum(r.kind == "store" for r in moved)


def test_a_device_memcpy_or_memset_of_global_memory_moves_a_byte_per_access():
    for kernel, counts in BYTE_COPY_ACCESSES.items():
        assert byte_accesses(BYTE_COPIES_SOURCE, kernel) == counts, kernel
    _, found = accesses(BYTE_COPIES_SOURCE, kernel="between_buffers")
    stores = [r for records in found for r in records if r.kind == "store"]
    assert {r.copied_by for r in stores} == {"memcpy"}
    # lane i's k-th byte is at 16 * i + k: every byte of the 16 is a request of its own
    assert sorted(offsets(r, 2)[1] - offsets(r, 2)[0] for r in stores) == [16] * 16
    assert sorted(offsets(r, 1)[0] for r in stores) == list(range(16))


def test_a_copy_longer_than_a_sector_is_walked_for_its_first_32_bytes_and_a_runtime_one_for_one():
    source = ("#include <cstring>\n"
              "__global__ void k(unsigned char* out, const unsigned char* in, int n) {\n"
              "  memcpy(out + 256 * threadIdx.x, in + 256 * threadIdx.x, 256);\n"
              "  memcpy(out + n * threadIdx.x, in, n);\n"
              "}\n")
    _, found = accesses(source)
    assert sorted(len(records) for records in found) == [1, 1, 32, 32]


def test_a_user_defined_memcpy_is_inlined_not_taken_for_the_library_one():
    source = ("__device__ void memcpy(float* to, const float* from, int n) { to[0] = from[0]; }\n"
              "__global__ void k(float* out, const float* in) { memcpy(out + 4 * threadIdx.x, in, 16); }\n")
    _, found = accesses(source)
    assert [(r.kind, r.access_bytes, r.copied_by) for records in found for r in records] == [
        ("load", 4, None), ("store", 4, None)]


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
def test_byte_copies_match_the_ptx_nvcc_emits(tmp_path):
    counts = {}
    for entry in ptx_entries(tmp_path, BYTE_COPIES_SOURCE):
        name = re.match(r"_Z\d+([a-z_]+)", entry).group(1)
        counts[name] = (len(re.findall(r"ld\.global\.u8", entry)), len(re.findall(r"st\.global\.u8", entry)))
    assert counts == BYTE_COPY_ACCESSES


def test_pointer_members_of_structs_point_to_buffers_of_their_own():
    # Rodinia lavaMD-style parameter structs, a __constant__ one, a pointer to one in memory, a local copy and
    # a helper taking one by reference: each pointer member indexes its own global buffer
    source = """
    struct Params { int n; float4 *in; const float *w; double *out; };
    struct Box { float *data; };
    __constant__ Params cp;
    __device__ float get(const Params &p, int i) { return p.w[i * 2]; }
    __global__ void k(const Box *box, Params p) {
        int i = threadIdx.x;
        Params q = p;
        box->data[i * 8] = q.in[i].y;
        cp.out[i] = get(p, i) + p.n;
    }"""
    unit, found = accesses(source)
    by_array = {(r[0].target.array, r[0].kind): r[0] for r in found}
    assert unit.structs["Params"].pointers["in"].base == "float4"
    assert set(by_array) == {("box", "load"), ("box->data", "store"), ("p.in", "load"), ("p.w", "load"),
                             ("cp.out", "store")}
    assert offsets(by_array["box->data", "store"]) == [0, 32, 64, 96]
    assert offsets(by_array["p.in", "load"]) == [4, 20, 36, 52] and by_array["p.in", "load"].access_bytes == 4
    assert offsets(by_array["p.w", "load"]) == [0, 8, 16, 24]
    assert all(r.target.space == "global" for r in by_array.values())
    assert offsets(by_array["cp.out", "store"]) == [0, 8, 16, 24]


def test_a_struct_templates_pointer_members_take_the_parameters_type_arguments():
    # HeCBench addBiasQKV: `FP8TrtAddQKVBiasParam<__nv_fp8_e4m3, __nv_bfloat16> param`, whose `const T2* qkv_bias`
    # is cast through a kernel-local `using` alias
    source = """
    template <typename T1, typename T2> struct Param { T1 *tgt; const T2 *bias; int n; };
    __global__ void k(Param<__nv_fp8_e4m3, __nv_bfloat16> param) {
        using T2_2 = __nv_bfloat162;
        const T2_2 *bias = (T2_2 *)param.bias;
        param.tgt[threadIdx.x * 2] = bias[threadIdx.x * 2].x;
    }"""
    unit, found = accesses(source)
    assert unit.kernels[0].params[0].type_arguments == ("__nv_fp8_e4m3", "__nv_bfloat16")
    by_array = {r[0].target.array: r[0] for r in found}
    assert by_array["param.tgt"].target.element_bytes == 1 and offsets(by_array["param.tgt"]) == [0, 2, 4, 6]
    assert by_array["param.bias"].target.element_type == "__nv_bfloat162"
    assert offsets(by_array["param.bias"]) == [0, 8, 16, 24] and by_array["param.bias"].access_bytes == 2


def test_a_pointer_cast_to_an_address_integer_keeps_its_buffer_for_byte_arithmetic():
    # HeCBench daphne: `(float *)((uintptr_t)cp + (x + y * width) * point_step)`; an alignment test on such
    # an address is known per lane (HeCBench fma's `reinterpret_cast<uintptr_t>(b_ptr) % 16 == 0`)
    source = """
    __global__ void k(const char *cp, float *out, int step) {
        const float *fp = (float *)((uintptr_t)cp + threadIdx.x * 12);
        if (reinterpret_cast<uintptr_t>(&out[threadIdx.x * 4]) % 16 == 0) out[threadIdx.x] = fp[1];
        else out[threadIdx.x + 1] = 0.0f;
        out[0] = (int)(size_t)cp;
    }"""
    _, found = accesses(source)
    load = next(r[0] for r in found if r[0].target.array == "cp")
    assert load.target.element_type == "float" and offsets(load) == [4, 16, 28, 40]
    stores = [r[0] for r in found if r[0].kind == "store" and r[0].target.array == "out"]
    assert [offsets(s)[:2] for s in stores] == [[0, 4], [0, 0]]  # the else side never runs


def test_a_kernel_parameter_pointing_to_arrays_indexes_rows():
    # HeCBench ace: `double phi[][DATAYSIZE][DATAXSIZE]`; before, no access through such a parameter was recorded
    source = """
    #define N 400
    __global__ void k(double phi[][N][N], float (*a)[64]) {
        int x = threadIdx.x;
        phi[x][1][0] = a[x][3];
        phi[0][1][x] = 0.0;
    }"""
    _, found = accesses(source)
    plane, row = 400 * 400 * 8, 400 * 8
    assert [(r[0].target.array, r[0].kind, offsets(r[0], 2)) for r in found] == [
        ("a", "load", [12, 64 * 4 + 12]), ("phi", "store", [row, plane + row]), ("phi", "store", [row, row + 8])]
    assert found[1][0].target.row_dims == (400, 400)


def test_loop_counters_are_uniform_and_grid_stride_loops_keep_the_lane_part():
    source = """
    __global__ void k(const float* a, float* b, int n) {
        for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) b[i] = a[0];
        for (int j = 0; j < n; ++j) b[j] = 1.0f;
    }"""
    _, found = accesses(source)
    grid_stride, uniform = [r[0] for r in found if r[0].kind == "store"]
    assert offsets(grid_stride) == [0, 4, 8, 12] and not grid_stride.address.is_uniform
    assert uniform.address.is_uniform


def test_short_multiplying_loops_are_evaluated_per_iteration_with_masks():
    source = """
    __global__ void k(float* g) {
        __shared__ float s[64];
        for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
            int index = 2 * stride * threadIdx.x;
            if (index < blockDim.x) s[index] = g[0];
        }
    }"""
    _, found = accesses(source)
    shared = next(r for r in found if r[0].target.space == "shared")
    assert len(shared) == 6  # strides 1, 2, 4, 8, 16, 32 under blockDim.x = 64
    assert [sum(r.active) for r in shared] == [32, 16, 8, 4, 2, 1]
    assert offsets(shared[1]) == [0, 16, 32, 48]


def test_a_while_loop_over_a_scaled_local_is_evaluated_per_iteration_too():
    source = """
    __global__ void k(float* g) {
        __shared__ float s[64];
        int stride = 1;
        while (stride < 64) {
            int index = 2 * stride * threadIdx.x;
            if (index < 64) s[index] = g[0];
            stride *= 2;
        }
    }"""
    _, found = accesses(source)
    shared = next(r for r in found if r[0].target.space == "shared")
    assert [sum(r.active) for r in shared] == [32, 16, 8, 4, 2, 1]


def test_a_local_scaled_in_a_loop_of_unknown_length_takes_each_value_it_can_hold():
    # the up-sweep and down-sweep of a work-efficient scan (GPU Gems 3, ch. 39): `offset` doubles, then halves
    source = """
    __global__ void k(float* g, int n) {
        __shared__ float t[128];
        int offset = 1;
        for (int d = n >> 1; d > 0; d >>= 1) {
            if (threadIdx.x < d) t[offset * (2 * threadIdx.x + 2) - 1] += t[offset * (2 * threadIdx.x + 1) - 1];
            offset *= 2;
        }
        for (int d = 1; d < n; d *= 2) {
            offset >>= 1;
            if (threadIdx.x < d) t[offset * (2 * threadIdx.x + 1) - 1] = g[0];
        }
    }"""
    _, found = accesses(source)
    up, down = [r for r in found if r[0].target.space == "shared" and r[0].kind in ("load", "store")]
    # every value below the array's 128 elements, each a record as for an enumerated loop
    assert [offsets(r, 2)[1] - offsets(r, 2)[0] for r in up] == [8 * v for v in (1, 2, 4, 8, 16, 32, 64)]
    # the down-sweep's `d < n` is walked at each d below the array size too, `t < d` deciding the lanes;
    # with n unknown, offset cannot be paired with d, so every pair is counted
    assert [(r.scaled_value, sum(r.active), offsets(r, 2)[1] - offsets(r, 2)[0]) for r in down[:8]] == \
        [(("offset", v), 1, 8 * v) for v in (1, 2, 4, 8, 16, 32, 64)] + [(("offset", 1), 2, 8)]
    assert len(down) == 7 * 7
    assert all(not symbols(r) for r in up + down)


def test_an_operation_on_a_scaled_local_that_gives_every_value_the_same_lanes_is_known():
    # GPU Gems 3's CONFLICT_FREE_OFFSET(n), `n >> NUM_BANKS + n >> 2 * LOG_NUM_BANKS`, parses as
    # `(n >> (NUM_BANKS + n)) >> 10`: a shift by more than n's bits, 0 at every offset, so the padding
    # pads nothing and the scan's accesses keep their stride (AIComputing101's blelloch_scan_optimized)
    source = """
    #define CONFLICT_FREE_OFFSET(n) ((n) >> 32 + (n) >> (2 * 5))
    __global__ void k(int n) {
        __shared__ float t[512];
        int offset = 1;
        for (int d = n >> 1; d > 0; d >>= 1) {
            int ai = offset * (2 * threadIdx.x + 1) - 1;
            ai += CONFLICT_FREE_OFFSET(ai);
            if (threadIdx.x < d) t[ai] = 0.0f;
            if (threadIdx.x < d) t[threadIdx.x * offset % 7] = 1.0f;  // a remainder that differs per offset
            offset *= 2;
        }
    }"""
    _, found = accesses(source)
    padded, remainder = [r for r in found if r[0].target.space == "shared"]
    assert [offsets(r, 2) for r in padded[:3]] == [[0, 8], [4, 20], [12, 44]]
    assert all(r.address.opaque for r in remainder)


def test_indirect_and_unknown_lane_values_are_opaque():
    _, found = accesses("__global__ void k(const float* a, const int* idx, float* o) "
                        "{ o[idx[threadIdx.x]] = a[threadIdx.x * threadIdx.x]; }")
    by_array = {r[0].target.array: r[0] for r in found}
    assert by_array["o"].address.opaque and not by_array["idx"].address.opaque
    assert not by_array["a"].address.opaque  # threadIdx.x squared is still known per lane
    assert offsets(by_array["a"]) == [0, 4, 16, 36]


def test_a_choice_one_lane_of_a_warp_can_make_leaves_the_others_on_the_other_arm():
    # ae-basol's CBC decrypt: the grid's first block reads the IV, every other lane the block before its own
    source = """
    __global__ void k(const unsigned char* in, const unsigned char* iv, unsigned char* out) {
        int blk = blockIdx.x * blockDim.x + threadIdx.x;
        const unsigned char* feedback = (blk == 0) ? iv : in + (blk - 1) * 16;
        const unsigned char* ahead = (blk != 0) ? in + blk * 16 : iv;
        const unsigned char* half = (blk < 8) ? iv : in + blk * 16;
        out[blk * 16] = feedback[0] + ahead[1] + half[2];
    }"""
    _, found = accesses(source)
    loads = [r[0] for r in found if r[0].kind == "load"]
    # `half`: eight lanes on each arm, no one pointer stands for the warp, so its load is not modelled
    feedback, ahead = loads
    assert feedback.target.array == "in" and offsets(feedback) == [-16, 0, 16, 32]
    assert ahead.target.array == "in" and offsets(ahead) == [1, 17, 33, 49]


def test_shared_arrays_are_row_major_with_subscripts_kept():
    _, found = accesses("__global__ void k(float* o) { __shared__ float t[8][33]; "
                        "t[threadIdx.x % 8][threadIdx.x / 8] = 0; }", shape=(32, 1, 1))
    record = found[0][0]
    assert record.target.space == "shared" and len(record.subscripts) == 2
    assert offsets(record, 9) == [0, 132, 264, 396, 528, 660, 792, 924, 4]


def test_only_subscripted_sees_pointer_escapes():
    unit = build_unit("e.cu", "__global__ void k(float* o) { __shared__ float t[4][4]; float* p = &t[0][0];"
                      " o[0] = t[1][2] + p[1]; }", FrontendOptions())
    kernel = unit.kernel("k")
    assert not only_subscripted(kernel.body, "t", 2)
    assert only_subscripted(kernel.body, "o", 1)


def test_an_integer_template_parameter_is_the_constant_of_the_modelled_instantiation():
    unit, found = accesses("template <int N> __global__ void k(float* a) { a[threadIdx.x * N] = 0; }\n"
                           "void go(float* a) { k<8><<<1, 64>>>(a); }\n")
    assert unit.kernel("k").template_values == {"N": 8}
    assert offsets(found[0][0]) == [0, 32, 64, 96]  # bytes: 8 floats apart


def test_a_scaled_local_moves_in_step_with_an_enumerated_counter():
    # a work-efficient scan's up-sweep: offset doubles while d halves, so `t < d` leaves one lane at
    # offset 32, not all 32 of them (which would be a 32-way conflict that never happens)
    unit, found = accesses("__global__ void k(float* s) {\n  int t = threadIdx.x, offset = 1;\n"
                           "  for (int d = 32; d > 0; d >>= 1) {\n    if (t < d) s[offset * (2 * t + 1) - 1] = 0;\n"
                           "    offset *= 2;\n  }\n}\n", shape=(32, 1, 1))
    assert [(r.scaled_value, sum(r.active)) for r in found[0]] == [
        (None, 32), (None, 16), (None, 8), (None, 4), (None, 2), (None, 1)]
    assert [offsets(r, 2) for r in found[0]] == [[0, 8], [4, 20], [12, 44], [28, 92], [60, 188], [124, 380]]


def test_a_reference_parameter_reads_and_writes_its_referent_where_the_callee_uses_it():
    unit, found = accesses("__device__ void bump(float &x, float v) { x = x + v; }\n"
                           "__global__ void k(float* a) {\n  bump(a[threadIdx.x * 2], 1.0f);\n"
                           "  float &r = a[threadIdx.x];\n  r += 2.0f;\n}\n")
    lines = [(unit.span(r[0].node).line, r[0].kind, offsets(r[0], 2)) for r in found]
    # the element is read and written in bump (line 1), not loaded at the call (line 3); a local
    # reference is another name for its element
    assert lines == [(1, "load", [0, 8]), (1, "store", [0, 8]), (5, "load", [0, 4]), (5, "store", [0, 4])]


def test_an_access_in_a_helper_is_one_site_per_call():
    _, found = accesses("__device__ float get(const float* p, int i) { return p[i]; }\n"
                        "__global__ void k(const float* a, float* o, int n) {\n"
                        "  o[threadIdx.x] = get(a, threadIdx.x) + get(a, threadIdx.x * n);\n}\n")
    loads = [r for r in found if r[0].target.array == "a"]
    assert len(loads) == 2 and offsets(loads[0][0], 2) == [0, 4] and loads[1][0].address.terms != loads[0][0].address.terms


def test_a_loop_to_a_runtime_bound_is_walked_at_each_value_below_the_shared_size():
    _, found = accesses("__global__ void k(int n) {\n  __shared__ float s[256];\n"
                        "  for (int w = 4; w < n; w *= 4) s[threadIdx.x * w % 256] = 0;\n}\n")
    assert [r.scaled_value for r in found[0]] == [("w", 4), ("w", 16), ("w", 64)]
    # no shared array bounds the values: the counter is a scaled local, each value up to 2^15 a record
    _, found = accesses("__global__ void k(float* a, int n) { for (int w = 1; w < n; w <<= 1) a[threadIdx.x * w] = 0; }")
    assert [r.scaled_value for r in found[0]] == [("w", 1 << k) for k in range(16)]


def test_an_additive_loop_of_a_few_constant_steps_over_a_shared_tile_is_walked_step_by_step():
    _, found = accesses("__global__ void k(float* a) { __shared__ float t[32][33];\n"
                        "  for (int j = 0; j < 32; j += 8) t[threadIdx.y + j][threadIdx.x] = a[threadIdx.x + 64 * j]; }",
                        shape=(32, 8, 1))
    tile = next(r for r in found if r[0].target.space == "shared")
    assert [offsets(r, 1) for r in tile] == [[0], [8 * 33 * 4], [16 * 33 * 4], [24 * 33 * 4]]
    # the global access in the same loop shares the walk; without a shared subscript, or with many
    # steps, the counter is one uniform symbol (the cost is the same for every value of it)
    _, found = accesses("__global__ void k(float* a) { for (int j = 0; j < 32; j += 8) a[threadIdx.x + 64 * j] = 0; }")
    assert len(found[0]) == 1 and symbols(found[0][0])
    _, found = accesses("__global__ void k(float* a) { __shared__ float t[64][32];\n"
                        "  for (int j = 0; j < 64; ++j) t[j][threadIdx.x] = a[0]; }", shape=(32, 1, 1))
    assert len(found[-1]) == 1 and symbols(found[-1][0])


def test_a_helper_templates_value_arguments_and_shared_arrays_are_walked_in_it():
    _, found = accesses("template <int STRIDE>\n"
                        "__device__ void put(float v) { __shared__ float s[1024]; s[threadIdx.x * STRIDE] = v; }\n"
                        "__global__ void k(const float* a) { put<3>(a[threadIdx.x]); }\n")
    (store,) = [r[0] for r in found if r[0].target.space == "shared"]
    assert store.target.array == "s" and offsets(store) == [0, 12, 24, 36]


def test_a_local_the_loop_carries_into_a_shared_subscript_is_walked_iteration_by_iteration():
    # cuda-samples histogram64: `pos = (pos + 4) & 63` staggers each thread's reads of its row
    _, found = accesses("__global__ void k(unsigned* out) {\n  __shared__ unsigned char h[64 * 64];\n"
                        "  unsigned char* row = h + threadIdx.x * 64;\n  unsigned pos = 4 * (threadIdx.x & 15);\n"
                        "  unsigned sum = 0;\n"
                        "  for (unsigned i = 0; i < 16; i++) { sum += row[pos]; pos = (pos + 4) & 63; }\n"
                        "  out[threadIdx.x] = sum;\n}\n")
    reads = next(r for r in found if r[0].target.space == "shared")
    assert len(reads) == 16
    assert [offsets(r, 2) for r in reads[:3]] == [[0, 68], [4, 72], [8, 76]]
    assert offsets(reads[15], 2) == [60, 64]  # thread 1 wrapped: 64 + (4 + 60) & 63
    # a local the body changes but that indexes only global memory keeps the one representative walk
    _, found = accesses("__global__ void k(float* a) { int p = threadIdx.x;\n"
                        "  for (int i = 0; i < 16; i++) { a[p] = 0; p = (p + 4) & 63; } }")
    assert len(found[0]) == 1


def test_an_equality_with_a_uniform_unknown_runs_in_one_lane_of_each_warp():
    source = """
    __global__ void k(float* g, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i == n) g[i * 64] = 0.0f;
        if (i != n) g[i] = 1.0f; else g[i * 32] = 2.0f;
        if (!(threadIdx.x / 4 == blockIdx.x)) g[i] = 3.0f; else g[i * 16] = 4.0f;
        if (threadIdx.x == blockIdx.x && i < n) g[i * 8] = 5.0f;
    }"""
    _, found = accesses(source)
    active = [[sum(r.active) for r in site] for site in found]
    # one lane per warp where i == n can hold; the != side and a negated equality keep every lane
    assert active == [[2], [64], [2], [64], [8], [2]]
    firsts = [[t for t, a in enumerate(site[0].active) if a] for site in found]
    assert firsts[4] == [0, 1, 2, 3, 32, 33, 34, 35]  # the lanes sharing one value of threadIdx.x / 4


def test_an_equality_that_is_uniform_or_known_per_lane_masks_as_before():
    source = """
    __global__ void k(float* g, int n) {
        if (blockIdx.x == n) g[threadIdx.x] = 0.0f;
        if (threadIdx.x == 3) g[threadIdx.x * 2] = 1.0f;
    }"""
    _, found = accesses(source)
    assert [sum(site[0].active) for site in found] == [64, 1]


def test_a_counter_stepped_by_self_assignment_is_walked_per_iteration_like_a_compound_step():
    source = """
    __global__ void k(float* g) {
        __shared__ float s[64];
        for (unsigned int stride = 1; stride < blockDim.x; stride = stride * 2) {
            int index = 2 * stride * threadIdx.x;
            if (index < blockDim.x) s[index] = g[0];
        }
    }"""
    _, found = accesses(source)
    shared = next(r for r in found if r[0].target.space == "shared")
    assert [sum(r.active) for r in shared] == [32, 16, 8, 4, 2, 1]


def test_a_type_parameter_is_the_type_of_the_modelled_instantiation_in_sizeof_and_casts():
    source = ("template <typename T> __global__ void k(T* a) {\n"
              "  extern __shared__ char raw[];\n  T* s = reinterpret_cast<T*>(raw);\n"
              "  const unsigned per_kb = 1024 / sizeof(T);\n"
              "  s[threadIdx.x * 3] = a[threadIdx.x + per_kb];\n}\n"
              "void go(double* a) { k<double><<<1, 64, 64 * 24>>>(a); }\n")
    _, found = accesses(source)
    load = next(site[0] for site in found if site[0].target.space == "global")
    store = next(site[0] for site in found if site[0].target.space == "shared")
    assert offsets(load) == [1024, 1032, 1040, 1048]  # per_kb = 128 doubles
    assert store.access_bytes == 8 and offsets(store) == [0, 24, 48, 72]


def test_a_typedef_names_its_target_type_in_sizeof_and_casts():
    # llm.c: `typedef __nv_bfloat16 floatX;` and `x128::size` = sizeof(int4) / sizeof(floatX) = 8
    source = ("typedef __nv_bfloat16 floatX;\ntypedef floatX element;\n"
              "__global__ void k(float* out, char* raw) {\n"
              "  element* p = (element*)raw;\n"
              "  p[threadIdx.x * (sizeof(int4) / sizeof(floatX))] = 0;\n}\n")
    _, found = accesses(source)
    store = found[0][0]
    assert store.access_bytes == 2 and offsets(store) == [0, 16, 32, 48]


def test_each_arm_of_a_conditional_expression_runs_in_its_own_lanes():
    source = """
    __global__ void k(float* g) {
        __shared__ float x[64];
        float v = threadIdx.x < 16 ? x[threadIdx.x * 2] : 0.0f;
        g[threadIdx.x] = threadIdx.x % 2 == 0 ? x[threadIdx.x] : x[threadIdx.x + 1] + v;
    }"""
    _, found = accesses(source)
    shared = [site[0] for site in found if site[0].target.space == "shared"]
    assert [sum(r.active) for r in shared] == [16, 32, 32]
    assert [sum(r.active[:32]) for r in shared] == [16, 16, 16]  # the even lanes, then the odd ones


def test_a_short_loop_whose_counter_reaches_a_shared_subscript_through_locals_is_walked_per_step():
    # lzss's up-sweep: `tid = threadIdx.x + iteration * 128; if (tid < d) s[offset * (2 * tid + 1) - 1]`
    source = """
    __global__ void k(float* g) {
        __shared__ float s[512];
        for (int iteration = 0; iteration < 4; iteration++) {
            int tid = threadIdx.x + iteration * 128;
            int ai = 2 * tid + 1;
            if (tid < 256) s[ai] = g[0];
        }
    }"""
    _, found = accesses(source, shape=(128, 1, 1))
    shared = next(site for site in found if site[0].target.space == "shared")
    assert [sum(r.active) for r in shared] == [128, 128]  # iterations 2 and 3 leave every lane out


def test_a_loop_counter_or_ed_into_a_subscript_is_walked_per_step():
    # HeCBench ntt: `fmem = (blockIdx.x << 9) | ((threadIdx.x & 0x3E) << 3) | (threadIdx.x & 1)`, then
    # `src[fmem | (i << 1)]` for i < 8; uint64 is `unsigned long int`
    source = ("typedef unsigned long int uint64;\n"
              "__global__ void k(const uint64* src, uint64* dst) {\n"
              "  unsigned fmem = (blockIdx.x << 9) | ((threadIdx.x & 0x3E) << 3) | (threadIdx.x & 0x1);\n"
              "  uint64 sum = 0;\n"
              "  for (int i = 0; i < 8; i++) sum += src[fmem | (i << 1)];\n"
              "  dst[threadIdx.x] = sum;\n}\n")
    _, found = accesses(source)
    load = next(site for site in found if site[0].kind == "load")
    assert len(load) == 8 and load[0].access_bytes == 8
    assert offsets(load[1], 4) == [16, 24, 144, 152]  # element 2, 3, 18, 19: bytes of 8-byte elements
    assert symbols(load[1]) == {("blockIdx.x",): 4096}


def test_a_pointer_held_against_null_is_unknown_and_its_branch_runs():
    # llm.c's fused classifier writes probs only `if (probs != NULL)`: the offsets (0 and 0) read as equal
    _, found = accesses("__global__ void k(float* probs, float* out) {\n"
                        "  if (probs != NULL) { probs[threadIdx.x] = 0; }\n"
                        "  if (out == probs) { out[threadIdx.x] = 1; } }")
    stores = [r[0] for r in found]
    assert [(r.target.array, sum(r.active)) for r in stores] == [("probs", 64), ("out", 64)]


def test_a_shared_scalar_reads_as_one_value_for_every_thread():
    # cuda-samples mergeSort: `if (threadIdx.x < lenSrcA) ... s_key[lenSrcA + threadIdx.x]`
    _, found = accesses("__global__ void k(unsigned* out, const unsigned* in) {\n"
                        "  __shared__ unsigned s_key[128]; __shared__ unsigned lenA;\n"
                        "  if (threadIdx.x == 0) lenA = in[blockIdx.x];\n"
                        "  __syncthreads();\n"
                        "  if (threadIdx.x < lenA) out[threadIdx.x] = s_key[lenA + threadIdx.x]; }")
    element = next(r[0] for r in found if r[0].target.array == "s_key")
    assert sum(element.active) == 64 and offsets(element) == [0, 4, 8, 12]
    [(monomial, coefficient)] = symbols(element).items()  # one uniform unknown: the value lenA holds
    assert len(monomial) == 1 and monomial[0].startswith("lenA#") and coefficient == 4


def test_a_quotient_by_a_runtime_value_is_one_value_per_warp_and_the_remainder_follows_the_lanes():
    # llm.c: `int b = i / T; int t = i % T;` then `b * T + t` (back to i) and `h * T` (T apart per lane)
    _, found = accesses("__global__ void k(float* a, float* c, int T, int NH) {\n"
                        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                        "  int b = i / T; int t = i % T; int h = i % NH;\n"
                        "  a[b * T + t] = 0; c[h * T] = 1; }")
    exact, strided = (r[0] for r in found)
    assert symbols(exact) == {("blockIdx.x",): 256} and offsets(exact) == [0, 4, 8, 12]
    assert assumed_quotients(exact.address) == []
    lane_part = strided.address.term_map()[("T",)]
    assert lane_part[:3] == (0, 4, 8)  # T elements apart
    assert assumed_quotients(strided.address) == ["i / NH"]


def test_the_fields_of_a_local_vector_follow_its_initializer_and_assignments():
    # Parboil sort: `uint4 index = {4*tid, ...}` read as one uniform unknown made `flags[index.x]` look
    # conflict free and a later data-dependent `index.x = flags[...]` invisible
    source = ("__global__ void k(unsigned* out, const unsigned* in) {\n"
              "  __shared__ unsigned s[1024];\n"
              "  unsigned t = threadIdx.x;\n"
              "  uint4 index = {4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3};\n"
              "  uint2 pair = {in[t], 0};\n"
              "  s[index.y] = 1;\n"
              "  index.y = s[t];\n"
              "  out[index.y] = pair.y;\n"
              "  uint4 copy = index;\n"
              "  copy.x += 2;\n"
              "  out[copy.x] = 0;\n"
              "  out[copy.z] = 0;\n"
              "}\n")
    unit, found = accesses(source)
    by_line = {unit.locate(site[0].node).line: site[0] for site in found}
    assert offsets(by_line[5]) == [0, 4, 8, 12]  # the initializer's loads happen
    assert offsets(by_line[6]) == [4, 20, 36, 52]  # index.y = 4 t + 1
    assert by_line[8].address.opaque and by_line[8].address.indirect  # index.y now holds loaded data
    assert offsets(by_line[11]) == [8, 24, 40, 56] and offsets(by_line[12]) == [8, 24, 40, 56]


def test_a_temporary_built_from_its_fields_gives_them_their_arguments():
    # smatskevich's mpi-cuda-lab: `(WINDOW.x - 2) * x` with `#define WINDOW dim3(4, 3, 1)` was an unknown, so
    # a 3-sectors-a-request memcpy of a char image went unreported
    source = ("#define WINDOW dim3(4, 3, 1)\n"
              "__global__ void k(float* out, const float* in) {\n"
              "  unsigned t = threadIdx.x;\n"
              "  out[(WINDOW.x - 2) * t] = 0;\n"
              "  const dim3 tile = dim3(8, t);\n"
              "  out[tile.x * t + tile.y + tile.z] = 0;\n"
              "  int2 p = make_int2(t, in[t]);\n"
              "  out[3 * p.x] = 0;\n"
              "  out[p.y] = 0;\n"
              "}\n")
    unit, found = accesses(source)
    by_line = {unit.locate(site[0].node).line: site[0] for site in found if site[0].kind == "store"}
    assert offsets(by_line[4]) == [0, 8, 16, 24]
    assert offsets(by_line[6]) == [4, 40, 76, 112]  # 8 t + t + 1: dim3's omitted z is 1
    assert offsets(by_line[8]) == [0, 12, 24, 36]
    assert by_line[9].address.opaque and by_line[9].address.indirect  # p.y holds loaded data


def test_a_copy_of_a_builtin_index_has_its_lanes():
    # `dim3 t = threadIdx;` read t.x as one value for every lane, so `out[2 * t.x]` looked like one sector
    source = ("__global__ void k(float* out) {\n"
              "  dim3 t = threadIdx;\n"
              "  auto d = blockDim;\n"
              "  out[2 * t.x + d.x] = 0;\n"
              "}\n")
    _, found = accesses(source)
    assert offsets(found[0][0]) == [256, 264, 272, 280]  # blockDim.x is 64 here


def test_a_local_pointer_to_a_local_reads_and_writes_it():
    source = ("__global__ void k(float* out) {\n"
              "  unsigned t = threadIdx.x;\n"
              "  unsigned* p = &t;\n"
              "  out[*p * 2] = 0;\n"
              "  *p = 5;\n"
              "  out[t] = 1;\n"
              "}\n")
    _, found = accesses(source)
    assert offsets(found[0][0]) == [0, 8, 16, 24] and offsets(found[1][0]) == [20, 20, 20, 20]


def test_mul24_multiplies_as_the_index_macros_of_older_samples_use_it():
    source = """
    #define IMAD(a, b, c) (__mul24((a), (b)) + (c))
    __global__ void k(float* out) { out[IMAD(threadIdx.x, 64, 3)] = 0; out[__umul24(threadIdx.x, 2u)] = 0; }"""
    _, found = accesses(source)
    assert [offsets(r[0]) for r in found] == [[12, 268, 524, 780], [0, 8, 16, 24]]


def test_a_pointer_to_rows_over_shared_memory_indexes_row_major():
    # HeCBench bitpermute: `fr_t (*xchg)[Z][Z] = reinterpret_cast<decltype(xchg)>(exchange)`
    source = """
    typedef long fr_t;
    __global__ void k(fr_t* out) {
        const unsigned int Z = 256 / sizeof(fr_t);
        extern __shared__ fr_t exchange[];
        fr_t (*xchg)[Z][Z] = reinterpret_cast<decltype(xchg)>(exchange);
        float (*tile)[33] = (float (*)[33]) exchange;
        out[0] = xchg[threadIdx.x / Z][threadIdx.x % Z][3];
        out[1] = tile[threadIdx.x][1];
    }"""
    _, found = accesses(source)
    rows, tile = [r[0] for r in found if r[0].target.space == "shared"]
    assert rows.access_bytes == 8 and offsets(rows, 3) == [24, 280, 536]
    assert offsets(rows, 34)[32:] == [8192 + 24, 8192 + 280]  # the next row of Z x Z
    assert tile.access_bytes == 4 and offsets(tile, 3) == [4, 136, 268]


def test_a_constant_loop_without_memory_is_folded_as_the_compiler_does():
    # HeCBench bitpermute: `LG_Z_COUNT = lg2(Z_COUNT)` with `while (n >>= 1) ret++;`, then `__brev`
    source = """
    template <typename T> __device__ constexpr unsigned lg2(T n) { unsigned ret = 0; while (n >>= 1) ret++; return ret; }
    __device__ int ilog(int n) { int r = 0; for (int m = n; m > 1; m >>= 1) r++; return r; }
    __global__ void k(float* out, int n) {
        const unsigned L = lg2(32u);
        out[threadIdx.x * L] = 0;
        out[threadIdx.x * ilog(64)] = 0;
        out[__brev(threadIdx.x) >> (32 - L)] = 0;
        int walked = 0;
        for (int i = 0; i < n; i++) walked += 2;
        out[threadIdx.x * walked] = 0;
    }"""
    _, found = accesses(source)
    five, six, reversed_, runtime = [r[0] for r in found]
    assert offsets(five) == [0, 20, 40, 60] and offsets(six) == [0, 24, 48, 72]
    assert offsets(reversed_, 3) == [0, 64, 32]  # lanes 0, 1, 2 -> elements 0, 16, 8
    assert symbols(runtime)  # a loop to a runtime bound is not folded


def test_a_constant_loop_with_a_long_body_is_walked_as_any_loop_not_folded():
    # SHOC MaxFlops: `for (i = 0; i < 5; i++) { OP10 ... }` is 3,200 statements; folding walks it once per
    # trip and then keeps nothing (its values are not constants), so a body past the budget is not folded
    steps = "".join(f"w = w + {k % 3};" for k in range(90))
    source = f"""
    __global__ void k(float* out) {{
        int w = 0;
        for (int i = 0; i < 2; i++) {{ {steps} }}
        out[threadIdx.x * w] = 0;
        int v = 0;
        for (int i = 0; i < 2; i++) {{ v = v + 1; v = v + 2; }}
        out[threadIdx.x * v] = 0;
    }}"""
    _, found = accesses(source)
    long_body, short_body = [r[0] for r in found]
    assert symbols(long_body) and not symbols(short_body)
    assert offsets(short_body) == [0, 24, 48, 72]  # v = 6 after two folded trips


def test_a_value_of_more_monomials_than_an_index_has_keeps_its_lanes_and_one_uniform_unknown():
    # each accumulator the product of two others plus a third (SHOC MaxFlops' FMA chain) grows its terms
    # with every statement; past MAX_TERMS what every lane adds alike becomes one unknown, and what differs
    # between lanes is kept
    chain = "".join(f"s{k % 4} = s{(k + 1) % 4} * s{(k + 2) % 4} + s{(k + 3) % 4};" for k in range(12))
    names = "abcde"
    products = [f"{x} * {y}" for i, x in enumerate(names) for y in names[i:]] + list(names)
    source = f"""
    __global__ void k(float* out, int a, int b, int c, int d, int e) {{
        int s0 = a, s1 = b, s2 = c, s3 = d;
        {chain}
        out[threadIdx.x + s0] = 0;
        out[2 * threadIdx.x + {" + ".join(products)}] = 0;
        out[threadIdx.x + {" + ".join(products[:13])}] = 0;
    }}"""
    _, found = accesses(source)
    chained, long_index, written = [r[0] for r in found]
    assert offsets(chained) == [0, 4, 8, 12] and len(chained.address.terms) <= MAX_TERMS
    # the first sixteen monomials and the lanes' part reach MAX_TERMS + 1 and become the lanes and one
    # unknown; b, c, d and e are then added to that
    assert len(products) == 20 and offsets(long_index) == [0, 8, 16, 24] and len(long_index.address.terms) == 6
    assert len(written.address.terms) == 14  # an index as long as people write is kept whole


def test_a_border_clamp_keeps_the_lanes_and_a_float_quotient_scales_them_by_an_unknown_ratio():
    # biglone 30_image_processing_project: a 5x5 blur clamps to the image, a resize scales by a float ratio
    source = """
    __global__ void k(unsigned char* out, const unsigned char* in, int width, int srcWidth, int dstWidth) {
        int x = blockIdx.x * blockDim.x + threadIdx.x;
        int px = min(max(x - 2, 0), width - 1);
        out[px * 3] = 0;
        int sx = (int)floorf(x * (float)srcWidth / dstWidth);
        out[sx * 3] = 0;
        out[x * srcWidth / dstWidth] = 0;
        out[min(threadIdx.x, 7)] = 0;
    }"""
    _, found = accesses(source)
    clamped, scaled, integer, known = [r[0] for r in found]
    assert offsets(clamped) == [-6, -3, 0, 3]  # x - 2 in every lane: the clamp binds at an edge only
    lane_terms = [(m, vec[:3]) for m, vec in scaled.address.terms if not m or vec[0] != vec[1]]
    [(ratio, source_width)] = [m for m, _ in lane_terms]
    assert ratio.startswith("(1/dstWidth)#") and source_width == "srcWidth" and lane_terms[0][1] == (0, 3, 6)
    assert integer.address.is_uniform  # an integer quotient by a runtime value: one per warp (llm.c's b = i / T)
    assert offsets(known, 10)[6:] == [6, 7, 7, 7]  # min with a constant is still known per lane


@pytest.mark.parametrize("clamp", [
    "v = v < 0 ? 0 : v; v = v > width - 1 ? width - 1 : v;",
    "v = 0 > v ? 0 : v; v = width - 1 <= v ? width - 1 : v;",
    "v = max(v, 0); v = min(v, width - 1);",
])
def test_a_border_clamp_spelled_as_a_choice_is_min_and_max(clamp):
    # vallagenakisu cuda-image-filters' clamp_coord (`v = v < 0 ? 0 : v; return v > hi ? hi : v;`) around a
    # Sobel tap: ncu measured 32 sectors per request for `in[(sy * width + sx) * channels]`; as a choice the
    # clamp was an unknown per lane and the address with it
    source = f"""
    __global__ void k(unsigned char* out, int width) {{
        int v = blockIdx.x * blockDim.x + threadIdx.x - 1;
        {clamp}
        out[v * 3] = 0;
    }}"""
    _, found = accesses(source)
    assert offsets(found[0][0]) == [-3, 0, 3, 6]


def test_a_choice_between_other_values_or_reading_memory_is_no_min_or_max():
    source = """
    __global__ void k(unsigned char* out, const int* in, int width) {
        int v = blockIdx.x * blockDim.x + threadIdx.x;
        out[(v < width ? 0 : v) * 3] = 0;
        out[(in[v] < width ? in[v] : width) * 3] = 0;
    }"""
    _, found = accesses(source)
    other, loaded = [r[0] for r in found if r[0].target.array == "out"]
    assert other.address.opaque and loaded.address.opaque


def test_a_clamp_that_starts_a_loop_keeps_its_lanes_unknown():
    # ppcg's HeCBench chemv: `for (c3 = ppcg_max(0, 184 * t0 - c1); ...)` picks which iterations each lane
    # runs, a few lanes at a time; taken as the lane side it made every lane read 371 elements apart
    source = """
    __global__ void k(float* out, int n) {
        int t = threadIdx.x;
        for (int c1 = 0; c1 < n; c1 += 32)
            for (int c3 = max(0, 184 * t - c1); c3 < 32; c3++) out[187 * t + c1 + c3] = 0;
    }"""
    _, found = accesses(source)
    assert found[0][0].address.opaque


def test_a_member_function_called_on_a_struct_sees_the_objects_members():
    # jay-tux/cuda-workshop-solutions (batch 35): `a.at(col, row)` returns `data[row * n + col]`
    source = """
    struct matrix { int *data; unsigned n; __host__ __device__ int &at(unsigned col, unsigned row); };
    __host__ __device__ int &matrix::at(const unsigned col, const unsigned row) { return data[row * n + col]; }
    __global__ void k(matrix a, int* out) {
        out[threadIdx.x] = a.at(threadIdx.x, 2) + a.at(2, threadIdx.x);
    }"""
    _, found = accesses(source)
    along, across, store = [r[0] for r in found]
    assert along.target.array == across.target.array == "a.data" and store.target.array == "out"
    assert offsets(along) == [0, 4, 8, 12]  # consecutive ints in row 2
    assert offsets(across) == [8, 8, 8, 8]
    assert [vec[:3] for m, vec in across.address.terms if m and "n" in m[0]] == [(0, 4, 8)]  # lanes n ints apart
    # defined `const` outside its struct: C++'s qualifier after the parameters, which C has no place for
    qualified = source.replace("int &at(unsigned col, unsigned row);", "int &at(unsigned col, unsigned row) const;") \
        .replace("const unsigned row) {", "const unsigned row) const {")
    _, found = accesses(qualified)
    assert [offsets(r[0]) for r in found[:2]] == [[0, 4, 8, 12], [8, 8, 8, 8]]


def test_a_two_dimensional_array_parameter_indexes_the_callers_rows():
    # HeCBench tsa: `trotter_vert_pair(..., T rl[BLOCK_HEIGHT][BLOCK_WIDTH], ...)` given the shared `rl`
    source = """
    template <int H, int W> __device__ void touch(float a[H][W]) { a[threadIdx.y][threadIdx.x] = 1.0f; }
    __global__ void k(float* out) {
        __shared__ float rl[8][16];
        touch<8, 16>(rl);
    }"""
    _, found = accesses(source, (16, 4, 1))
    [store] = [r[0] for r in found]
    assert store.target.space == "shared" and offsets(store, 18)[15:] == [60, 64, 68]  # row 1 starts at 16 floats
