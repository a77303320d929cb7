"""Find the files, check each one (in parallel, through the cache), and collect a stable report.

Per file: bytes → text (binary and non-UTF-8 files are errors, not crashes) → cache or
frontend.build_unit + engine.check_unit → inline suppressions. The parent process then orders
the files as discovered (sorted), so output never depends on scheduling.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from kernel_lint.findings import Finding, SourceRange
from kernel_lint.results import FileReport
from kernel_lint.settings import Settings

if TYPE_CHECKING:
    from kernel_lint.cache import ResultCache
    from kernel_lint.suppressions import Suppression


@dataclass(frozen=True)
class RunOptions:
    jobs: int = 1
    cache_dir: Optional[Path] = None  # None: no cache
    report_unused_suppressions: bool = False


@dataclass(frozen=True)
class FileOutcome:
    report: FileReport
    suppressed: int = 0
    text: Optional[str] = None  # kept only when findings remain (code frames, fingerprints, fixes)


# --- discovery


def is_excluded(path: str, patterns: Sequence[str], root: str) -> bool:
    """Globs match the project-relative path, a leading folder of it, or any single path component."""
    if not patterns:
        return False
    from kernel_lint.baseline import project_path

    relative = project_path(path, root)
    parts = relative.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(
        fnmatch(candidate, pattern.rstrip("/"))
        for pattern in patterns
        for candidate in (*prefixes, *(parts if "/" not in pattern.rstrip("/") else ()))
    )


def _walk(directory: str, settings: Settings, root: str) -> Iterator[str]:
    for folder, dirs, files in os.walk(directory):
        dirs[:] = sorted(
            d for d in dirs if not d.startswith(".") and not is_excluded(os.path.join(folder, d), settings.exclude, root)
        )
        for name in sorted(files):
            path = os.path.join(folder, name)
            if name.endswith(settings.extensions) and not is_excluded(path, settings.exclude, root):
                yield path


def discover(paths: Sequence[str], settings: Settings, root: str) -> Tuple[List[str], List[FileReport]]:
    """Files to check (sorted, unique) and a report with an error for each path that does not exist.

    A file named explicitly is checked whatever its extension; exclude globs apply to it too, so
    pre-commit and editors can pass every changed file.
    """
    found: List[str] = []
    missing: List[FileReport] = []
    for path in paths:
        if os.path.isdir(path):
            found.extend(_walk(path, settings, root))
        elif os.path.exists(path):
            if not is_excluded(path, settings.exclude, root):
                found.append(path)
        else:
            missing.append(FileReport(path=path, errors=["no such file or directory"]))
    return sorted(dict.fromkeys(os.path.normpath(p) for p in found)), missing


# --- checking one file


def read_source(path: str) -> Tuple[Optional[bytes], Optional[str], Optional[str]]:
    """(bytes, text, error): exactly one of text and error is set."""
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        return None, None, "is a directory"
    except OSError as error:
        return None, None, f"cannot read: {error.strerror or error}"
    if b"\0" in data[:8192]:
        return data, None, "binary file (contains NUL bytes); not checked"
    try:
        return data, data.decode("utf-8-sig"), None
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return data, None, f"not valid UTF-8 (byte 0x{data[error.start]:02x} on line {line}); not checked"


def _frontend_crash(path: str, error: BaseException) -> Finding:
    from kernel_lint.rules.parse import INTERNAL_ERROR

    return Finding(
        code=INTERNAL_ERROR.code,
        category=INTERNAL_ERROR.category,
        severity=INTERNAL_ERROR.default_severity,
        range=SourceRange(path, 1, 1, 1, 1),
        message=f"internal error in the front end ({type(error).__name__}: {error}); the file was not checked. "
        "Please report this with the file.",
    )


def analyse(path: str, text: str, settings: Settings, gpus: Tuple[Any, ...]) -> FileReport:
    from kernel_lint.engine import check_unit
    from kernel_lint.frontend import FrontendOptions, build_unit

    try:
        unit = build_unit(path, text, FrontendOptions(settings.include_dirs, dict(settings.defines)))
    except Exception as error:  # noqa: BLE001 - one file the front end chokes on must not stop the run
        return FileReport(path=path, findings=[_frontend_crash(path, error)])
    findings = check_unit(unit, settings, gpus)
    header_kernels = list(dict.fromkeys((k.range.path, k.name) for k in unit.kernels if k.range.path != path))
    return FileReport(path=path, kernels=list(dict.fromkeys(k.name for k in unit.kernels)), findings=list(findings),
                      header_kernels=header_kernels)


def _suppress(report: FileReport, text: str, settings: Settings, report_unused: bool) -> Tuple[FileReport, int]:
    from kernel_lint.suppressions import apply_suppressions, parse_suppressions, unused_suppression_findings

    suppressions = parse_suppressions(report.path, text)
    in_headers = _header_suppressions(report)
    if not suppressions and not in_headers:
        return report, 0
    result = apply_suppressions(report.findings, suppressions + in_headers)
    kept = list(result.kept)
    if report_unused:
        from kernel_lint.engine import is_enabled
        from kernel_lint.registry import iter_codes
        from kernel_lint.rules.parse import UNUSED_SUPPRESSION

        if is_enabled(UNUSED_SUPPRESSION.code, settings, report.path):
            severity = settings.severity_overrides.get(UNUSED_SUPPRESSION.code)
            unused = unused_suppression_findings(
                suppressions, result.used, text, lambda code: is_enabled(code, settings, report.path), list(iter_codes())
            )
            kept.extend(replace(f, severity=severity) if severity else f for f in unused)
    kept.sort(key=Finding.sort_key)
    return replace(report, findings=kept), result.suppressed


def _header_suppressions(report: FileReport) -> List["Suppression"]:
    """The comments of the other files the report's findings sit in (headers it includes). Their
    unused ones are not reported here: the header's own run does that."""
    from kernel_lint.suppressions import parse_suppressions

    found: List["Suppression"] = []
    for path in sorted({f.range.path for f in report.findings} - {report.path}):
        _, text, _ = read_source(path)
        found.extend(parse_suppressions(path, text) if text is not None else ())
    return found


def _cache(settings: Settings, options: RunOptions) -> Optional["ResultCache"]:
    if options.cache_dir is None:
        return None
    from kernel_lint.cache import ResultCache

    return ResultCache(options.cache_dir, settings.fingerprint())


def _unreadable(path: str, error: Optional[str]) -> FileOutcome:
    return FileOutcome(FileReport(path=path, errors=[error or "cannot read"]))


def _finish(report: FileReport, text: str, settings: Settings, options: RunOptions) -> FileOutcome:
    report, suppressed = _suppress(report, text, settings, options.report_unused_suppressions)
    return FileOutcome(report, suppressed, text if report.findings else None)


def check_file(path: str, settings: Settings, gpus: Tuple[Any, ...], options: RunOptions) -> FileOutcome:
    data, text, error = read_source(path)
    if text is None or data is None:
        return _unreadable(path, error)
    cache = _cache(settings, options)
    report = cache.load(path, data) if cache else None
    if report is None:
        report = analyse(path, text, settings, gpus)
        if cache:
            cache.store(report, data, text, settings.include_dirs)
    return _finish(report, text, settings, options)


def _recall(path: str, settings: Settings, options: RunOptions) -> Optional[FileOutcome]:
    """The outcome of a file that needs no analysis (unreadable, or a cache hit); None otherwise."""
    data, text, error = read_source(path)
    if text is None or data is None:
        return _unreadable(path, error)
    cache = _cache(settings, options)
    report = cache.load(path, data) if cache else None
    return None if report is None else _finish(report, text, settings, options)


# --- many files

_WORKER_STATE: dict = {}


def _init_worker(settings: Settings, gpus: Tuple[Any, ...], options: RunOptions) -> None:
    _WORKER_STATE.update(settings=settings, gpus=gpus, options=options)


def _check_in_worker(path: str) -> FileOutcome:
    return check_file(path, _WORKER_STATE["settings"], _WORKER_STATE["gpus"], _WORKER_STATE["options"])


def _check_all(paths: Sequence[str], settings: Settings, gpus: Tuple[Any, ...], options: RunOptions) -> List[FileOutcome]:
    jobs = min(options.jobs, len(paths))
    if jobs <= 1:
        return [check_file(p, settings, gpus, options) for p in paths]
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, len(paths) // (jobs * 4))
    with ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(settings, gpus, options)) as pool:
        return list(pool.map(_check_in_worker, paths, chunksize=chunk))


def check_files(paths: Sequence[str], settings: Settings, gpus: Tuple[Any, ...], options: RunOptions) -> List[FileOutcome]:
    """Outcomes in the order of `paths`; a process pool only when it can pay for itself.

    Starting a pool costs more than a cache hit, so before starting one, cache hits and
    unreadable files are settled here; the pool gets only the files that need analysis.
    """
    if min(options.jobs, len(paths)) <= 1:
        return _check_all(paths, settings, gpus, options)
    recalled = [_recall(p, settings, options) for p in paths]
    analysed = iter(_check_all([p for p, o in zip(paths, recalled) if o is None], settings, gpus, options))
    return [outcome if outcome is not None else next(analysed) for outcome in recalled]


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def run_findings(outcomes: Iterable[FileOutcome]) -> List[Finding]:
    """Every finding of a run, sorted, each once. A kernel defined in a header and launched by a file
    that includes it is analysed with that launch; when the header is in the run too, the header's own
    analysis of that kernel (no launch: default block, assumed template arguments) is dropped, and a
    finding two files report alike (a header's missing include) is kept once. A fix that would edit a
    file the run does not name is dropped: the hint still says what to change."""
    outcomes = list(outcomes)
    launched_elsewhere = {(os.path.normpath(path), name) for o in outcomes for path, name in o.report.header_kernels}
    named = {os.path.normpath(o.report.path) for o in outcomes if o.text is not None}
    unique: Dict[tuple, Finding] = {}
    for outcome in outcomes:
        own = os.path.normpath(outcome.report.path)
        for finding in outcome.report.findings:
            if (own, finding.kernel) in launched_elsewhere and os.path.normpath(finding.range.path) == own:
                continue
            if finding.fix is not None and any(os.path.normpath(e.range.path) not in named for e in finding.fix.edits):
                finding = replace(finding, fix=None)  # --fix edits only the files the run names, not their headers
            unique.setdefault(finding.sort_key(), finding)
    return sorted(unique.values(), key=Finding.sort_key)
