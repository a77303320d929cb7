"""Cooperative-groups handles: a tile's size from its initialiser, and what a group's queries give."""
from __future__ import annotations

from pycparser import c_parser

from kernel_lint.analyses.groups import group_query, group_threads, passed_groups, tile_size


def _decls(body: str):
    ast = c_parser.CParser().parse("typedef int thread_block; typedef int thread_block_tile;\n"
                                   f"void f(void) {{ {body} }}")
    return ast.ext[-1].body.block_items


def test_a_tiled_partition_with_a_constant_size_is_a_group_of_that_many_threads():
    block, tile, dynamic, other = _decls("thread_block b = this_thread_block(); thread_block_tile t = tiled_partition(b, 16);"
                                         " thread_block_tile d = tiled_partition(b, n); int x = f(b, 16);")
    assert group_threads(block, 256) == 256 and group_threads(tile, 256) == 16
    assert tile_size(tile.init) == 16
    assert group_threads(dynamic, 256) is None and group_threads(other, 256) is None


def test_queries_give_constants_or_one_value_per_thread():
    assert group_query("size", 16, 64) == 16 and group_query("num_threads", 64, 64) == 64
    assert group_query("thread_rank", 16, 64) == tuple(t % 16 for t in range(64))
    assert group_query("meta_group_rank", 32, 64) == (0,) * 32 + (1,) * 32
    assert group_query("meta_group_size", 32, 128) == 4
    assert group_query("shfl_down", 32, 64) is None


def test_a_group_passed_to_a_helper_keeps_its_size_there():
    [call] = _decls("f(tile, n, b);")
    assert passed_groups(["g", "n", "h"], call.args.exprs, {"tile": 16, "b": 64}) == {"g": 16, "h": 64}
