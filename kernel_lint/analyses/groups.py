"""Cooperative-groups handles both per-thread walks read: a thread_block and its tiled partitions.

A group's size and each thread's rank in it are known per thread once the block shape is: a
`thread_block_tile<32>` made by `tiled_partition<32>(block)` (the front end writes it
`tiled_partition(block, 32)`) ranks thread t of the block as t % 32, and its meta-group rank is t / 32.
"""
from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence, Tuple, Union

from pycparser import c_ast

from kernel_lint.frontend.cexpr import int_literal

# a group query's answer: a constant, or one value per thread of the block in linear order
Answer = Union[int, Tuple[int, ...]]


def tile_size(init: Optional[c_ast.Node]) -> Optional[int]:
    """N for an initialiser `tiled_partition(g, N)` with a constant N (a tile of N threads)."""
    if not (isinstance(init, c_ast.FuncCall) and isinstance(init.name, c_ast.ID)
            and init.name.name == "tiled_partition" and init.args is not None and len(init.args.exprs) == 2):
        return None
    size = init.args.exprs[1]
    value = int_literal(size.value) if isinstance(size, c_ast.Constant) else None
    return value if value and value > 0 else None


def group_threads(decl: c_ast.Decl, block_threads: int) -> Optional[int]:
    """The threads in the group a declaration holds: the block for `thread_block b = this_thread_block()`,
    N for `tiled_partition(g, N)`; None for anything else."""
    if _type_name(decl.type) == "thread_block" or (
            isinstance(decl.init, c_ast.FuncCall) and isinstance(decl.init.name, c_ast.ID)
            and decl.init.name.name == "this_thread_block"):
        return block_threads
    return tile_size(decl.init)


def _type_name(node: Optional[c_ast.Node]) -> Optional[str]:
    while isinstance(node, c_ast.TypeDecl):
        node = node.type
    return node.names[-1] if isinstance(node, c_ast.IdentifierType) and node.names else None


def group_query(method: str, group_threads: int, block_threads: int) -> Optional[Answer]:
    """What `group.method()` gives, for a group of `group_threads` threads in a block of
    `block_threads`; None for a method this model does not know."""
    if method in ("size", "num_threads"):
        return group_threads
    if method == "thread_rank":
        return tuple(t % group_threads for t in range(block_threads))
    if method == "meta_group_rank":
        return tuple(t // group_threads for t in range(block_threads))
    if method == "meta_group_size":
        return max(1, block_threads // group_threads)
    return None


def passed_groups(params: Sequence[str], args: Sequence[c_ast.Node], groups: Mapping[str, int]) -> Dict[str, int]:
    """The callee's parameters that receive a group of known size (`sumReduction(tile16, ...)` binds
    `thread_group g` to a 16-thread tile)."""
    return {param: groups[arg.name] for param, arg in zip(params, args)
            if isinstance(arg, c_ast.ID) and arg.name in groups}
