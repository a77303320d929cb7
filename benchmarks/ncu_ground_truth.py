"""What the GPU tools measured, per source line: the ground truth that validate_with_ncu.py scores against.

Three readers, each a pure function of a tool's text output:

- `read_source_view`: Nsight Compute's source page (`ncu -i REPORT --page source --csv --print-source
  cuda,sass` of a report taken with `--section SourceCounters` from a binary built with -lineinfo). Every
  CUDA line is followed by the SASS instructions attributed to it, each with its execution counts and,
  for memory instructions, the sectors (global) or wavefronts (shared) it caused and ncu's ideal for
  the same lanes and access size. Instructions are summed per (file, line) and per memory kind.
- `read_racecheck`: compute-sanitizer --tool racecheck hazards with the source lines of both accesses.
- `read_synccheck`: compute-sanitizer --tool synccheck barrier errors with their source line.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Dict, Optional, Sequence, Tuple

WARP = 32


@dataclass
class MemoryCounters:
    """One kind of memory access on one line, summed over its SASS instructions."""

    requests: float = 0.0  # warp-level instructions executed
    actual: float = 0.0  # sectors (global) or wavefronts (shared)
    ideal: float = 0.0  # ncu's ideal for the lanes that were active and the access size
    warp_ideal: float = 0.0  # the ideal had all 32 lanes been active: coalescing apart from divergence

    def add(self, requests: float, actual: float, ideal: float, warp_ideal: float) -> None:
        self.requests += requests
        self.actual += actual
        self.ideal += ideal
        self.warp_ideal += warp_ideal


@dataclass
class LineCounters:
    """The SASS instructions attributed to one source line."""

    inst: float = 0.0  # warp-level instructions executed
    threads: float = 0.0  # thread-level: lanes active when they issued
    pred_on: float = 0.0  # thread-level with the predicate true: lanes that did the work
    max_active: float = 0.0  # the largest average active lanes of any one instruction on the line
    memory: Dict[str, MemoryCounters] = field(default_factory=dict)  # "global-load", "shared-store", ...

    def to_json(self) -> dict:
        return {"inst": self.inst, "threads": self.threads, "pred_on": self.pred_on, "max_active": self.max_active,
                "memory": {k: [m.requests, m.actual, m.ideal, m.warp_ideal] for k, m in sorted(self.memory.items())}}

    @classmethod
    def from_json(cls, data: dict) -> "LineCounters":
        memory = {k: MemoryCounters(*v) for k, v in data.get("memory", {}).items()}
        return cls(data["inst"], data["threads"], data["pred_on"], data["max_active"], memory)


LineKey = Tuple[str, int]  # (file name without folders, line)

_SPACES = {"Global": "global", "Shared": "shared"}
_OPERATIONS = {"Load": "load", "Store": "store"}
# (actual, ideal) columns per address space
_COST_COLUMNS = {"global": ("L2 Theoretical Sectors Global", "L2 Theoretical Sectors Global Ideal"),
                 "shared": ("L1 Wavefronts Shared", "L1 Wavefronts Shared Ideal")}
SECTOR_BYTES, WAVEFRONT_BYTES = 32, 128


def warp_ideal(space: str, access_bytes: float) -> float:
    """Sectors (global) or wavefronts (shared) one request of 32 active lanes needs at best."""
    unit = SECTOR_BYTES if space == "global" else WAVEFRONT_BYTES
    return max(1.0, WARP * access_bytes / unit)


def _number(text: Optional[str]) -> float:
    try:
        return float((text or "").replace(",", ""))
    except ValueError:
        return 0.0  # "-" or "" where a column does not apply


def file_key(path: str) -> str:
    """Tools print a source file sometimes with folders, sometimes without: lines are matched by name."""
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def read_source_view(text: str) -> Dict[LineKey, LineCounters]:
    """Per (file, line): the counters of the SASS instructions ncu attributes to that line.

    The view repeats an instruction under a line (and marks gaps with "..."); each address counts once
    per line. Each function of the report starts with "File Path" / "Function Name" rows and its own
    header row, so columns are looked up by name per function."""
    lines: Dict[LineKey, LineCounters] = {}
    header: Dict[str, int] = {}
    current_file = ""
    current: Optional[LineCounters] = None
    seen: set = set()
    for row in csv.reader(io.StringIO(text)):
        if not row:
            continue
        if row[0] == "File Path" and len(row) > 1:
            current_file = file_key(row[1])
            continue
        if row[0] == "Line No":
            header = {}
            for index, name in enumerate(row):
                header.setdefault(name, index)
            # the second "Source" column is the SASS text; the per-instruction columns follow it
            continue
        if not header:
            continue
        if row[0].strip().isdigit():
            key = (current_file, int(row[0]))
            current = lines.setdefault(key, LineCounters())
            seen = set()
            continue
        address = row[header["Address"]] if len(row) > header["Address"] else ""
        if current is None or not address.startswith("0x") or address in seen:
            continue
        seen.add(address)
        _add_instruction(current, row, header)
    return {k: v for k, v in lines.items() if v.inst > 0}


def _add_instruction(line: LineCounters, row: Sequence[str], header: Dict[str, int]) -> None:
    def value(name: str) -> float:
        index = header.get(name)
        return _number(row[index]) if index is not None and index < len(row) else 0.0

    def text(name: str) -> str:
        index = header.get(name)
        return row[index].strip() if index is not None and index < len(row) else ""

    inst = value("Instructions Executed")
    if not inst:
        return
    threads = value("Thread Instructions Executed")
    line.inst += inst
    line.threads += threads
    line.pred_on += value("Predicated-On Thread Instructions Executed")
    line.max_active = max(line.max_active, threads / inst)
    space, operation = _SPACES.get(text("Address Space")), _OPERATIONS.get(text("Access Operation"))
    if space and operation:
        actual, ideal = _COST_COLUMNS[space]
        line.memory.setdefault(f"{space}-{operation}", MemoryCounters()).add(
            inst, value(actual), value(ideal), inst * warp_ideal(space, value("Access Size") / 8))


@dataclass(frozen=True)
class Hazard:
    """One sanitizer report: a race between two accesses, or a barrier error at one place."""

    tool: str  # "racecheck" | "synccheck"
    kind: str  # "RAW", "WAR", "WAW" or the barrier error's text
    severity: str  # "error" | "warning"
    places: Tuple[LineKey, ...]


_RACE_HEADER = re.compile(r"=+\s+(Error|Warning):\s+(\(Warp Level Programming\)\s+)?Potential (\w+) hazard")
_ACCESS = re.compile(r"=+\s+(?:Write|Read) Thread .* in (\S+):(\d+)\s*$")
_BARRIER = re.compile(r"=+\s+(Barrier error detected\..*?)\s*$")
_AT = re.compile(r"=+\s+at .* in (\S+):(\d+)\s*$")
_RACE_SUMMARY = re.compile(r"RACECHECK SUMMARY: \d+ hazards? displayed \((\d+) errors?, (\d+) warnings?\)")
_ERROR_SUMMARY = re.compile(r"ERROR SUMMARY: (\d+) errors?")


@dataclass(frozen=True)
class SanitizerReport:
    """What one sanitizer run found: the distinct hazards it printed and its summary's totals (a print
    limit keeps the list short; the totals count every hazard)."""

    hazards: Tuple[Hazard, ...]
    errors: int
    warnings: int = 0


def _reports(text: str, header: "re.Pattern[str]", place: "re.Pattern[str]"):
    """(header match, the places on the two lines after it) for every report the tool printed."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = header.search(line)
        if match:
            places = tuple((file_key(m.group(1)), int(m.group(2)))
                           for m in (place.search(after) for after in lines[index + 1:index + 3]) if m)
            yield match, places


def read_racecheck(text: str) -> Optional[SanitizerReport]:
    """racecheck's hazards; None when the run did not get to its summary (it crashed or timed out)."""
    summary = _RACE_SUMMARY.search(text)
    if summary is None:
        return None if _ERROR_SUMMARY.search(text) is None else SanitizerReport((), 0)
    hazards = [Hazard("racecheck", match.group(3), match.group(1).lower(), places)
               for match, places in _reports(text, _RACE_HEADER, _ACCESS)]
    return SanitizerReport(tuple(sorted(set(hazards), key=lambda h: (h.places, h.kind, h.severity))),
                           int(summary.group(1)), int(summary.group(2)))


def read_synccheck(text: str) -> Optional[SanitizerReport]:
    """synccheck's barrier errors; None when the run did not get to its summary."""
    summary = _ERROR_SUMMARY.search(text)
    if summary is None:
        return None
    errors = [Hazard("synccheck", match.group(1), "error", places[:1])
              for match, places in _reports(text, _BARRIER, _AT)]
    return SanitizerReport(tuple(sorted(set(errors), key=lambda h: (h.places, h.kind))), int(summary.group(1)))
