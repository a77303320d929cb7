"""Loop shapes both per-lane walks recognise: locals a loop body scales by a constant."""
from __future__ import annotations

from typing import Callable, Dict, Optional, Tuple

from pycparser import c_ast

from kernel_lint.frontend.cexpr import int_literal

LOOP_MULTIPLY: Dict[str, Callable[[int, int], int]] = {
    "*=": lambda v, s: v * s, "<<=": lambda v, s: v << s, "/=": lambda v, s: v // s, ">>=": lambda v, s: v >> s}


def scaled_locals(body: Optional[c_ast.Node]) -> Dict[str, Tuple[str, int]]:
    """Locals that a loop body changes only by scaling them with a constant, once (`offset *= 2`,
    `stride <<= 1`, `offset >>= 1`): name -> (op, step)."""
    scaled: Dict[str, Tuple[str, int]] = {}
    changed: Dict[str, int] = {}

    class Visitor(c_ast.NodeVisitor):
        def visit_Assignment(self, node: c_ast.Assignment) -> None:
            if isinstance(node.lvalue, c_ast.ID):
                name = node.lvalue.name
                changed[name] = changed.get(name, 0) + 1
                step = int_literal(node.rvalue.value) if isinstance(node.rvalue, c_ast.Constant) else None
                if node.op in LOOP_MULTIPLY and step is not None \
                        and step >= (1 if node.op in ("<<=", ">>=") else 2):
                    scaled[name] = (node.op, step)
            self.generic_visit(node)

        def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
            if node.op in ("++", "--", "p++", "p--") and isinstance(node.expr, c_ast.ID):
                changed[node.expr.name] = changed.get(node.expr.name, 0) + 2  # never a scaling
            self.generic_visit(node)

    if body is not None:
        Visitor().visit(body)
    return {name: how for name, how in scaled.items() if changed[name] == 1}
