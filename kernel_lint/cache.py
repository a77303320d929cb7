"""A per-file result cache: an unchanged re-run reads findings instead of parsing.

The key hashes the tool version (plus the installed package files, so a development checkout
never serves stale results), the settings fingerprint, the path and the file's bytes. Each entry
also records the project headers the file includes (searched like the front end does: the file's
folder, then the include directories) with their hashes; a changed header invalidates the entry.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from kernel_lint.findings import Applicability, Category, Edit, Finding, Fix, Severity, SourceRange
from kernel_lint.results import FileReport

CACHE_DIR_NAME = ".kernel-lint-cache"
_ENTRY_FORMAT = "1"
_INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.MULTILINE)
_CACHEDIR_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This file marks kernel-lint's cache; backup tools skip it.\n"


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.hexdigest()


@lru_cache(maxsize=1)  # once per process: a run checks many files against the same package
def package_stamp() -> str:
    """Version plus size/mtime of every file of the installed package (cheap: stat only)."""
    from kernel_lint import __version__

    root = Path(__file__).resolve().parent
    stats = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".toml", ".h")):
                st = os.stat(os.path.join(folder, name))
                stats.append(f"{os.path.relpath(os.path.join(folder, name), root)}:{st.st_size}:{st.st_mtime_ns}")
    return _digest(__version__.encode(), "\n".join(stats).encode())


def header_dependencies(path: str, text: str, include_dirs: Sequence[str]) -> Dict[str, Optional[str]]:
    """Every header location the file's #includes probe, transitively, with its hash (None: absent).

    Absent candidates count too: a header created later where an include now finds nothing (or
    finds it further down the search path) must invalidate the entry as much as an edited one.
    """
    probed: Dict[str, Optional[str]] = {}
    pending = [(path, text)]
    while pending:
        current, current_text = pending.pop()
        for quote, name in _INCLUDE.findall(current_text):
            folders = ([os.path.dirname(current) or "."] if quote == '"' else []) + list(include_dirs)
            for folder in folders:
                candidate = os.path.normpath(os.path.join(folder, name))
                if candidate in probed:
                    if probed[candidate] is not None:
                        break
                    continue
                data = _read_bytes(candidate)
                probed[candidate] = None if data is None else _digest(data)
                if data is not None:
                    pending.append((candidate, data.decode("utf-8", errors="replace")))
                    break
    return dict(sorted(probed.items()))


def _read_bytes(path: str) -> Optional[bytes]:
    try:
        return Path(path).read_bytes()
    except OSError:  # absent, a folder, or unreadable: all "not this header"
        return None


def _file_hash(path: str) -> Optional[str]:
    data = _read_bytes(path)
    return None if data is None else _digest(data)


# --- (de)serialisation of findings; JSON keeps the cache readable and safe to load


def _range_to_json(r: SourceRange) -> List[Any]:
    return [r.path, r.line, r.column, r.end_line, r.end_column]


def _finding_to_json(f: Finding) -> Dict[str, Any]:
    data = f.to_json()
    data["range"] = _range_to_json(f.range)
    data["hint"] = f.hint
    if f.fix is not None:
        data["fix"] = {
            "description": f.fix.description,
            "applicability": f.fix.applicability.value,
            "edits": [[_range_to_json(e.range), e.replacement] for e in f.fix.edits],
        }
    return data


def _finding_from_json(data: Dict[str, Any]) -> Finding:
    fix = None
    if data.get("fix"):
        raw = data["fix"]
        edits = tuple(Edit(SourceRange(*r), replacement) for r, replacement in raw["edits"])
        fix = Fix(raw["description"], edits, Applicability(raw["applicability"]))
    return Finding(
        code=data["code"],
        category=Category(data["category"]),
        severity=Severity(data["severity"]),
        range=SourceRange(*data["range"]),
        message=data["message"],
        kernel=data["kernel"],
        gpu=data["gpu"],
        details=data["details"],
        fix=fix,
        hint=data["hint"],
    )


class ResultCache:
    def __init__(self, directory: Path, settings_fingerprint: str) -> None:
        self.directory = directory
        self._salt = _digest(_ENTRY_FORMAT.encode(), package_stamp().encode(), settings_fingerprint.encode())

    def _entry_path(self, path: str, data: bytes) -> Path:
        key = _digest(self._salt.encode(), path.encode(), data)
        return self.directory / key[:2] / f"{key[2:]}.json"

    def load(self, path: str, data: bytes) -> Optional[FileReport]:
        entry = self._entry_path(path, data)
        try:
            record = json.loads(entry.read_text(encoding="utf-8"))
            if any(_file_hash(header) != digest for header, digest in record["headers"].items()):
                return None
            return FileReport(
                path=path,
                kernels=list(record["kernels"]),
                errors=[],
                findings=[_finding_from_json(f) for f in record["findings"]],
                header_kernels=[(header, name) for header, name in record["header_kernels"]],
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None  # missing, corrupt or from another format: recompute

    def store(self, report: FileReport, data: bytes, text: str, include_dirs: Sequence[str]) -> None:
        headers = header_dependencies(report.path, text, include_dirs)
        record = {
            "kernels": report.kernels,
            "header_kernels": report.header_kernels,
            "findings": [_finding_to_json(f) for f in report.findings],
            "headers": headers,
        }
        entry = self._entry_path(report.path, data)
        try:
            self._prepare()
            entry.parent.mkdir(exist_ok=True)
            temporary = entry.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_text(json.dumps(record), encoding="utf-8")
            os.replace(temporary, entry)  # atomic: parallel workers never read half an entry
        except (OSError, TypeError, ValueError):
            pass  # a cache that cannot be written only costs speed

    def _prepare(self) -> None:
        if (self.directory / "CACHEDIR.TAG").is_file():
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        (self.directory / "CACHEDIR.TAG").write_text(_CACHEDIR_TAG, encoding="utf-8")
        (self.directory / ".gitignore").write_text("# created by kernel-lint\n*\n", encoding="utf-8")
