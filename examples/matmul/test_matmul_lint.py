"""What kernel-lint must report on matmul.cu: the row-on-x steps are strided (KL102) and the
row-on-x tiles conflict in shared memory (KL201); from the coalescing step on, nothing."""
from __future__ import annotations

from pathlib import Path

SOURCE = Path(__file__).with_name("matmul.cu")
A_TILE_LOAD = "a_tile[tx][ty] = a[i * n + k0 + ty];"
B_TILE_LOAD = "b_tile[tx][ty] = b[(k0 + tx) * n + j];"
TILE_PRODUCT = "sum += a_tile[tx][k] * b_tile[k][ty];"
C_STORE = "c[i * n + j] = sum;"

EXPECTED = (
    # Lanes of a 16 x 16 block walk rows n floats apart: A's load and C's store (B[k][j] is a broadcast).
    ("KL102", "matmul_naive", "sum += a[i * n + k] * b[k * n + j];"),
    ("KL102", "matmul_naive", C_STORE),
    ("KL102", "matmul_tiled", A_TILE_LOAD),
    ("KL102", "matmul_tiled", B_TILE_LOAD),
    ("KL102", "matmul_tiled", C_STORE),
    # tile[tx][...]: lanes 16 words apart, 8 of them per bank.
    ("KL201", "matmul_tiled", A_TILE_LOAD),
    ("KL201", "matmul_tiled", B_TILE_LOAD),
    ("KL201", "matmul_tiled", TILE_PRODUCT),
)


def test_matmul_findings_are_the_slow_steps_physics(lint_file):
    run = lint_file(SOURCE)
    assert run.found() == run.expected(EXPECTED), run.describe()


def test_row_on_x_accesses_touch_one_sector_per_row(lint_file):
    # A warp of a 16 x 16 block spans 16 rows: 16 sectors where 4 would carry its 128 bytes.
    run = lint_file(SOURCE)
    assert run.details("KL102", "matmul_naive", C_STORE, "sectors") == [16.0]
    assert run.details("KL102", "matmul_tiled", A_TILE_LOAD, "sectors") == [16.0]


def test_row_on_x_tiles_are_eight_way_conflicts(lint_file):
    run = lint_file(SOURCE)
    for snippet in (A_TILE_LOAD, B_TILE_LOAD, TILE_PRODUCT):
        assert run.details("KL201", "matmul_tiled", snippet, "worst_degree") == [8.0], snippet
