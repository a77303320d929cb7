"""kernel-lint's command line. Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage,
configuration or I/O errors (2 wins over 1: a file that could not be read was not checked).

Start-up matters (`kernel-lint one.cu` should take well under 0.3 s): loading this module costs
little more than argparse; configuration, the runner, the reporters, the process pool, rich and
the rule families are imported by the code path that needs them (a cache hit of a clean file
loads neither the front end nor the rule families; tests/test_cli_startup.py holds that).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Dict, List, NoReturn, Optional, Sequence, TextIO, Tuple

from kernel_lint import __version__

if TYPE_CHECKING:
    from kernel_lint.config import ConfigFile
    from kernel_lint.results import FileReport
    from kernel_lint.runner import FileOutcome
    from kernel_lint.settings import Settings

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
SUBCOMMANDS = ("occupancy", "rules")


class UsageError(Exception):
    """A command-line mistake: reported on stderr with exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line like every other usage error; argparse's default prints the whole usage first.
        self.exit(EXIT_ERROR, f"kernel-lint: error: {message}\n")


def _comma_list(text: str) -> List[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def build_parser() -> argparse.ArgumentParser:
    from kernel_lint.reporters import available_formats

    parser = _Parser(
        prog="kernel-lint",
        description="Static analysis of CUDA kernels: coalescing, bank conflicts, divergence, barriers, occupancy.",
        epilog=(
            "subcommands: `kernel-lint occupancy ...` (occupancy calculator), `kernel-lint rules [CODE]`. "
            "Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage, configuration or I/O errors."
        ),
    )
    add = parser.add_argument
    add("paths", nargs="*", metavar="PATH", help="files and directories to check (default: .)")
    add("--version", action="version", version=f"kernel-lint {__version__}")
    add("--format", default="text", choices=available_formats(), help="output format (default: text)")
    add("-o", "--output", metavar="FILE", help="write the report to FILE instead of stdout")
    add("-q", "--quiet", action="store_true", help="print the findings only, no summary")
    add("--statistics", action="store_true", help="print the number of findings per rule instead of the findings")
    add("--no-show-source", dest="show_source", action="store_false", help="no code frames in text output")
    add("--exit-zero", action="store_true", help="exit 0 even when findings exist (I/O and usage errors still exit 2)")
    add("--fail-on", metavar="SEVERITY", help="lowest severity that makes the exit status 1: info, warning (default), error")

    rules = parser.add_argument_group("rule selection")
    rules.add_argument("--select", type=_comma_list, metavar="CODES", help="only these codes or prefixes (KL1,KL203; ALL)")
    rules.add_argument("--extend-select", type=_comma_list, action="append", default=[], metavar="CODES", help="add to the selection")
    rules.add_argument("--ignore", type=_comma_list, action="append", default=[], metavar="CODES", help="codes or prefixes to skip")
    rules.add_argument("--explain", metavar="CODE", help="print the document of a rule and exit")
    rules.add_argument("--list-rules", action="store_true", help="list every rule and exit")

    model = parser.add_argument_group("target and source model")
    model.add_argument("--gpu", action="append", default=[], metavar="NAME", help="target GPU (repeatable; default: h100)")
    model.add_argument("--block-size", metavar="X[xYxZ]", help="block size assumed where no launch says (default 256)")
    model.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]", help="preprocessor define")
    model.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR", help="include directory")
    model.add_argument("--nvcc", action="store_true", help="use nvcc/ptxas for register counts where available")

    files = parser.add_argument_group("files and configuration")
    files.add_argument("--config", metavar="FILE", help="use this kernel-lint.toml or pyproject.toml instead of searching")
    files.add_argument("--extend-extensions", type=_comma_list, action="append", default=[], metavar="EXTS", help="also check files with these extensions")
    files.add_argument("--exclude", action="append", default=[], metavar="GLOB", help="skip matching paths (repeatable)")
    files.add_argument("-j", "--jobs", type=int, metavar="N", help="parallel processes (default: the CPU count)")
    files.add_argument("--no-cache", action="store_true", help="neither read nor write .kernel-lint-cache/")

    adoption = parser.add_argument_group("suppressions, baseline and fixes")
    adoption.add_argument("--report-unused-suppressions", action="store_true", help="report ignore comments that hide nothing (KL008)")
    adoption.add_argument("--baseline", metavar="FILE", help="report only findings this baseline file does not list")
    adoption.add_argument("--write-baseline", action="store_true", help="write the current findings to the --baseline FILE and exit 0")
    adoption.add_argument("--fix", action="store_true", help="apply safe fixes in place")
    adoption.add_argument("--unsafe-fixes", action="store_true", help="with --fix/--diff, also apply unsafe fixes")
    adoption.add_argument("--diff", action="store_true", help="print the fixes as a unified diff; change nothing")
    adoption.add_argument("--diff-file", metavar="FILE", help="review format: unified diff of the change under review (- for stdin)")
    adoption.add_argument("--diff-base", metavar="REF", help="review format: git ref the change is compared with")
    return parser


# --- settings: defaults < configuration file < command line


def _config_for(args: argparse.Namespace, paths: Sequence[str]) -> Optional["ConfigFile"]:
    from kernel_lint.config import ConfigError, find_config, read_config_file

    if args.config:
        path = Path(args.config)
        if not path.is_file():
            raise ConfigError(f"{path}: no such configuration file")
        found = read_config_file(path)
        if found is None:
            raise ConfigError(f"{path}: has no [tool.kernel-lint] table")
        return found
    return find_config(Path(paths[0]).resolve() if paths else Path.cwd())


def apply_command_line(settings: "Settings", args: argparse.Namespace) -> "Settings":
    from dataclasses import replace

    from kernel_lint.config import normalize_extension, parse_block_size, parse_define, parse_severity, settings_from_table

    # Rule codes are validated by the same code as the configuration file's.
    table: Dict[str, object] = {}
    if args.select is not None:
        table["select"] = args.select
    if args.extend_select:
        table["select"] = list(table.get("select", settings.select)) + [c for group in args.extend_select for c in group]
    if args.ignore:
        table["ignore"] = list(settings.ignore) + [c for group in args.ignore for c in group]
    settings = settings_from_table(table, "command line", settings, Path.cwd())
    try:
        changes: Dict[str, object] = {}
        if args.gpu:
            changes["gpus"] = tuple(name for value in args.gpu for name in _comma_list(value))
        if args.block_size:
            changes["default_block_size"] = parse_block_size(args.block_size)
        if args.defines:
            changes["defines"] = {**settings.defines, **dict(parse_define(d) for d in args.defines)}
        if args.include_dirs:
            changes["include_dirs"] = settings.include_dirs + tuple(os.path.abspath(d) for d in args.include_dirs)
        if args.extend_extensions:
            extra = tuple(normalize_extension(e) for group in args.extend_extensions for e in group)
            changes["extensions"] = tuple(dict.fromkeys(settings.extensions + extra))
        if args.exclude:
            changes["exclude"] = settings.exclude + tuple(args.exclude)
        if args.fail_on:
            changes["fail_on"] = parse_severity(args.fail_on)
        if args.nvcc:
            changes["use_nvcc"] = True
    except ValueError as error:
        raise UsageError(str(error)) from None
    return replace(settings, **changes)


def _resolve_gpus(names: Sequence[str]) -> Tuple[object, ...]:
    from kernel_lint.gpus import UnknownGpuError, resolve_gpus

    if not names:  # `gpus = []` or `--gpu ,`: every GPU-dependent rule would pass silently
        raise UsageError("no target GPU: name at least one with --gpu or the gpus key")
    try:
        return tuple(resolve_gpus(tuple(names)))
    except UnknownGpuError as error:
        raise UsageError(str(error)) from None


# --- output


def _color_wanted(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def _open_output(args: argparse.Namespace) -> TextIO:
    if not args.output:
        return sys.stdout
    try:
        return open(args.output, "w", encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{args.output}: cannot write the report: {error.strerror or error}") from None


def _explain(code: str) -> int:
    from kernel_lint.explain import UnknownRuleError, resolve_rule, write_explanation

    try:
        rule = resolve_rule(code)
    except UnknownRuleError as error:
        print(f"kernel-lint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    write_explanation(rule, sys.stdout, rich_markdown=_color_wanted(sys.stdout))
    return EXIT_CLEAN


def _rules_subcommand(argv: Sequence[str]) -> int:
    if len(argv) > 1:
        print("kernel-lint: error: usage: kernel-lint rules [CODE]", file=sys.stderr)
        return EXIT_ERROR
    if argv:
        return _explain(argv[0])
    from kernel_lint.explain import write_rule_list

    write_rule_list(sys.stdout)
    return EXIT_CLEAN


# --- the lint run


def _lint(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from kernel_lint.baseline import BaselineError
    from kernel_lint.config import load_settings
    from kernel_lint.runner import RunOptions, check_files, default_jobs, discover

    if args.write_baseline and not args.baseline:
        raise UsageError("--write-baseline needs --baseline FILE (where to write it)")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    paths = args.paths or ["."]
    config = _config_for(args, paths)
    settings = apply_command_line(load_settings(config), args)
    root = str(config.directory if config else Path.cwd())
    gpus = _resolve_gpus(settings.gpus)

    files, missing = discover(paths, settings, root)
    if not files and not missing:  # still exit 0, but a run that checked nothing (wrong folder, all excluded) says so
        extensions = ", ".join(settings.extensions)
        print(f"kernel-lint: warning: no files to check in {', '.join(paths)} (extensions: {extensions})", file=sys.stderr)
    options = RunOptions(
        jobs=args.jobs or default_jobs(),
        cache_dir=None if args.no_cache else Path(root) / ".kernel-lint-cache",
        report_unused_suppressions=args.report_unused_suppressions,
    )
    outcomes = check_files(files, settings, gpus, options)

    fixed = 0
    if args.diff:
        return _show_fixes(outcomes, args.unsafe_fixes)
    if args.fix:
        outcomes, fixed = _apply_fixes(outcomes, args.unsafe_fixes, lambda paths: check_files(paths, settings, gpus, replace(options, jobs=1)))
    try:
        return _report(args, settings, root, outcomes, missing, fixed)
    except BaselineError as error:
        raise UsageError(str(error)) from None


def _show_fixes(outcomes: Sequence["FileOutcome"], unsafe: bool) -> int:
    """--diff: the fixes as a unified diff on stdout; exit 1 when there is something to fix."""
    from kernel_lint.fixes import plan_fixes, unified_diff

    sources = {o.report.path: o.text for o in outcomes if o.text is not None}
    plan = plan_fixes([f for o in outcomes for f in o.report.findings], sources, unsafe=unsafe)
    for file_fix in plan:
        sys.stdout.write(unified_diff(file_fix))
    print(f"{sum(len(p.applied) for p in plan)} fixable finding(s) in {len(plan)} file(s); nothing written.", file=sys.stderr)
    return EXIT_FINDINGS if plan else EXIT_CLEAN


def _apply_fixes(
    outcomes: Sequence["FileOutcome"], unsafe: bool, recheck: Callable[[List[str]], List["FileOutcome"]]
) -> Tuple[List["FileOutcome"], int]:
    """--fix: write the fixes, check the written files again; (new outcomes, findings fixed)."""
    from kernel_lint.fixes import plan_fixes, write_fixes

    sources = {o.report.path: o.text for o in outcomes if o.text is not None}
    plan = plan_fixes([f for o in outcomes for f in o.report.findings], sources, unsafe=unsafe)
    failed = dict(write_fixes(plan))
    written = sorted(p.path for p in plan if p.path not in failed)
    # a file whose findings sit in a written header (a kernel it launches) is checked again with it
    changed = {os.path.normpath(path) for path in written}
    stale = sorted(set(written) | {o.report.path for o in outcomes
                                   if any(os.path.normpath(f.range.path) in changed for f in o.report.findings)})
    rechecked = {o.report.path: o for o in recheck(stale)}
    updated = [rechecked.get(o.report.path, o) for o in outcomes]
    for outcome in updated:
        if outcome.report.path in failed:
            outcome.report.errors.append(failed[outcome.report.path])
    return updated, sum(len(p.applied) for p in plan if p.path in rechecked)


def _report(
    args: argparse.Namespace,
    settings: "Settings",
    root: str,
    outcomes: Sequence["FileOutcome"],
    missing: Sequence["FileReport"],
    fixed: int,
) -> int:
    """Baseline, reporter and exit status for a finished run."""
    from kernel_lint.baseline import fingerprint_findings, filter_new, read_baseline, write_baseline
    from kernel_lint.reporters import ReportOptions, RunReport, get_reporter
    from kernel_lint.runner import run_findings

    sources = {o.report.path: o.text for o in outcomes if o.text is not None}
    findings = run_findings(outcomes)
    fingerprints = fingerprint_findings(findings, sources)
    baselined = 0
    if args.baseline and args.write_baseline:
        write_baseline(Path(args.baseline), findings, fingerprints, root)
        print(f"kernel-lint: wrote {len(findings)} finding(s) to the baseline {args.baseline}", file=sys.stderr)
        return EXIT_ERROR if missing or any(o.report.errors for o in outcomes) else EXIT_CLEAN
    if args.baseline:
        findings, fingerprints_list, baselined = filter_new(findings, fingerprints, read_baseline(Path(args.baseline)), root)
        fingerprints = tuple(fingerprints_list)
    from kernel_lint import __version__

    reports = tuple(missing) + tuple(o.report for o in outcomes)
    report = RunReport(
        version=__version__,
        root=root,
        files=tuple(sorted(reports, key=lambda r: r.path)),
        findings=tuple(findings),
        fingerprints=fingerprints,
        sources=sources,
        settings=settings,
        suppressed=sum(o.suppressed for o in outcomes),
        baselined=baselined,
        fixed=fixed,
    )
    out = _open_output(args)
    try:
        options = ReportOptions(
            color=_color_wanted(out) and args.format == "text",
            quiet=args.quiet,
            statistics=args.statistics,
            show_source=args.show_source,
            diff_file=args.diff_file,
            diff_base=args.diff_base,
        )
        get_reporter(args.format)(report, out, options)
        out.flush()
    except ValueError as error:  # a reporter's message for the user, e.g. the review format without a diff
        raise UsageError(str(error)) from None
    finally:
        if out is not sys.stdout:
            out.close()
    for path, message in report.errors:
        print(f"{path}: error: {message}", file=sys.stderr)
    if report.errors:
        return EXIT_ERROR
    failing = any(f.severity.rank >= settings.fail_on.rank for f in report.findings)
    return EXIT_FINDINGS if failing and not args.exit_zero else EXIT_CLEAN


def main(argv: Optional[Sequence[str]] = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments and arguments[0] == "occupancy":
        from kernel_lint.occupancy_cli import main as occupancy_main

        return occupancy_main(arguments[1:])
    if arguments and arguments[0] == "rules":
        return _rules_subcommand(arguments[1:])
    try:
        args = build_parser().parse_args(arguments)
    except SystemExit as exit_request:  # argparse: --help/--version (0) or a usage error (2)
        return int(exit_request.code or 0)
    from kernel_lint.config import ConfigError  # not before: --help and --version need no configuration

    try:
        if args.list_rules:
            return _rules_subcommand([])
        if args.explain:
            return _explain(args.explain)
        return _lint(args)
    except (UsageError, ConfigError) as error:
        print(f"kernel-lint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # `kernel-lint ... | head`
        sys.stderr.close()
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # noqa: BLE001 - a bug must end in one line and exit 2, not a traceback
        print(f"kernel-lint: error: {crash_message(error)}", file=sys.stderr)
        return EXIT_ERROR


def crash_message(error: BaseException) -> str:
    """A bug in kernel-lint, in one line that says where it happened, for the bug report."""
    import traceback

    frames = traceback.extract_tb(error.__traceback__) if error.__traceback__ else []
    where = f" at {os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""
    return f"internal error ({type(error).__name__}: {error}{where}); please report this with the command line"
