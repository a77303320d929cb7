"""KL1xx on the fixtures: exact findings on the flagged kernels, none on the valid ones."""
from __future__ import annotations

import pytest

from kernel_lint.settings import Settings, Thresholds
import memory_fixtures

FIXTURES = memory_fixtures.FIXTURES / "coalescing"


def check_source(path: str, source: str, settings: Settings = Settings()):
    return memory_fixtures.check_source(path, source, ("KL1",), settings)


def findings(name: str, settings: Settings = Settings()):
    return memory_fixtures.check_fixture("coalescing", name, ("KL1",), settings)


def summary(found):
    return [(f.code, f.severity.value, f.range.line, f.kernel, f.details["sectors"], f.details["ideal"])
            for f in found]


def test_kl101_flags_structs_constant_strides_and_column_stores():
    found = findings("KL101.cu")
    assert summary(found) == [
        ("KL101", "warning", 10, "aos_field", 12.0, 4.0),
        ("KL101", "warning", 16, "strided_copy", 16.0, 4.0),
        ("KL101", "warning", 23, "transpose_naive", 32.0, 4.0),
    ]
    aos, strided, transpose = found
    assert aos.details["element_bytes"] == 12 and aos.details["access_bytes"] == 4
    assert "structure of arrays" in aos.hint
    assert strided.details["stride"] == "4 elements" and strided.details["ratio"] == 4.0
    assert transpose.message == (
        "store to out[IDX(x, y)] touches 32 sectors per warp request (ideal 4, 8.0x the traffic): "
        "consecutive lanes (threadIdx.x) step 1024 elements apart; block (32, 8) from the launch at line 29, "
        "4-byte accesses."
    )
    assert transpose.details["block"] == [32, 8, 1] and transpose.gpu == "H100 SXM"
    assert "shared memory" in transpose.hint


def test_a_struct_read_whole_moves_in_pieces_of_its_alignment():
    source = ("struct P3 { float x, y, z; };\n"
              "struct __align__(16) P4 { float x, y, z, w; };\n"
              "__global__ void k(const P3* a, P3* b, const P4* c, P4* d, const float3* e, float2* f) {\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  b[i] = a[i];\n"
              "  d[i] = c[i];\n"
              "  f[i] = make_float2(e[i].x, e[i].y);\n}\n")
    found = check_source("aos.cu", source)
    # ncu on the H100: 3 LDG.32 per P3 at a 12-byte stride, 12 sectors each (ideal 4); a 16-byte aligned
    # struct and a float2 are one vector access each
    assert summary(found) == [("KL101", "warning", 5, "k", 12.0, 4.0), ("KL101", "warning", 5, "k", 12.0, 4.0),
                              ("KL101", "warning", 7, "k", 12.0, 4.0), ("KL101", "warning", 7, "k", 12.0, 4.0)]
    store = found[0]
    assert store.details["access_bytes"] == 4 and store.details["element_bytes"] == 12
    assert "each 12-byte element moves in 3 4-byte accesses (its alignment)" in store.message
    assert "__align__(16)" in store.hint and "structure of arrays" in store.hint


def test_kl102_says_the_stride_is_a_runtime_value():
    found = findings("KL102.cu")
    assert summary(found) == [
        ("KL102", "warning", 8, "row_sums", 32.0, 4.0),
        ("KL102", "warning", 18, "transpose_runtime", 32.0, 4.0),
    ]
    assert all(f.details["stride"] == "n elements" for f in found)
    assert "likely touches 32 sectors" in found[0].message and "a runtime value (assumed large)" in found[0].message
    assert found[0].details["block_source"] == "launch at line 23"


def test_valid_accesses_have_no_findings():
    assert findings("clean.cu") == []


def test_the_threshold_is_configurable():
    strict = Settings(thresholds=Thresholds(coalescing_min_ratio=5.0))
    assert [f.range.line for f in findings("KL101.cu", strict)] == [23]


def test_a_16_wide_block_puts_half_warps_on_two_rows():
    source = ("__global__ void k(const float* a, float* b, int n) {\n"
              "  b[threadIdx.y * n + threadIdx.x] = a[threadIdx.x * 64 + threadIdx.y];\n}\n"
              "void run(const float* a, float* b, int n) { k<<<1, dim3(16, 16)>>>(a, b, n); }\n")
    found = check_source("rows.cu", source)
    # the load: two rows (y, y+1) in one sector per x, 16 x values 64 floats apart
    assert summary(found) == [("KL101", "warning", 2, "k", 16.0, 4.0)]


def test_a_runtime_row_pitch_inside_a_warp_is_named_as_the_rows_step():
    # biglone 30_image_processing_project: 16x16 blocks of bytes, so each warp holds two image rows
    source = ("__global__ void k(const unsigned char* in, unsigned char* out, int width) {\n"
              "  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;\n"
              "  out[y * width + x] = in[(y * width + x) * 3];\n}\n"
              "void run(const unsigned char* a, unsigned char* b, int w) { k<<<1, dim3(16, 16)>>>(a, b, w); }\n")
    load, store = sorted(check_source("rows.cu", source), key=lambda f: f.range.column, reverse=True)
    assert (load.code, load.details["sectors"], load.details["ideal"]) == ("KL102", 4.0, 1.0)
    assert "consecutive lanes (threadIdx.x) step 3 elements apart, and the warp's rows (threadIdx.y) are " \
           "3*width elements apart, a runtime value (assumed large)" in load.message
    assert "step 1 element apart, and the warp's rows (threadIdx.y) are width elements apart" in store.message


def test_a_runtime_pitch_between_lanes_of_a_1d_block_names_the_lanes_it_separates():
    # leimao's GEMM (batch 27): 16 threads a row of 8 floats each, so lane 16 starts the next row, ldc away
    source = ("__global__ void k(const float4* c, float4* out, int ldc) {\n"
              "  int row = threadIdx.x / 16, col = threadIdx.x % 16 * 2;\n"
              "  out[threadIdx.x] = c[row * ldc + col];\n}\n"
              "void run(const float4* c, float4* o, int ldc) { k<<<1, 256>>>(c, o, ldc); }\n")
    [load] = check_source("pitch.cu", source)
    assert (load.code, load.details["sectors"], load.details["ideal"]) == ("KL102", 32.0, 16.0)
    assert "consecutive lanes (threadIdx.x) step 2 elements apart, and lanes 16 apart are ldc elements apart, " \
           "a runtime value (assumed large)" in load.message


def test_a_stride_every_launch_passes_is_exact_and_named():
    # AIComputing101's threadCoarsening (batch 36): each thread takes `factor` neighbours, 4 at the launch;
    # as a runtime value the stride was assumed large (32 sectors)
    source = ("__global__ void coarse(float* d, int n, int factor) {\n"
              "  int idx = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  for (int i = 0; i < factor; i++) {\n"
              "    if (idx * factor + i < n) d[idx * factor + i] *= 2.0f;\n  }\n}\n"
              "void run(float* d) { int factor = 4; coarse<<<64, 256>>>(d, 65536, factor); }\n")
    found = check_source("coarse.cu", source)
    assert {(f.code, f.details["sectors"], f.details["ideal"]) for f in found} == {("KL101", 16.0, 4.0)}
    assert "block (256) from the launch at line 7, n = 65536, factor = 4 as every launch passes" in found[0].message
    assert found[0].details["argument_values"] == {"n": 65536, "factor": 4}
    # launches that pass different factors are each modelled: a factor of 1 is coalesced, and the finding
    # names the launch that passes 4
    varied = source.replace("(d, 65536, factor); }", "(d, 65536, 1); coarse<<<64, 256>>>(d, 65536, factor); }")
    [finding] = check_source("coarse.cu", varied)
    assert (finding.code, finding.details["sectors"], finding.details["argument_values"]) == \
        ("KL101", 16.0, {"n": 65536, "factor": 4})
    assert "factor = 4 as it passes" in finding.message
    # a launch with a runtime factor beside it keeps the runtime finding for itself: the literal launch's is exact
    mixed = source.replace("(d, 65536, factor); }", "(d, 65536, 2); }\nvoid go(float* d, int f) { coarse<<<64, 256>>>(d, 65536, f); }")
    by_line = {f.details["block_source"]: (f.code, f.details["sectors"], f.details.get("argument_values"))
               for f in check_source("coarse.cu", mixed)}
    assert by_line == {"launch at line 7, n = 65536, factor = 2 as it passes": ("KL101", 8.0, {"n": 65536, "factor": 2}),
                       "launch at line 8, n = 65536 as it passes": ("KL102", 32.0, {"n": 65536})}


def test_the_fixed_transpose_is_clean():
    fixed = (FIXTURES / "KL101.cu").read_text().replace("out[IDX(x, y)] = in[IDX(y, x)]", "out[IDX(y, x)] = in[IDX(y, x)]")
    assert [f.kernel for f in check_source("fixed.cu", fixed)] == ["aos_field", "strided_copy"]


def test_lanes_left_idle_by_a_branch_are_not_a_coalescing_problem():
    source = ("__global__ void k(float* a) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  if (i % 2 == 0) a[i] = 0.0f;\n  if (threadIdx.x < 4) a[i * 8] = 1.0f;\n"
              "  if (threadIdx.x < 16) a[i * 8 + 1] = 2.0f;\n}\n")
    # the even lanes touch 4 sectors for 2 sectors of data, but the pattern is contiguous; the 4 lanes 8 floats
    # apart move 4 sectors, what a whole warp of floats needs (ncu's counts are judged so too); 16 such lanes
    # move 16, four times that
    assert summary(check_source("idle.cu", source)) == [("KL101", "warning", 5, "k", 16.0, 4.0)]


def test_a_block_smaller_than_a_warp_is_judged_against_a_whole_warp():
    # yutingshih/learn-cuda matmul (held-out batch 42): a 2x2 block's warp is 4 lanes, two rows `size` floats
    # apart: 2 sectors per request, half what a warp of floats needs (ncu: 2.0); the tiny block is KL506's finding.
    # A 1x16 block walking rows moves 16 sectors, four times a warp's need, and is reported against that need
    source = ("__global__ void k(float* m, float* p, int size) {\n  int i = threadIdx.x + blockIdx.x * blockDim.x;\n"
              "  int j = threadIdx.y + blockIdx.y * blockDim.y;\n  p[i * size + j] = m[i * size + j];\n}\n"
              "void run(float* m, float* p, int n) { dim3 b(BX, BY); k<<<dim3(8, 8), b>>>(m, p, n); }\n")
    small = source.replace("BX", "2").replace("BY", "2")
    assert summary(check_source("small.cu", small)) == []
    column = source.replace("BX", "16").replace("BY", "1").replace("p[i * size + j] = m[i * size + j]",
                                                                    "p[j * size + i] = m[j * size + i]")
    assert [f[0] for f in summary(check_source("column.cu", column))] == []
    rows = source.replace("BX", "16").replace("BY", "1")
    assert summary(check_source("rows.cu", rows)) == [("KL102", "warning", 4, "k", 16.0, 4.0)] * 2


def test_an_interleaved_reductions_strided_steps_are_judged_against_a_whole_warp():
    # gpu-mode/lectures simple_reduce (held-out batch 28): `in[2 * t] += in[2 * t + s]` under `t % s == 0`
    # moves 4.59 sectors per request over the steps (ncu measured the same) against 4 for a warp of floats:
    # the divergence (KL302) is the finding, not the index
    source = ("__global__ void k(float* in) {\n  unsigned int i = 2 * threadIdx.x;\n"
              "  for (unsigned int s = 1; s <= blockDim.x; s *= 2) {\n"
              "    if (threadIdx.x % s == 0) in[i] += in[i + s];\n    __syncthreads();\n  }\n}\n"
              "void run(float* in) { k<<<1, 1024>>>(in); }\n")
    assert [f.code for f in check_source("reduce.cu", source)] == []


def test_a_stride_read_from_a_struct_parameter_is_named_as_written():
    source = ("struct Args { int stride; };\n"
              "__global__ void k(Args args, float* o) { o[threadIdx.x * args.stride] = 0.0f; }\n")
    found = check_source("args.cu", source)
    assert summary(found) == [("KL102", "warning", 2, "k", 32.0, 4.0)]
    assert found[0].details["stride"] == "args.stride elements"


def test_a_stride_computed_into_a_local_is_named_after_the_local():
    # Regression test for: llama.cpp ssm-conv.cu printed "step u elements apart"
    source = ("__global__ void k(const float* w, int bytes_per_row) {\n"
              "  const int stride = bytes_per_row / sizeof(float);\n"
              "  float x = w[threadIdx.x * stride];\n"
              "}\n")
    found = check_source("local.cu", source)
    assert summary(found) == [("KL102", "warning", 3, "k", 32.0, 4.0)]
    assert found[0].details["stride"] == "stride elements"


def test_a_stride_the_source_does_not_name_is_a_runtime_number_of_elements():
    # ptal's grid_min (batch 38): `m = n / blockDim.x + (n % blockDim.x != 0)` holds an unknown comparison,
    # which the message had printed as "step u + u elements apart"
    source = ("__global__ void k(const int* v, int n, int* out) {\n"
              "  int m = n / blockDim.x + (n % blockDim.x != 0);\n"
              "  out[threadIdx.x] = v[threadIdx.x * m];\n}\n")
    [load] = check_source("unnamed.cu", source)
    assert "step a runtime number of elements apart (assumed large)" in load.message
    assert load.details["stride"] == "a runtime number of elements"


def test_every_field_of_a_vector_aligned_element_read_at_one_index_is_one_vector_access():
    source = ("struct P3 { float x, y, z; };\n"
              "__global__ void k(const float4* a, const P3* p, const float4* b, float* out) {\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  out[i] = a[i].x + a[i].y + a[i].z + a[i].w;\n"
              "  out[i] += p[i].x + p[i].y + p[i].z;\n"
              "  out[i] += b[i].x + b[i].y;\n}\n")
    # ncu on the H100 (HeCBench geodesic): nvcc merges a[i].x .. a[i].w into one LDG.128, 16 sectors for
    # 16 ideal. A 4-byte aligned struct cannot be merged, and half a float4 is still half the sectors wasted
    assert [(line, f.details["array"]) for f in check_source("vec.cu", source)
            for line in [f.range.line]] == [(5, "p"), (5, "p"), (5, "p"), (6, "b"), (6, "b")]


def test_an_element_of_an_array_member_is_one_access_at_the_member_offset():
    source = ("struct Tree { int apples[64]; };\n"
              "__global__ void k(const Tree* trees, int* out) {\n"
              "  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  int* first = trees[0].apples;\n"
              "  int sum = 0;\n"
              "  for (int i = 0; i < 64; i++) sum += trees[gid].apples[i];\n"
              "  out[gid] = sum + first[0];\n}\n")
    # HeCBench layout measured 32 sectors per request (ideal 4); the decayed `trees[0].apples` reads nothing
    [found] = check_source("member.cu", source)
    assert summary([found]) == [("KL101", "warning", 6, "k", 32.0, 4.0)]
    assert "to read an element of the array field .apples[] of 256-byte elements" in found.message


def test_a_strided_index_plus_a_data_dependent_offset_is_costed_from_its_stride():
    source = ("__global__ void k(const int* data, const int* idx, int* out, int* scattered, unsigned n) {\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  int slot = data[i] > 0;\n"
              "  out[i * 8 + slot] = i;\n"
              "  out[i + slot] = i;\n"
              "  scattered[idx[i]] = i;\n"
              "  scattered[blockIdx.x * 64 + idx[i]] = i;\n"
              "  unsigned pos = 2 * i - (i & (n - 1));\n"
              "  out[pos + n] = i;\n}\n")
    # HeCBench s8n: `idx_out[i * 8 + temp_idx]` measured 31 sectors per request; a unit stride plus an offset
    # and an indirect index (alone or after a uniform base) are left alone, as the data decides them; so is
    # an unknown that is arithmetic, not data: CUDA samples' bitonic merge masks `i & (n - 1)` off a stride
    # of 2, which leaves consecutive lanes one element apart for n >= 32
    found = check_source("offset.cu", source)
    assert summary(found) == [("KL101", "warning", 4, "k", 32.0, 4.0)]
    assert found[0].details["data_dependent_offset"] is True and found[0].details["stride"] == "8 elements"
    assert "plus a data-dependent offset (assumed smaller than that step)" in found[0].message


def test_kl101_sees_an_access_inside_a_braced_call_argument():
    found = check_source("braced.cu", """
        struct SumMax { float maxval, sum; };
        __device__ SumMax op(SumMax a, SumMax b) { return a; }
        __global__ void k(const float* x, float* out) {
            SumMax s = {0.f, 0.f};
            s = op(s, { x[threadIdx.x * 32], 1.0f });
            out[threadIdx.x] = s.sum;
        }
        void go(const float* x, float* o) { k<<<1, 64>>>(x, o); }
    """)
    assert [(f.code, f.range.line, f.details["sectors"]) for f in found] == [("KL101", 6, 32.0)]


def test_flattened_indices_split_by_a_runtime_value_are_costed_and_the_message_says_what_was_assumed():
    # llm.c attention: `h = idx % NH; t = (idx / NH) % T; ... att + h*T*T + t*T`, measured 32 sectors per
    # request on the H100; `b * T + t` with `b = i / T, t = i % T` is i again and stays clean
    found = check_source("flat.cu", """
    __global__ void softmax(float* att, float* out, int T, int NH) {
        int idx = blockIdx.x * blockDim.x + threadIdx.x;
        int h = idx % NH;
        int t = (idx / NH) % T;
        float* row = att + h * T * T + t * T;
        row[0] = 0.0f;
        int b = idx / T;
        int c = idx % T;
        out[b * T + c] = 1.0f;
    }""")
    assert summary(found) == [("KL102", "warning", 7, "softmax", 32.0, 4.0)]
    assert found[0].details["stride"] == "T*T elements"
    assert "with `idx / NH` one value per warp (a large divisor: no warp assumed to straddle a multiple of it)" in found[0].message


def test_an_access_in_a_helper_names_the_call_that_makes_it_uncoalesced():
    # llm.c matmul_forward_kernel4: ld_vec() is called for the bias, the weights and the inputs, and
    # only the inputs' call strides; the finding sits in the helper and must say which call it is
    source = ("__device__ float4 ld_vec(const float* p) { return *reinterpret_cast<const float4*>(p); }\n"
              "__global__ void k(float4* out, const float* a, const float* b, int n) {\n"
              "  int t = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  float4 x = ld_vec(a + 4 * t);\n"
              "  float4 y = ld_vec(b + 8 * t);\n"
              "  out[t] = make_float4(x.x + y.x, x.y, x.z, x.w);\n"
              "}\n"
              "void run(float4* o, const float* a, const float* b) { k<<<64, 128>>>(o, a, b, 8); }\n")
    found = check_source("helper.cu", source)
    assert [(f.range.line, f.details["called_at"], f.details["sectors"], f.details["ideal"]) for f in found] == [
        (1, {"path": "helper.cu", "line": 5}, 32.0, 16.0)]
    assert "reinterpret_cast<const float4*>(p) (through the call at line 5) touches 32 sectors" in found[0].message


def test_a_header_helper_called_by_a_helper_of_the_kernels_file_names_that_call(tmp_path):
    # sora5801's sha256: the kernel calls dev_sha256, which calls the header's store_be32(out + 4 * i, ...)
    # in a loop; that line, not the kernel's call, shows which pointer the lanes stride through
    (tmp_path / "be.h").write_text("__device__ void put(float* p, float v) { p[0] = v; }\n")
    source = ('#include "be.h"\n'
              "__device__ void digest(float* out) {\n"
              "  for (int i = 0; i < 8; ++i) put(out + i, 1.0f);\n"
              "}\n"
              "__global__ void k(float* out) { digest(out + 32 * (blockIdx.x * blockDim.x + threadIdx.x)); }\n"
              "void run(float* o) { k<<<64, 128>>>(o); }\n")
    found = check_source(str(tmp_path / "k.cu"), source)
    assert [(f.range.path, f.range.line, f.details["called_at"], f.details["sectors"]) for f in found] == [
        (str(tmp_path / "be.h"), 1, {"path": str(tmp_path / "k.cu"), "line": 3}, 32.0)]
    assert "(through the call at k.cu:3)" in found[0].message


def test_a_device_memcpy_of_a_digest_per_thread_is_a_byte_per_request():
    # mochimodev's md2 (held-out batch 55): `memcpy(hash, ctx->state, 16)` with hash 16 bytes per thread;
    # ncu on an H100 measured 16 sectors per request, ideal 1
    source = ("#include <cstring>\n"
              "__device__ void digest(unsigned char* hash, const unsigned char* state) { memcpy(hash, state, 16); }\n"
              "__global__ void k(unsigned char* out, const unsigned char* in) {\n"
              "  unsigned char state[16];\n"
              "  for (int i = 0; i < 16; ++i) state[i] = in[i] ^ threadIdx.x;\n"
              "  digest(out + 16 * (blockIdx.x * blockDim.x + threadIdx.x), state);\n"
              "  memcpy(out + blockIdx.x * blockDim.x + threadIdx.x, in, 1);\n"
              "}\n"
              "void run(unsigned char* o, const unsigned char* i) { k<<<64, 256>>>(o, i); }\n")
    found = check_source("md2.cu", source)
    assert summary(found) == [("KL101", "warning", 2, "k", 16.0, 1.0)]
    assert found[0].message.startswith("store to hash (memcpy's destination in out, through the call at line 6) "
                                       "touches 16 sectors per warp request (ideal 1, 16.0x the traffic)")
    assert "memcpy moves each byte with an instruction of its own" in found[0].message
    assert found[0].hint.startswith("replace memcpy with typed loads and stores")


def test_a_pitched_char_image_read_through_memcpy_two_pixels_a_lane_costs_three_sectors():
    # smatskevich's mpi-cuda-lab Prewitt filter (held-out batch 56): a 16x16 block, each lane copying 4 bytes
    # from `data + 2 * x + y * pitch` with the window's width from a dim3 macro and glibc's u_char; ncu on an
    # H200 measured 3.0 sectors per request, ideal 1
    source = ("#include <cstring>\n"
              "#define WINDOW dim3(4, 3, 1)\n"
              "__global__ void k(const u_char* data, size_t pitch) {\n"
              "  size_t x = (WINDOW.x - 2) * (blockIdx.x * blockDim.x + threadIdx.x);\n"
              "  size_t y = (WINDOW.y - 2) * (blockIdx.y * blockDim.y + threadIdx.y);\n"
              "  u_int32_t word;\n"
              "  memcpy(&word, data + x + y * pitch, sizeof(u_int32_t));\n"
              "}\n"
              "void run(const u_char* d, size_t p) { k<<<dim3(8, 8), dim3(16, 16, 1)>>>(d, p); }\n")
    found = check_source("prewitt.cu", source)
    assert summary(found) == [("KL102", "warning", 7, "k", 3.0, 1.0)]
    assert "step 2 elements apart, and the warp's rows (threadIdx.y) are pitch elements apart" in found[0].message


def test_lanes_that_share_an_element_are_described_by_their_groups():
    # `step 0 elements apart` said nothing about why 16 sectors are touched; a helper named like a prelude
    # type (`half`) is the file's function, not a cast
    source = ("__device__ int half(int x) { return x / 2; }\n"
              "__global__ void k(float* out) { out[half(threadIdx.x) * 64] = 0.f; }\n"
              "void run(float* o) { k<<<64, 256>>>(o); }\n")
    found = check_source("pairs.cu", source)
    assert summary(found) == [("KL101", "warning", 2, "k", 16.0, 4.0)]
    assert ("each 2 consecutive lanes (threadIdx.x) read the same element, and the next 2 read 64 elements "
            "further") in found[0].message


def test_a_load_in_a_helpers_argument_is_the_callers_own():
    # vallagenakisu's Sobel passes `p[0]`, `p[1]`, `p[2]` to luminance(): the loads are made before the
    # call, so a finding must not say they happen through it
    source = ("__device__ float lum(float r, float g) { return 0.3f * r + 0.7f * g; }\n"
              "__device__ float first(const float* p) { return p[0]; }\n"
              "__global__ void k(float* out, const float* in, int n) {\n"
              "  int t = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  out[t] = lum(in[t * 8], first(in + t * 8 + 1));\n"
              "}\n"
              "void run(float* o, const float* i) { k<<<64, 128>>>(o, i, 8); }\n")
    found = check_source("args.cu", source)
    assert sorted((f.range.line, f.range.column, "called_at" in f.details) for f in found) == [
        (2, 49, True), (5, 16, False)]
    assert "through the call" not in [f for f in found if f.range.line == 5][0].message


def test_a_kernel_in_a_header_is_reported_at_its_line_with_the_launch_of_the_file_that_includes_it(tmp_path):
    # SGEMM_CUDA's naive kernel lives in kernels/1_naive.cuh and runner.cu launches it with a 32 x 32 block
    (tmp_path / "naive.cuh").write_text(
        "__global__ void naive(const float* A, float* C, int N) {\n"
        "  int x = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  C[x * 1024] = A[x * 1024];\n"
        "}\n")
    runner = tmp_path / "runner.cu"
    source = '#include "naive.cuh"\nvoid run(const float* A, float* C) { naive<<<32, dim3(32, 32)>>>(A, C, 1); }\n'
    found = check_source(str(runner), source)
    assert [(f.range.path, f.range.line, f.details["sectors"]) for f in found] == [
        (str(tmp_path / "naive.cuh"), 3, 32.0), (str(tmp_path / "naive.cuh"), 3, 32.0)]
    assert "block (32, 32) from the launch at runner.cu:2" in found[0].message


def test_each_instantiation_of_a_template_is_checked_and_the_worst_reported_once():
    source = ("template <bool TRANSPOSED, int S>\n"
              "__global__ void copy(const float* in, float* out, int n) {\n"
              "  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;\n"
              "  if (TRANSPOSED) out[x * n + y] = in[y * n + x];\n"
              "  else out[y * n + x] = in[(y * n + x) * S];\n"
              "}\n"
              "void run(const float* in, float* out, int n) {\n"
              "  copy<false, 2><<<dim3(n / 32, n / 32), dim3(32, 8)>>>(in, out, n);\n"
              "  copy<true, 1><<<dim3(n / 32, n / 32), dim3(32, 8)>>>(in, out, n);\n"
              "  copy<false, 8><<<dim3(n / 32, n / 32), dim3(32, 8)>>>(in, out, n);\n"
              "}\n")
    found = check_source("copy.cu", source)
    # the transposed store runs only in copy<true, 1>; the strided load is worst in copy<false, 8>
    assert summary(found) == [("KL102", "warning", 4, "copy", 32.0, 4.0), ("KL101", "warning", 5, "copy", 32.0, 4.0)]
    store, load = found
    assert store.details["template_arguments"] == {"TRANSPOSED": "1", "S": "1"}
    assert "from the launch at line 9 with TRANSPOSED = 1, S = 1" in store.message
    assert load.details["template_arguments"] == {"TRANSPOSED": "0", "S": "8"} and load.details["stride"] == "8 elements"


@pytest.mark.parametrize("write", ["*px = x * 32;", "px[0] = x * 32;", "*px += x * 32;", "pass_on(x, px);"])
def test_a_helper_writing_through_a_pointer_to_a_local_sets_the_local(write):
    # held-out batch 47's warp_affine_bilinear_kernel: `affine_project(matrix.d2i, dx, dy, &src_x, &src_y)`
    source = f"""\
__device__ void pass_on(int x, int* py) {{ *py = x * 32; }}
__device__ void project(int x, int* px) {{ {write} }}
__global__ void gather(const float* src, float* dst) {{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int sx = 0;
  project(x, &sx);
  dst[x] = src[sx];
}}
"""
    assert summary(check_source("out_param.cu", source)) == [("KL101", "warning", 7, "gather", 32.0, 4.0)]


def test_a_helper_that_may_not_write_through_the_pointer_leaves_the_local_a_choice():
    source = """\
__device__ void project(int x, int* px) { if (x % 2) *px = x * 32; }
__global__ void gather(const float* src, float* dst) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int sx = x;
  project(x, &sx);
  dst[x] = src[sx];
}
"""
    found, = check_source("out_param.cu", source)
    assert found.details["sectors"] == 20.0  # 16 odd lanes 32 elements apart, 16 even lanes in 4 sectors


@pytest.mark.parametrize("choose", [
    "const float* p = x % 3 ? in + x * 32 : nullptr;",
    "float zero[1] = {0.0f};\n  const float* p = zero;\n  if (x % 3) p = in + x * 32;",
])
def test_a_pointer_with_a_fallback_that_is_not_memory_is_costed_where_it_points(choose):
    # held-out batch 47's warp_affine_bilinear_kernel: `v1 = src + y_low * line + x_low * 3` where the
    # sample is in the image, a local array of fill values where it is not
    source = f"""\
__global__ void sample(const float* in, float* out) {{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  {choose}
  out[x] = p ? p[0] : 0.0f;
}}
"""
    assert summary(check_source("fallback.cu", source)) == [("KL101", "warning", source.count("\n") - 1, "sample", 32.0, 4.0)]
