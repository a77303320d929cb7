"""Baselines on disk: <storage>/<NAME>/<device fingerprint>.json."""
from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, Tuple

from pytest_gpuperf.result import BenchmarkResult
from pytest_gpuperf.stats import SampleStats, summarize

SCHEMA_VERSION = 1


class StorageError(ValueError):
    """A baseline that cannot be read or a name that cannot be used."""


def result_key(result: BenchmarkResult) -> str:
    return f"{result.test}::{result.name}"


def _check_name(name: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9._-]+", name) or name in (".", ".."):
        raise StorageError(f"baseline name {name!r}: use letters, digits, '.', '_' and '-' only")
    return name


def baseline_path(storage: Path, name: str, fingerprint: str) -> Path:
    return storage / _check_name(name) / f"{fingerprint}.json"


def save_baseline(storage: Path, name: str, device: dict, results: Iterable[BenchmarkResult]) -> Path:
    """Write the timed results of one device atomically; returns the file written."""
    entries = {result_key(r): {"samples_ms": list(r.kept_samples_ms), "median_ms": r.median_ms,
                               "stdev_ms": r.stdev_ms, "mode": r.mode}
               for r in results if r.median_ms is not None}
    path = baseline_path(storage, name, device["fingerprint"])
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {"schema_version": SCHEMA_VERSION, "device": device, "results": entries}
    handle, temporary = tempfile.mkstemp(dir=str(path.parent), suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(payload, out, indent=2, sort_keys=True)
    os.replace(temporary, path)
    return path


@dataclass(frozen=True)
class Baseline:
    entries: Dict[str, SampleStats]
    modes: Dict[str, str]
    note: str  # why there is nothing to compare, when entries is empty


def available_names(storage: Path) -> Tuple[str, ...]:
    if not storage.is_dir():
        return ()
    return tuple(sorted(p.name for p in storage.iterdir() if p.is_dir()))


def load_baseline(storage: Path, name: str, fingerprint: str) -> Baseline:
    """The baseline NAME for this device; never one saved on a different GPU."""
    path = baseline_path(storage, name, fingerprint)
    if not path.parent.is_dir():
        known = ", ".join(available_names(storage)) or "none"
        raise StorageError(f"no baseline named {name!r} under {storage} (available: {known})")
    if not path.is_file():
        others = sorted(p.stem for p in path.parent.glob("*.json"))
        return Baseline({}, {}, f"baseline {name!r} was saved on other GPUs ({', '.join(others)}); "
                                f"refusing to compare across devices")
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
        raw = payload["results"]
        entries = {key: summarize(value["samples_ms"]) for key, value in raw.items()}
        modes = {key: value.get("mode", "cold") for key, value in raw.items()}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise StorageError(f"baseline file {path} is unreadable: {exc}") from exc
    return Baseline({k: v for k, v in entries.items() if v is not None}, modes, "")
