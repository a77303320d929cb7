from __future__ import annotations

from kernel_lint.sourcetext import line_starts, source_line, source_lines

TEXT = "int a;\r\n\x0cint b; /* a form feed is not a line break in C */\nint c;"


def test_lines_break_at_newline_only():
    assert source_lines(TEXT) == ["int a;", "\x0cint b; /* a form feed is not a line break in C */", "int c;"]
    assert source_line(TEXT, 3) == "int c;"
    assert source_line(TEXT, 0) is None and source_line(TEXT, 4) is None


def test_line_starts():
    starts = line_starts(TEXT)
    assert [TEXT[s : s + 5] for s in starts] == ["int a", "\x0cint ", "int c"]
    assert line_starts("a\n") == [0, 2]
