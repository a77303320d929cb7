from __future__ import annotations

from pathlib import Path

import pytest

from kernel_lint.config import ConfigError, config_keys, find_config, load_settings, read_config_file
from kernel_lint.findings import Severity
from kernel_lint.settings import DEFAULT_EXTENSIONS, Settings, Thresholds

FULL_CONFIG = """
select = ["KL0"]
ignore = ["KL002"]
per-file-ignores = { "tests/*.cu" = ["KL001"] }
severity = { KL001 = "error" }
gpus = ["a100", "h100"]
block-size = [16, 16]
include-dirs = ["include"]
defines = { USE_FAST = 1, NAME = "x" }
extend-extensions = [".cuinc"]
exclude = ["third_party/*"]
fail-on = "error"
nvcc = true

[coalescing]
min-ratio = 4.0

[bank-conflicts]
min-degree = 4

[divergence]
min-idle-fraction = 0.25

[occupancy]
min-occupancy = 0.25
assumed-registers = 64
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def settings_of(path: Path) -> Settings:
    config = read_config_file(path)
    assert config is not None
    return load_settings(config)


def test_every_key_reaches_settings(tmp_path):
    settings = settings_of(write(tmp_path / "kernel-lint.toml", FULL_CONFIG))
    assert settings.select == ("KL0",)
    assert settings.ignore == ("KL002",)
    assert settings.per_file_ignores == {"tests/*.cu": ("KL001",)}
    assert settings.severity_overrides == {"KL001": Severity.ERROR}
    assert settings.gpus == ("a100", "h100")
    assert settings.default_block_size == (16, 16, 1)
    assert settings.include_dirs == (str((tmp_path / "include").resolve()),)
    assert settings.defines == {"USE_FAST": "1", "NAME": "x"}
    assert settings.extensions == DEFAULT_EXTENSIONS + (".cuinc",)
    assert settings.exclude == ("third_party/*",)
    assert settings.fail_on is Severity.ERROR
    assert settings.use_nvcc is True
    assert settings.thresholds == Thresholds(
        coalescing_min_ratio=4.0,
        bank_conflict_min_degree=4,
        divergence_min_idle_fraction=0.25,
        occupancy_min=0.25,
        assumed_registers=64,
    )


def test_every_threshold_has_a_config_key():
    from dataclasses import fields

    from kernel_lint import config

    named = {name for table in config._THRESHOLDS.values() for name, _ in table.values()}
    assert named == {f.name for f in fields(Thresholds)}
    assert config_keys()["occupancy"] == ("min-occupancy", "assumed-registers")


def test_pyproject_table(tmp_path):
    write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n\n[tool.kernel-lint]\ngpus = ["a100"]\n')
    config = find_config(tmp_path)
    assert config is not None and config.path.name == "pyproject.toml"
    assert load_settings(config).gpus == ("a100",)


def test_search_walks_up_and_skips_pyproject_without_table(tmp_path):
    write(tmp_path / "kernel-lint.toml", 'gpus = ["a100"]\n')
    write(tmp_path / "pkg" / "pyproject.toml", '[project]\nname = "x"\n')
    source = write(tmp_path / "pkg" / "src" / "k.cu", "")
    config = find_config(source)
    assert config is not None and config.path == tmp_path / "kernel-lint.toml"


def test_dot_file_wins_within_a_directory(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.kernel-lint]\ngpus = ["h100"]\n')
    write(tmp_path / "kernel-lint.toml", 'gpus = ["a100"]\n')
    write(tmp_path / ".kernel-lint.toml", 'gpus = ["l4"]\n')
    config = find_config(tmp_path)
    assert config is not None and config.path.name == ".kernel-lint.toml"


def test_no_config_found(tmp_path):
    assert find_config(tmp_path) is None
    assert load_settings(None) == Settings()


@pytest.mark.parametrize(
    "text, expected",
    [
        ('selct = ["KL0"]\n', "unknown key 'selct'; did you mean 'select'?"),
        ("fail-on = \"fatal\"\n", "fail-on = 'fatal': unknown severity 'fatal' (allowed: info, warning, error)"),
        ("block-size = 2048\n", "block-size = 2048: block dimensions must be positive with at most 1024 threads"),
        ("block-size = \"big\"\n", "expected a block size like 256, 16x16 or [16, 16, 1]"),
        ('select = ["KL9999"]\n', "'KL9999' matches no rule code"),
        ('select = "KL00"\n', None),
        ('severity = { KL777 = "error" }\n', "unknown rule code 'KL777'"),
        ("gpus = 3\n", "gpus = 3: expected a list of strings"),
        ("nvcc = \"yes\"\n", "nvcc = 'yes': expected true or false"),
        ('extensions = ["a/b"]\n', "is not a file extension like .cu"),
        ("[occupancy]\nmin-occupancy = 1.5\n", "occupancy.min-occupancy = 1.5: expected a number from 0 to 1"),
        ("[occupancy]\nassumed-registers = 3.5\n", "expected an integer from 1 to 255"),
        ("[occupancy]\nmin_occupancy = 0.5\n", "unknown key 'min_occupancy'; did you mean 'min-occupancy'?"),
        ("[bank-conflict]\nmin-degree = 2\n", "unknown key 'bank-conflict'; did you mean 'bank-conflicts'?"),
        ("occupancy = 3\n", "[occupancy] must be a table"),
        ("defines = { 1X = \"a\" }\n", "expected NAME = \"value\" entries"),
        ("select = [\n", "invalid TOML"),
    ],
)
def test_bad_values_name_file_key_and_what_is_allowed(tmp_path, text, expected):
    path = write(tmp_path / "kernel-lint.toml", text)
    if expected is None:  # a single string is accepted for a list of codes
        assert settings_of(path).select == ("KL00",)
        return
    with pytest.raises(ConfigError) as error:
        settings_of(path)
    assert str(path) in str(error.value)
    assert expected in str(error.value)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("tool = 3\n", "[tool] must be a table of tool settings, not an integer"),
        ("[tool]\nkernel-lint = 5\n",
         '[tool.kernel-lint] must be a table of kernel-lint settings (like select = ["KL1"]), not an integer'),
        ('tool.kernel-lint = "x"\n',
         '[tool.kernel-lint] must be a table of kernel-lint settings (like select = ["KL1"]), not a string'),
    ],
)
def test_tool_tables_that_are_not_tables(tmp_path, text, expected):
    path = write(tmp_path / "pyproject.toml", text)
    with pytest.raises(ConfigError) as error:
        read_config_file(path)
    assert str(error.value) == f"{path}: {expected}"


@pytest.mark.parametrize(
    "text, position",
    [
        ("a = 1\na = 2\n", "2:6"),
        ('gpus = ["h100"]\nselect = [\n', "3:1"),  # the parser stops at the end of the file
    ],
)
def test_invalid_toml_names_the_file_line_and_column(tmp_path, text, position):
    path = write(tmp_path / "kernel-lint.toml", text)
    with pytest.raises(ConfigError) as error:
        read_config_file(path)
    assert str(error.value).startswith(f"{path}:{position}: invalid TOML: ")


def test_a_file_that_is_not_utf8_is_a_config_error(tmp_path):
    path = tmp_path / "kernel-lint.toml"
    path.write_bytes('gpus = ["é"]\nx = "'.encode() + b'\xe9"\n')  # Latin-1 é on line 2
    with pytest.raises(ConfigError) as error:
        read_config_file(path)
    assert str(error.value) == f"{path}:2:6: not UTF-8 (byte 0xe9); a TOML file must be saved as UTF-8"


def test_a_bad_pyproject_is_a_one_line_usage_error(tmp_path, monkeypatch, capsys):
    from kernel_lint.cli import main

    monkeypatch.chdir(tmp_path)
    write(tmp_path / "pyproject.toml", "tool = 3\n")
    write(tmp_path / "k.cu", "__global__ void k(float* a) { a[threadIdx.x] = 0.0f; }\n")
    assert main(["-j1", "--no-cache", "k.cu"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    expected = f"{tmp_path / 'pyproject.toml'}: [tool] must be a table of tool settings, not an integer"
    assert captured.err == f"kernel-lint: error: {expected}\n"


def test_defines_as_list(tmp_path):
    settings = settings_of(write(tmp_path / "kernel-lint.toml", 'defines = ["A=1", "B"]\n'))
    assert settings.defines == {"A": "1", "B": "1"}
