"""Talk to GitHub's REST API for pull-request reviews (standard library only).

    python -m kernel_lint.integrations.github_review diff --output pr.diff
    kernel-lint --format review --diff-file pr.diff src/ > review.json
    python -m kernel_lint.integrations.github_review post review.json

`diff` downloads the pull request's unified diff (exactly the lines GitHub accepts comments on);
`post` sends a review made by `--format review`. Both read GITHUB_TOKEN, GITHUB_API_URL (tests
point it at a local server), GITHUB_REPOSITORY and the pull request from GITHUB_EVENT_PATH, as set
in a GitHub Actions job; flags override them.

Exit status: 0 done (or nothing to post), 1 the API refused or could not be reached, 2 bad usage.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from kernel_lint._version import __version__

DEFAULT_API_URL = "https://api.github.com"
API_VERSION = "2022-11-28"
TIMEOUT_S = 30
EXIT_OK, EXIT_API_ERROR, EXIT_USAGE = 0, 1, 2

_STATUS_HINTS = {
    401: "the token was rejected: check the github-token input / GITHUB_TOKEN",
    403: "the token may not write reviews: give the job `permissions: pull-requests: write` "
    "(pull requests from forks get a read-only GITHUB_TOKEN)",
    404: "no such repository or pull request, or the token cannot see it",
    422: "GitHub refused the review; a comment on a line outside the pull request's diff does this: "
    "make the review from the pull request's own diff (the `diff` command)",
}


class UsageError(Exception):
    """Bad input from the user or the environment (exit 2)."""


class GitHubApiError(Exception):
    """The API answered with an error status or could not be reached (exit 1)."""

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class PullRequest:
    api_url: str
    repository: str  # owner/name
    number: int
    head_sha: Optional[str]
    token: str

    @property
    def path(self) -> str:
        return f"/repos/{self.repository}/pulls/{self.number}"


def _read_event(event_path: Optional[str]) -> Mapping[str, Any]:
    if not event_path:
        return {}
    try:
        return json.loads(Path(event_path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot read the event payload {event_path}: {error}") from None


def resolve_pull_request(args: argparse.Namespace, environ: Mapping[str, str]) -> PullRequest:
    token = environ.get("GITHUB_TOKEN", "")
    if not token:
        raise UsageError("GITHUB_TOKEN is not set: pass `github-token` to the action or export GITHUB_TOKEN")
    repository = args.repo or environ.get("GITHUB_REPOSITORY", "")
    if repository.count("/") != 1 or not all(repository.split("/")):
        raise UsageError(f"need the repository as OWNER/NAME (--repo or GITHUB_REPOSITORY), got {repository!r}")
    pull = _read_event(environ.get("GITHUB_EVENT_PATH")).get("pull_request") or {}
    number = args.pull if args.pull is not None else pull.get("number")
    if not isinstance(number, int) or number <= 0:
        raise UsageError("not a pull request: run on a pull_request event or pass --pull NUMBER")
    head_sha = args.commit or (pull.get("head") or {}).get("sha")
    api_url = (environ.get("GITHUB_API_URL") or DEFAULT_API_URL).rstrip("/")
    return PullRequest(api_url=api_url, repository=repository, number=number, head_sha=head_sha, token=token)


def _error_detail(body: bytes) -> str:
    try:
        payload = json.loads(body.decode("utf-8", "replace"))
    except ValueError:
        return body.decode("utf-8", "replace").strip()[:300]
    if not isinstance(payload, dict):
        return str(payload)[:300]
    errors = payload.get("errors") or []
    reasons = [e.get("message") or e.get("code") if isinstance(e, dict) else str(e) for e in errors]
    return "; ".join(str(part) for part in [payload.get("message"), *reasons] if part)


def api_request(
    pr: PullRequest, method: str, path: str, body: Optional[Mapping[str, Any]] = None, accept: str = "application/vnd.github+json"
) -> bytes:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(pr.api_url + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {pr.token}")
    request.add_header("Accept", accept)
    request.add_header("X-GitHub-Api-Version", API_VERSION)
    request.add_header("User-Agent", f"kernel-lint/{__version__}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:  # noqa: S310 - URL from GITHUB_API_URL
            return response.read()
    except urllib.error.HTTPError as error:
        detail = _error_detail(error.read())
        hint = _STATUS_HINTS.get(error.code, "")
        message = f"GitHub API {method} {path} failed: HTTP {error.code} {error.reason}"
        message += (f": {detail}" if detail else "") + (f" ({hint})" if hint else "")
        raise GitHubApiError(message, error.code) from None
    except urllib.error.URLError as error:
        raise GitHubApiError(f"cannot reach the GitHub API at {pr.api_url}: {error.reason}") from None
    except OSError as error:  # timeouts and resets surface as plain socket errors
        raise GitHubApiError(f"cannot reach the GitHub API at {pr.api_url}: {error}") from None


def fetch_diff(pr: PullRequest) -> str:
    return api_request(pr, "GET", pr.path, accept="application/vnd.github.diff").decode("utf-8", "replace")


def load_review(path: str) -> dict:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        review = json.loads(text)
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot read the review {path}: {error}") from None
    if not isinstance(review, dict) or not isinstance(review.get("body"), str) or not isinstance(review.get("comments", []), list):
        raise UsageError(f"{path} is not a review: expected the output of `kernel-lint --format review`")
    return review


def with_commit(review: Mapping[str, Any], head_sha: Optional[str]) -> dict:
    """Pin the comments to the pull request's head commit (GitHub's default is its latest one)."""
    payload = dict(review)
    if head_sha and "commit_id" not in payload:
        payload["commit_id"] = head_sha
    return payload


def comments_folded_into_body(review: Mapping[str, Any]) -> dict:
    """The same review with its line comments listed in the body instead (the fallback after a 422)."""
    folded = [f"**`{c['path']}` line {c['line']}**\n\n{c['body']}" for c in review.get("comments", [])]
    body = "\n\n---\n\n".join([review["body"], "These findings could not be placed on the diff:", *folded])
    return {**{k: v for k, v in review.items() if k != "comments"}, "body": body, "comments": []}


def post_review(pr: PullRequest, review: Mapping[str, Any], out: Any) -> None:
    payload = with_commit(review, pr.head_sha)
    try:
        answer = api_request(pr, "POST", pr.path + "/reviews", payload)
    except GitHubApiError as error:
        if error.status != 422 or not payload.get("comments"):
            raise
        out.write(f"warning: {error}\nwarning: posting the comments in the review body instead\n")
        answer = api_request(pr, "POST", pr.path + "/reviews", comments_folded_into_body(payload))
    posted = json.loads(answer.decode("utf-8", "replace") or "{}")
    link = posted.get("html_url") if isinstance(posted, dict) else None
    out.write(f"posted a review with {len(payload.get('comments', []))} comment(s) on {pr.repository}#{pr.number}"
              + (f": {link}" if link else "") + "\n")


def _command_post(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    review = load_review(args.review)
    if not review.get("comments") and not args.post_empty:
        print("no findings on changed lines: no review posted (use --post-empty to post the summary anyway)")
        return EXIT_OK
    post_review(resolve_pull_request(args, environ), review, sys.stdout)
    return EXIT_OK


def _command_diff(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    diff = fetch_diff(resolve_pull_request(args, environ))
    if args.output == "-":
        sys.stdout.write(diff)
        return EXIT_OK
    try:
        Path(args.output).write_text(diff, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror or error}") from None
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m kernel_lint.integrations.github_review",
        description="Fetch a pull request's diff or post a kernel-lint review to it (GitHub REST API).",
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--repo", help="OWNER/NAME (default: $GITHUB_REPOSITORY)")
    common.add_argument("--pull", type=int, help="pull request number (default: from $GITHUB_EVENT_PATH)")
    commands = parser.add_subparsers(dest="command", required=True)
    post = commands.add_parser("post", parents=[common], help="post a review made by `kernel-lint --format review`")
    post.add_argument("review", help="the review JSON file ('-' for standard input)")
    post.add_argument("--commit", help="head commit the comments refer to (default: from the event)")
    post.add_argument("--post-empty", action="store_true", help="post the summary even when no line has a comment")
    post.set_defaults(handler=_command_post)
    diff = commands.add_parser("diff", parents=[common], help="download the pull request's unified diff")
    diff.add_argument("--output", "-o", default="-", help="where to write it (default: standard output)")
    diff.set_defaults(handler=_command_diff, commit=None)
    return parser


def main(argv: Optional[Sequence[str]] = None, environ: Optional[Mapping[str, str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args, os.environ if environ is None else environ)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except GitHubApiError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_API_ERROR


if __name__ == "__main__":
    sys.exit(main())
