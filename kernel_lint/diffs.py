"""Which lines a change touched: a unified-diff parser (new-side line numbers per file).

The review reporter comments only on these lines, because GitHub rejects a review comment on a
line that is not part of the pull request's diff.
"""
from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, FrozenSet, List, Mapping, Optional, Set

_HUNK_HEADER = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_GIT_TIMEOUT_S = 60


class DiffError(ValueError):
    """A diff that cannot be read or produced; the message is meant for the user."""


@dataclass(frozen=True)
class ChangedLines:
    """New-side (post-change) line numbers added or modified, per repository-relative path."""

    files: Mapping[str, FrozenSet[int]]

    def lines_of(self, path: str) -> FrozenSet[int]:
        return self.files.get(path, frozenset())

    def contains(self, path: str, line: int) -> bool:
        return line in self.lines_of(path)


def _unquote_git_path(text: str) -> str:
    """git quotes paths with unusual characters as C strings ("a/x\\tb")."""
    if len(text) >= 2 and text.startswith('"') and text.endswith('"'):
        raw = text[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
        return raw.encode("latin-1").decode("utf-8", "replace")
    return text


def _new_side_path(header_value: str) -> Optional[str]:
    """The path of a `+++ ` header, without the b/ prefix; None for a deleted file."""
    value = header_value.split("\t", 1)[0].rstrip("\n")
    value = _unquote_git_path(value.strip())
    if value == "/dev/null":
        return None
    return value[2:] if value.startswith("b/") else value


def parse_unified_diff(text: str) -> ChangedLines:
    """Added lines per file of a unified diff (git diff, diff -u; any context size).

    Hunk bodies are consumed by their declared line counts, so a removed line that itself starts
    with "-- " or "++ " is never mistaken for a file header.
    """
    files: Dict[str, Set[int]] = {}
    current: Optional[str] = None
    old_left = new_left = 0
    new_line = 0
    for raw in text.splitlines():
        if old_left > 0 or new_left > 0:
            marker = raw[:1]
            if marker == "\\":  # "\ No newline at end of file"
                continue
            if marker == "+":
                if current is not None:
                    files.setdefault(current, set()).add(new_line)
                new_line += 1
                new_left -= 1
            elif marker == "-":
                old_left -= 1
            else:  # context line (" " or an empty line from a stripped trailing blank)
                new_line += 1
                old_left -= 1
                new_left -= 1
            continue
        if raw.startswith("+++ "):
            current = _new_side_path(raw[4:])
            continue
        match = _HUNK_HEADER.match(raw)
        if match:
            old_left = int(match.group(2)) if match.group(2) is not None else 1
            new_line = int(match.group(3))
            new_left = int(match.group(4)) if match.group(4) is not None else 1
    return ChangedLines({path: frozenset(lines) for path, lines in files.items()})


def read_diff_file(path: str) -> ChangedLines:
    """Parse the unified diff in `path` ("-" reads standard input)."""
    if path == "-":
        return parse_unified_diff(sys.stdin.read())
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise DiffError(f"cannot read diff file (--diff-file {path}): {error.strerror or error}") from None
    return parse_unified_diff(text)


def _run_git(arguments: List[str], cwd: Optional[str]) -> str:
    try:
        completed = subprocess.run(
            ["git", *arguments],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=_GIT_TIMEOUT_S,
            check=False,
        )
    except FileNotFoundError:
        raise DiffError("git is not installed (needed by --diff-base); pass --diff-file FILE instead") from None
    except subprocess.TimeoutExpired:
        raise DiffError(f"git {' '.join(arguments)} took longer than {_GIT_TIMEOUT_S} s") from None
    if completed.returncode != 0:
        detail = completed.stderr.strip().splitlines()
        reason = detail[-1] if detail else f"exit status {completed.returncode}"
        raise DiffError(f"git {' '.join(arguments)} failed: {reason}")
    return completed.stdout


def git_diff_against(base: str, cwd: Optional[str] = None) -> ChangedLines:
    """Lines changed on this branch since it left `base` (git diff -U0 BASE...)."""
    if not base or base.startswith("-"):
        raise DiffError(f"invalid --diff-base {base!r}: expected a git revision such as origin/main")
    text = _run_git(["diff", "-U0", "--no-color", "--no-ext-diff", f"{base}...", "--"], cwd)
    return parse_unified_diff(text)


def repository_root(start: str) -> Optional[str]:
    """The git work tree that holds `start`, or None outside git (diff paths are relative to it)."""
    try:
        return _run_git(["rev-parse", "--show-toplevel"], start).strip() or None
    except DiffError:
        return None

