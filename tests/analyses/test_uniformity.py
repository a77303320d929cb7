"""Uniformity levels, per-thread tables, barrier controls and shared-memory races on small kernels."""
from __future__ import annotations

from typing import Dict, Tuple

import pytest
from pycparser import c_ast

from kernel_lint.analyses.uniformity import (
    Arithmetic,
    Level,
    ThreadLayout,
    UniformityResult,
    Value,
    analyse_kernel,
    constant,
    join,
)
from kernel_lint.frontend import FrontendOptions, build_unit


def analyse_source(source: str, shape=(256, 1, 1)) -> Tuple[UniformityResult, object]:
    unit = build_unit("k.cu", source, FrontendOptions())
    assert unit.kernels, unit.problems
    return analyse_kernel(unit, unit.kernels[0], shape), unit


def levels_by_line(result: UniformityResult, unit) -> Dict[int, Tuple[str, bool]]:
    return {
        unit.span(node).line: (result.conditions[key].level.name, result.conditions[key].data)
        for key, node in result.condition_nodes.items()
    }


LEVELS = """
__global__ void k(const float *a, float *out, int n)
{
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = i / 32;
    int lane = i & 31;
    if (n > 4) out[0] = 1.0f;
    if (blockIdx.x == 0) out[1] = 1.0f;
    if (warp == 3) out[2] = 1.0f;
    if (t < 32) out[3] = 1.0f;
    if (lane < 16) out[4] = 1.0f;
    if (a[i] > 0.0f) out[5] = 1.0f;
    if (a[blockIdx.x] > 0.0f) out[6] = 1.0f;
    if ((threadIdx.x >> 5) == 2) out[7] = 1.0f;
}
"""


def test_levels_of_thread_index_arithmetic():
    result, unit = analyse_source(LEVELS)
    assert levels_by_line(result, unit) == {
        8: ("GRID", False),
        9: ("BLOCK", False),
        10: ("WARP", False),  # global warp index: blockIdx.x * 256 is a multiple of 32
        11: ("WARP", False),
        12: ("LANE", False),
        13: ("LANE", True),  # loaded at a lane-varying address
        14: ("BLOCK", False),  # loaded at a block-uniform address
        15: ("WARP", False),
    }


def test_threadidx_over_32_is_lane_varying_when_blockdim_x_is_not_a_multiple_of_32():
    source = "__global__ void k(float *o) { if (threadIdx.x / 32 == 0) o[0] = 1.0f; }"
    wide, unit = analyse_source(source, (64, 1, 1))
    narrow, _ = analyse_source(source, (16, 16, 1))
    assert list(levels_by_line(wide, unit).values()) == [("WARP", False)]
    assert list(levels_by_line(narrow, unit).values()) == [("BLOCK", False)]  # 16 threads per row: always 0


def test_a_local_copy_of_a_builtin_index_keeps_its_levels():
    # `dim3 t = threadIdx;` was a grid-uniform local, so `if (t.x < 16) __syncthreads();` passed unreported
    source = """
    __global__ void k(float *o) {
        dim3 t = threadIdx;
        auto b = blockIdx;
        if (t.x < 16) o[0] = 1.0f;
        if (t.x / 32 == 1) o[1] = 1.0f;
        if (b.x == 2) o[2] = 1.0f;
        t = blockIdx;
        if (t.x == 3) o[3] = 1.0f;
        if (threadIdx.y == 0) o[4] = 1.0f;
    }"""
    result, unit = analyse_source(source, (64, 1, 1))
    assert levels_by_line(result, unit) == {
        5: ("LANE", False), 6: ("WARP", False), 7: ("BLOCK", False), 9: ("BLOCK", False), 10: ("BLOCK", False)}


def test_a_struct_locals_fields_are_followed_until_it_is_assigned_whole():
    source = """
    struct Ctx { int t; int n; };
    __global__ void k(float *o, int n) {
        Ctx c, d;
        c.t = threadIdx.x; c.n = n; d.t = 3;
        if (c.t / 32 == 1) o[0] = 1.0f;
        if (c.n == 2) o[1] = 1.0f;
        c = d;
        if (c.t == 3) o[2] = 1.0f;
    }"""
    result, unit = analyse_source(source, (64, 1, 1))
    assert levels_by_line(result, unit) == {6: ("WARP", False), 7: ("GRID", False), 9: ("GRID", False)}


def test_threadidx_y_is_warp_uniform_only_with_a_warp_wide_x():
    source = "__global__ void k(float *o) { if (threadIdx.y == 1) o[0] = 1.0f; }"
    wide, unit = analyse_source(source, (32, 8, 1))
    narrow, _ = analyse_source(source, (16, 16, 1))
    assert list(levels_by_line(wide, unit).values()) == [("WARP", False)]
    assert list(levels_by_line(narrow, unit).values()) == [("LANE", False)]


LOOPS = """
__global__ void k(const float *a, float *out, int n)
{
    int count = 0;
    int acc = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        count++;
    for (int j = 0; j < n; j++)
        acc = acc + j;
    if (count > 2) out[0] = 1.0f;
    if (acc > 2) out[1] = 1.0f;
    int flag = 0;
    if (threadIdx.x == 5)
        flag = 1;
    if (flag) out[2] = 1.0f;
}
"""


def test_loop_fixpoint_and_control_dependence():
    result, unit = analyse_source(LOOPS)
    levels = levels_by_line(result, unit)
    assert levels[6] == ("LANE", False)  # grid-stride loop test
    assert levels[8] == ("GRID", False)
    assert levels[10] == ("LANE", False)  # counted under a lane-varying trip count
    assert levels[11] == ("GRID", False)
    assert levels[15] == ("LANE", False)  # assigned under a lane-varying condition


def test_shuffles_and_votes():
    source = """
__global__ void k(const float *a, float *out)
{
    float v = a[threadIdx.x];
    float first = __shfl_sync(0xffffffff, v, 0);
    unsigned mask = __ballot_sync(0xffffffff, v > 0.0f);
    float down = __shfl_down_sync(0xffffffff, v, 1);
    if (first > 0.0f) out[0] = 1.0f;
    if (mask != 0) out[1] = 1.0f;
    if (down > 0.0f) out[2] = 1.0f;
}
"""
    result, unit = analyse_source(source)
    assert levels_by_line(result, unit) == {8: ("WARP", False), 9: ("WARP", False), 10: ("LANE", True)}


def test_unrolled_loop_records_one_sample_per_iteration():
    source = """
__global__ void k(float *s_out)
{
    __shared__ float s[256];
    for (int stride = 1; stride < blockDim.x; stride *= 2) {
        if (threadIdx.x % (2 * stride) == 0)
            s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
}
"""
    result, unit = analyse_source(source)
    branch = next(n for n in result.condition_nodes.values() if isinstance(n, c_ast.If))
    samples = result.samples[id(branch)]
    assert [bindings for bindings, _, _ in samples] == [(("stride", 1 << k),) for k in range(8)]
    taken = [sum(1 for v in value.per_thread() if v) for _, value, _ in samples]
    assert taken == [128, 64, 32, 16, 8, 4, 2, 1]
    assert result.races == {}


RUNTIME_BOUNDED_SORT = """
__global__ void k(float *data, int n)
{
    __shared__ float s[1024];
    int tid = threadIdx.x;
    for (int k = 2; k <= n; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int partner = tid ^ j;
            if (partner > tid) s[tid] = s[partner];
            __syncthreads();
        }
    }
    for (int i = tid; i < n; i += 2) {
        if (i % 2) data[i] = 0.0f;
    }
}
"""


def test_a_runtime_bounded_loop_records_its_first_iterations_branches_apart():
    # walked as a loop, k and j are unknown after the first round and `partner > tid` cannot be counted
    # there; the first round is the loop's first iteration (k = 2, so j = 1), which runs whenever the loop does
    result, unit = analyse_source(RUNTIME_BOUNDED_SORT)
    branches = [n for n in result.condition_nodes.values() if isinstance(n, c_ast.If)]
    sort_branch, tail_branch = sorted(branches, key=lambda n: unit.span(n).line)
    assert any(value.per_thread() is None for _, value, _ in result.samples[id(sort_branch)])
    [(bindings, value, _)] = result.first_trip_samples[id(sort_branch)]
    assert bindings == (("k", 2), ("j", 1))
    assert value.per_thread()[:4] == (1, 0, 1, 0)
    # a counter that starts from threadIdx.x has no value to name, the lanes of its first iteration are known
    [(bindings, value, _)] = result.first_trip_samples[id(tail_branch)]
    assert bindings == () and value.per_thread()[:4] == (0, 1, 0, 1)


def test_branches_outside_loops_walked_as_loops_have_no_first_iteration_samples():
    result, _ = analyse_source(LEVELS)
    assert result.samples and result.first_trip_samples == {}


def test_barrier_controls():
    source = """
__device__ void stage(float *s, int i, int n)
{
    if (i >= n) return;
    __syncthreads();
}
__global__ void k(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x < 3) __syncthreads();
    if (threadIdx.x < 64) __syncthreads();
    stage(out, i, n);
    if (i >= n) return;
    __syncthreads();
}
"""
    result, unit = analyse_source(source)
    sites = sorted((unit.span(s.call).line, s.control.level.name, s.after_exit) for s in result.barriers.values())
    # threads that return from the kernel have exited, and a barrier waits only for the others; a return
    # from a device function leaves the thread running in its caller
    assert sites == [(10, "BLOCK", False), (11, "WARP", False), (12, "LANE", True), (14, "GRID", False)]


def test_races_need_another_threads_element_and_no_barrier():
    source = """
__global__ void k(float *out)
{
    __shared__ float s[512];
    int t = threadIdx.x;
    s[t] = 1.0f;
    out[t] = s[t];
    out[t] += s[t + 32];
    __syncthreads();
    out[t] += s[t + 1];
}
"""
    result, unit = analyse_source(source)
    races = [(unit.span(r.write.node).line, unit.span(r.read.node).line, r.writer, r.reader) for r in result.races.values()]
    assert races == [(6, 8, 32, 0)]


def test_syncwarp_orders_only_its_own_warp():
    source = """
__global__ void k(float *out)
{
    __shared__ float s[512];
    int t = threadIdx.x;
    s[t] = 1.0f;
    __syncwarp();
    out[t] = s[t ^ 1];
    out[t] += s[t + 32];
}
"""
    result, unit = analyse_source(source)
    races = [(unit.span(r.read.node).line, r.warp_synced) for r in result.races.values()]
    assert races == [(9, True)]


def test_a_block_uniform_flag_of_unknown_value_keeps_the_lanes_the_inner_condition_selects():
    # threadFenceReduction's last block: under `if (amLast)` (a flag in shared memory) a warp-synced tree
    # reads only inside its own warp, as it does outside the flag
    source = """
__global__ void k(float *out)
{
    __shared__ bool amLast;
    __shared__ float s[256];
    int t = threadIdx.x;
    if (t == 0) amLast = out[0] > 0.0f;
    __syncthreads();
    if (amLast) {
        s[t] = out[t];
        __syncwarp();
        if ((t & 31) < 16) out[t] = s[t + 16];
        if (t < 16) out[t] += s[t + 32];
    }
}
"""
    result, unit = analyse_source(source)
    races = [(unit.span(r.read.node).line, r.writer, r.reader) for r in result.races.values()]
    assert races == [(13, 32, 0)]  # not the warp-local read at line 12


def test_a_helper_templates_value_arguments_are_constants_inside_it():
    source = """
template <int W>
__device__ void mark(float *out) { if (threadIdx.x % W == 0) out[threadIdx.x] = 1.0f; }
__global__ void k(float *out)
{
    mark<4>(out);
}
"""
    result, unit = analyse_source(source, (64, 1, 1))
    (condition,) = [result.conditions[key] for key, node in result.condition_nodes.items() if isinstance(node, c_ast.If)]
    assert condition.per_thread()[:5] == (1, 0, 0, 0, 1)



def test_mul24_min_and_max_keep_the_per_thread_table():
    source = """
__global__ void k(float *out)
{
    int row = __mul24(threadIdx.y, 8) + threadIdx.x;
    if (row < 16) out[row] = 1.0f;
    if (min(threadIdx.x, 3) == max(threadIdx.x, 3)) out[0] = 2.0f;
}
"""
    result, unit = analyse_source(source, (8, 4, 1))
    first, second = [result.conditions[key].per_thread() for key, node in result.condition_nodes.items()
                     if isinstance(node, c_ast.If)]
    assert first == (1,) * 16 + (0,) * 16
    assert second == ((0, 0, 0, 1, 0, 0, 0, 0) * 4)

def test_join_keeps_tables_only_when_equal():
    layout = ThreadLayout((64, 1, 1))
    math = Arithmetic(layout)
    tx = math.tabled(layout.components(0))
    assert join(tx, tx) == tx
    assert join(constant(4), constant(8)).align == 4
    assert join(tx, constant(1)).table is None and join(tx, constant(1)).level == Level.LANE


@pytest.mark.parametrize(
    "op, expected_level",
    [("/", Level.WARP), ("%", Level.LANE), (">>", Level.WARP), ("&", Level.LANE)],
)
def test_division_by_the_warp_size_is_warp_uniform(op, expected_level):
    layout = ThreadLayout((128, 1, 1))
    math = Arithmetic(layout)
    global_index = math.binary("+", math.tabled(layout.components(0)), Value(Level.BLOCK, align=128, ulevel=Level.BLOCK))
    operand = constant(5) if op == ">>" else constant(31) if op == "&" else constant(32)
    assert math.binary(op, global_index, operand).level == expected_level


def test_an_unaligned_offset_makes_division_lane_varying():
    layout = ThreadLayout((128, 1, 1))
    math = Arithmetic(layout)
    shifted = math.binary("+", math.tabled(layout.components(0)), Value(Level.GRID))  # + n, unknown n
    assert math.binary("/", shifted, constant(32)).level == Level.LANE


def test_per_thread_division_truncates_like_c_and_fails_on_a_zero_divisor():
    layout = ThreadLayout((4, 1, 1))
    math = Arithmetic(layout)
    tx = math.tabled(layout.components(0))  # 0, 1, 2, 3
    centred = math.binary("-", math.binary("*", tx, constant(3)), constant(5))  # -5, -2, 1, 4
    divisor = math.binary("+", tx, constant(1))  # 1, 2, 3, 4
    assert math._exact_per_thread(math.binary("/", centred, divisor)) == (-5, -1, 0, 1)
    assert math._exact_per_thread(math.binary("%", centred, divisor)) == (0, 0, 1, 0)
    assert math._exact_per_thread(math.binary("<", centred, divisor)) == (1, 1, 1, 0)
    assert math.binary("/", divisor, tx).table is None  # thread 0 divides by zero


def test_switch_while_do_and_break_are_walked():
    source = """
__global__ void k(const int *a, float *out, int n)
{
    int t = threadIdx.x;
    int steps = 0;
    switch (blockIdx.x) {
    case 0: steps = 1; break;
    default: steps = 2;
    }
    while (steps < n) {
        if (a[t] > 3) break;
        steps++;
    }
    do { n--; } while (n > t);
    if (steps > 4) __syncthreads();
    if (n > 0) out[t] = 1.0f;
}
"""
    result, unit = analyse_source(source)
    levels = levels_by_line(result, unit)
    assert levels[6] == ("BLOCK", False)  # switch (blockIdx.x)
    assert levels[10] == ("BLOCK", False)  # threads still looping agree on steps
    assert levels[11] == ("LANE", True)
    assert levels[14] == ("LANE", False)  # do-while on t
    assert levels[15] == ("LANE", True)  # steps after a data-dependent break
    assert levels[16] == ("LANE", False)  # n after a lane-dependent trip count
    barrier = next(iter(result.barriers.values()))
    assert (barrier.control.level, barrier.control.data) == (Level.LANE, True)


def test_device_functions_are_followed_with_their_arguments():
    source = """
__device__ int lane_of(int i) { return i % 32; }
__device__ int half(int i) { return i / 2; }
__global__ void k(float *out)
{
    if (lane_of(threadIdx.x) < 8) out[0] = 1.0f;
    if (half(blockIdx.x) == 1) out[1] = 1.0f;
}
"""
    result, unit = analyse_source(source)
    assert levels_by_line(result, unit) == {6: ("LANE", False), 7: ("BLOCK", False)}



def test_sizeof_a_type_is_a_constant():
    source = """
typedef long fr_t;
__global__ void k(float *out)
{
    const unsigned int z = 256 / sizeof(fr_t);
    if (threadIdx.x < z) out[threadIdx.x] = 1.0f;
}
"""
    result, _ = analyse_source(source, (64, 1, 1))
    (condition,) = result.conditions.values()
    assert condition.per_thread() == (1,) * 32 + (0,) * 32


WARP_TAIL = """
__device__ void warp_reduce(volatile float *s, int tid)
{
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
}
__global__ void k(float *out)
{
    __shared__ float sdata[256];
    int tid = threadIdx.x;
    sdata[tid] = out[tid];
    __syncthreads();
    if (tid < 32) CALL;
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
"""


def race_lines(source: str):
    result, unit = analyse_source(source)
    return sorted((unit.span(r.write.node).line, unit.span(r.read.node).line, r.writer, r.reader, r.one_warp)
                  for r in result.races.values() if r.write_first)


@pytest.mark.parametrize("call", ["warp_reduce(sdata, tid)", "warp_reduce(sdata + 0, tid)",
                                  "warp_reduce(&sdata[0], tid)"])
def test_a_helper_pointer_into_a_shared_array_races_as_the_array_does(call):
    # learn-cuda-from-scratch reduce_v4: compute-sanitizer's racecheck reported 4,128 hazards on the H100
    assert race_lines(WARP_TAIL.replace("CALL", call)) == [(4, 5, 16, 0, True)]


@pytest.mark.parametrize("offset, races", [("1", [(9, 2, 1, 0, True)]), ("32", [])])
def test_a_pointer_to_a_later_element_offsets_the_index(offset, races):
    # `s` starts at sdata[offset]: s[tid] is what lane tid + 1 wrote, or an element no lane wrote
    source = f"""
__device__ float at(volatile float *s, int tid) {{ return s[tid]; }}
__global__ void k(float *out)
{{
    __shared__ float sdata[256];
    int tid = threadIdx.x;
    sdata[tid] = out[tid];
    __syncthreads();
    if (tid < 32) sdata[tid] = 0.0f;
    if (tid < 32) out[tid] = at(sdata + {offset}, tid);
}}
"""
    assert race_lines(source) == races


def test_a_local_pointer_into_a_shared_array_races_as_the_array_does():
    source = WARP_TAIL.replace("if (tid < 32) CALL;", "volatile float *v = sdata;\n    if (tid < 32) { v[tid] += v[tid + 16]; v[tid] += v[tid + 8]; }")
    assert [line[:2] + line[4:] for line in race_lines(source)] == [(14, 14, True)]


def test_another_overloads_parameter_is_not_followed():
    # a call with more arguments than the helper's parameters is to another overload (cuda-samples
    # dct8x8's CUDAshortInplaceDCT(short *, int) and (unsigned int *))
    assert race_lines(WARP_TAIL.replace("CALL", "warp_reduce(sdata, tid, 1)")) == []


def test_a_pointer_cast_to_the_same_element_size_races_as_the_array_does():
    cast = race_lines(WARP_TAIL.replace("CALL", "warp_reduce((volatile float *)sdata, tid)"))
    assert cast == race_lines(WARP_TAIL.replace("CALL", "warp_reduce(sdata, tid)")) != []


CARVED = """
__global__ void k(float *out, int n)
{
    extern __shared__ char smem[];
    float *partial = (float *)(smem + OFFSET);
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) partial[warp] = out[threadIdx.x];
    __syncthreads();
    float v = partial[lane];
    if (lane == 0) partial[warp] = v * 2.0f;
}
"""


@pytest.mark.parametrize("offset", ["n * sizeof(float)", "64"])
def test_arrays_carved_from_a_char_buffer_race_element_for_element(offset):
    # held-out batch 47's ggml flash_attn_f32: `float* warp_data = (float*)(work_data + seq_len * sizeof(float))`;
    # racecheck: lanes read warp_data[lane] while lane 0 of another warp writes warp_data[warp]
    result, unit = analyse_source(CARVED.replace("OFFSET", offset))
    assert [(unit.span(r.read.node).line, unit.span(r.write.node).line, r.reader, r.writer, r.write_first)
            for r in result.races.values()] == [(9, 10, 1, 32, False)]


def test_threads_of_different_warps_make_a_race_that_a_block_barrier_fixes():
    source = WARP_TAIL.replace("if (tid < 32) CALL;", "if (tid < 64) warp_reduce(sdata, tid);")
    assert race_lines(source) == [(4, 5, 16, 0, False)]


def test_a_thread_group_parameter_given_the_block_synchronises_it():
    # cuda-samples simpleCooperativeGroups' sumReduction(thread_group g, int *x, int val): g.sync() with the
    # thread_block is a block barrier
    source = """
__device__ int sum(thread_group g, int *x, int val)
{
    int lane = g.thread_rank();
    for (int i = g.size() / 2; i > 0; i /= 2) {
        x[lane] = val;
        g.sync();
        if (lane < i) val += x[lane + i];
        g.sync();
    }
    return val;
}
__global__ void k(int *out)
{
    __shared__ int workspace[64];
    thread_block block = this_thread_block();
    out[threadIdx.x] = sum(block, workspace, out[threadIdx.x]);
}
"""
    result, _ = analyse_source(source, (64, 1, 1))
    assert result.races == {}
