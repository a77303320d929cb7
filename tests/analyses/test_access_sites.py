"""Access sites per block shape and how they are described."""
from __future__ import annotations

import gc

from kernel_lint.analyses import lanes as lanes_module
from kernel_lint.analyses.access_sites import access_sites, lane_step, neighbouring_accesses, static_shared_bytes, \
    step_text
from kernel_lint.analyses.lanes import evaluations
from kernel_lint.engine import check_unit
from kernel_lint.frontend import FrontendOptions, build_unit
from kernel_lint.gpus import resolve_gpus
from kernel_lint.settings import Settings

SOURCE = """
__global__ void k(const float* a, float* b, int n) {
    __shared__ float t[16][17];
    t[threadIdx.y][threadIdx.x] = a[threadIdx.y * n + threadIdx.x];
    b[threadIdx.x * n] = t[threadIdx.x][threadIdx.y];
}
void run(const float* a, float* b, int n) { k<<<1, dim3(16, 16)>>>(a, b, n); k<<<1, dim3(32, 8)>>>(a, b, n); }
"""


def sites(space: str):
    unit = build_unit("sites.cu", SOURCE, FrontendOptions())
    return unit, access_sites(unit, [unit.kernel("k")], Settings(), space)


def test_sites_are_grouped_per_access_with_one_entry_per_shape():
    _, found = sites("global")
    assert [[s.shape.dims for s in group] for group in found] == [[(16, 16, 1), (32, 8, 1)]] * 2
    assert [group[0].first.kind for group in found] == ["load", "store"]


def test_lane_step_names_the_changing_index_and_the_symbolic_step():
    _, found = sites("global")
    store = found[1][0]
    axis, steps = lane_step(store.first, store.shape)
    assert axis == "threadIdx.x" and step_text(steps, 4) == "n elements"
    assert step_text([((), 12)], 8) == "12 bytes" and step_text([((), 4)], 4) == "1 element"


def test_lane_step_past_the_first_index_gives_the_pitch_of_the_rows_a_warp_holds():
    _, found = sites("global")
    load = found[0][0]  # a[threadIdx.y * n + threadIdx.x] in 16x16 blocks: two rows per warp
    assert step_text(lane_step(load.first, load.shape)[1], 4) == "1 element"
    axis, steps = lane_step(load.first, load.shape, skip=1)
    assert axis == "threadIdx.y" and step_text(steps, 4) == "n elements"
    wide = found[0][1]  # 32x8 blocks: a warp is one row, so there is no next row in it
    assert lane_step(wide.first, wide.shape, skip=1) is None


def test_static_shared_bytes_sums_fixed_arrays():
    unit, found = sites("shared")
    assert static_shared_bytes(unit.kernel("k")) == 16 * 17 * 4
    assert len(found) == 2


def test_one_lane_walk_per_kernel_and_shape_serves_both_memory_rule_families(monkeypatch):
    walked = []
    real = lanes_module.evaluate_kernel

    def counted(unit, kernel, shape):
        walked.append((kernel.name, shape))
        return real(unit, kernel, shape)

    monkeypatch.setattr(lanes_module, "evaluate_kernel", counted)
    unit = build_unit("sites.cu", SOURCE, FrontendOptions())
    check_unit(unit, Settings(), resolve_gpus(("h100", "a100-80gb")))
    assert sorted(walked) == [("k", (16, 16, 1)), ("k", (32, 8, 1))]


def test_the_lane_walks_of_a_file_are_dropped_with_its_kernels():
    unit = build_unit("sites.cu", SOURCE, FrontendOptions())
    kernel = unit.kernel("k")
    assert evaluations(unit, kernel, (16, 16, 1)) is evaluations(unit, kernel, (16, 16, 1))
    key = id(kernel)
    del unit, kernel
    gc.collect()
    assert key not in lanes_module._EVALUATIONS


def test_neighbouring_accesses_pair_one_statement_or_the_next_on_the_same_array_and_kind():
    source = """
__global__ void k(const float* in, float* out) {
    __shared__ float s[512];
    __shared__ float w[512];
    int t = threadIdx.x;
    s[2 * t] = in[t];
    s[2 * t + 1] = in[t + 1];
    w[t] = in[t];
    __syncthreads();
    out[t] = w[2 * t] + w[2 * t + 1] + s[t];
    if (t < 4) { s[t] = 0.0f; }
    s[t + 256] = 1.0f;
}
void run(const float* i, float* o) { k<<<1, 256>>>(i, o); }
"""
    unit = build_unit("pairs.cu", source, FrontendOptions())
    kernel = unit.kernel("k")
    groups = access_sites(unit, [kernel], Settings(), "shared")
    lines = [(unit.span(g[0].first.node).line, g[0].first.kind) for g in groups]
    pairs = {(lines[i], lines[j]) for i, j in neighbouring_accesses(kernel, groups)}
    # the stores of lines 6-7 and the loads of line 10; not w's store beside s's, not s's load of line 10 beside
    # w's, not the store inside the branch's block beside the one after the branch
    assert pairs == {((6, "store"), (7, "store")), ((10, "load"), (10, "load"))}
