"""What kernel-lint must report on transpose.cu at each tile size: the naive column store
(KL102) and the column read of the unpadded tile (KL201). One padding word makes the tile
conflict-free only at TILE = 32, where a warp is one tile row: at 16 and 8 a warp spans 2 and
4 rows, and with rows TILE + 1 words long two of them still meet in a bank (2-way)."""
from __future__ import annotations

from pathlib import Path

import pytest

SOURCE = Path(__file__).with_name("transpose.cu")
NAIVE_STORE = "out[x * n + y] = in[y * n + x];"
TILE_STORE = "tile[threadIdx.y][threadIdx.x] = in[y * n + x];"
TILE_READ = "out[y * n + x] = tile[threadIdx.x][threadIdx.y];"

# tile -> (sectors of the naive store, conflict degree of the unpadded read, of the padded accesses)
PHYSICS = {32: (32.0, 32.0, None), 16: (16.0, 8.0, 2.0), 8: (8.0, 2.0, 2.0)}


def expected_findings(tile: int):
    padded_degree = PHYSICS[tile][2]
    padded = [("KL201", "transpose_padded", TILE_STORE), ("KL201", "transpose_padded", TILE_READ)]
    return [("KL102", "transpose_naive", NAIVE_STORE), ("KL201", "transpose_shared", TILE_READ)] + (
        padded if padded_degree else [])


@pytest.mark.parametrize("tile", sorted(PHYSICS))
def test_transpose_findings_at_each_tile_size(lint_file, tile):
    run = lint_file(SOURCE, defines={"TILE": tile})
    assert run.found() == run.expected(expected_findings(tile)), run.describe()


@pytest.mark.parametrize("tile", sorted(PHYSICS))
def test_transpose_costs_at_each_tile_size(lint_file, tile):
    sectors, shared_degree, padded_degree = PHYSICS[tile]
    run = lint_file(SOURCE, defines={"TILE": tile})
    assert run.details("KL102", "transpose_naive", NAIVE_STORE, "sectors") == [sectors]
    assert run.details("KL201", "transpose_shared", TILE_READ, "worst_degree") == [shared_degree]
    if padded_degree:
        for snippet in (TILE_STORE, TILE_READ):
            assert run.details("KL201", "transpose_padded", snippet, "worst_degree") == [padded_degree]
