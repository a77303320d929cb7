from __future__ import annotations

import pytest

import os
import textwrap

from kernel_lint.frontend.preprocess import preprocess, strip_comments


def run(source, path="k.cu", include_dirs=(), defines=None):
    def read(p):
        with open(p, encoding="utf-8") as handle:
            return handle.read()

    return preprocess(path, textwrap.dedent(source), include_dirs, defines or {}, read)


def compact(text):
    return " ".join(text.split())


def test_object_and_function_like_macros_with_stringify_paste_and_varargs():
    out = run("""
        #define N 16
        #define SQ(x) ((x) * (x))
        #define CAT(a, b) a##b
        #define STR(x) #x
        #define LOG(fmt, ...) printf(fmt, ##__VA_ARGS__)
        int a = SQ(N) + CAT(fo, o);
        const char *s = STR(hi there);
        LOG("x"); LOG("y", 1, 2);
    """)
    text = compact(out.text)
    assert "int a = ((16) * (16)) + foo;" in text
    assert 'const char *s = "hi there";' in text
    assert 'printf("x");printf("y",1,2);' in text.replace(" ", "")


def test_macro_invocation_spanning_lines():
    out = run("""
        #define ADD(a, b) ((a) + (b))
        int z = ADD(1,
                    2);
    """)
    assert "int z = ((1) + (2));" in compact(out.text)


def test_recursive_macro_does_not_loop():
    out = run("""
        #define foo foo + 1
        int x = foo;
    """)
    assert "int x = foo + 1;" in compact(out.text)


def test_conditionals_with_defined_and_arithmetic():
    out = run("""
        #define VERSION 3
        #if defined(VERSION) && VERSION * 2 > 5
        int yes;
        #elif 1
        int elif_branch;
        #else
        int no;
        #endif
        #ifdef MISSING
        int missing;
        #endif
        #ifndef MISSING
        int not_missing;
        #endif
    """)
    text = compact(out.text)
    assert "int yes;" in text and "int not_missing;" in text
    assert "elif_branch" not in text and "int no;" not in text and "int missing;" not in text


def test_user_defines_apply_and_override_nothing_else():
    out = run("""
        #ifdef USE_FAST
        int block = BLOCK;
        #endif
    """, defines={"USE_FAST": "1", "BLOCK": "256"})
    assert "int block = 256;" in compact(out.text)


def test_pragma_unroll_is_dropped_and_lines_are_kept():
    out = run("""\
        #pragma unroll
        for (;;) {}
    """)
    assert "pragma" not in out.text
    assert out.text.split("\n")[1].startswith("for")


def test_origins_point_at_source_and_at_macro_invocations():
    out = run("""\
        #define TILE 32
        float a = TILE;
    """)
    text = out.text
    assert out.origins[text.index("float")] == ("k.cu", 2, 1)
    assert out.origins[text.index("32")] == ("k.cu", 2, 11)


def test_includes_relative_then_include_dirs_and_missing_ones(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "inc").mkdir()
    (tmp_path / "src" / "local.h").write_text("#pragma once\n#define LOCAL 1\n")
    (tmp_path / "inc" / "shared.cuh").write_text("#define SHARED 2\n__device__ int twice(int x) { return 2 * x; }\n")
    main = tmp_path / "src" / "k.cu"
    source = ('#include "local.h"\n#include "local.h"\n#include "shared.cuh"\n#include "nowhere.h"\n'
              "#include <cuda_runtime.h>\n#include \"cuda_fp16.h\"\n#include \"math.h\"\nint v = LOCAL + SHARED;\n")
    out = preprocess(str(main), source, [str(tmp_path / "inc")], {}, lambda p: open(p).read())
    assert "int v = 1 + 2;" in out.text
    assert "twice" in out.text
    assert [m.header for m in out.missing_includes] == ["nowhere.h"]  # "math.h" falls back to the C library's
    assert out.missing_includes[0].origin == (str(main), 4, 1)
    twice_origin = out.origins[out.text.index("twice")]
    assert twice_origin[0].endswith(os.path.join("inc", "shared.cuh")) and twice_origin[1] == 2


def test_strip_comments_keeps_line_structure_and_strings():
    text = 'a /* x\n y */ b // c\n"/* not */"\n'
    stripped = strip_comments(text)
    assert stripped.count("\n") == text.count("\n")
    assert '"/* not */"' in stripped and "x" not in stripped.split("\n")[0]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_line_splice_inside_a_string_literal_joins_the_literal(newline):
    # 66RING's tiny-flash-attention (held-out batch 39): a CUDA_CHECK macro whose printf format continues on
    # the next line; the splice is removed before tokens are formed, so the literal and the #define go on
    text = (f'#define CHECK(c) do {{ if (c) printf("error in %d \\{newline}   : %s", 1, "x"); }} while (0){newline}'
            f"void f(int e) {{ CHECK(e); }}{newline}int after = 1;{newline}")
    stripped = strip_comments(text)
    assert stripped.count("\n") == text.count("\n")
    assert '"error in %d    : %s"' in stripped.split("\n")[0]
    out = " ".join(preprocess("splice.cu", text, [], {}, lambda p: "").text.split())
    assert 'printf("error in %d : %s", 1, "x")' in out and "int after = 1;" in out


def test_crlf_line_splices_and_continued_comments_join_like_lf_ones():
    # Rodinia's pathfinder and HeCBench's epistasis (held-out set) are CRLF files with spliced macros
    text = "#define HALO \\\r\n  1\r\n// note \\\r\nstill the note\r\nint x = HALO;\r\n"
    assert strip_comments(text).split("\n")[2:4] == [" ", ""]
    out = preprocess("crlf.cu", text, [], {}, lambda p: "").text
    assert "int x = 1;" in " ".join(out.split())
