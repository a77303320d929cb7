from __future__ import annotations

import pytest


def instantiations(unit, name):
    """The template arguments of each model of kernel `name` (one per distinct instantiation launched)."""
    return tuple(k.instantiation for k in unit.kernels if k.name == name)


def test_params_with_types_sizes_and_qualifiers(unit_of):
    unit = unit_of("""
        __global__ void k(const float* __restrict__ a, float4* b, double2 c, half* h, int n, char** names) {}
    """)
    params = {p.name: p.type for p in unit.kernel("k").params}
    assert (params["a"].base, params["a"].pointer_depth, params["a"].is_const, params["a"].is_restrict,
            params["a"].element_size) == ("float", 1, True, True, 4)
    assert params["b"].element_size == 16 and params["b"].spelling == "float4 *"
    assert params["c"].element_size == 16 and params["c"].pointer_depth == 0
    assert params["h"].element_size == 2
    assert params["n"].spelling == "int"
    assert params["names"].pointer_depth == 2 and params["names"].element_size == 1


def test_shared_arrays_dims_dynamic_and_ranges(unit_of):
    unit = unit_of("""\
        #define TILE 32
        __global__ void k(float* out) {
          __shared__ float tile[TILE][TILE + 1];
          __shared__ int flag;
          extern __shared__ float2 dyn[];
          float local[4];
          out[0] = tile[0][0] + dyn[0].x + local[0] + flag;
        }
    """)
    arrays = {s.name: s for s in unit.kernel("k").shared_arrays}
    assert set(arrays) == {"tile", "flag", "dyn"}
    tile = arrays["tile"]
    assert tile.dims == (32, 33) and tile.size_bytes == 32 * 33 * 4 and not tile.is_dynamic
    assert tile.dim_expressions == ("TILE", "TILE + 1")
    assert [(r.line, r.column, r.end_column) for r in tile.dim_ranges] == [(3, 25, 29), (3, 31, 39)]
    assert (tile.range.line, tile.range.column, tile.range.end_column) == (3, 20, 24)
    assert arrays["flag"].dims == () and arrays["flag"].size_bytes == 4
    assert arrays["dyn"].is_dynamic and arrays["dyn"].dims == (None,) and arrays["dyn"].element.element_size == 8


def test_template_kernel_uses_launched_instantiation(unit_of):
    unit = unit_of("""
        template <typename T, int BLOCK>
        __global__ void __launch_bounds__(BLOCK) reduce(const T* in, T* out) {
          __shared__ T s[BLOCK];
          s[threadIdx.x] = in[threadIdx.x];
        }
        void run(double* a, double* b) {
          constexpr int threads = 128;
          reduce<double, threads><<<64, threads>>>(a, b);
        }
    """)
    kernel = unit.kernel("reduce")
    assert kernel.template_params == ("T", "BLOCK")
    assert instantiations(unit, "reduce") == ({"T": "double", "BLOCK": "128"},)
    assert kernel.params[0].type.base == "T" and kernel.params[0].type.element_size == 8
    assert kernel.shared_arrays[0].dims == (128,) and kernel.shared_arrays[0].size_bytes == 1024
    assert kernel.launch_bounds.max_threads_per_block == 128


def test_a_launch_inside_a_host_template_is_instantiated_by_the_calls_of_that_template(unit_of):
    unit = unit_of("""
        enum class Op { ERODE, DILATE };
        template <typename T, int BLOCK> __global__ void k(T* a) { __shared__ T s[BLOCK]; s[threadIdx.x] = a[0]; }
        template <Op op> __global__ void m(float* a) { a[threadIdx.x] = 1.f; }
        template <typename T, int BLOCK> void run(T* a) { k<T, BLOCK><<<4, BLOCK>>>(a); }
        template <Op op> double morph(float* a) { m<op><<<4, 64>>>(a); return 0; }
        void go(float* a, double* b) { run<float, 128>(a); run<double, 64>(b); morph<Op::DILATE>(a); }
    """)
    kernel = unit.kernel("k")
    assert instantiations(unit, "k") == ({"T": "float", "BLOCK": "128"}, {"T": "double", "BLOCK": "64"})
    assert kernel.shared_arrays[0].dims == (128,) and kernel.params[0].type.element_size == 4
    assert instantiations(unit, "m") == ({"op": "Op::DILATE"},)
    # the block size the host template was called with, once per call
    assert [(site.kernel, site.block.x) for site in unit.launch_sites] == [("k", 128), ("k", 64), ("m", 64)]


def test_a_launch_is_instantiated_through_a_chain_of_host_templates(unit_of):
    # HeCBench scan (held-out): main -> run<128> -> runTest<char, N> -> scan<T, N><<<g, dim3 b(N / 2)>>>
    unit = unit_of("""
        template <typename T, int N> __global__ void scan(T* a) { __shared__ T s[N]; s[threadIdx.x] = a[0]; }
        template <typename T, int N> void runTest(T* a) { dim3 blocks (N/2); scan<T, N><<<8, blocks>>>(a); }
        template <int N> void run(void* a) { runTest<char, N>((char*)a); runTest<int, N>((int*)a); }
        int main() { run<128>(0); run<256>(0); return 0; }
    """)
    kernel = unit.kernel("scan")
    assert instantiations(unit, "scan") == ({"T": "char", "N": "128"}, {"T": "char", "N": "256"},
                                            {"T": "int", "N": "128"}, {"T": "int", "N": "256"})
    assert kernel.shared_arrays[0].dims == (128,) and kernel.params[0].type.element_size == 1
    # the local dim3 takes N from each chain of calls
    assert [site.block.x for site in unit.launch_sites] == [64, 128]


def test_recursive_or_uncalled_host_templates_give_what_they_bind(unit_of):
    unit = unit_of("""
        template <int N> __global__ void k(float* a) { a[threadIdx.x] = N; }
        template <int N> void rec(float* a) { k<N><<<1, 32>>>(a); rec<N>(a); }
        void go(float* a) { rec<4>(a); }
    """)
    assert instantiations(unit, "k") == ({"N": "4"},)
    # a chain ending in a host template nobody calls still gives what it binds
    unit = unit_of("""
        template <typename T, int N> __global__ void k(T* a) { a[threadIdx.x] = N; }
        template <typename T, int N> void runTest(T* a) { k<T, N><<<1, 32>>>(a); }
        template <int N> void run(double* a) { runTest<double, N>(a); }
    """)
    assert instantiations(unit, "k") == ({"T": "double", "N": "N"},)


def test_a_host_template_called_with_deduced_arguments_gives_its_defaults(unit_of):
    # HeCBench stddev: `sopKernel<Type, IdxType, TPB><<<...>>>` inside `template <class Type, class IdxType = int>
    # void stddev(...)`, called as `stddev(std, data, D, N, sample)`: IdxType is int, Type is not said
    unit = unit_of("""
        template <typename T, typename I> __global__ void k(T* a, I n) { I i = threadIdx.x; if (i < n) a[i] = 0; }
        template <typename T, typename I = int> void host(T* a, I n) { k<T, I><<<4, 256>>>(a, n); }
    """)
    kernel = unit.kernel("k")
    assert instantiations(unit, "k") == ({"T": "T", "I": "int"},)
    # the type nothing names is assumed, as for a launch that deduces it, so that strides have a size
    assert kernel.assumed_types == {"T": "float"}
    assert [p.type.element_size for p in kernel.params] == [4, 4]


def test_uninstantiated_template_assumes_float_for_types_and_keeps_values_symbolic(unit_of):
    unit = unit_of("""
        template <typename T, int N>
        __global__ void k(T* a) { __shared__ T s[N]; s[0] = a[0]; }
    """)
    kernel = unit.kernel("k")
    assert kernel.assumed_types == {"T": "float"} and kernel.params[0].type.element_size == 4
    assert kernel.shared_arrays[0].dims == (None,)


def test_a_type_the_launch_deduces_is_assumed_and_the_block_source_says_so(unit_of):
    # NVIDIA's blog coalescing sample: `stride<<<n / blockSize, blockSize>>>(d_a, s)` inside runTest<T>
    from kernel_lint.analyses.block_shapes import block_shapes
    from kernel_lint.settings import Settings

    unit = unit_of("""
        template <typename T> __global__ void stride(T* a, int s) { a[threadIdx.x * s] = 0; }
        template <typename T> void runTest(T* d_a, int s) { stride<<<4, 256>>>(d_a, s); }
        template <typename T = double> __global__ void dflt(T* a) { a[0] = 0; }
    """)
    assert [s.source for s in block_shapes(unit, unit.kernel("stride"), Settings())] == [
        "launch at line 3, T = float assumed (no launch names it)"]
    assert unit.kernel("dflt").assumed_types == {} and unit.kernel("dflt").params[0].type.element_size == 8


def test_launch_sites_follow_host_constants(unit_of):
    unit = unit_of("""\
        #define TILE 16
        __global__ void mm(float* c, int n) {}
        void host(float* d, cudaStream_t s) {
          const int n = 1024;
          dim3 block(TILE, TILE);
          dim3 grid((n + TILE - 1) / TILE, n / TILE);
          mm<<<grid, block, 2 * TILE * TILE * sizeof(float), s>>>(d, n);
          int threads = 256;
          threads = threads * 2;
          mm<<<n / 256, threads>>>(d, n);
        }
    """)
    first, second = unit.launch_sites
    assert (first.grid.x, first.grid.y, first.grid.z) == (64, 64, 1)
    assert (first.block.x, first.block.y, first.block.total) == (16, 16, 256)
    assert first.shared_bytes == 2048 and first.stream_text == "s"
    assert first.enclosing_function == "host"
    assert (first.range.line, first.range.column, first.range.end_column) == (7, 3, 64)
    assert second.grid.x == 4
    assert second.block.x is None  # reassigned: not a constant
    assert second.shared_bytes == 0 and second.stream_text is None


def test_a_launch_reads_the_static_constexpr_members_of_a_struct(unit_of):
    # held-out batch 46's ktomos gemm: `dim3 block(GemmParam::THREAD_X, GemmParam::THREAD_Y)` was the default 256
    unit = unit_of("""\
        namespace cfg { struct Blocking { static constexpr int X = 16; static constexpr int XY = X * 2; }; }
        template <typename T> struct Traits { static constexpr int X = 8; };
        __global__ void mm(float* c) {}
        void host(float* d) {
          dim3 block(cfg::Blocking::X, cfg::Blocking::XY);
          mm<<<1, block>>>(d);
          mm<<<1, Traits<float>::X>>>(d);
        }
    """)
    first, second = unit.launch_sites
    assert (first.block.x, first.block.y) == (16, 32)
    assert second.block.x is None  # a class template's member takes its arguments: not read here


def test_a_kernels_type_argument_gives_the_constant_members_its_body_reads(unit_of):
    # held-out batch 46's ktomos gemm: `__shared__ T shared_A[2][Param::MB][Param::KB]` had no size
    unit = unit_of("""\
        struct GemmParam { static constexpr int MB = 128; static constexpr int KB = 8; static constexpr int XY = MB * KB; };
        template <typename T, typename Param>
        __global__ void gemm(T* c) {
          __shared__ T shared_A[2][Param::MB][Param::KB];
          c[threadIdx.x] = shared_A[0][threadIdx.x % Param::MB][0];
        }
        void host(float* d) { gemm<float, GemmParam><<<1, 128>>>(d); }
    """)
    kernel, = unit.kernels
    assert kernel.shared_arrays[0].dims == (2, 128, 8)
    assert kernel.template_values == {"Param__MB": 128, "Param__KB": 8, "Param__XY": 1024}


def test_integer_arguments_every_launch_passes_alike_are_the_kernels_constants(unit_of):
    # AIComputing101's threadCoarsening (held-out batch 36): the factor is a host local, 4 at the one launch
    unit = unit_of("""\
        #define N 4096
        __global__ void coarse(float* d, int n, int factor, float scale, long offset) {}
        __global__ void strided(float* d, int n, int stride) {}
        void host(float* d, int runtime) {
          int coarsening_factor = 4;
          coarse<<<N / 1024, 256>>>(d, N, coarsening_factor, 2, runtime);
          coarse<<<N / 1024, 256>>>(d + 1, N, 4, 3, runtime);
          strided<<<16, 256>>>(d, N, 1);
          strided<<<16, 256>>>(d, N, 1024);
        }
    """)
    coarse, strided, strided_1024 = unit.kernels
    assert [site.argument_values for site in unit.launch_sites[:2]] == [(None, 4096, 4, 2, None), (None, 4096, 4, 3, None)]
    # a float parameter is not an index, and one computed at run time is a runtime value
    assert coarse.argument_values == {"n": 4096, "factor": 4}
    # launches that pass different constants: one model for each, with its own launches
    assert (strided.argument_values, strided_1024.argument_values) == ({"n": 4096, "stride": 1}, {"n": 4096, "stride": 1024})
    assert strided_1024.definition is strided.definition
    assert [site.range.line for site in unit.launches_of(strided_1024)] == [9]

def test_a_launch_passing_a_constant_beside_one_passing_a_runtime_value_has_its_own_model(unit_of):
    # biglone's softmax (batch 32): a demo launches it for 5 classes, the network for its runtime class count
    unit = unit_of("""\
        __global__ void softmax(float* out, const float* in, int batch, int classes) {}
        void demo(float* o, const float* i) { softmax<<<1, 32>>>(o, i, 1, 5); }
        void network(float* o, const float* i, int classes) { softmax<<<1, 128>>>(o, i, 1, classes); }
    """)
    five, runtime = unit.kernels
    assert (five.argument_values, runtime.argument_values) == ({"batch": 1, "classes": 5}, {"batch": 1})
    # each launch runs the model built from its own constants, not every model whose constants it passes
    assert [site.range.line for site in unit.launches_of(five)] == [2]
    assert [site.range.line for site in unit.launches_of(runtime)] == [3]
    assert unit.kernel_launched_at(unit.launch_sites[1]) is runtime



def test_a_member_defined_const_outside_its_struct_is_a_device_function_unless_it_twins_another(unit_of):
    # jay-tux/cuda-workshop-solutions (batch 35): `int &at(...)` and `const int &at(...) const`, one body
    unit = unit_of("""\
        struct M { int* d; int n; __device__ int& at(int c); __device__ const int& at(int c) const;
                   __device__ int get(int c) const; };
        __device__ int& M::at(int c) { return d[c * n]; }
        __device__ const int& M::at(int c) const { return d[c * n]; }
        __device__ int M::get(int c) const { return d[c]; }
    """)
    assert sorted(unit.device_functions) == ["at", "get"]
    [at] = unit.device_function_definitions["at"]
    assert unit.span(at).line == 3  # the non-const twin, which calls are read with


def test_a_host_loop_counter_shifted_in_its_header_is_not_a_constant(unit_of):
    # AIComputing101's bitonic sort (batch 36) launches once per (k, j) of two host loops
    unit = unit_of("""\
        __global__ void bitonic(float* d, int n, int k, int j) {}
        void host(float* d) {
          for (int k = 2; k <= 1024; k <<= 1) {
            for (int j = k >> 1; j > 0; j >>= 1) bitonic<<<4, 256>>>(d, 1024, k, j);
          }
        }
    """)
    assert unit.launch_sites[0].argument_values == (None, 1024, None, None)
    assert unit.kernels[0].argument_values == {"n": 1024}


def test_launches_in_a_lambda_take_the_enclosing_functions_values(unit_of):
    # a benchmark harness times `[&] { k<<<ROWS, BLK>>>(...); }` (Eppie/learn-cuda's 09-fused-epilogues,
    # learn-cuda-from-scratch's coalesce_vs_strided): the lambda's body is blanked, its launches are not
    unit = unit_of("""\
        template <int S> __global__ void strided(float* a) { a[threadIdx.x * S] = 0; }
        __global__ void rows(float* a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
        float bench(void (*f)());
        void host(float* d) {
          const int ROWS = 4096;
          const int BLK = 128;
          auto run = [&] { rows<<<ROWS, BLK>>>(d); };
          bench([=] { strided<4><<<ROWS / 4, BLK>>>(d); });
        }
    """)
    assert [(s.kernel, s.grid.x, s.block.x, s.template_args, s.enclosing_function, s.range.line)
            for s in unit.launch_sites] == [("rows", 4096, 128, (), "host", 7), ("strided", 1024, 128, ("4",), "host", 8)]


def test_locals_declared_several_to_a_statement_are_each_a_host_constant(unit_of):
    unit = unit_of("""\
        __global__ void k(float* a, int n) {}
        void host(float* d) {
          const int T = 64, N = 1 << 20;
          k<<<N / T, T>>>(d, N);
          dim3 grid(N / 128, 2), block(128);
          k<<<grid, block>>>(d, N);
          const long long M = 32, L = M * 2;
          k<<<L, M>>>(d, N);
          int a = 8, b;
          k<<<a, b>>>(d, N);
          for (int i = 0, j = 4; i < j; ++i) {}
          return T, N;
        }
    """)
    assert [(s.grid.x, s.grid.y, s.block.x) for s in unit.launch_sites] == [
        (16384, 1, 64), (8192, 2, 128), (64, 1, 32), (8, 1, None)]


def test_an_explicit_instantiation_of_a_host_template_instantiates_its_launches(unit_of):
    # leimao/CUDA-GEMM-Optimization: `template void launch_gemm_kernel_v02<float>(...);` is the only place
    # that names T, and the launcher's tile sizes are `constexpr unsigned int X{32U};`, its block
    # `dim3 const block_dim{X, Y, 1U};`. A declaration `extern template` instantiates nothing here
    unit = unit_of("""\
        template <typename T, unsigned int BX> __global__ void scale(T* a, T s) { a[threadIdx.x] *= s; }
        template <typename T>
        void launch_scale(T* a, T s, size_t n, cudaStream_t stream) {
          constexpr unsigned int BX{128U};
          dim3 const block{BX, 1U, 1U};
          scale<T, BX><<<n / BX, block, 0U, stream>>>(a, s);
        }
        template void launch_scale<float>(float* a, float s, size_t n, cudaStream_t stream);
        template void launch_scale<double>(double* a, double s, size_t n, cudaStream_t stream);
        extern template void launch_scale<int>(int* a, int s, size_t n, cudaStream_t stream);
    """)
    assert unit.problems == []
    assert instantiations(unit, "scale") == ({"T": "float", "BX": "128"}, {"T": "double", "BX": "128"})
    assert [(s.block.x, s.block.y) for s in unit.launch_sites] == [(128, 1)]


def test_a_local_read_from_a_stream_is_not_its_initial_value(unit_of):
    # HeCBench inversek2j (held-out): `int data_size = 0; file >> data_size;` was taken for a 0-block grid
    unit = unit_of("""\
        __global__ void k(float* a, int n) {}
        void host(float* d, std::ifstream& file) {
          int data_size = 0;
          file >> data_size;
          dim3 grid((data_size + 127) / 128);
          k<<<grid, 128>>>(d, data_size);
        }
    """)
    assert unit.launch_sites[0].grid.x is None


def test_a_host_constant_is_the_one_declared_in_the_launchs_own_block(unit_of):
    # SGEMM_CUDA runner.cu: `if (big) { const uint BM = 128; ... } else { const uint BM = 64; ... }`
    unit = unit_of("""\
        template <int BM> __global__ void k(float* a) {}
        void host(float* d, bool big) {
          const int TM = 8;
          if (big) {
            const int BM = 128;
            k<BM><<<1, BM / TM>>>(d);
          } else {
            const int BM = 64;
            k<BM><<<1, BM / TM>>>(d);
          }
          int n = 32;
          { int n = 512; }
          k<64><<<1, n>>>(d);
          int m = 4;
          { int m = 8; m = 16; }
          k<64><<<1, m>>>(d);
        }
    """)
    big, small, outer, written = unit.launch_sites
    assert (big.block.x, big.instantiation) == (16, (("BM", "128"),))
    assert (small.block.x, small.instantiation) == (8, (("BM", "64"),))
    assert outer.block.x == 32  # the inner block's n closed before the launch
    assert written.block.x is None  # a name written after a declaration is not a constant anywhere


def test_func_attributes(unit_of):
    unit = unit_of("""
        __global__ void big(float* a) {}
        void setup() {
          const int bytes = 96 * 1024;
          cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
          cudaFuncSetAttribute((const void*)big<float, 4>, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
        }
    """)
    calls = [(c.kernel, c.attribute, c.value) for c in unit.func_attributes]
    assert calls == [("big", "cudaFuncAttributeMaxDynamicSharedMemorySize", 98304),
                     ("big", "cudaFuncAttributePreferredSharedMemoryCarveout", 50)]


def test_structs_constants_constant_arrays_and_device_functions(unit_of):
    unit = unit_of("""
        #define WIDTH (64 * 2)
        constexpr int kWarps = 8;
        static const int kLanes = 32;
        enum { RED, GREEN = 5, BLUE };
        struct __align__(16) Item { float3 p; int id; double w; };
        typedef struct { char c; int i; } Packed;
        __constant__ float c_weights[WIDTH];
        __device__ float twice(float x) { return 2.0f * x; }
        __global__ void k(Item* items, Packed* p) { items[0].w = twice(c_weights[0]); }
    """)
    assert unit.constants["WIDTH"] == 128 and unit.constants["kWarps"] == 8 and unit.constants["kLanes"] == 32
    assert (unit.constants["RED"], unit.constants["GREEN"], unit.constants["BLUE"]) == (0, 5, 6)
    # __align__(16) rounds the 24 bytes of fields up to 32, as sizeof does
    assert unit.structs["Item"].size == 32 and unit.structs["Item"].align == 16
    assert unit.structs["Item"].fields["w"] == (16, 8)
    assert unit.structs["Packed"].size == 8 and unit.structs["Packed"].fields["i"] == (4, 4)
    assert unit.constant_arrays["c_weights"].base == "float"
    assert "twice" in unit.device_functions
    params = {p.name: p.type for p in unit.kernel("k").params}
    assert params["items"].element_size == 32


def test_pointer_members_template_parameters_and_written_type_arguments(unit_of, tmp_path):
    header = tmp_path / "params.h"
    header.write_text("template <typename T, typename I>\nstruct Info { T *data; I *strides; int dims; };\n"
                      "template <typename T>\n__global__ void k(float *o,\n"
                      "    const Info<Pair<T, 2>, long>\n    info, Plain p) { o[0] = info.dims; }\n")
    unit = unit_of(f"""
        struct Plain {{ float *a; float *rows[2]; int n; }};
        #include "{header}"
        void go(float *o, Info<float, long> i, Plain p) {{ k<float><<<1, 32>>>(o, i, p); }}
    """, path=str(tmp_path / "main.cu"))
    assert unit.structs["Plain"].template_params == () and set(unit.structs["Plain"].pointers) == {"a"}
    assert unit.structs["Plain"].pointers["a"].element_size == 4
    assert unit.structs["Info"].template_params == ("T", "I") and unit.structs["Info"].pointers["data"].base == "T"
    info = {p.name: p for p in unit.kernel("k").params}["info"]
    assert info.range.path == str(header) and info.type_arguments == ("Pair<T, 2>", "long")
    assert {p.name: p.type_arguments for p in unit.kernel("k").params}["p"] == ()


def test_declared_alignment_belongs_to_its_own_struct_only(unit_of):
    unit = unit_of("""
        struct alignas(8) Pair { float a, b; };
        struct Plain { float a, b; };
        struct __align__(16) Quad { float x; };
        __global__ void k(Pair* p, Plain* q, Quad* r) { p[0].a = q[0].a + r[0].x; }
    """)
    assert (unit.structs["Pair"].size, unit.structs["Pair"].align) == (8, 8)
    assert (unit.structs["Plain"].size, unit.structs["Plain"].align) == (8, 4)
    assert (unit.structs["Quad"].size, unit.structs["Quad"].align) == (16, 16)


def test_unparsable_kernel_is_kl001_and_others_survive(unit_of):
    unit = unit_of("""\
        __global__ void good(float* a) { a[0] = 1; }
        __global__ void bad(float* a) { new (a) float(1.0f); }
    """)
    assert [k.name for k in unit.kernels] == ["good"]
    (problem,) = unit.problems
    assert problem.code == "KL001" and problem.kernel == "bad"
    assert "kernel 'bad' was not analysed" in problem.message and "other kernels" in problem.message
    assert problem.range.line == 2


def test_missing_project_include_is_kl002(unit_of, tmp_path):
    unit = unit_of('#include "project/config.h"\n#include <vector>\n__global__ void k() {}\n',
                   path=str(tmp_path / "k.cu"))
    (problem,) = unit.problems
    assert problem.code == "KL002" and "project/config.h" in problem.message and "-I" in problem.message
    assert problem.range.line == 1


def test_a_header_kernel_this_file_launches_is_analysed_with_its_launch(unit_of, tmp_path):
    # SGEMM_CUDA: kernels/*.cuh define templates that only runner.cu launches, with their arguments
    (tmp_path / "kernels.cuh").write_text(
        "template <int BM>\n__global__ void tiled(float* a) { a[threadIdx.x * BM] = 0; }\n"
        "__global__ void unused(float* a) { a[0] = 0; }\n")
    unit = unit_of('#include "kernels.cuh"\n__global__ void own(float* a) { a[0] = 1; }\n'
                   "void run(float* a) { tiled<64><<<1, dim3(32, 4)>>>(a); own<<<1, 32>>>(a); }\n",
                   path=str(tmp_path / "runner.cu"))
    assert sorted((k.name, k.range.path.rsplit("/", 1)[-1], k.range.line) for k in unit.kernels) == [
        ("own", "runner.cu", 2), ("tiled", "kernels.cuh", 2)]
    [site] = unit.launches_of(unit.kernel("tiled"))
    assert site.block.x == 32 and site.instantiation == (("BM", "64"),)


def test_project_header_found_through_include_dirs(unit_of, tmp_path):
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "config.h").write_text("#define BLOCK 128\nstruct Pair { int a; int b; };\n")
    unit = unit_of('#include "config.h"\n__global__ void k(Pair* p) { __shared__ int s[BLOCK]; }\n',
                   path=str(tmp_path / "k.cu"), include_dirs=(str(tmp_path / "inc"),))
    assert not unit.problems
    kernel = unit.kernel("k")
    assert kernel.shared_arrays[0].dims == (128,) and kernel.params[0].type.element_size == 8


@pytest.mark.parametrize("text", [
    "", "\x00\x01binary", "}}}{{{", "__global__ void k(", "#if\n#endif\n#include\n#define\n",
    "#define A B\n#define B A\nint x = A;\n", "__global__ void k() { " + "(" * 5000 + " }",
    "template <typename T> __global__ void k(T t) { k<<<1, 1>>>(t); }",
])
def test_bad_input_never_raises(unit_of, text):
    unit = unit_of(text)
    assert all(p.code in ("KL000", "KL001", "KL002") for p in unit.problems)


def test_binary_file_is_kl000(unit_of):
    unit = unit_of("\x00\x01\x02")
    assert [p.code for p in unit.problems] == ["KL000"] and "binary" in unit.problems[0].message


def test_an_unclosed_bracket_outside_any_kernel_body_is_kl000(unit_of):
    unit = unit_of("__global__ void k( {\n", path="broken.cu")
    (problem,) = unit.problems
    assert problem.code == "KL000" and (problem.range.line, problem.range.column) == (1, 18)
    assert problem.message == (
        "broken.cu could not be parsed: the '(' at line 1, column 18 is never closed, so the code after it was "
        "not checked (the parser stopped at line 1, column 20, near '{'). Check the brackets there.")


def test_text_that_is_not_c_is_kl000(unit_of):
    # Not prose that starts with two words: pycparser 2 and 3 stop at different places in that.
    unit = unit_of("> this is not C ]]]\n", path="notes.cu")
    (problem,) = unit.problems
    assert problem.code == "KL000" and (problem.range.line, problem.range.column) == (1, 17)
    assert problem.message == (
        "notes.cu could not be parsed: the ']' at line 1, column 17 closes no open bracket (the parser stopped "
        "at line 1, column 1, near '>'). Check the brackets there.")


def test_an_unclosed_kernel_body_is_one_kl000_not_a_kl001(unit_of):
    unit = unit_of("""\
        __global__ void first(float* a) { a[threadIdx.x] = 1;
        __global__ void second(float* a) { a[threadIdx.x] = 2; }
    """)
    assert [(p.code, p.range.line, p.range.column) for p in unit.problems] == [("KL000", 1, 33)]
    assert unit.kernels == []


def test_a_broken_declaration_between_kernels_is_kl000_and_the_kernel_before_it_is_kept(unit_of):
    unit = unit_of("""\
        __global__ void good(float* a) { a[threadIdx.x] = 1; }
        int table[4] = {1, 2;
        __global__ void lost(float* a) { a[threadIdx.x] = 2; }
    """)
    assert [(p.code, p.range.line, p.range.column) for p in unit.problems] == [("KL000", 2, 16)]
    assert [k.name for k in unit.kernels] == ["good"]


@pytest.mark.parametrize("text", [
    'const char* src = R"(\n__global__ void k(float* a) { a[0] = 1; }\n)";\nint main() { return 0; }\n',
    "template <typename T> using Ptr = typename Traits<T>::pointer;\nstruct S { int a; };\n",
    "MY_NAMESPACE_BEGIN\nnamespace detail { template <int N> struct Tag {}; }\nMY_NAMESPACE_END\n",
])
def test_valid_cpp_the_front_end_does_not_lower_is_not_kl000(unit_of, text):
    assert [p.code for p in unit_of(text).problems if p.code == "KL000"] == []


def test_a_crlf_file_parses_like_an_lf_one(unit_of):
    source = ("#define HALO \\\r\n  1\r\n"
              "__global__ void k(int iteration,\r\n                  float* a) {\r\n"
              "  a[threadIdx.x] = HALO * iteration;\r\n}\r\n")
    unit = unit_of(source)
    assert not unit.problems and [k.name for k in unit.kernels] == ["k"]
    assert unit.kernels[0].range.line == 3


def test_a_namespace_alias_inside_a_kernel_is_skipped(unit_of):
    unit = unit_of("""
        #include <cooperative_groups.h>
        __global__ void k(float* a) {
          namespace cg = cooperative_groups;
          cg::thread_block block = cg::this_thread_block();
          a[block.thread_rank()] = 0.0f;
        }
    """)
    assert not unit.problems and [k.name for k in unit.kernels] == ["k"]


def test_a_braced_temporary_of_a_template_type_is_a_value(unit_of):
    # HeCBench attention (held-out): cg::reduce(warp, sum, cg::plus<float>{})
    unit = unit_of("""
        #include <cooperative_groups.h>
        __global__ void k(float* a) {
          namespace cg = cooperative_groups;
          auto warp = cg::tiled_partition<32>(cg::this_thread_block());
          float s = cg::reduce(warp, a[threadIdx.x], cg::plus<float>{});
          if (warp.thread_rank() == 0) a[blockIdx.x] = s;
        }
    """)
    assert not unit.problems and [k.name for k in unit.kernels] == ["k"]


def test_an_operator_assignment_overload_does_not_swallow_the_kernels_after_it(unit_of):
    # cuda-samples helper_math.h: `inline __host__ __device__ void operator+=(float2 &a, float2 b) {...}`
    unit = unit_of("""
        struct float2_ { float x, y; };
        inline __host__ __device__ void operator+=(float2_ &a, float2_ b) { a.x += b.x; a.y += b.y; }
        __global__ void k(float* a) { a[threadIdx.x] = 0; }
    """)
    assert [k.name for k in unit.kernels] == ["k"] and not unit.problems


def test_a_kernel_no_item_begins_with_is_reported_not_dropped():
    from kernel_lint.frontend import FrontendOptions, build_unit

    source = "int before = 1\n__global__ void k(float* a) { a[0] = 0; }\n"  # a missing `;` merges them
    unit = build_unit("k.cu", source, FrontendOptions())
    assert [(p.code, p.kernel, p.range.line) for p in unit.problems] == [("KL001", "k", 2)]
    assert "could not tell where the declaration before it ends" in unit.problems[0].message
    bounded = source.replace("void k(", "void __launch_bounds__(128) k(")
    assert [(p.code, p.kernel) for p in build_unit("k.cu", bounded, FrontendOptions()).problems] == [("KL001", "k")]


def test_kernel_text_in_a_string_or_an_explicit_instantiation_is_not_a_swallowed_kernel(unit_of):
    # biglone/cuda-tutorial prints example kernels; Wodlfvllf's layernorm instantiates its template explicitly
    # before a host function, whose name the old scan took for the kernel's
    unit = unit_of("""\
        template <int BLOCK>
        __global__ void norm(float* a) { a[threadIdx.x] *= BLOCK; }
        template __global__ void norm<128>(float*);
        void launch_norm(float* a) { norm<128><<<1, 128>>>(a); }
        void usage() { printf("   __global__ void kernel(int *data, int n) {\\n"); }
    """)
    assert unit.problems == [] and [k.name for k in unit.kernels] == ["norm"]


def test_shared_arrays_of_called_helpers_belong_to_the_kernel(unit_of):
    unit = unit_of("""\
        __device__ float sum_block(float v);
        __global__ void k(const float* in, float* out) {
          __shared__ float own[64];
          own[threadIdx.x] = in[threadIdx.x];
          out[blockIdx.x] = sum_block(own[threadIdx.x]);
        }
        __device__ float warp_part(float v) {
          static __shared__ float partial[32];
          partial[threadIdx.x / 32] = v;
          return partial[0];
        }
        __device__ float sum_block(float v) {
          __shared__ float own[8];
          return warp_part(v) + own[0];
        }
        __device__ float unused(float v) { __shared__ float never[16]; return never[0]; }
    """)
    kernel = unit.kernel("k")
    assert kernel.helpers == ("sum_block", "warp_part")
    # the kernel's own `own` wins over the helper's array of the same name
    assert [(a.name, a.dims, a.range.line) for a in kernel.shared_arrays] == [("own", (64,), 3), ("partial", (32,), 8)]


def test_a_helper_templates_value_arguments_size_its_arrays_and_are_recorded(unit_of):
    unit = unit_of("""\
        template <int block_size, typename size_type>
        __device__ void mul(float* C, size_type w) {
          __shared__ float As[block_size][block_size + 1];
          As[threadIdx.y][threadIdx.x] = C[w];
        }
        template <int HALF>
        __device__ void half_step(float* C) { mul<HALF * 2, int>(C, 0); }
        __global__ void k8(float* C) { mul<8, size_t>(C, 1); }
        template <int N>
        __global__ void kn(float* C) { half_step<N / 2>(C); }
        void run(float* c) { kn<32><<<1, dim3(32, 32)>>>(c); }
    """)
    assert unit.kernel("k8").shared_arrays[0].dims == (8, 9)
    assert unit.kernel("kn").helpers == ("half_step", "mul")
    assert unit.kernel("kn").shared_arrays[0].dims == (32, 33)  # N = 32 -> HALF = 16 -> block_size = 32
    assert sorted(unit.template_call_arguments.values()) == [
        (("HALF", "N / 2"),), (("block_size", "8"),), (("block_size", "HALF * 2"),)]


def test_a_helper_template_with_an_argument_it_cannot_evaluate_leaves_its_sizes_unknown(unit_of):
    unit = unit_of("""\
        template <int B>
        __device__ void stage(float* a) { __shared__ float s[B]; s[threadIdx.x] = a[0]; }
        template <typename T>
        __global__ void k(float* a) { stage<sizeof(T) * 32>(a); }
    """)
    assert unit.kernel("k").shared_arrays[0].dims == (None,)


def test_a_kernel_whose_launch_bounds_come_before_global_is_not_reported_as_swallowed(unit_of):
    unit = unit_of("""\
        template <int N>
        __launch_bounds__(N, 2) __global__
            void k(float* a) { a[threadIdx.x] = 0; }
        void run(float* a) { k<128><<<1, 128>>>(a); }
    """)
    assert unit.problems == [] and instantiations(unit, "k") == ({"N": "128"},)


def test_a_template_kernel_with_launch_bounds_after_its_return_type_is_launched(unit_of):
    # SGEMM_CUDA's sgemmAutotuned: `__global__ void __launch_bounds__(N) name(...)`, launched with
    # arguments that are the host's constants, not names the kernel's template declares
    unit = unit_of("""\
        const int THREADS = 256;
        template <const int BM, const int TM>
        __global__ void __launch_bounds__(THREADS)
            tuned(float* a) { a[threadIdx.x * TM] = 0; }
        void run(float* a) {
          const unsigned K9_BM = 64, K9_TM = 4;
          tuned<K9_BM, K9_TM>
              <<<1, THREADS>>>(a);
        }
    """)
    assert unit.problems == [] and [site.kernel for site in unit.launch_sites] == ["tuned"]
    assert instantiations(unit, "tuned") == ({"BM": "64", "TM": "4"},)  # both host constants of one statement
    assert unit.kernel("tuned").launch_bounds.max_threads_per_block == 256


def test_a_header_kernel_launched_from_the_header_is_analysed_in_the_file_that_includes_it(unit_of, tmp_path):
    # HeCBench log2 and fma: kernel.h defines the kernel and the host function that launches it, which
    # main.cu calls; a run names main.cu, not the header
    (tmp_path / "kernel.h").write_text(
        "__global__ void compute(float* a) { a[threadIdx.x] = 0; }\n"
        "__global__ void never(float* a) { a[0] = 0; }\n"
        "void launch(float* a) { compute<<<4, 128>>>(a); }\n")
    unit = unit_of('#include "kernel.h"\nint main() { launch(0); }\n', path=str(tmp_path / "main.cu"))
    assert [(k.name, k.range.path.rsplit("/", 1)[-1]) for k in unit.kernels] == [("compute", "kernel.h")]
    [site] = unit.launches_of(unit.kernel("compute"))
    assert site.block.x == 128


def test_an_explicit_specialization_runs_the_launches_with_its_arguments(unit_of):
    # HeCBench fma: `template <> __global__ void implicit_fma_kernel<float>(...)` beside the primary
    unit = unit_of("template <typename T>\n__global__ void scale(const T *in, T *out) { out[0] = in[0]; }\n"
                   "template <>\n__global__ void scale<float>(const float *in, float *out) { out[1] = in[1]; }\n"
                   "void run(float *a, double *b) { scale<float><<<8, 128>>>(a, a); scale<double><<<8, 64>>>(b, b); }\n")
    primary, special = unit.kernels
    assert (primary.template_params, primary.instantiation, primary.specialization) == (("T",), {"T": "double"}, ())
    assert (special.template_params, special.instantiation, special.specialization) == ((), {}, ("float",))
    assert [s.block.x for s in unit.launches_of(primary)] == [64]
    assert [s.block.x for s in unit.launches_of(special)] == [128]
    assert unit.kernel("scale", ("float",)) is special and unit.kernel("scale", ("double",)) is primary


def test_a_host_templates_local_that_depends_on_its_type_is_evaluated_per_call(unit_of):
    # HeCBench tsa: `const int BLOCK_Y = sizeof(T) == 8 ? 32 : 96;` inside `template <typename T> void tsa()`,
    # whose launch passes BLOCK_Y on, called as tsa<float>() and tsa<double>()
    unit = unit_of("template <typename T, int BY> __global__ void k(T *a) { a[threadIdx.x * BY] = 0; }\n"
                   "template <typename T> void tsa(T *a) {\n"
                   "  const int BLOCK_Y = sizeof(T) == 8 ? 32 : 96;\n"
                   "  k<T, BLOCK_Y><<<1, 64>>>(a);\n}\n"
                   "void run(float *f, double *d) { tsa<float>(f); tsa<double>(d); }\n")
    assert instantiations(unit, "k") == ({"T": "float", "BY": "96"}, {"T": "double", "BY": "32"})
    # one launch configuration, so one site, with the first chain's arguments; the second model has no
    # launch of its own and runs with that one's block
    [site] = unit.launch_sites
    assert site.instantiation == (("T", "float"), ("BY", "96"))
    assert [unit.launches_of(kernel) for kernel in unit.kernels] == [[site], [site]]


def test_a_template_is_modelled_once_per_instantiation_it_is_launched_with(unit_of):
    unit = unit_of("""
        template <int BLOCK> __global__ void k(float* a) { __shared__ float s[BLOCK]; s[threadIdx.x] = a[threadIdx.x]; }
        void run(float* a) { k<256><<<1, 256>>>(a); k<64><<<1, 64>>>(a); k<256><<<2, 256>>>(a); }
    """)
    models = unit.kernels
    assert [(k.instantiation, k.template_values, k.shared_arrays[0].size_bytes) for k in models] == [
        ({"BLOCK": "256"}, {"BLOCK": 256}, 1024), ({"BLOCK": "64"}, {"BLOCK": 64}, 256)]
    assert models[0].body is models[1].body and unit.definitions() == [models]
    # each launch runs the model of its arguments
    assert [len(unit.launches_of(k)) for k in models] == [2, 1]
    assert [unit.kernel_launched_at(site) for site in unit.launch_sites] == [models[0], models[1], models[0]]
    assert unit.kernel("k", ("64",)) is models[1] and unit.kernel("k") is models[0]


def test_an_instantiation_no_launch_names_in_full_runs_the_launch_that_agrees_with_it_most(unit_of):
    # HeCBench nlll: one launch in a host template called for float and half at each block size keeps
    # the float call's arguments; the half models take the block of the call with their size
    unit = unit_of("""
        template <typename T, int N> __global__ void k(T* a) { a[threadIdx.x] = N; }
        template <typename T, int N> void run(T* a) { k<T, N><<<4, N>>>(a); }
        void go(float* f, double* d) { run<float, 64>(f); run<float, 128>(f); run<double, 64>(d); run<double, 128>(d); }
    """)
    assert [(k.instantiation["T"], [site.block.x for site in unit.launches_of(k)]) for k in unit.kernels] == [
        ("float", [64]), ("float", [128]), ("double", [64]), ("double", [128])]


def test_past_eight_instantiations_a_cover_of_the_argument_values_is_modelled_and_the_rest_named(unit_of):
    # HeCBench scan: four types at five sizes
    unit = unit_of("""
        template <typename T, int N> __global__ void scan(T* a) { __shared__ T s[N]; s[threadIdx.x] = a[0]; }
        template <int N> void run(void* a) {
          scan<char, N><<<4, N / 2>>>((char*)a); scan<short, N><<<4, N / 2>>>((short*)a);
          scan<int, N><<<4, N / 2>>>((int*)a); scan<long, N><<<4, N / 2>>>((long*)a);
        }
        void go(void* a) { run<128>(a); run<256>(a); run<512>(a); run<1024>(a); run<2048>(a); }
    """)
    modelled = instantiations(unit, "scan")
    assert len(modelled) == 8
    assert {m["T"] for m in modelled} == {"char", "short", "int", "long"}
    assert {m["N"] for m in modelled} == {"128", "256", "512", "1024", "2048"}
    [problem] = unit.problems
    assert problem.code == "KL003" and problem.kernel == "scan"
    assert problem.message.startswith("scan is launched with 20 sets of template arguments: the 8 that hold every "
                                      "argument value at least once were checked, not ")
    assert problem.message.endswith(" and 9 more")


def test_template_parameters_no_call_gives_are_named_once_as_unknown(unit_of):
    # krulis-martin's k-means: the launching host template is never called with its type parameters, so every
    # set reads `F = F`, which said nothing; the sizes that differ are the ones worth listing
    unit = unit_of("""
        template <typename F, int N> __global__ void k(F* a) { a[threadIdx.x] = N; }
        template <typename F, int N> void run(F* a) { k<F, N><<<4, N>>>(a); }
        template <typename F> void go(F* a) {
          run<F, 32>(a); run<F, 64>(a); run<F, 96>(a); run<F, 128>(a); run<F, 160>(a);
          run<F, 192>(a); run<F, 224>(a); run<F, 256>(a); run<F, 288>(a); run<F, 320>(a);
        }
    """)
    [problem] = unit.problems
    assert problem.message.endswith("were checked, not N = 288; N = 320 (F unknown in every one)")


def test_members_that_are_named_structs_are_recorded_with_their_type(unit_of):
    unit = unit_of("""
        typedef struct ComplexArray { double *real; double *imag; } ComplexArray;
        struct Twice { ComplexArray a; struct ComplexArray b; ComplexArray rows[2]; struct { int x; } anonymous; int n; };
        __global__ void k(struct Twice t) { t.a.real[0] = t.n; }
    """)
    assert unit.structs["Twice"].nested == {"a": "ComplexArray", "b": "ComplexArray"}
    assert unit.structs["Twice"].fields["b"] == (16, 16) and unit.structs["ComplexArray"].nested == {}
