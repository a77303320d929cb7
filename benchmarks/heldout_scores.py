#!/usr/bin/env python3
"""Recompute the held-out batches' first scores from the committed validation files.

    python3 benchmarks/heldout_scores.py [--root REPOSITORY] [--since BATCH]

Each held-out batch was scored once by `validate_with_ncu.py score` before its errors were studied.
`benchmarks/heldout/first_scores.toml` says which committed files hold that first score (a
`validation_*first*.json`, or the `.md` where no `.json` was committed), which kernels or measured files of
a file count where a later file scored some kernels for the first time, and which held-out files are
copies of kernel-lint's front-end corpus. This script reads them and prints a Markdown table: per batch,
TP / FP / FN for coalescing, bank conflicts, divergence and barriers; their sum with precision and
recall; the sum without the corpus copies; and with `--since BATCH`, the sum of that batch and every later
one, which shows whether kernels met after the early batches' fixes fare better than the whole set.

Counting is `validate_with_ncu.verdict`'s: a site whose measured verdict is null (not measured) or whose
category is "stale" is not scored; flagged and a problem is TP, flagged only FP, a problem only FN. From
a `.md` the "Every site" table is read (its score table where it has none, which can be neither filtered
nor checked for repeats).

A kernel repeated across files (the same program copied into several folders, or a file of an earlier
batch) is counted once: a site is left out when a site that is the same was scored, from another
measured file, earlier in the same batch or in an earlier batch. The same site means: the same kernel
name, the same kernel definition (its `__global__` function's text, whitespace collapsed, found in the
measured file or the headers it includes with `#include "..."`), the same category, the same site kind
("global load", "if", "race", ...) and the same source line text (whitespace collapsed; "" for a
kernel-level site). The definition is part of it because two versions of one kernel can share lines
(batch 15's initialize_boundaries with and without `offset`/`my_ny` parameters: the README counts both).
Where the measured file is not here (third-party files are fetched by `benchmarks/heldout/fetch.py`),
a site is known by file and line only, so its repeats in other files are counted again; the table says
which files were missing. Sites of one measured file in one validation file are never merged (template
instantiations, identical lines within a kernel).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.9/3.10 only
    import tomli as tomllib

sys.path.insert(0, str(Path(__file__).resolve().parent))
from validate_with_ncu import verdict  # noqa: E402  (the score script's counting rule, not a copy)

ROOT = Path(__file__).resolve().parent.parent
PLAN = Path("benchmarks") / "heldout" / "first_scores.toml"
CATEGORIES = ("coalescing", "bank-conflict", "divergence", "barrier")
OUTCOMES = ("tp", "fp", "fn")


# --- what a validation file holds --------------------------------------------------------------------

@dataclass(frozen=True)
class Site:
    """One row of a validation file: a site kernel-lint flagged or cleared, and the measurement's verdict."""

    path: str  # the measured file, relative to the repository
    kernel: str
    category: str
    line: int  # 0 for a kernel-level site (barrier)
    site: str  # "global load", "if", "race", ...
    flagged: bool
    problem: Optional[bool]  # None: not measured, not scored


@dataclass(frozen=True)
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: "Counts") -> "Counts":
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    def __str__(self) -> str:
        return f"{self.tp}/{self.fp}/{self.fn}"


Tally = Dict[str, Counts]  # per category


def outcome(site: Site) -> Optional[str]:
    """"tp", "fp" or "fn" as the score script counts the site; None for a true negative or an unscored site."""
    result = verdict(site)
    return None if result == "tn" else result


def tally(sites: Iterable[Site]) -> Tally:
    counts = {category: [0, 0, 0] for category in CATEGORIES}
    for site in sites:
        result = outcome(site)
        if result is not None and site.category in counts:
            counts[site.category][OUTCOMES.index(result)] += 1
    return {category: Counts(*c) for category, c in counts.items()}


def add(a: Tally, b: Tally) -> Tally:
    return {category: a.get(category, Counts()) + b.get(category, Counts()) for category in CATEGORIES}


def sites_from_json(data: dict) -> List[Site]:
    return [Site(e["path"], e["kernel"], e["category"], int(e["line"]), e["site"], bool(e["flagged"]),
                 e["problem"]) for e in data["entries"]]


def _cells(row: str) -> List[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def _table_after(lines: Sequence[str], heading: str) -> List[List[str]]:
    """The rows (cells) of the first Markdown table after the line `heading`, header and rule left out."""
    if heading not in lines:
        return []
    rows: List[List[str]] = []
    for line in lines[lines.index(heading) + 1:]:
        if line.startswith("|"):
            rows.append(_cells(line))
        elif rows:
            break
    return rows[2:]


def sites_from_md(text: str) -> Optional[List[Site]]:
    """The "Every site" table of a validation .md (split, file, kernel, category, line, site, predicted,
    measured, ideal, flagged, measured verdict, note); None when the file has no such table."""
    lines = text.splitlines()
    if "## Every site" not in lines:
        return None
    verdicts = {"problem": True, "fine": False, "-": None}
    return [Site(cells[1], cells[2], cells[3], int(cells[4]), cells[5], cells[9] == "yes", verdicts[cells[10]])
            for cells in _table_after(lines, "## Every site")]


def scores_from_md(text: str) -> Tally:
    """The "all files" score table of a validation .md (category, precision, recall, TP, FP, FN, TN, ...)."""
    rows = _table_after(text.splitlines(), "### all files")
    found = {cells[0]: Counts(int(cells[3]), int(cells[4]), int(cells[5])) for cells in rows}
    return {category: found.get(category, Counts()) for category in CATEGORIES}


def scores_from_json(data: dict) -> Tally:
    """What the validation file itself recorded for all its files."""
    found = data["scores"]["all files"]
    return {category: Counts(found[category]["true_positives"], found[category]["false_positives"],
                             found[category]["false_negatives"]) if category in found else Counts()
            for category in CATEGORIES}


# --- the plan --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One validation file of a batch, and which of its sites count."""

    path: str
    kernels: Tuple[str, ...] = ()  # empty: every kernel
    sources: Tuple[str, ...] = ()  # empty: every measured file

    def selects(self, site: Site) -> bool:
        return (not self.kernels or site.kernel in self.kernels) and (not self.sources or site.path in self.sources)


@dataclass(frozen=True)
class Batch:
    number: int
    readme: str
    parts: Tuple[Part, ...]


@dataclass(frozen=True)
class CorpusCopy:
    """A held-out file that is a copy of a front-end corpus file."""

    path: str
    corpus: str
    scored_as: str = ""  # the measured file its kernels are scored under, where that is not `path`
    kernels: Tuple[str, ...] = ()

    def covers(self, site: Site) -> bool:
        return site.path == (self.scored_as or self.path) and (not self.kernels or site.kernel in self.kernels)


@dataclass(frozen=True)
class Plan:
    batches: Tuple[Batch, ...]
    corpus: Tuple[CorpusCopy, ...]


def read_plan(data: dict) -> Plan:
    batches = tuple(Batch(int(b["number"]), b["readme"],
                          tuple(Part(f["path"], tuple(f.get("kernels", ())), tuple(f.get("sources", ())))
                                for f in b["file"]))
                    for b in data["batch"])
    corpus = tuple(CorpusCopy(c["path"], c["corpus"], c.get("scored_as", ""), tuple(c.get("kernels", ())))
                   for c in data.get("corpus", ()))
    return Plan(batches, corpus)


# --- which sites are the same ----------------------------------------------------------------------------

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def _normalized(text: str) -> str:
    return " ".join(text.split())


def included_files(root: Path, path: str) -> List[Path]:
    """`path` and the files it includes with quotes, recursively, in include order (those that are here)."""
    order: List[Path] = []
    pending = [(root / path).resolve()]
    while pending:
        current = pending.pop(0)
        if current in order or not current.is_file():
            continue
        order.append(current)
        text = current.read_text(encoding="utf-8", errors="replace")
        pending += [(current.parent / name).resolve() for name in INCLUDE.findall(text)]
    return order


def _end_of_body(text: str, start: int) -> int:
    """The index after the brace that closes the one at `start`, skipping comments and literals."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end + 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = len(text) if end < 0 else end + 2
            continue
        if c in "\"'":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


@dataclass(frozen=True)
class Definition:
    """A `__global__` function's text and the lines it spans in its file."""

    file: Path
    first_line: int
    last_line: int
    text: str


def kernel_definitions(text: str, name: str, file: Path) -> List[Definition]:
    """Every definition of the kernel `name` in `text` (a template's primary and specializations)."""
    found = []
    named = re.compile(rf"\b{re.escape(name)}\s*(?:<[^;{{}}]*?>)?\s*\(")  # the name, then its parameters
    for match in re.finditer(r"\b__global__\b", text):
        head_end = min((i for i in (text.find("{", match.end()), text.find(";", match.end())) if i >= 0),
                       default=-1)
        if head_end < 0 or text[head_end] != "{" or not named.search(text, match.end(), head_end):
            continue
        start = text.rfind("\n", 0, match.start()) + 1
        end = _end_of_body(text, head_end)
        found.append(Definition(file, text.count("\n", 0, start) + 1, text.count("\n", 0, end) + 1,
                                _normalized(text[start:end])))
    return found


class Sources:
    """Reads the measured files and their headers once, and says what a site's line and kernel are."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._texts: Dict[Path, str] = {}
        self._definitions: Dict[Tuple[str, str], List[Definition]] = {}
        self.missing: Set[str] = set()

    def text(self, file: Path) -> str:
        if file not in self._texts:
            self._texts[file] = file.read_text(encoding="utf-8", errors="replace")
        return self._texts[file]

    def definitions(self, path: str, kernel: str) -> List[Definition]:
        if (path, kernel) not in self._definitions:
            if not (self.root / path).is_file():
                self.missing.add(path)
            self._definitions[(path, kernel)] = [d for file in included_files(self.root, path)
                                                 for d in kernel_definitions(self.text(file), kernel, file)]
        return self._definitions[(path, kernel)]

    def identity(self, site: Site) -> Tuple[str, ...]:
        """What makes two sites the same (see the module docstring)."""
        definitions = self.definitions(site.path, site.kernel)
        if not definitions:
            return ("file", site.path, site.kernel, site.category, site.site, str(site.line))
        home = next((d for d in definitions if d.first_line <= site.line <= d.last_line), definitions[0])
        lines = self.text(home.file).splitlines()
        line = _normalized(lines[site.line - 1]) if 0 < site.line <= len(lines) else ""
        digest = hashlib.sha256(home.text.encode()).hexdigest()
        return ("text", site.kernel, digest, site.category, site.site, line)


# --- counting ------------------------------------------------------------------------------------------------

@dataclass
class BatchScore:
    batch: Batch
    counts: Tally
    repeats: int = 0  # scored sites (TP, FP or FN) left out as repeats
    sites: List[Site] = field(default_factory=list)  # the sites counted


def first_once(parts: Sequence[Tuple[str, Sequence[Site]]], identity: Callable[[Site], Tuple[str, ...]],
               seen: Dict[Tuple[str, ...], Tuple[str, str]]) -> Tuple[List[Site], List[Site]]:
    """The sites of `parts` ((validation file, sites) in order) to count, and those left out as repeats of a
    site scored from another measured file (in `seen`, updated: identity -> (validation file, measured file))."""
    kept: List[Site] = []
    repeated: List[Site] = []
    for name, sites in parts:
        for site in sites:
            key = identity(site)
            origin = (name, site.path)
            if key in seen and seen[key] != origin:
                repeated.append(site)
                continue
            kept.append(site)
            if site.problem is not None and site.category != "stale":
                seen.setdefault(key, origin)
    return kept, repeated


def read_sites(root: Path, path: str) -> Tuple[Optional[List[Site]], Optional[Tally]]:
    """A validation file's sites, or (for a .md without an "Every site" table) its score table."""
    text = (root / path).read_text(encoding="utf-8")
    if path.endswith(".json"):
        return sites_from_json(json.loads(text)), None
    sites = sites_from_md(text)
    return (sites, None) if sites is not None else (None, scores_from_md(text))


def score_batches(root: Path, plan: Plan, sources: Sources, leave_out: Sequence[CorpusCopy] = ()) -> List[BatchScore]:
    """Every batch's first score, each repeated site counted once, without the sites `leave_out` covers."""
    seen: Dict[Tuple[str, ...], Tuple[str, str]] = {}
    results = []
    for batch in plan.batches:
        parts: List[Tuple[str, Sequence[Site]]] = []
        fixed: Tally = tally(())
        for part in batch.parts:
            sites, counts = read_sites(root, part.path)
            if sites is None:
                if part.kernels or part.sources:
                    raise ValueError(f"{part.path}: a score table cannot be filtered by kernel or file")
                fixed = add(fixed, counts)
                continue
            parts.append((part.path, [s for s in sites if part.selects(s)
                                      and not any(copy.covers(s) for copy in leave_out)]))
        kept, repeated = first_once(parts, sources.identity, seen)
        results.append(BatchScore(batch, add(fixed, tally(kept)),
                                  sum(outcome(s) is not None for s in repeated), kept))
    return results


def total(scores: Sequence[BatchScore]) -> Tally:
    result = tally(())
    for score in scores:
        result = add(result, score.counts)
    return result


def _ratio(part: int, whole: int) -> str:
    return "-" if whole == 0 else f"{part / whole:.2f}"


def precision_recall(counts: Counts) -> str:
    return f"{_ratio(counts.tp, counts.tp + counts.fp)} / {_ratio(counts.tp, counts.tp + counts.fn)}"


def summed_rows(label: str, counts: Tally) -> List[str]:
    return [f"| {label} | " + " | ".join(str(counts[c]) for c in CATEGORIES) + " | |",
            "| precision / recall | " + " | ".join(precision_recall(counts[c]) for c in CATEGORIES) + " | |"]


def table(scores: Sequence[BatchScore], without_corpus: Tally, missing: Iterable[str] = (),
          since: Optional[int] = None) -> str:
    header = "| batch | " + " | ".join(CATEGORIES) + " | repeated sites left out |"
    lines = ["First scores of the held-out batches (TP/FP/FN; `benchmarks/heldout/first_scores.toml`)", "",
             header, "|---|" + "---|" * (len(CATEGORIES) + 1)]
    for score in scores:
        lines.append(f"| {score.batch.number} | " + " | ".join(str(score.counts[c]) for c in CATEGORIES)
                     + f" | {score.repeats} |")
    summed = total(scores)
    numbers = ", ".join(str(s.batch.number) for s in scores)
    lines += [f"| **sum** ({numbers}) | " + " | ".join(f"**{summed[c]}**" for c in CATEGORIES) + " | |",
              "| precision / recall | " + " | ".join(precision_recall(summed[c]) for c in CATEGORIES) + " | |"]
    lines += summed_rows("sum without corpus files", without_corpus)
    if since is not None:
        later = [s for s in scores if s.batch.number >= since]
        lines += summed_rows(f"sum of batches {since} to {max((s.batch.number for s in later), default=since)}",
                             total(later))
    absent = sorted(missing)
    if absent:
        lines += ["", f"{len(absent)} measured files are not here (run python3 benchmarks/heldout/fetch.py); their "
                      f"sites are known by file and line, so repeats of them in other files count again: "
                      + ", ".join(absent)]
    return "\n".join(lines) + "\n"


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this one)")
    parser.add_argument("--since", type=int, metavar="BATCH",
                        help="also print the sum of this batch and every later one")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    plan = read_plan(tomllib.loads((root / PLAN).read_text(encoding="utf-8")))
    sources = Sources(root)
    scores = score_batches(root, plan, sources)
    without = total(score_batches(root, plan, sources, plan.corpus))
    print(table(scores, without, sources.missing, args.since), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
