"""Fetch the held-out files the repository does not carry (third-party code listed in manifest.json with
its repository, path, commit and sha256), byte for byte, and check each against its sha256:

    python3 benchmarks/heldout/fetch.py [--manifest benchmarks/heldout/manifest.json]

Files already present with the right sha256 are left alone; nothing else in the tree is written.
Exit status 0 when every listed file is present and intact, 1 otherwise (each failure is printed).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import urllib.request
from pathlib import Path
from typing import Callable, Iterator, List, Optional, Sequence, Tuple

RAW = "https://raw.githubusercontent.com/{repo}/{commit}/{path}"

Opener = Callable[[str], bytes]


def _download(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as response:  # nosec B310: a fixed https host
        return response.read()


def fetched_files(manifest: dict) -> Iterator[Tuple[str, str, str, str, str]]:
    """(path in the held-out folder, repository, path in it, commit, sha256) of every file that has a
    sha256 to check: the listed files that are fetched, and their companions (headers, launchers)."""
    for entry in manifest["files"]:
        if "sha256" not in entry:
            continue  # committed with the repository
        yield (entry["path"], entry["source_repo"], entry.get("source_path") or source_path(entry["path"]),
               entry["commit"], entry["sha256"])
        for companion in entry.get("companions", []):
            yield (companion["path"], entry["source_repo"],
                   companion.get("source_path") or source_path(companion["path"]), companion["commit"],
                   companion["sha256"])


def source_path(path: str) -> str:
    """The path inside its repository where the manifest does not give it: the held-out path less its
    first folder (`cuda-samples/`)."""
    return path.split("/", 1)[1]


def fetch(manifest_path: Path, opener: Opener = _download) -> List[str]:
    """Fetch what is missing or changed; the problems, one line each (empty when all is well)."""
    base = manifest_path.parent
    problems: List[str] = []
    done = set()
    for path, repo, inside, commit, digest in fetched_files(json.loads(manifest_path.read_text())):
        if path in done:
            continue
        done.add(path)
        target = base / path
        if target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == digest:
            continue
        url = RAW.format(repo=repo, commit=commit, path=inside)
        try:
            data = opener(url)
        except OSError as error:
            problems.append(f"{path}: could not fetch {url}: {error}")
            continue
        if hashlib.sha256(data).hexdigest() != digest:
            problems.append(f"{path}: {url} does not have the sha256 the manifest records; not written")
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return problems


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", type=Path, default=Path(__file__).with_name("manifest.json"))
    args = parser.parse_args(argv)
    problems = fetch(args.manifest)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
