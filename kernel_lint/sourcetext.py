"""Lines and offsets of a source text, counted the way the front end counts them.

Only "\\n" ends a line (str.splitlines would also break at form feeds and other separators
that C allows inside a line, and every finding's line number would drift after one).
"""
from __future__ import annotations

from typing import List, Optional


def source_lines(text: str) -> List[str]:
    """The lines of `text` without their line ending ("\\r\\n" files included)."""
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]


def source_line(text: str, line: int) -> Optional[str]:
    lines = source_lines(text)
    return lines[line - 1] if 0 < line <= len(lines) else None


def line_starts(text: str) -> List[int]:
    """Offset of the first character of each line; one more entry than there are "\\n"."""
    starts = [0]
    position = text.find("\n")
    while position >= 0:
        starts.append(position + 1)
        position = text.find("\n", position + 1)
    return starts
