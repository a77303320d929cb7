"""KL201 on the fixtures: exact degrees, the padding fix, and no findings on the valid kernels."""
from __future__ import annotations

import pytest

from kernel_lint.findings import Applicability
from kernel_lint.settings import Settings, Thresholds
import memory_fixtures

FIXTURES = memory_fixtures.FIXTURES / "bank_conflicts"


def check_source(path: str, source: str, settings: Settings = Settings()):
    return memory_fixtures.check_source(path, source, ("KL2",), settings)


def findings(name: str, settings: Settings = Settings()):
    return memory_fixtures.check_fixture("bank_conflicts", name, ("KL2",), settings)


def summary(found):
    return [(f.code, f.range.line, f.kernel, f.details["access"], f.details["degree"], f.details["worst_degree"])
            for f in found]


def apply_fix(source: str, fix) -> str:
    lines = source.splitlines(keepends=True)
    for edit in fix.edits:
        r = edit.range
        line = lines[r.line - 1]
        lines[r.line - 1] = line[: r.column - 1] + edit.replacement + line[r.end_column - 1 :]
    return "".join(lines)


def test_kl201_reports_exact_degrees():
    found = findings("KL201.cu")
    assert summary(found) == [
        ("KL201", 13, "transpose_tile", "load", 32.0, 32.0),
        ("KL201", 21, "row_dot", "store", 32.0, 32.0),
        ("KL201", 26, "row_dot", "load", 32.0, 32.0),
        ("KL201", 40, "reduce_interleaved", "update", 3.92, 8.0),
        ("KL201", 40, "reduce_interleaved", "load", 3.92, 8.0),
    ]
    assert found[0].message == (
        "load from shared tile[threadIdx.x][threadIdx.y] is a 32-way bank conflict (32 wavefronts per warp "
        "request, ideal 1): consecutive lanes (threadIdx.x) step 32 elements apart; block (32, 32) from the "
        "launch at line 48, 4-byte accesses, 32 banks of 4 bytes."
    )
    assert found[0].hint == "declare `tile[TILE][TILE + 1]` to pad each row by one element"
    # interleaved reduction: strides 1..128 give 4x2, 2x4, 8, 8, 8, 4, 2, 1 wavefronts over 12 requests
    assert found[3].details["wavefronts"] == round(47 / 12, 3)
    assert found[3].fix is None and "up to 8-way" in found[3].message


def test_padding_fixes_are_safe_and_make_the_kernels_clean():
    path = FIXTURES / "KL201.cu"
    source = path.read_text()
    found = findings("KL201.cu")
    fixes = {f.fix.edits[0].range: f.fix for f in found if f.fix is not None}
    assert [f.range.line for f in found if f.fix is not None] == [13, 21, 26]
    assert all(fix.applicability is Applicability.SAFE for fix in fixes.values())
    fixed = source
    for fix in sorted(fixes.values(), key=lambda x: -x.edits[0].range.line):
        fixed = apply_fix(fixed, fix)
    assert "__shared__ float tile[TILE][TILE + 1];" in fixed and "__shared__ float rows[128][33];" in fixed
    assert [f.kernel for f in check_source("fixed.cu", fixed)] == ["reduce_interleaved"] * 2


def test_valid_shared_accesses_have_no_findings():
    assert findings("clean.cu") == []


def test_no_fix_when_a_pointer_to_the_array_escapes():
    source = ("__global__ void k(float* o) {\n  __shared__ float t[32][32];\n  float* p = &t[0][0];\n"
              "  t[threadIdx.x][0] = 1.0f;\n  o[threadIdx.x] = p[threadIdx.x];\n}\n")
    found = check_source("escape.cu", source, Settings(default_block_size=(32, 1, 1)))
    assert summary(found) == [("KL201", 4, "k", "store", 32.0, 32.0)]
    assert found[0].fix is None and "pad the array" in found[0].hint


def test_the_degree_threshold_is_configurable():
    assert summary(findings("KL201.cu", Settings(thresholds=Thresholds(bank_conflict_min_degree=8))))[-1][2] == "row_dot"


def one_word_per_bank(words, banks: int = 32) -> bool:
    return len({w % banks for w in set(words)}) == len(set(words))


def test_no_row_pitch_makes_a_transpose_with_two_rows_per_warp_conflict_free():
    # by hand: warp 0 of a 16 x 16 block is threadIdx.x 0..15 at threadIdx.y 0 and 1; the row store
    # needs a pitch of 16 mod 32, the column read an even pitch of 2 mod 4
    lanes = [(x, y) for y in (0, 1) for x in range(16)]
    for pitch in range(17, 17 + 32):
        store, load = [y * pitch + x for x, y in lanes], [x * pitch + y for x, y in lanes]
        assert not (one_word_per_bank(store) and one_word_per_bank(load)), pitch


def test_no_padding_fix_when_no_pad_removes_every_conflict():
    found = [f for f in findings("KL201_padding.cu") if f.fix is None]
    assert summary(found) == [
        ("KL201", 11, "transpose_two_rows_per_warp", "store", 2.0, 2.0),
        ("KL201", 15, "transpose_two_rows_per_warp", "load", 2.0, 2.0),
        ("KL201", 45, "column_and_even_words", "store", 32.0, 32.0),
        ("KL201", 47, "column_and_even_words", "load", 2.0, 2.0),
    ]
    assert found[0].hint == found[1].hint == (
        "no padding of up to 32 elements per row makes every access to tile conflict-free: at block (16, 16) each "
        "warp spans 2 rows of threads; swizzle the column index (column ^ row) or use a block whose x-dimension is "
        "a multiple of 32")
    assert found[2].hint == (
        "no padding of up to 32 elements per row makes every access to s conflict-free; change the index so that "
        "neighbouring lanes use neighbouring 4-byte words, or swizzle the column index (column ^ row)")


def test_padding_fix_is_the_smallest_pad_that_clears_every_access():
    path = FIXTURES / "KL201_padding.cu"
    found = [f for f in findings("KL201_padding.cu") if f.fix is not None]
    offered = {(f.kernel, f.fix.edits[0].replacement, f.hint) for f in found}
    assert offered == {
        ("column_store", "18", "declare `a[16][18]` to pad each row by 2 elements"),
        ("column_store_padded_once", "TILE + 2", "declare `b[TILE][TILE + 2]` to pad each row by one element"),
        ("column_store_shifted", "(1 << 4) + 2", "declare `c[16][(1 << 4) + 2]` to pad each row by 2 elements"),
    }
    assert all(f.fix.applicability is Applicability.SAFE for f in found)
    fixes = {f.fix.edits[0].range: f.fix for f in found}
    fixed = path.read_text()
    for fix in sorted(fixes.values(), key=lambda x: -x.edits[0].range.line):
        fixed = apply_fix(fixed, fix)
    remaining = {f.kernel for f in check_source("fixed.cu", fixed)}
    assert remaining == {"transpose_two_rows_per_warp", "column_and_even_words"}


def test_the_pad_search_stays_within_the_static_shared_memory_limit():
    # 48032 + 1024 bytes leave room for one more column of a (64 bytes), and a needs two
    source = ("__global__ void k(const float* in, float* out) {\n"
              "  __shared__ float big[12008];\n  __shared__ float a[16][16];\n"
              "  a[threadIdx.x][threadIdx.y] = in[threadIdx.x];\n  __syncthreads();\n"
              "  big[threadIdx.x] = a[threadIdx.x][0];\n  out[threadIdx.x] = big[0];\n}\n")
    found = check_source("limit.cu", source, Settings(default_block_size=(16, 16, 1)))
    assert [(f.range.line, f.fix) for f in found] == [(4, None), (6, None)]
    assert found[0].hint.startswith("no padding of up to one element per row makes every access to a conflict-free")


def test_a_runtime_guard_beside_a_lane_condition_leaves_only_that_conditions_lanes():
    # HeCBench jacobi (held-out): `if (threadIdx.x == 0 && i >= 1) tile[ty + 1][0] = ...` stores from
    # lanes 0 and 16 of a warp, rows 18 words apart: no conflict (ncu: 1 wavefront per request)
    source = ("__global__ void halo(const float* in, float* out) {\n"
              "  __shared__ float tile[18][18];\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  if (threadIdx.x == 0 && i >= 1) tile[threadIdx.y + 1][0] = in[i - 1];\n"
              "  __syncthreads();\n"
              "  out[i] = tile[threadIdx.y + 1][threadIdx.x + 1];\n"
              "}\n"
              "void run(const float* in, float* out) { halo<<<64, dim3(16, 16)>>>(in, out); }\n")
    assert [(f.code, f.range.line) for f in check_source("halo.cu", source)] == [("KL201", 6)]


def test_the_tree_phases_of_a_work_efficient_scan_conflict_at_every_doubled_offset():
    source = ("__global__ void prescan(float* g, int n) {\n"
              "  __shared__ float t[512];\n"
              "  int thid = threadIdx.x, offset = 1;\n"
              "  for (int d = n >> 1; d > 0; d >>= 1) {\n"
              "    __syncthreads();\n"
              "    if (thid < d) t[offset * (2 * thid + 2) - 1] += t[offset * (2 * thid + 1) - 1];\n"
              "    offset *= 2;\n"
              "  }\n"
              "  int stride = 1;\n"
              "  while (stride < 256) {\n"
              "    int index = 2 * stride * thid;\n"
              "    if (index < 256) t[index] += t[index + stride];\n"
              "    stride *= 2;\n"
              "  }\n}\n"
              "void run(float* g, int n) { prescan<<<1, 256>>>(g, n); }\n")
    found = check_source("scan.cu", source)
    # GPU Gems 3, ch. 39: 2-way at offset 1 up to 32-way; `thid < d` depends on n, so every lane is
    # counted and the mean is an upper estimate. The while loop's condition is known: exact masks
    assert [(f.range.line, f.details["worst_degree"]) for f in found] == [(6, 32), (6, 32), (12, 8), (12, 8)]
    assert [round(f.details["degree"], 2) for f in found][2:] == [3.92, 3.92]
    assert "step 2 elements apart at offset = 1 (every value the loop that scales offset can give is counted: " \
           "1, 2, ..., 256)" in found[0].message
    assert found[0].details["scaled_local"] == {"name": "offset", "values": [1, 2, 4, 8, 16, 32, 64, 128, 256]}
    # with the n the launch passes, d pairs with offset (d = 16 lanes at offset 16): at worst 16-way
    known = check_source("scan.cu", source.replace("(g, n); }", "(g, 512); }"))
    assert [(f.range.line, f.details["worst_degree"]) for f in known][:2] == [(6, 16), (6, 16)]


BITONIC = """
__device__ void comparator(unsigned &keyA, unsigned &keyB, unsigned dir) {
    if ((keyA > keyB) == dir) { unsigned t = keyA; keyA = keyB; keyB = t; }
}
template <unsigned dir>
__device__ void comparator_t(unsigned &keyA, unsigned &keyB) { comparator(keyA, keyB, dir); }

__global__ void sort_shared(unsigned *d, unsigned n) {
    __shared__ unsigned s[1024];
    s[threadIdx.x] = d[threadIdx.x];
    s[threadIdx.x + 512] = d[threadIdx.x + 512];
    for (unsigned size = 2; size < n; size <<= 1) {
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            comparator_t<1>(s[pos], s[pos + stride]);
        }
    }
}
void go(unsigned *d, unsigned n) { sort_shared<<<1, 512>>>(d, n); }
"""


def test_a_bitonic_sort_through_references_conflicts_where_the_references_are_used():
    # cuda-samples mergeSort: `Comparator(s_key[pos], ...)` takes `uint &keyA`; the loads and stores
    # happen in the comparator, at every merge width below the 1024-element array (n is a runtime
    # value): 35 of 45 (size, stride) steps are 2-way, a mean of 1.78 (ncu on an H100: 1.56 to 1.73)
    found = check_source("bitonic.cu", BITONIC)
    assert [(f.range.line, f.details["access"], f.details["degree"]) for f in found] == [
        (3, "load", 1.78), (3, "load", 1.78), (3, "load", 1.78), (3, "store", 1.78), (3, "load", 1.78),
        (3, "store", 1.78)]
    assert found[0].details["scaled_local"] == {"name": "size", "values": [2, 4, 8, 16, 32, 64, 128, 256, 512]}
    assert found[0].message.startswith("load from shared keyA (a reference into s, through the call at line 16)")
    assert found[0].details["called_at"] == {"path": "bitonic.cu", "line": 16}
    assert "every value the loop that scales size can give is counted: 2, 4, ..., 512" in found[0].message
    # a mean that rounds below the threshold is not reported
    assert check_source("bitonic.cu", BITONIC, Settings(thresholds=Thresholds(bank_conflict_min_degree=3))) == []


def test_a_tile_declared_in_a_helper_template_is_costed_with_the_calls_size_and_padded_there():
    source = ("template <int bs>\n"
              "__device__ void stage(const float* in, float* out) {\n"
              "  __shared__ float tile[bs][bs];\n"
              "  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * bs + threadIdx.x];\n"
              "  __syncthreads();\n"
              "  out[threadIdx.y * bs + threadIdx.x] = tile[threadIdx.y][threadIdx.x];\n"
              "}\n"
              "__global__ void k(const float* in, float* out) { stage<32>(in, out); }\n"
              "void run(const float* in, float* out) { k<<<1, dim3(32, 32)>>>(in, out); }\n")
    (found,) = check_source("helper.cu", source)
    assert summary([found]) == [("KL201", 4, "k", "store", 32.0, 32.0)]
    assert found.fix is not None and "tile[bs][bs + 1]" in apply_fix(source, found.fix)


def test_a_stride_named_by_a_class_constant_is_known():
    # llm.c matmul_backward_bias_kernel7 (held-out batch 12, ncu: 8 wavefronts per request)
    source = ("typedef __nv_bfloat16 floatX;\n"
              "template <class E> struct Packed128 { static constexpr const int size = sizeof(int4) / sizeof(E); };\n"
              "typedef Packed128<floatX> x128;\n"
              "__global__ void bias(float* out) {\n"
              "  extern __shared__ float shared[];\n"
              "  int local_oc = threadIdx.x * x128::size;\n"
              "  shared[local_oc + threadIdx.y] = 1.0f;\n"
              "  __syncthreads();\n"
              "  out[threadIdx.x] = shared[threadIdx.x];\n"
              "}\n"
              "void run(float* out) { bias<<<1, dim3(32, 8), 256 * sizeof(float)>>>(out); }\n")
    found = check_source("bias.cu", source)
    assert [(f.range.line, f.details["degree"], f.details["stride"]) for f in found] == [(7, 8.0, "8 elements")]


def test_a_vector_load_through_a_braced_temporary_helper_is_walked():
    # llm.c rmsnorm_backward_kernel10 (held-out batch 13, ncu: 8 wavefronts per request, ideal 4): lanes
    # step 8 floats and load 16 bytes each through load128(), which returns `Packed128<T>{bits}`
    source = ("template <class E> struct alignas(16) Packed128 {\n"
              "  Packed128() = default;\n"
              "  __device__ explicit Packed128(int4 bits) { }\n"
              "  E payload[16 / sizeof(E)];\n"
              "};\n"
              "template <class E> __device__ Packed128<E> load128(const E* address) {\n"
              "  return Packed128<E>{*reinterpret_cast<const int4*>(address)};\n"
              "}\n"
              "__global__ void k(float* out) {\n"
              "  extern __shared__ float shared[];\n"
              "  Packed128<float> v = load128(shared + threadIdx.x * 8);\n"
              "  out[threadIdx.x] = v.payload[0];\n"
              "}\n"
              "void run(float* out) { k<<<1, 32, 1024 * sizeof(float)>>>(out); }\n")
    found = check_source("packed.cu", source)
    assert [(f.range.line, f.details["called_at"]["line"], f.details["wavefronts"], f.details["ideal_wavefronts"])
            for f in found] == [(7, 11, 8.0, 4.0)]


def test_an_access_in_a_header_helper_names_the_file_and_line_of_the_kernels_call(tmp_path):
    (tmp_path / "packed.h").write_text(
        "template <class E> __device__ E load_pair(const E* address) { return address[0]; }\n")
    source = ('#include "packed.h"\n'
              "__global__ void k(float* out) {\n"
              "  __shared__ float s[1024];\n"
              "  out[threadIdx.x] = load_pair(s + threadIdx.x * 2);\n"
              "}\n"
              "void run(float* out) { k<<<1, 32>>>(out); }\n")
    found = check_source(str(tmp_path / "k.cu"), source)
    assert [(f.range.path, f.range.line, f.details["called_at"]) for f in found] == [
        (str(tmp_path / "packed.h"), 1, {"path": str(tmp_path / "k.cu"), "line": 4})]
    assert "(through the call at k.cu:4)" in found[0].message


def test_a_helper_name_two_namespaces_define_is_the_one_declared_before_each_kernel():
    # SGEMM_CUDA: wt::loadFromGmem (kernel 10) and db::loadFromGmem (kernel 11) in one translation unit
    source = ("namespace wt {\n"
              "__device__ void fill(float* s) { s[threadIdx.x * 32] = 0; }\n"
              "}\n"
              "__global__ void strided(float* out) {\n"
              "  __shared__ float s[32 * 32];\n  wt::fill(s);\n  __syncthreads();\n  out[threadIdx.x] = s[threadIdx.x];\n}\n"
              "namespace db {\n"
              "__device__ void fill(float* s) { s[threadIdx.x] = 0; }\n"
              "}\n"
              "__global__ void flat(float* out) {\n"
              "  __shared__ float s[32 * 32];\n  db::fill(s);\n  __syncthreads();\n  out[threadIdx.x] = s[threadIdx.x];\n}\n"
              "void run(float* o) { strided<<<1, 32>>>(o); flat<<<1, 32>>>(o); }\n")
    found = check_source("namespaces.cu", source)
    assert [(f.kernel, f.range.line, f.details["wavefronts"]) for f in found] == [("strided", 2, 32.0)]


VECTOR_LOADS = """\
__global__ void k(float* out) {
  __shared__ float Bs[8 * 256];
  float reg[WIDTH];
  int col = threadIdx.x % 16;
  for (int i = 0; i < 256; ++i) Bs[i * 8 + threadIdx.x % 8] = 0;
  __syncthreads();
  for (int i = 0; i < WIDTH; ++i) reg[i] = Bs[INDEX];
  out[threadIdx.x] = reg[0] + reg[WIDTH - 1];
}
void run(float* o) { k<<<1, 256>>>(o); }
"""


def test_an_unrolled_loops_consecutive_shared_loads_are_costed_as_the_vector_load_nvcc_issues():
    # SGEMM_CUDA kernels 5 and 9 on the H100: `regN[i] = Bs[col * TN + i]` loads 16 bytes a lane (LDS.128),
    # conflict-free at TN = 4 (lanes 16 bytes apart) and 2-way at TN = 8 (32 bytes apart: 8 wavefronts, ideal 4)
    def lint(width: int, index: str):
        source = VECTOR_LOADS.replace("WIDTH", str(width)).replace("INDEX", index)
        return [(f.range.line, f.details["wavefronts"], f.details["ideal_wavefronts"])
                for f in check_source("vector.cu", source) if f.range.line == 7]

    assert lint(4, "col * 4 + i") == []
    found = check_source("vector.cu", VECTOR_LOADS.replace("WIDTH", "8").replace("INDEX", "col * 8 + i"))
    [tn8] = [f for f in found if f.range.line == 7]
    assert (tn8.details["wavefronts"], tn8.details["ideal_wavefronts"]) == (8.0, 4.0)
    assert "16-byte accesses (the unrolled loop's 4 consecutive 4-byte accesses, which nvcc issues as one)" in tn8.message
    # a long loop is read a word at a time (the KL201 fixture's 32-step sum, measured); bits ORed into the
    # index (HeCBench ntt's `buffer[tbuf | i]`, measured as 8-byte stores) and a misaligned start are not merged
    assert lint(16, "col * 16 + i") == [(7, 8.0, 1.0)]
    assert lint(4, "(col * 4) | i") == [(7, 2.0, 1.0)]
    assert lint(4, "col * 4 + 1 + i") == [(7, 2.0, 1.0)]


REGISTER_TILE = """\
__global__ void k(float* out) {
  __shared__ float As[64 * 16];
  float acc[8] = {0};
  for (int i = 0; i < 4; ++i) As[i * 256 + threadIdx.y * 16 + threadIdx.x] = 0;
  __syncthreads();
  OUTER
  for (int k = 0; k < 16; ++k) {
    INNER
    for (int i = 0; i < 8; ++i) acc[i] += As[(threadIdx.y * 8 + i) * 16 + k];
  }
  out[threadIdx.x] = acc[0] + acc[7];
}
void run(float* o) { k<<<1, dim3(16, 16)>>>(o); }
"""


@pytest.mark.parametrize("outer, inner, flagged", [
    ("#pragma unroll", "#pragma unroll", False),
    ("", "#pragma unroll", True),
    ("#pragma unroll 4", "#pragma unroll", True),
    ("#pragma unroll 16", "", False),
])
def test_a_pragma_unrolled_nest_merges_the_outer_loops_consecutive_loads(outer, inner, flagged):
    # learn-cuda-from-scratch's register-tiled matmuls on the H100: `As[ty * TM + i][k]` under
    # `#pragma unroll` loops of k < 16 and i < 8 loads four k at once (LDS.128, ncu: 2 wavefronts, ideal 2);
    # the same rows as 4-byte loads are a 2-way conflict. Without the pragma on the outer loop (SGEMM_CUDA
    # kernel 5's dotIdx < 8 loop) nvcc loads word by word and ncu measured the 2-way conflict.
    source = REGISTER_TILE.replace("OUTER", outer).replace("INNER", inner)
    found = [f for f in check_source("tile.cu", source) if f.range.line == 9]
    assert bool(found) == flagged
    if flagged:
        assert (found[0].details["wavefronts"], found[0].details["ideal_wavefronts"]) == (2.0, 1.0)


ROLLED_TILE = """\
__global__ void k(float* out) {
  __shared__ float As[64 * STEPS + 4];
  float acc[8] = {0};
  for (int i = threadIdx.y * 16 + threadIdx.x; i < 64 * STEPS; i += 256) As[i] = 0;
  __syncthreads();
  for (int k = 0; k < STEPS; ++k) {
    for (int i = 0; i < 8; ++i) acc[i] += As[(threadIdx.y * 8 + i) * STEPS + k + OFFSET];
  }
  out[threadIdx.x] = acc[0] + acc[7];
}
void run(float* o) { k<<<1, dim3(16, 16)>>>(o); }
"""


@pytest.mark.parametrize("steps, offset, flagged", [(64, 0, False), (128, 0, False), (16, 0, True), (32, 0, True),
                                                   (64, 1, True)])
def test_ptxas_merges_the_steps_of_a_long_rolled_loop(steps, offset, flagged):
    # DengYiping's async matmul (`dot_idx < 64` around `i < 8`, no pragma) and alexkato29's register tile
    # (`j < 64`) load with LDS.128 on the H100 (ncu: 2 wavefronts, ideal 2): ptxas unrolls the rolled loop
    # by four. Shorter loops stay word by word in kernel-lint's model (SGEMM_CUDA's dotIdx < 8, measured a
    # 2-way conflict), and a start off the 16-byte grid cannot be merged.
    source = ROLLED_TILE.replace("STEPS", str(steps)).replace("OFFSET", str(offset))
    found = [f for f in check_source("rolled.cu", source) if f.range.line == 7]
    assert bool(found) == flagged
    if flagged:
        assert (found[0].details["wavefronts"], found[0].details["ideal_wavefronts"]) == (2.0, 1.0)


SELECTED_STORES = """\
__global__ void k(const float* B, float* out, int K, int N) {
  __shared__ float Bs[8][132];
  int tid = threadIdx.x, row = tid >> 5, col = (tid & 31) * 4;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    Bs[row][col + i] = VALUE;
  __syncthreads();
  out[tid] = Bs[tid & 7][tid >> 3];
}
void run(const float* b, float* o, int k, int n) { k<<<1, 256>>>(b, o, k, n); }
"""


@pytest.mark.parametrize("value, flagged", [
    ("B[row * N + col + i]", False),
    ("(row < K && col + i < N) ? B[row * N + col + i] : 0.0f", True),
])
def test_an_unrolled_loops_stores_of_a_conditional_value_stay_one_word_each(value, flagged):
    # cuobjdump on nvcc 13 -O3 sm_90 (batch 29's sts_probe.cu): the plain stores become one STS.128 a
    # lane, conflict-free; the selected ones four STS, lanes 16 bytes apart: 4-way (cuda-sgemm, ncu 4.0)
    found = [(f.range.line, f.details["wavefronts"], f.details["ideal_wavefronts"])
             for f in check_source("select.cu", SELECTED_STORES.replace("VALUE", value)) if f.range.line == 6]
    assert found == ([(6, 4.0, 1.0)] if flagged else [])


PAIRS = """\
extern __shared__ unsigned dyn[];
__global__ void k(const float* in, float* out, const double* din, double* dout, const uint2* keys) {
  __shared__ float s[1024];
  __shared__ double d[512];
  int t = threadIdx.x;
  BODY
  __syncthreads();
  out[t] = s[t] + dyn[t];
  dout[t] = d[t];
}
void run(const float* i, float* o, const double* di, double* d, const uint2* u) { k<<<1, 256, 2048>>>(i, o, di, d, u); }
"""


@pytest.mark.parametrize("body, expected", [
    # one STS.64 a lane, 2 wavefronts, the minimum (benchmarks/results/2026-11-27-h200-heldout-batch39/pair_probe.sh:
    # cuobjdump and ncu on an H200, and Altis's radix sort in held-out batch 39)
    ("s[2 * t] = in[t];\n  s[2 * t + 1] = in[t + 256];", []),
    ("s[2 * t + 1] = in[t + 256];\n  s[2 * t] = in[t];", []),
    ("uint2 v = keys[t];\n  dyn[2 * t] = v.x & 0xF;\n  dyn[2 * t + 1] = v.y & 0xF;", []),
    ("float a = s[2 * t];\n  float b = s[2 * t + 1];\n  out[t + 512] = a * b;", []),  # one LDS.64
    ("out[t + 512] = s[2 * t] - s[2 * t + 1];", []),
    ("d[2 * t] = din[t];\n  d[2 * t + 1] = din[t + 256];", []),  # one STS.128, 4 wavefronts, the minimum
    # a pair not aligned to 8 bytes stays two STS, each 2-way (ncu: 2 wavefronts a request)
    ("s[2 * t + 1] = in[t];\n  s[2 * t + 2] = in[t + 256];", [(6, 2.0, 1.0), (7, 2.0, 1.0)]),
    # a store, then a load of the array the second store needs: two STS, each 2-way
    ("s[2 * t] = in[t];\n  s[2 * t + 1] = s[t + 700];", [(6, 2.0, 1.0), (7, 2.0, 1.0)]),
    # merged, and still 2-way: 8-byte accesses 16 bytes apart (4 wavefronts, ideal 2), reported once, naming both
    ("s[4 * t] = in[t];\n  s[4 * t + 1] = in[t + 256];", [(6, 4.0, 2.0)]),
    # indices the lane walk finds a word apart only by evaluating an offset that is 0 in every thread (Parboil's
    # CONFLICT_FREE_OFFSET shifts past the index's bits): nvcc cannot see it and issues two STS (ncu: 2-way each)
    ("unsigned a = 2 * t, b = 2 * t + 1;\n  a += a >> (4 + a);\n  b += b >> (4 + b);\n"
     "  s[a] = in[t];\n  s[b] = in[t + 256];", [(9, 2.0, 1.0), (10, 2.0, 1.0)]),
    # statements apart are issued apart
    ("s[2 * t] = in[t];\n  out[t] = 1.0f;\n  s[2 * t + 1] = in[t + 256];", [(6, 2.0, 1.0), (8, 2.0, 1.0)]),
])
def test_neighbouring_accesses_nvcc_issues_as_one_vector_access_are_costed_as_one(body, expected):
    found = check_source("pairs.cu", PAIRS.replace("BODY", body))
    assert [(f.range.line, f.details["wavefronts"], f.details["ideal_wavefronts"]) for f in found] == expected
    if len(expected) == 1:
        assert "8-byte accesses (with s[4 * t + 1] at line 7, which nvcc issues with it as one)" in found[0].message


def test_the_lane_step_is_named_from_an_iteration_where_two_lanes_access():
    # huicongyao/PMPP's Brent-Kung down-sweep (held-out batch 42): its first iteration runs one lane, whose
    # step the message gave as "0 elements"; the first with several lanes (stride 64) steps 128
    source = ("#define SECTION 512\n__global__ void k(float* y) {\n  __shared__ float XY[SECTION];\n"
              "  XY[threadIdx.x] = y[threadIdx.x];\n"
              "  for (int stride = SECTION / 4; stride > 0; stride /= 2) {\n    __syncthreads();\n"
              "    unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;\n"
              "    if (index + stride < SECTION) XY[index + stride] += XY[index];\n  }\n}\n"
              "void run(float* y) { k<<<1, 256>>>(y); }\n")
    found = check_source("scan.cu", source)
    assert [f.range.line for f in found] == [8, 8]
    assert all("consecutive lanes (threadIdx.x) step 128 elements apart" in f.message for f in found)


def test_a_tile_sized_by_a_member_of_the_kernels_type_argument_is_checked():
    # `Cfg::N` with Cfg a template type parameter bound at the launch (batch 46's `gemm_kernel<T, GemmParam>`)
    source = """\
struct Tile { static constexpr int N = 32; };
template <typename Cfg>
__global__ void transpose(float* out, const float* in) {
  __shared__ float tile[Cfg::N][Cfg::N];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * Cfg::N + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * Cfg::N + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void host(float* o, const float* i) { transpose<Tile><<<1, dim3(32, 32)>>>(o, i); }
"""
    found, = check_source("traits.cu", source)
    assert (found.range.line, found.details["degree"]) == (7, 32.0)
    assert "with Cfg = Tile" in found.message
    assert found.hint == "declare `tile[Cfg::N][(Cfg::N) + 1]` to pad each row by one element"


def test_a_row_broadcast_names_the_rows_step():
    # phdcyc's buffer.cu: a 4x4 block reading ds_A[ty * RY + i][k], one element per row of lanes
    source = ("__global__ void k(float* out) {\n"
              "  __shared__ float a[64][64];\n"
              "  a[threadIdx.y][threadIdx.x] = 1.f;\n"
              "  __syncthreads();\n"
              "  out[threadIdx.y * 4 + threadIdx.x] = a[threadIdx.y * 4][0];\n"
              "}\n"
              "void run(float* o) { k<<<8, dim3(4, 4)>>>(o); }\n")
    [found] = [f for f in check_source("rows.cu", source) if f.range.line == 5]
    assert "the lanes of one threadIdx.x row read the same element, and rows (threadIdx.y) are 256 elements apart" \
        in found.message
