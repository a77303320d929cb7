"""Integer evaluation of C constant expressions given as token texts (for #if and launch configs)."""
from __future__ import annotations

import math
import re
from typing import Callable, Dict, List, Optional, Sequence, Tuple

_INT = re.compile(r"^(0[xX][0-9a-fA-F']+|0[bB][01']+|\d[\d']*)([uUlLzZ]*)$")
_FLOAT = re.compile(r"^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFlL]?$")
_BINARY_PRECEDENCE = {
    "||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
    "<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}
_TYPE_WORDS = {"int", "unsigned", "signed", "long", "short", "size_t", "char", "uint", "int64_t", "uint64_t",
               "int32_t", "uint32_t", "float", "double", "const", "dim3"}
_FLOATING_WORDS = frozenset(("float", "double"))
_ROUNDING = {"ceil": math.ceil, "ceilf": math.ceil, "floor": math.floor, "floorf": math.floor}
Lookup = Callable[[str], Optional[int]]


class _Undefined(Exception):
    """The expression depends on something that is not a known integer."""


def int_literal(text: str) -> Optional[int]:
    m = _INT.match(text)
    if m:
        digits = m.group(1).replace("'", "")
        if digits.startswith(("0x", "0X")):
            return int(digits, 16)
        if digits.startswith(("0b", "0B")):
            return int(digits[2:], 2)
        if len(digits) > 1 and digits.startswith("0"):
            return int(digits, 8)
        return int(digits)
    if len(text) >= 3 and text[0] == "'" and text[-1] == "'":
        body = text[1:-1]
        return ord(body[-1]) if not body.startswith("\\") else {"n": 10, "t": 9, "0": 0}.get(body[1:2], 0)
    return None


class _Parser:
    def __init__(self, toks: List[str], lookup: Lookup):
        self.toks = toks
        self.i = 0
        self.lookup = lookup

    def peek(self) -> str:
        return self.toks[self.i] if self.i < len(self.toks) else ""

    def take(self) -> str:
        t = self.peek()
        self.i += 1
        return t

    def expression(self, min_prec: int = 0) -> float:
        left = self.unary()
        while True:
            op = self.peek()
            if op == "?" and min_prec == 0:
                self.take()
                then = self.expression()
                if self.take() != ":":
                    raise _Undefined(op)
                other = self.expression()
                left = then if left else other
                continue
            prec = _BINARY_PRECEDENCE.get(op)
            if prec is None or prec <= min_prec - 1 or prec < min_prec:
                return left
            self.take()
            right = self.expression(prec + 1)
            left = _apply(op, left, right)

    def unary(self) -> float:
        t = self.take()
        if t == "(":
            if self.peek() in _TYPE_WORDS:  # a cast: skip the type, keep the value
                words = []
                while self.peek() not in (")", ""):
                    words.append(self.take())
                self.take()
                value = self.unary()
                return float(value) if _FLOATING_WORDS & set(words) else int(value)
            value = self.expression()
            if self.take() != ")":
                raise _Undefined("(")
            return value
        if t == "-":
            return -self.unary()
        if t == "+":
            return self.unary()
        if t == "!":
            return int(not self.unary())
        if t == "~":
            return ~int(self.unary())
        value = int_literal(t)
        if value is not None:
            return value
        if _FLOAT.match(t):
            return float(t.rstrip("fFlL"))
        if t in ("true", "false"):
            return int(t == "true")
        if t and (t[0].isalpha() or t[0] == "_"):
            return self.identifier(t)
        raise _Undefined(t)

    def identifier(self, name: str) -> float:
        if name == "sizeof":
            return self.size_of()
        if self.peek() == "(" and name in ("min", "max", "std::min", "std::max"):
            self.take()
            a = self.expression()
            if self.take() != ",":
                raise _Undefined(name)
            b = self.expression()
            self.take()
            return min(a, b) if name.endswith("min") else max(a, b)
        if self.peek() == "(" and name in _ROUNDING:
            self.take()
            inner = self.expression()
            if self.take() != ")":
                raise _Undefined(name)
            return _ROUNDING[name](inner)
        value = self.lookup(name)
        if value is None:
            raise _Undefined(name)
        return value


    def size_of(self) -> int:
        from kernel_lint.frontend.prelude import TYPE_SIZES

        if self.take() != "(":
            raise _Undefined("sizeof")
        words = []
        while self.peek() not in (")", ""):
            words.append(self.take())
        self.take()
        name = " ".join(w for w in words if w not in ("const", "volatile", "struct"))
        if name.endswith("*"):
            return 8
        if name in TYPE_SIZES:
            return TYPE_SIZES[name][0]
        value = self.lookup("sizeof(%s)" % name)
        if value is None:
            raise _Undefined(name)
        return value


def _apply(op: str, a: float, b: float) -> float:
    if op in ("/", "%"):
        if b == 0:
            raise _Undefined(op)
        if isinstance(a, float) or isinstance(b, float):
            if op == "/":
                return a / b
            raise _Undefined(op)
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)  # C truncates toward zero
        return q if op == "/" else a - q * b
    table = {
        "+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
        "<<": lambda: int(a) << int(b), ">>": lambda: int(a) >> int(b),
        "&": lambda: int(a) & int(b), "|": lambda: int(a) | int(b), "^": lambda: int(a) ^ int(b),
        "&&": lambda: int(bool(a) and bool(b)), "||": lambda: int(bool(a) or bool(b)),
        "==": lambda: int(a == b), "!=": lambda: int(a != b), "<": lambda: int(a < b),
        ">": lambda: int(a > b), "<=": lambda: int(a <= b), ">=": lambda: int(a >= b),
    }
    if op in ("<<",) and b > 64:
        raise _Undefined(op)
    return table[op]()


def evaluate_tokens(toks: List[str], lookup: Lookup = lambda name: 0) -> Optional[int]:
    """The integer value of a constant expression, or None when it is not one.

    `lookup` gives identifiers their values; the default (0 for every name) is what #if wants.
    """
    if not toks:
        return None
    parser = _Parser(toks, lookup)
    try:
        value = parser.expression()
    except (_Undefined, RecursionError, OverflowError, ValueError):
        return None
    if parser.i != len(toks) or isinstance(value, float):
        return None  # a floating-point result is not an integer constant
    return int(value)


_EXPR_TOKEN = re.compile(r"0[xX][0-9a-fA-F']+[uUlL]*|0[bB][01']+[uUlL]*|\d+\.?\d*(?:[eE][+-]?\d+)?[fFuUlL]*|\.\d+(?:[eE][+-]?\d+)?[fF]?"
                         r"|[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*(?:\.[xyz]\b)?|<<|>>|<=|>=|==|!=|&&|\|\||'(?:\\.|[^'])'|\S")


def evaluate_text(text: str, lookup: Lookup) -> Optional[int]:
    return evaluate_tokens(_EXPR_TOKEN.findall(text), lookup)


def evaluate_arguments(arguments: Sequence[Tuple[str, str]], lookup: Lookup) -> Dict[str, int]:
    """The (parameter, argument text) pairs of a template instantiation whose arguments evaluate to
    integers, given the caller's constants: `reduceBlock<blockSize / 2>` in a caller that knows blockSize."""
    values = {param: evaluate_text(text, lookup) for param, text in arguments}
    return {param: value for param, value in values.items() if value is not None}
