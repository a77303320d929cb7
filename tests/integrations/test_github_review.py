"""The review poster against a fake GitHub API on 127.0.0.1: the exact requests it makes."""
from __future__ import annotations

import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import List, Tuple

import pytest

from kernel_lint.integrations.github_review import EXIT_API_ERROR, EXIT_OK, EXIT_USAGE, main

REVIEW = {
    "body": "**kernel-lint 0.1.0**: 1 finding",
    "event": "COMMENT",
    "comments": [{"path": "src/k.cu", "line": 5, "side": "RIGHT", "body": "**warning** KL101"}],
}
PR_DIFF = "diff --git a/src/k.cu b/src/k.cu\n--- a/src/k.cu\n+++ b/src/k.cu\n@@ -4,0 +5 @@\n+x\n"


class FakeGitHub:
    """Records every request; answers from a queue of (status, body) or 200 with a review."""

    def __init__(self) -> None:
        self.requests: List[dict] = []
        self.answers: List[Tuple[int, bytes]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                fake.requests.append({"method": self.command, "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                                      "json": json.loads(body) if body else None})
                status, payload = fake.answers.pop(0) if fake.answers else (200, b'{"id": 7, "html_url": "http://x/r/7"}')
                self.send_response(status)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = _handle

            def log_message(self, *args) -> None:  # keep pytest output clean
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)


@pytest.fixture()
def github():
    fake = FakeGitHub()
    fake.thread.start()
    yield fake
    fake.server.shutdown()
    fake.server.server_close()
    fake.thread.join(timeout=5)


@pytest.fixture()
def environ(tmp_path, github):
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": 42, "head": {"sha": "a" * 40}}}), encoding="utf-8")
    return {"GITHUB_TOKEN": "t0ken", "GITHUB_API_URL": github.url, "GITHUB_REPOSITORY": "octo/kernels",
            "GITHUB_EVENT_PATH": str(event)}


@pytest.fixture()
def review_file(tmp_path):
    path = tmp_path / "review.json"
    path.write_text(json.dumps(REVIEW), encoding="utf-8")
    return str(path)


def test_post_sends_one_authenticated_review_pinned_to_the_head_commit(github, environ, review_file, capsys):
    assert main(["post", review_file], environ) == EXIT_OK
    (request,) = github.requests
    assert request["method"] == "POST"
    assert request["path"] == "/repos/octo/kernels/pulls/42/reviews"
    assert request["headers"]["authorization"] == "Bearer t0ken"
    assert request["headers"]["accept"] == "application/vnd.github+json"
    assert request["headers"]["x-github-api-version"] == "2022-11-28"
    assert request["json"] == {**REVIEW, "commit_id": "a" * 40}
    assert "posted a review with 1 comment(s) on octo/kernels#42: http://x/r/7" in capsys.readouterr().out


def test_flags_override_the_environment(github, environ, review_file):
    assert main(["post", review_file, "--repo", "me/other", "--pull", "3", "--commit", "b" * 40], environ) == EXIT_OK
    assert github.requests[0]["path"] == "/repos/me/other/pulls/3/reviews"
    assert github.requests[0]["json"]["commit_id"] == "b" * 40


def test_a_review_without_comments_is_not_posted_unless_asked(github, environ, tmp_path):
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"body": "0 findings", "event": "COMMENT", "comments": []}), encoding="utf-8")
    assert main(["post", str(empty)], environ) == EXIT_OK
    assert github.requests == []
    assert main(["post", str(empty), "--post-empty"], environ) == EXIT_OK
    assert github.requests[0]["json"]["body"] == "0 findings"


def test_forbidden_token_exits_1_with_the_permission_hint(github, environ, review_file, capsys):
    github.answers.append((403, b'{"message": "Resource not accessible by integration"}'))
    assert main(["post", review_file], environ) == EXIT_API_ERROR
    error = capsys.readouterr().err
    assert "HTTP 403" in error and "Resource not accessible by integration" in error
    assert "pull-requests: write" in error


def test_a_422_on_comments_falls_back_to_a_body_only_review(github, environ, review_file, capsys):
    github.answers.append((422, b'{"message": "Validation Failed", "errors": [{"message": "Line could not be resolved"}]}'))
    assert main(["post", review_file], environ) == EXIT_OK
    first, second = github.requests
    assert first["json"]["comments"] and second["json"]["comments"] == []
    assert "`src/k.cu` line 5" in second["json"]["body"] and "**warning** KL101" in second["json"]["body"]
    assert "Line could not be resolved" in capsys.readouterr().out


def test_a_422_on_the_fallback_too_exits_1(github, environ, review_file, capsys):
    github.answers.extend([(422, b'{"message": "Validation Failed"}'), (422, b"not json")])
    assert main(["post", review_file], environ) == EXIT_API_ERROR
    assert "HTTP 422" in capsys.readouterr().err


def test_diff_downloads_the_pull_request_diff(github, environ, tmp_path):
    github.answers.append((200, PR_DIFF.encode()))
    out = tmp_path / "pr.diff"
    assert main(["diff", "--output", str(out)], environ) == EXIT_OK
    (request,) = github.requests
    assert (request["method"], request["path"]) == ("GET", "/repos/octo/kernels/pulls/42")
    assert request["headers"]["accept"] == "application/vnd.github.diff"
    assert out.read_text(encoding="utf-8") == PR_DIFF


@pytest.mark.parametrize(
    "change, message",
    [
        ({"GITHUB_TOKEN": ""}, "GITHUB_TOKEN is not set"),
        ({"GITHUB_REPOSITORY": "no-slash"}, "OWNER/NAME"),
        ({"GITHUB_EVENT_PATH": ""}, "not a pull request"),
        ({"GITHUB_EVENT_PATH": "/nonexistent/event.json"}, "cannot read the event payload"),
    ],
)
def test_bad_environment_exits_2_without_a_request(github, environ, review_file, capsys, change, message):
    assert main(["post", review_file], {**environ, **change}) == EXIT_USAGE
    assert message in capsys.readouterr().err
    assert github.requests == []


def test_a_file_that_is_not_a_review_exits_2(environ, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    assert main(["post", str(bad)], environ) == EXIT_USAGE
    assert "is not a review" in capsys.readouterr().err


def test_an_unreachable_api_exits_1(environ, review_file, capsys):
    closed = {**environ, "GITHUB_API_URL": "http://127.0.0.1:9"}  # discard port: nothing listens
    assert main(["post", review_file], closed) == EXIT_API_ERROR
    assert "cannot reach the GitHub API at http://127.0.0.1:9" in capsys.readouterr().err


def test_runs_as_a_module(github, environ, review_file):
    completed = subprocess.run([sys.executable, "-m", "kernel_lint.integrations.github_review", "post", review_file],
                               env={**environ, "PATH": "", "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
                               capture_output=True, text=True, timeout=60)
    assert completed.returncode == EXIT_OK, completed.stderr
    assert github.requests[0]["path"] == "/repos/octo/kernels/pulls/42/reviews"
