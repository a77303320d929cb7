"""Configuration files → Settings: `[tool.kernel-lint]` in pyproject.toml, or kernel-lint.toml.

The first directory, walking up from where the linted files are, that holds `.kernel-lint.toml`,
`kernel-lint.toml` or a pyproject.toml with a `[tool.kernel-lint]` table wins (in that order
within one directory), as in ruff. Every key is validated; a mistake raises ConfigError naming
the file, the key and what is allowed.
"""
from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Dict, Mapping, Optional, Sequence, Tuple

from kernel_lint.findings import Severity
from kernel_lint.settings import Settings, Thresholds

CONFIG_NAMES = (".kernel-lint.toml", "kernel-lint.toml", "pyproject.toml")


class ConfigError(Exception):
    """A configuration problem the user must fix; the message names the file and the key."""


@dataclass(frozen=True)
class ConfigFile:
    path: Path
    table: Mapping[str, Any]  # the kernel-lint table (top level of kernel-lint.toml)

    @property
    def directory(self) -> Path:
        return self.path.parent


def _position(text: str, offset: int) -> Tuple[int, int]:
    """1-based (line, column) of a character offset."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


def _decode(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        # TOML is UTF-8 by definition; point at the first byte that is not, as an editor would show it
        before = data[: error.start].decode("utf-8")
        line, column = _position(before, len(before))
        raise ConfigError(f"{path}:{line}:{column}: not UTF-8 (byte 0x{data[error.start]:02x}); "
                          "a TOML file must be saved as UTF-8") from None


def _toml_error(path: Path, text: str, message: str) -> ConfigError:
    """`path:line:column: invalid TOML: reason` from the parser's "reason (at line L, column C)"."""
    at = re.search(r" \(at line (\d+), column (\d+)\)$", message)
    if at:
        line, column = int(at.group(1)), int(at.group(2))
        return ConfigError(f"{path}:{line}:{column}: invalid TOML: {message[: at.start()]}")
    if message.endswith(" (at end of document)"):
        line, column = _position(text, len(text))
        reason = message[: -len(" (at end of document)")]
        return ConfigError(f"{path}:{line}:{column}: invalid TOML: {reason} at the end of the file")
    return ConfigError(f"{path}: invalid TOML: {message}")


def _load_toml(path: Path) -> Dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.9/3.10 only
        import tomli as tomllib
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from None
    text = _decode(path, data)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _toml_error(path, text, str(error)) from None


def _kind(value: Any) -> str:
    """How TOML would name a value's type, for messages."""
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string", list: "an array"}
    return names.get(type(value), "a date or time")


def read_config_file(path: Path) -> Optional[ConfigFile]:
    """The kernel-lint table of `path`; None for a pyproject.toml without one."""
    data = _load_toml(path)
    if path.name != "pyproject.toml":
        return ConfigFile(path, data)
    tool = data.get("tool", {})
    if not isinstance(tool, dict):
        raise ConfigError(f"{path}: [tool] must be a table of tool settings, not {_kind(tool)}")
    table = tool.get("kernel-lint")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.kernel-lint] must be a table of kernel-lint settings "
                          f"(like select = [\"KL1\"]), not {_kind(table)}")
    return ConfigFile(path, table)


def find_config(start: Path) -> Optional[ConfigFile]:
    directory = start if start.is_dir() else start.parent
    for folder in (directory, *directory.parents):
        for name in CONFIG_NAMES:
            candidate = folder / name
            if candidate.is_file():
                found = read_config_file(candidate)
                if found is not None:
                    return found
    return None


# --- validation helpers: each returns the converted value or raises ValueError("what is allowed")


def _string_list(value: Any) -> Tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("expected a list of strings")
    return tuple(value)


def _selectors(value: Any) -> Tuple[str, ...]:
    from kernel_lint.registry import iter_codes

    selectors = tuple(s.strip().upper() for s in _string_list(value))
    codes = list(iter_codes())
    for selector in selectors:
        if selector != "ALL" and not any(code.startswith(selector) for code in codes):
            close = difflib.get_close_matches(selector, codes, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ValueError(f"{selector!r} matches no rule code (codes look like KL101, prefixes like KL1, or ALL){hint}")
    return selectors


def parse_severity(value: Any) -> Severity:
    if not isinstance(value, str):
        raise ValueError("expected one of: info, warning, error")
    return Severity.parse(value)


def _severity_overrides(value: Any) -> Dict[str, Severity]:
    from kernel_lint.registry import rules_by_code

    if not isinstance(value, dict):
        raise ValueError('expected a table like {KL101 = "error"}')
    known = rules_by_code()
    overrides = {}
    for code, level in value.items():
        if code.upper() not in known:
            raise ValueError(f"unknown rule code {code!r}")
        overrides[code.upper()] = parse_severity(level)
    return overrides


def _per_file_ignores(value: Any) -> Dict[str, Tuple[str, ...]]:
    if not isinstance(value, dict):
        raise ValueError('expected a table of glob = [codes], like {"tests/*.cu" = ["KL1"]}')
    return {pattern: _selectors(codes) for pattern, codes in value.items()}


def parse_block_size(value: Any) -> Tuple[int, int, int]:
    """256, [16, 16], "16x16" or "16,16,1" → a 3-component block size."""
    if isinstance(value, str):
        value = [part for part in value.replace("x", ",").split(",") if part.strip()]
        try:
            value = [int(part) for part in value]
        except ValueError:
            raise ValueError("expected a block size like 256, 16x16 or [16, 16, 1]") from None
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not 1 <= len(value) <= 3 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError("expected a block size like 256, 16x16 or [16, 16, 1]")
    dims = tuple(value) + (1,) * (3 - len(value))
    if any(d < 1 for d in dims) or dims[0] * dims[1] * dims[2] > 1024:
        raise ValueError("block dimensions must be positive with at most 1024 threads in total")
    return dims  # type: ignore[return-value]


def parse_define(text: str) -> Tuple[str, str]:
    name, _, value = text.partition("=")
    if not name.strip().isidentifier():
        raise ValueError(f"{text!r} is not NAME or NAME=VALUE")
    return name.strip(), value if _ else "1"


def _defines(value: Any) -> Dict[str, str]:
    if isinstance(value, list):
        return dict(parse_define(item) for item in _string_list(value))
    if isinstance(value, dict):
        defines = {}
        for name, raw in value.items():
            if isinstance(raw, bool):
                raw = int(raw)
            if not isinstance(raw, (str, int, float)) or not name.isidentifier():
                raise ValueError('expected NAME = "value" entries or a list of "NAME=VALUE"')
            defines[name] = str(raw)
        return defines
    raise ValueError('expected a table {NAME = "value"} or a list of "NAME=VALUE"')


def normalize_extension(text: str) -> str:
    text = text.strip()
    if not text or "/" in text or text in (".", "*"):
        raise ValueError(f"{text!r} is not a file extension like .cu")
    return text if text.startswith(".") else "." + text


def _extensions(value: Any) -> Tuple[str, ...]:
    return tuple(normalize_extension(e) for e in _string_list(value))


def _number(minimum: float, maximum: float, integer: bool = False) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        ok_type = isinstance(value, int) if integer else isinstance(value, (int, float))
        if isinstance(value, bool) or not ok_type or not minimum <= value <= maximum:
            kind = "an integer" if integer else "a number"
            raise ValueError(f"expected {kind} from {minimum:g} to {maximum:g}")
        return value

    return convert


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


# key -> (Settings field, converter). Paths are made relative to the config file afterwards.
_TOP_LEVEL: Dict[str, Tuple[str, Callable[[Any], Any]]] = {
    "select": ("select", _selectors),
    "ignore": ("ignore", _selectors),
    "per-file-ignores": ("per_file_ignores", _per_file_ignores),
    "severity": ("severity_overrides", _severity_overrides),
    "gpus": ("gpus", _string_list),
    "block-size": ("default_block_size", parse_block_size),
    "include-dirs": ("include_dirs", _string_list),
    "defines": ("defines", _defines),
    "extensions": ("extensions", _extensions),
    "extend-extensions": ("extensions", _extensions),  # merged with the defaults below
    "exclude": ("exclude", _string_list),
    "fail-on": ("fail_on", parse_severity),
    "nvcc": ("use_nvcc", _boolean),
}

# [tool.kernel-lint.<family>] key -> (Thresholds field, converter)
_THRESHOLDS: Dict[str, Dict[str, Tuple[str, Callable[[Any], Any]]]] = {
    "coalescing": {"min-ratio": ("coalescing_min_ratio", _number(1.0, 32.0))},
    "bank-conflicts": {"min-degree": ("bank_conflict_min_degree", _number(2, 32, integer=True))},
    "divergence": {"min-idle-fraction": ("divergence_min_idle_fraction", _number(0.0, 1.0))},
    "occupancy": {
        "min-occupancy": ("occupancy_min", _number(0.0, 1.0)),
        "assumed-registers": ("assumed_registers", _number(1, 255, integer=True)),
    },
}


def _unknown_key(origin: str, key: str, allowed: Sequence[str]) -> ConfigError:
    close = difflib.get_close_matches(key, list(allowed), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return ConfigError(f"{origin}: unknown key {key!r}{hint} (allowed: {', '.join(sorted(allowed))})")


def _thresholds(origin: str, family: str, table: Any, current: Thresholds) -> Thresholds:
    keys = _THRESHOLDS[family]
    if not isinstance(table, dict):
        raise ConfigError(f"{origin}: [{family}] must be a table with keys: {', '.join(keys)}")
    changes = {}
    for key, value in table.items():
        if key not in keys:
            raise _unknown_key(f"{origin} [{family}]", key, list(keys))
        name, convert = keys[key]
        try:
            changes[name] = convert(value)
        except ValueError as error:
            raise ConfigError(f"{origin}: {family}.{key} = {value!r}: {error}") from None
    return replace(current, **changes)


def settings_from_table(table: Mapping[str, Any], origin: str, base: Settings, directory: Path) -> Settings:
    """Apply a kernel-lint table on top of `base`. `origin` names the file in messages."""
    changes: Dict[str, Any] = {}
    thresholds = base.thresholds
    for key, value in table.items():
        if key in _THRESHOLDS:
            thresholds = _thresholds(origin, key, value, thresholds)
            continue
        if key not in _TOP_LEVEL:
            raise _unknown_key(origin, key, list(_TOP_LEVEL) + list(_THRESHOLDS))
        name, convert = _TOP_LEVEL[key]
        try:
            converted = convert(value)
        except ValueError as error:
            raise ConfigError(f"{origin}: {key} = {value!r}: {error}") from None
        if key == "extend-extensions":
            converted = tuple(dict.fromkeys(changes.get("extensions", base.extensions) + converted))
        if key == "include-dirs":
            converted = tuple(str((directory / d).resolve()) if not Path(d).is_absolute() else d for d in converted)
        changes[name] = converted
    return replace(base, thresholds=thresholds, **changes)


def load_settings(config: Optional[ConfigFile], base: Settings = Settings()) -> Settings:
    if config is None:
        return base
    return settings_from_table(config.table, str(config.path), base, config.directory)


def config_keys() -> Dict[str, Tuple[str, ...]]:
    """Every accepted key, for documentation and tests: {"": top-level keys, family: its keys}."""
    keys = {"": tuple(_TOP_LEVEL)}
    keys.update({family: tuple(table) for family, table in _THRESHOLDS.items()})
    return keys

