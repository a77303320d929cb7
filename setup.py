"""Ship the rule documents in rules/ inside the wheel.

The documents live at the top of the repository (one per rule, like ruff's docs), but
`kernel-lint --explain` and the SARIF help text must work from any install, so the build
copies them into kernel_lint/rule_docs. An editable install reads rules/ directly.
"""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithRuleDocs(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib, "kernel_lint", "rule_docs")
        self.mkpath(str(target))
        for document in sorted(Path("rules").glob("*.md")):
            self.copy_file(str(document), str(target / document.name))


setup(cmdclass={"build_py": BuildPyWithRuleDocs})
