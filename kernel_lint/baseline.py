"""Fingerprints that survive unrelated edits, and the baseline file built from them.

A fingerprint hashes the rule code, the kernel, the finding's source line with its whitespace
normalised, and the index of this finding among identical ones in the file: moving code up or
down does not change it, editing the flagged line does. SARIF's partialFingerprints use the same
value. A baseline lists (path, code, fingerprint) of accepted findings; with --baseline only the
findings it does not list are reported.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, FrozenSet, List, Mapping, Sequence, Tuple

from kernel_lint.findings import Finding
from kernel_lint.sourcetext import source_line

BASELINE_FORMAT = 1


class BaselineError(Exception):
    """The baseline file cannot be read or is not one kernel-lint wrote."""


def normalized_line(text: str, line: int) -> str:
    return " ".join((source_line(text, line) or "").split())


def fingerprint_findings(findings: Sequence[Finding], sources: Mapping[str, str]) -> Tuple[str, ...]:
    """One fingerprint per finding, in order; findings must be in a stable (sorted) order."""
    seen: Counter = Counter()
    prints = []
    for finding in findings:
        line_text = normalized_line(sources.get(finding.path, ""), finding.range.line)
        identity = (finding.path, finding.code, finding.kernel or "", line_text)
        occurrence = seen[identity]
        seen[identity] += 1
        payload = "\0".join((finding.code, finding.kernel or "", line_text, str(occurrence)))
        prints.append(hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32])
    return tuple(prints)


def project_path(path: str, root: str) -> str:
    """`path` relative to the project root in POSIX form (as written in baselines and SARIF)."""
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute, root)
    except ValueError:  # another drive on Windows
        return Path(absolute).as_posix()
    return Path(absolute if relative.startswith("..") else relative).as_posix()


@dataclass(frozen=True)
class Baseline:
    entries: FrozenSet[Tuple[str, str, str]]  # (project path, code, fingerprint)


def write_baseline(path: Path, findings: Sequence[Finding], fingerprints: Sequence[str], root: str) -> None:
    records = sorted(
        (
            {"path": project_path(f.path, root), "code": f.code, "kernel": f.kernel, "fingerprint": fp, "message": f.message}
            for f, fp in zip(findings, fingerprints)
        ),
        key=lambda r: (r["path"], r["code"], r["fingerprint"]),
    )
    document = {"kernel-lint-baseline": BASELINE_FORMAT, "findings": records}
    try:
        path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    except OSError as error:
        raise BaselineError(f"{path}: cannot write the baseline: {error.strerror or error}") from None


def read_baseline(path: Path) -> Baseline:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BaselineError(f"{path}: no such baseline file (create it with --write-baseline)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"{path}: not a readable baseline: {error}") from None
    if not isinstance(document, dict) or document.get("kernel-lint-baseline") != BASELINE_FORMAT:
        raise BaselineError(f"{path}: not a kernel-lint baseline (format {BASELINE_FORMAT}); rewrite it with --write-baseline")
    try:
        entries = frozenset((r["path"], r["code"], r["fingerprint"]) for r in document["findings"])
    except (KeyError, TypeError):
        raise BaselineError(f"{path}: malformed baseline entry; rewrite it with --write-baseline") from None
    return Baseline(entries)


def filter_new(
    findings: Sequence[Finding], fingerprints: Sequence[str], baseline: Baseline, root: str
) -> Tuple[List[Finding], List[str], int]:
    """The findings (and their fingerprints) the baseline does not list, and how many it did."""
    kept: List[Finding] = []
    kept_prints: List[str] = []
    cache: Dict[str, str] = {}
    for finding, fp in zip(findings, fingerprints):
        relative = cache.setdefault(finding.path, project_path(finding.path, root))
        if (relative, finding.code, fp) not in baseline.entries:
            kept.append(finding)
            kept_prints.append(fp)
    return kept, kept_prints, len(findings) - len(kept)
