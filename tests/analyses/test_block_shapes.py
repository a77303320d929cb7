"""Block shapes: launch sites first, then __launch_bounds__, then the configured default."""
from __future__ import annotations

from kernel_lint.analyses.block_shapes import BlockShape, block_shapes, shape_details
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.settings import Settings


def shapes(source: str, settings: Settings = Settings()):
    unit = build_unit("shapes.cu", source, FrontendOptions())
    return block_shapes(unit, unit.kernel("k"), settings)


def test_each_distinct_constant_launch_is_a_shape_with_its_line():
    found = shapes("__global__ void k(float* a) { a[0] = 0; }\n"
                   "void run(float* a, int n) {\n"
                   "  k<<<n, dim3(16, 16)>>>(a);\n  k<<<n, 256>>>(a);\n  k<<<1, dim3(16, 16)>>>(a);\n}\n")
    assert found == [BlockShape((16, 16, 1), "launch at line 3"), BlockShape((256, 1, 1), "launch at line 4")]
    assert found[0].describe() == "block (16, 16) from the launch at line 3"


def test_runtime_launches_fall_back_to_launch_bounds():
    found = shapes("__global__ void __launch_bounds__(128) k(float* a) { a[0] = 0; }\n"
                   "void run(float* a, int b) { k<<<1, b>>>(a); }\n")
    assert found == [BlockShape((128, 1, 1), "__launch_bounds__(128)")]


def test_a_launch_with_a_runtime_y_or_z_keeps_its_constant_x_and_fills_the_rest():
    # llm.c matmul_backward_bias8: `dim3 block_dim = {4, 8, block_size/32}`; its warps are 4 x 8 lanes
    found = shapes("__global__ void k(float* a) { a[threadIdx.x] = 0; }\n"
                   "void run(float* a, int b) {\n  dim3 block = {4, 8, (unsigned)b / 32};\n"
                   "  k<<<1, block>>>(a);\n  k<<<2, dim3(32, b)>>>(a);\n}\n")
    assert found == [BlockShape((4, 8, 8), "launch at line 4 with z = 8 assumed (not a constant there)"),
                     BlockShape((32, 8, 1), "launch at line 5 with y = 8 assumed (not a constant there)")]


def test_a_partly_known_launch_fills_to_the_launch_bounds_and_a_constant_one_wins():
    bounded = shapes("__global__ void __launch_bounds__(128) k(float* a) { a[0] = 0; }\n"
                     "void run(float* a, int b) { k<<<1, dim3(32, b)>>>(a); }\n")
    assert [s.dims for s in bounded] == [(32, 4, 1)]
    constant = shapes("__global__ void k(float* a) { a[0] = 0; }\n"
                      "void run(float* a, int b) { k<<<1, dim3(32, b)>>>(a); k<<<1, 64>>>(a); }\n")
    assert [s.dims for s in constant] == [(64, 1, 1)]
    unknown_x = shapes("__global__ void k(float* a) { a[0] = 0; }\n"
                       "void run(float* a, int b) { k<<<1, dim3(b, 4)>>>(a); }\n")
    assert unknown_x[0].source == "default block size"


def test_without_launches_the_configured_default_is_used():
    found = shapes("__global__ void k(float* a) { a[0] = 0; }", Settings(default_block_size=(32, 4, 1)))
    assert [s.dims for s in found] == [(32, 4, 1)] and found[0].source.startswith("default block size")
    assert found[0].text == "(32, 4)"


def test_an_impossible_default_is_replaced_by_256_threads():
    found = shapes("__global__ void k(float* a) { a[0] = 0; }", Settings(default_block_size=(2048, 1, 1)))
    assert [s.dims for s in found] == [(256, 1, 1)]


def test_a_template_kernel_runs_with_the_shapes_of_its_modelled_instantiation():
    # HeCBench scan: the block is N / 2 and the shared array N; pairing a 1024-thread block with N = 128
    # would analyse threads that do not exist at that size
    source = ("template <typename T, int N> __global__ void k(T* a) { __shared__ T s[N]; s[threadIdx.x] = a[0]; }\n"
              "template <typename T, int N> void runTest(T* a) { dim3 b(N / 2); k<T, N><<<8, b>>>(a); }\n"
              "template <int N> void run(void* a) { runTest<char, N>((char*)a); runTest<int, N>((int*)a); }\n"
              "int main() { run<128>(0); run<2048>(0); return 0; }\n")
    unit = build_unit("shapes.cu", source, FrontendOptions())
    assert [(site.block.x, dict(site.instantiation)) for site in unit.launch_sites] == [
        (64, {"T": "char", "N": "128"}), (1024, {"T": "char", "N": "2048"})]
    assert block_shapes(unit, unit.kernel("k"), Settings()) == [
        BlockShape((64, 1, 1), "launch at line 2 with T = char, N = 128")]


def test_launches_that_do_not_say_their_arguments_are_all_used():
    found = shapes("template <typename T> __global__ void k(T* a) { a[0] = 0; }\n"
                   "void run(float* a) { k<<<1, 64>>>(a); k<float><<<1, 128>>>(a); }\n")
    # the model was built with T = float, which every shape names
    assert [(s.dims[0], s.source) for s in found] == [(64, "launch at line 2 with T = float"),
                                                      (128, "launch at line 2 with T = float")]


def test_a_default_block_that_would_index_past_a_shared_tile_gives_way_to_one_that_fits():
    # cuda-samples matrixMul launches `dim3 threads(block_size, block_size)` with a runtime block_size
    found = shapes("__global__ void k(float* a) { __shared__ float As[16][16];\n"
                   "  As[threadIdx.y][threadIdx.x] = a[0]; a[1] = As[threadIdx.x][threadIdx.y]; }\n")
    assert found == [BlockShape((16, 16, 1), "shared tile As[16][16], which the default block (256) would index past")]
    assert found[0].describe().startswith("block (16, 16) from the shared tile As[16][16]")
    # a tile of 32 rows filled 8 rows at a time (cuda-samples transpose): the row loop is walked
    found = shapes("__global__ void k(float* a) { __shared__ float tile[32][33];\n"
                   "  for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = a[j]; }\n")
    assert [s.dims for s in found] == [(32, 8, 1)]
    # one-dimensional: the largest block below the default that fits
    assert [s.dims for s in shapes("__global__ void k(float* a) { __shared__ float s[64]; s[threadIdx.x] = a[0]; }")] \
        == [(64, 1, 1)]


def test_the_default_stays_when_it_fits_or_when_nothing_fits():
    assert shapes("__global__ void k(float* a) { __shared__ float s[512]; s[threadIdx.x] = a[0]; }")[0].source \
        == "default block size"
    # an index no block keeps in bounds (a constant past the end) is the kernel's problem, not the block's
    assert shapes("__global__ void k(float* a) { __shared__ float s[8]; s[threadIdx.x + 40] = a[0]; }")[0].source \
        == "default block size"


def test_a_tile_a_helper_declares_and_indexes_by_threadidx_y_decides_a_2d_block():
    # cuda-samples matrixMulDrv: the kernels only call `matrixMul<16, size_t>(...)`
    found = shapes("template <int bs> __device__ void mul(float* A) {\n"
                   "  __shared__ float As[bs][bs];\n  As[threadIdx.y][threadIdx.x] = A[threadIdx.x];\n}\n"
                   "__global__ void k(float* A) { mul<16>(A); }\n")
    assert found == [BlockShape((16, 16, 1), "shared tile As[16][16], which the default block (256) would index past")]


def test_every_shape_names_the_template_arguments_of_its_model():
    unit = build_unit("shapes.cu",
                      "template <int N> __global__ void __launch_bounds__(128) k(float* a) { a[0] = N; }\n"
                      "void run(float* a, int b) { k<4><<<1, 64>>>(a); k<8><<<1, b>>>(a); }\n", FrontendOptions())
    four, eight = unit.kernels
    assert [s.source for s in block_shapes(unit, four, Settings())] == ["launch at line 2 with N = 4"]
    # the runtime block falls back to __launch_bounds__, which runs N = 8
    [shape] = block_shapes(unit, eight, Settings())
    assert shape.describe() == "block (128) from the __launch_bounds__(128), with N = 8"
    assert shape_details(eight, shape) == {"block": [128, 1, 1], "block_source": "__launch_bounds__(128), with N = 8",
                                           "template_arguments": {"N": "8"}}
