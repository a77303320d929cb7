"""The unified-diff parser and `git diff` runner behind --diff / --diff-base."""
from __future__ import annotations

import io
import shutil
import subprocess

import pytest

from kernel_lint.diffs import DiffError, git_diff_against, parse_unified_diff, read_diff_file, repository_root

GIT_DIFF = """\
diff --git a/src/scale.cu b/src/scale.cu
index 1111111..2222222 100644
--- a/src/scale.cu
+++ b/src/scale.cu
@@ -3,0 +4,2 @@ __global__ void scale(float *a)
+    int tid = threadIdx.x;
+    a[tid * 32] *= 2.0f;
@@ -10 +12 @@ void launch()
-    scale<<<1, 32>>>(a);
+    scale<<<1, 31>>>(a);
@@ -20,2 +21,0 @@
-    // gone
-    // gone too
diff --git a/old.cu b/old.cu
deleted file mode 100644
--- a/old.cu
+++ /dev/null
@@ -1 +0,0 @@
-__global__ void old() {}
diff --git a/new file.cuh b/new file.cuh
new file mode 100644
--- /dev/null
+++ b/new file.cuh
@@ -0,0 +1,2 @@
+#pragma once
+__device__ int lane();
"""


def test_added_lines_per_file_with_zero_context():
    changes = parse_unified_diff(GIT_DIFF)
    assert dict(changes.files) == {"src/scale.cu": frozenset({4, 5, 12}), "new file.cuh": frozenset({1, 2})}


def test_context_lines_advance_the_new_side_but_are_not_changes():
    diff = "--- a/k.cu\n+++ b/k.cu\n@@ -1,4 +1,5 @@\n a\n-b\n+B\n+B2\n c\n d\n"
    assert parse_unified_diff(diff).lines_of("k.cu") == frozenset({2, 3})


def test_removed_lines_that_look_like_headers_stay_inside_their_hunk():
    diff = "--- a/k.cu\n+++ b/k.cu\n@@ -1,2 +1,2 @@\n--- not a header\n+++ also not a header\n x\n"
    changes = parse_unified_diff(diff)
    assert dict(changes.files) == {"k.cu": frozenset({1})}


def test_no_newline_marker_is_ignored():
    diff = "--- a/k.cu\n+++ b/k.cu\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n"
    assert parse_unified_diff(diff).lines_of("k.cu") == frozenset({1})


def test_plain_diff_u_headers_with_timestamps_and_git_quoted_paths():
    plain = "--- k.cu\t2024-01-01 00:00:00\n+++ k.cu\t2024-01-02 00:00:00\n@@ -1 +1 @@\n-x\n+y\n"
    quoted = '--- "a/caf\\303\\251.cu"\n+++ "b/caf\\303\\251.cu"\n@@ -0,0 +1 @@\n+z\n'
    assert parse_unified_diff(plain).contains("k.cu", 1)
    assert parse_unified_diff(quoted).contains("café.cu", 1)


def test_empty_or_garbage_text_changes_nothing():
    assert dict(parse_unified_diff("").files) == {}
    assert dict(parse_unified_diff("hello\nworld\n").files) == {}


def test_read_diff_file_from_path_and_stdin(tmp_path, monkeypatch):
    path = tmp_path / "pr.diff"
    path.write_text(GIT_DIFF, encoding="utf-8")
    assert read_diff_file(str(path)).contains("src/scale.cu", 12)
    monkeypatch.setattr("sys.stdin", io.StringIO(GIT_DIFF))
    assert read_diff_file("-").contains("new file.cuh", 2)


def test_missing_diff_file_is_a_clear_error_naming_the_option(tmp_path):
    missing = tmp_path / "missing.diff"
    with pytest.raises(DiffError) as error:
        read_diff_file(str(missing))
    assert str(error.value) == f"cannot read diff file (--diff-file {missing}): No such file or directory"


def test_an_option_looking_base_is_refused():
    with pytest.raises(DiffError, match="invalid --diff-base"):
        git_diff_against("--output=/tmp/x")


needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(repo, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args], cwd=repo, check=True,
                   capture_output=True)


@needs_git
def test_git_diff_against_a_base_lists_the_branch_changes(tmp_path):
    (tmp_path / "k.cu").write_text("a\nb\nc\n", encoding="utf-8")
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "add", "k.cu")
    _git(tmp_path, "commit", "-q", "-m", "base")
    _git(tmp_path, "checkout", "-q", "-b", "topic")
    (tmp_path / "k.cu").write_text("a\nB\nc\nd\n", encoding="utf-8")
    _git(tmp_path, "commit", "-q", "-am", "change")
    changes = git_diff_against("main", str(tmp_path))
    assert dict(changes.files) == {"k.cu": frozenset({2, 4})}
    assert repository_root(str(tmp_path)) == str(tmp_path.resolve())


@needs_git
def test_unknown_base_names_git_s_complaint(tmp_path):
    _git(tmp_path, "init", "-q")
    with pytest.raises(DiffError, match="git diff .*no-such-branch.*failed"):
        git_diff_against("no-such-branch", str(tmp_path))


def test_outside_a_work_tree_there_is_no_repository_root(tmp_path):
    assert repository_root(str(tmp_path)) is None
