"""benchmarks/heldout_scores.py: the held-out batches' first scores recounted from the committed validation files."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
SCRIPT = REPOSITORY / "benchmarks" / "heldout_scores.py"
_spec = importlib.util.spec_from_file_location("heldout_scores", SCRIPT)
heldout_scores = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = heldout_scores  # dataclasses look their module up there
_spec.loader.exec_module(heldout_scores)

Site, Counts = heldout_scores.Site, heldout_scores.Counts


def site(path="a.cu", kernel="k", category="coalescing", line=3, kind="global load", flagged=True, problem=True):
    return Site(path, kernel, category, line, kind, flagged, problem)


def entry(s: Site) -> dict:
    return {"split": "t", "path": s.path, "kernel": s.kernel, "category": s.category, "line": s.line, "site": s.site,
            "flagged": s.flagged, "problem": s.problem, "predicted": None, "measured": None, "ideal": None, "note": ""}


def write_json(folder: Path, name: str, sites) -> str:
    (folder / name).write_text(json.dumps({"scores": {}, "entries": [entry(s) for s in sites]}))
    return name


def plan(*batches, corpus=()):
    return heldout_scores.Plan(tuple(heldout_scores.Batch(n, "README.md", tuple(parts)) for n, parts in batches),
                               tuple(corpus))


KERNEL = """#include "util.h"
__global__ void k(float *a, int n) {
    int i = threadIdx.x * 32;
    a[i] = 0;
    a[i] = 0;
}
"""


def test_counts_as_the_score_script_does():
    sites = [site(), site(flagged=True, problem=False), site(flagged=False, problem=True),
             site(flagged=False, problem=False), site(problem=None), site(flagged=False, problem=None),
             site(category="stale", problem=True), site(category="barrier", line=0, kind="race")]
    counts = heldout_scores.tally(sites)
    assert counts["coalescing"] == Counts(1, 1, 1)
    assert counts["barrier"] == Counts(1, 0, 0)
    assert counts["bank-conflict"] == Counts() and counts["divergence"] == Counts()
    assert heldout_scores.outcome(site(problem=None)) is None
    assert heldout_scores.outcome(site(flagged=False, problem=False)) is None


def test_precision_and_recall_have_a_dash_where_nothing_was_flagged_or_found():
    assert heldout_scores.precision_recall(Counts(202, 12, 58)) == "0.94 / 0.78"
    assert heldout_scores.precision_recall(Counts(0, 0, 2)) == "- / 0.00"
    assert heldout_scores.precision_recall(Counts()) == "- / -"


MD = """GPU: x

## Scores

### all files

| category | precision | recall | TP | FP | FN | TN | meets 0.95 / 0.90 |
|---|---:|---:|---:|---:|---:|---:|---|
| bank-conflict | 1.000 | 1.000 | 2 | 0 | 0 | 71 | yes |
| coalescing | 0.000 | 0.000 | 0 | 4 | 2 | 12 | no |

### split t

| category | precision | recall | TP | FP | FN | TN | meets 0.95 / 0.90 |
|---|---:|---:|---:|---:|---:|---:|---|
| bank-conflict | 9 | 9 | 9 | 9 | 9 | 9 | yes |
"""

EVERY_SITE = """
## Every site

| split | file | kernel | category | line | site | predicted | measured | ideal | flagged | measured verdict | note |
|---|---|---|---|---:|---|---:|---:|---:|---|---|---|
| t | a.cu | k | bank-conflict | 20 | shared store | 3.92 | 3.92 | 1.00 | yes | problem |  |
| t | a.cu | k | bank-conflict | 21 | shared load | - | 1.00 | 1.00 | no | fine | a | note |
| t | a.cu | k | coalescing | 7 | global load | 32.00 | - | - | yes | - | not executed |
| t | a.cu | k | barrier | 0 | race | - | - | - | no | fine | 0 errors, 0 warnings |
"""


def test_every_site_table_of_a_validation_md():
    sites = heldout_scores.sites_from_md(MD + EVERY_SITE)
    assert sites[0] == Site("a.cu", "k", "bank-conflict", 20, "shared store", True, True)
    assert sites[1] == Site("a.cu", "k", "bank-conflict", 21, "shared load", False, False)  # a "|" in the note
    assert sites[2].problem is None and sites[3] == Site("a.cu", "k", "barrier", 0, "race", False, False)
    assert heldout_scores.tally(sites)["bank-conflict"] == Counts(1, 0, 0)


def test_a_md_without_every_site_gives_its_all_files_score_table(tmp_path):
    assert heldout_scores.sites_from_md(MD) is None
    counts = heldout_scores.scores_from_md(MD)
    assert counts["bank-conflict"] == Counts(2, 0, 0) and counts["coalescing"] == Counts(0, 4, 2)
    assert counts["barrier"] == Counts()
    (tmp_path / "v.md").write_text(MD)
    scores = heldout_scores.score_batches(tmp_path, plan((7, [heldout_scores.Part("v.md")])),
                                          heldout_scores.Sources(tmp_path))
    assert scores[0].counts["coalescing"] == Counts(0, 4, 2)
    with pytest.raises(ValueError):
        heldout_scores.score_batches(tmp_path, plan((7, [heldout_scores.Part("v.md", kernels=("k",))])),
                                     heldout_scores.Sources(tmp_path))


def test_kernels_and_sources_select_a_files_sites(tmp_path):
    name = write_json(tmp_path, "v.json", [site(kernel="old"), site(kernel="new"), site("b.cu", kernel="new")])
    sources = heldout_scores.Sources(tmp_path)
    by_kernel = heldout_scores.score_batches(tmp_path, plan((3, [heldout_scores.Part(name, kernels=("new",))])),
                                             sources)
    assert by_kernel[0].counts["coalescing"] == Counts(2, 0, 0)
    by_file = heldout_scores.score_batches(tmp_path, plan((3, [heldout_scores.Part(name, sources=("b.cu",))])), sources)
    assert by_file[0].counts["coalescing"] == Counts(1, 0, 0)


def test_a_kernel_repeated_across_files_is_counted_once(tmp_path):
    for folder in ("x", "y", "z"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "util.h").write_text("// nothing\n")
    (tmp_path / "x" / "k.cu").write_text(KERNEL)
    (tmp_path / "y" / "k.cu").write_text("// a copy further down\n\n" + KERNEL)
    (tmp_path / "z" / "k.cu").write_text(KERNEL.replace("int n)", "int n, int m)"))  # another version of k
    copies = [site("x/k.cu", line=4), site("x/k.cu", line=5), site("y/k.cu", line=6), site("y/k.cu", line=7),
              site("z/k.cu", line=4)]
    name = write_json(tmp_path, "v.json", copies)
    scores = heldout_scores.score_batches(tmp_path, plan((15, [heldout_scores.Part(name)])),
                                          heldout_scores.Sources(tmp_path))
    # x's two identical lines both count (one file), y's are repeats of them, z's kernel is another version
    assert scores[0].counts["coalescing"] == Counts(3, 0, 0)
    assert scores[0].repeats == 2


def test_a_repeat_of_an_earlier_batch_is_left_out_and_an_unscored_site_blocks_nothing(tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    (tmp_path / "x" / "k.cu").write_text(KERNEL)
    (tmp_path / "y" / "k.cu").write_text(KERNEL)
    first = write_json(tmp_path, "first.json", [site("x/k.cu", line=4), site("x/k.cu", line=0, category="barrier",
                                                                         kind="race", problem=None)])
    later = write_json(tmp_path, "later.json", [site("y/k.cu", line=4), site("y/k.cu", line=0, category="barrier",
                                                                         kind="race", flagged=False)])
    scores = heldout_scores.score_batches(tmp_path, plan((1, [heldout_scores.Part(first)]),
                                                         (2, [heldout_scores.Part(later)])),
                                          heldout_scores.Sources(tmp_path))
    assert scores[0].counts["coalescing"] == Counts(1, 0, 0)
    assert scores[1].counts["coalescing"] == Counts() and scores[1].repeats == 1
    assert scores[1].counts["barrier"] == Counts(0, 0, 1)  # first measured here


def test_sites_of_a_missing_file_are_known_by_file_and_line(tmp_path):
    name = write_json(tmp_path, "v.json", [site("gone/a.cu"), site("gone/b.cu")])
    sources = heldout_scores.Sources(tmp_path)
    scores = heldout_scores.score_batches(tmp_path, plan((4, [heldout_scores.Part(name)])), sources)
    assert scores[0].counts["coalescing"] == Counts(2, 0, 0)
    assert sources.missing == {"gone/a.cu", "gone/b.cu"}
    assert "2 measured files are not here" in heldout_scores.table(scores, scores[0].counts, sources.missing)


def test_a_header_kernel_is_read_in_the_header_the_file_includes(tmp_path):
    (tmp_path / "kernels").mkdir()
    (tmp_path / "main.cu").write_text('#include "kernels/k.cuh"\nvoid k(int);  // a host namesake\n'
                                      "int main() { k<<<1, 32>>>(0); }\n")
    (tmp_path / "kernels" / "k.cuh").write_text(
        "template <int N>\n__global__ void __launch_bounds__(N) k(int *a) {\n  if (a) { a[threadIdx.x] = '}'; }\n}\n"
        "template <>\n__global__ void k<4>(int *a) {\n  a[0] = 1;\n}\n__global__ void other(int k);\n")
    sources = heldout_scores.Sources(tmp_path)
    definitions = sources.definitions("main.cu", "k")
    assert [(d.first_line, d.last_line) for d in definitions] == [(2, 4), (6, 8)]
    assert all(d.file.name == "k.cuh" for d in definitions)
    assert sources.identity(site("main.cu", line=3))[-1] == "if (a) { a[threadIdx.x] = '}'; }"
    assert sources.identity(site("main.cu", line=7))[-1] == "a[0] = 1;"
    assert sources.identity(site("main.cu", line=7))[2] != sources.identity(site("main.cu", line=3))[2]


def test_corpus_copies_leave_their_sites_out(tmp_path):
    name = write_json(tmp_path, "v.json", [site("runner.cu", kernel="six"), site("runner.cu", kernel="five"),
                                           site("transpose.cu", kernel="t")])
    corpus = (heldout_scores.CorpusCopy("kernels/6.cuh", "corpus/6.cuh", "runner.cu", ("six",)),
              heldout_scores.CorpusCopy("transpose.cu", "corpus/transpose.cu"))
    the_plan = plan((16, [heldout_scores.Part(name)]), corpus=corpus)
    sources = heldout_scores.Sources(tmp_path)
    kept = heldout_scores.score_batches(tmp_path, the_plan, sources, the_plan.corpus)
    assert [s.kernel for s in kept[0].sites] == ["five"]


# --- the committed files --------------------------------------------------------------------------------

def committed_plan():
    return heldout_scores.read_plan(heldout_scores.tomllib.loads((REPOSITORY / heldout_scores.PLAN).read_text()))


def test_the_plan_names_committed_files():
    the_plan = committed_plan()
    numbers = [b.number for b in the_plan.batches]
    assert numbers == sorted(set(numbers)) and 14 not in numbers
    for batch in the_plan.batches:
        assert (REPOSITORY / batch.readme).is_file()
        for part in batch.parts:
            assert (REPOSITORY / part.path).is_file(), part.path
    for copy in the_plan.corpus:
        assert (REPOSITORY / copy.corpus).is_file(), copy.corpus


def test_each_validation_file_recounted_whole_gives_its_own_score_table():
    for batch in committed_plan().batches:
        for part in batch.parts:
            text = (REPOSITORY / part.path).read_text()
            if part.path.endswith(".json"):
                data = json.loads(text)
                assert heldout_scores.tally(heldout_scores.sites_from_json(data)) == \
                    heldout_scores.scores_from_json(data), part.path
            else:
                assert heldout_scores.tally(heldout_scores.sites_from_md(text)) == \
                    heldout_scores.scores_from_md(text), part.path


def test_the_committed_files_give_a_row_per_batch(capsys):
    assert heldout_scores.main(["--root", str(REPOSITORY)]) == 0
    printed = capsys.readouterr().out
    rows = [line for line in printed.splitlines() if line.startswith("| ")]
    for batch in committed_plan().batches:
        assert any(row.startswith(f"| {batch.number} | ") for row in rows), batch.number
    assert any(row.startswith("| **sum**") for row in rows)
    assert any(row.startswith("| sum without corpus files") for row in rows)


def test_since_sums_that_batch_and_the_later_ones_only(tmp_path):
    early = write_json(tmp_path, "early.json", [site(), site(flagged=False, problem=True)])
    later = write_json(tmp_path, "later.json", [site(path="b.cu"), site(path="b.cu", flagged=True, problem=False)])
    scores = heldout_scores.score_batches(tmp_path, plan((1, [heldout_scores.Part(early)]),
                                                         (2, [heldout_scores.Part(later)])),
                                          heldout_scores.Sources(tmp_path))
    printed = heldout_scores.table(scores, heldout_scores.total(scores), since=2)
    rows = printed.splitlines()
    since = rows.index("| sum of batches 2 to 2 | 1/1/0 | 0/0/0 | 0/0/0 | 0/0/0 | |")
    assert rows[since + 1] == "| precision / recall | 0.50 / 1.00 | - / - | - / - | - / - | |"
    assert "sum of batches" not in heldout_scores.table(scores, heldout_scores.total(scores))
