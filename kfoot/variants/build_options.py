"""What a spec tells the compilers ([build] and per family: include_dirs, defines, flags,
nvcc_flags, nvrtc_flags), read and checked, and merged into one BuildOptions per family.

Macros (`defines`, and `-D`/`-U` in `flags` and `nvcc_flags`) never reach nvcc's command line,
because nvcc runs its sub-tools through a shell that would expand `$(...)` and backticks in
them: an AOT build writes them as `#define` lines at the top of each generated source
(`BuildOptions.macros`), so a value must be one a source line can hold (checked here)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import IDENTIFIER, SpecError, spec_error, spec_where

OPTION_KEYS = ("include_dirs", "defines", "flags", "nvcc_flags", "nvrtc_flags")
ALLOW_KEY = "allow_nvcc_flags"  # [build] only: nvcc flags the spec passes beyond kfoot's allow-list
_BUILD_KEYS = {"shard_size", ALLOW_KEY, *OPTION_KEYS}
# -DNAME, -DNAME=VALUE, --define-macro=NAME[=VALUE], -UNAME, --undefine-macro=NAME: as nvcc reads them.
_MACRO_FLAG = re.compile(r"^(?:-D|--define-macro=)(?P<define>[^=]*)(?:=(?P<value>.*))?$|"
                         r"^(?:-U|--undefine-macro=)(?P<undef>.*)$", re.DOTALL)


@dataclass(frozen=True)
class Macro:
    """One `#define NAME VALUE` (or `#undef NAME` when `undefine`)."""

    name: str
    value: str = "1"  # a bare -DNAME defines NAME as 1, as every compiler does
    undefine: bool = False

    def line(self) -> str:
        return f"#undef {self.name}" if self.undefine else f"#define {self.name} {self.value}".rstrip(" ")


def macro_flag(flag: str) -> Macro | None:
    """The macro a -D/-U flag sets (None for any other flag); ValueError for one no source line can hold."""
    match = _MACRO_FLAG.match(flag)
    if match is None:
        return None
    name = match["undef"] if match["undef"] is not None else match["define"]
    if not IDENTIFIER.match(name or ""):
        raise ValueError(f"flag {flag!r} names no plain macro identifier")
    if match["undef"] is not None:
        return Macro(name, undefine=True)
    value = "1" if match["value"] is None else match["value"]
    check_macro_value(value)
    return Macro(name, value)


def check_macro_value(value: str) -> None:
    """ValueError unless `value` reads back unchanged from a `#define` line: no line break or NUL,
    no backslash at the end (it would join the next line), no comment left open."""
    if any(c in value for c in "\n\r\0"):
        raise ValueError(f"value {value[:60]!r} holds a newline (or CR, NUL), which a #define cannot hold")
    if value.endswith("\\"):
        raise ValueError(f"value {value[:60]!r} ends in a backslash, which would join the next line of a #define")
    at = value.find("/*")
    while at >= 0:
        end = value.find("*/", at + 2)
        if end < 0:
            raise ValueError(f"value {value[:60]!r} opens a /* comment it does not close")
        at = value.find("/*", end + 2)


# The archs come from --arch; a spec that set them too would fight it.
_ARCH_FLAGS = ("-arch", "--gpu-architecture", "-gencode", "--generate-code", "-code", "--gpu-code")


@dataclass(frozen=True)
class BuildOptions:
    """What a spec tells the compilers: include folders, macros, flags ([build] and per family).

    A family's options are the [build] ones followed by its own (`merged`). `origin` maps each
    flag to the spec key it came from, so a flag a compiler rejects is reported at its key.
    """

    include_dirs: tuple[Path, ...] = ()  # absolute, resolved
    defines: tuple[tuple[str, str | None], ...] = ()  # (NAME, value); None: defined with no value
    flags: tuple[str, ...] = ()  # both compilers
    nvcc_flags: tuple[str, ...] = ()
    nvrtc_flags: tuple[str, ...] = ()
    origin: tuple[tuple[str, str], ...] = ()  # (flag, "build.flags" or "family 'x': key 'flags'")

    def merged(self, other: "BuildOptions") -> "BuildOptions":
        return BuildOptions(
            include_dirs=tuple(dict.fromkeys(self.include_dirs + other.include_dirs)),
            defines=tuple({**dict(self.defines), **dict(other.defines)}.items()),
            flags=self.flags + other.flags,
            nvcc_flags=self.nvcc_flags + other.nvcc_flags,
            nvrtc_flags=self.nvrtc_flags + other.nvrtc_flags,
            origin=self.origin + other.origin,
        )

    @property
    def empty(self) -> bool:
        return not (self.include_dirs or self.defines or self.flags or self.nvcc_flags or self.nvrtc_flags)

    def define_args(self) -> list[str]:
        return [f"-D{name}" if value is None else f"-D{name}={value}" for name, value in self.defines]

    def macros(self) -> list[Macro]:
        """What nvcc gets as `#define`/`#undef` lines, in command-line order: `defines`, then the
        -D/-U of `flags` and `nvcc_flags`."""
        found = [Macro(name, "1" if value is None else value) for name, value in self.defines]
        for flag in (*self.flags, *self.nvcc_flags):
            macro = macro_flag(flag)
            if macro is not None:
                found.append(macro)
        return found

    def nvcc_command_flags(self) -> list[str]:
        """`flags`, then `nvcc_flags`, less the macros (`macros`): what nvcc's command line gets."""
        return [f for f in (*self.flags, *self.nvcc_flags) if _MACRO_FLAG.match(f) is None]

    def nvrtc_args(self) -> list[str]:
        """-D, `flags`, `nvrtc_flags`; the include folders go separately (the registry's copies)."""
        return [*self.define_args(), *self.flags, *self.nvrtc_flags]

    def key_of(self, flag: str) -> str:
        return next((key for f, key in self.origin if f == flag), "flags")

    def as_json(self, base: Path | None = None) -> dict:
        def show(d: Path) -> str:
            if base is not None:
                try:
                    return d.relative_to(base).as_posix()
                except ValueError:
                    pass
            return str(d)

        return {"include_dirs": [show(d) for d in self.include_dirs], "defines": dict(self.defines),
                "flags": list(self.flags), "nvcc_flags": list(self.nvcc_flags), "nvrtc_flags": list(self.nvrtc_flags)}


def distinct_flag_sets(spec, family_names, compiler_key: str):
    """(the family's BuildOptions, its `flags` plus `<compiler_key>`) once per distinct flag set of
    a spec's (kfoot.variants.loader.Spec) families, empty sets left out: what a flag check needs
    to run each compiler once per set."""
    seen: set[tuple[str, ...]] = set()
    for name in family_names:
        options = spec.family(name).build
        flags = (*options.flags, *getattr(options, compiler_key))
        if flags and flags not in seen:
            seen.add(flags)
            yield options, flags


def load_options(path: Path, family: str | None, raw: dict, prefix: str) -> BuildOptions:
    """include_dirs, defines, flags, nvcc_flags, nvrtc_flags of [build] (prefix "build.") or a family."""

    def fail(key: str, message: str) -> SpecError:
        return spec_error(path, family, prefix + key, message)

    def where(key: str) -> str:
        return spec_where(path, family, prefix + key).split(": ", 1)[1]

    dirs: list[Path] = []
    raw_dirs = raw.get("include_dirs", [])
    if not isinstance(raw_dirs, list) or not all(isinstance(d, str) and d for d in raw_dirs):
        raise fail("include_dirs", "must be a list of folders relative to the spec file")
    for text in raw_dirs:
        folder = (path.parent / text).resolve()
        if not folder.is_dir():
            what = "is a file, not a folder" if folder.exists() else "does not exist"
            raise fail("include_dirs", f"folder {text!r} {what} (looked for {folder})")
        dirs.append(folder)
    defines: list[tuple[str, str | None]] = []
    raw_defines = raw.get("defines", {})
    if not isinstance(raw_defines, dict):
        raise fail("defines", "must be a table of NAME = value")
    for name, value in raw_defines.items():
        if not IDENTIFIER.match(name):
            raise fail(f"defines.{name}", "a macro name is a plain identifier")
        if isinstance(value, bool):
            text = "1" if value else "0"
        elif isinstance(value, (int, float)):
            text = str(value)
        elif isinstance(value, str):
            text = value
        else:
            raise fail(f"defines.{name}", f"must be a string, number or boolean, not {value!r}")
        try:
            check_macro_value(text)
        except ValueError as exc:
            raise fail(f"defines.{name}", str(exc)) from None
        defines.append((name, text))
    lists: dict[str, tuple[str, ...]] = {}
    origin: list[tuple[str, str]] = []
    for key in ("flags", "nvcc_flags", "nvrtc_flags"):
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(f, str) and f.strip() for f in value):
            raise fail(key, "must be a list of compiler flags (strings)")
        for flag in value:
            if flag.split("=", 1)[0] in _ARCH_FLAGS:
                raise fail(key, f"flag {flag!r} sets the target; archs come from --arch")
            try:
                macro_flag(flag)
            except ValueError as exc:
                raise fail(key, str(exc)) from None
            origin.append((flag, where(key)))
        lists[key] = tuple(value)
    return BuildOptions(include_dirs=tuple(dirs), defines=tuple(defines), origin=tuple(origin), **lists)


@dataclass(frozen=True)
class BuildTable:
    """The [build] table: shard_size, the options every family starts from, and the nvcc flags
    the spec's authors pass beyond kfoot's allow-list (kfoot.compile.nvcc_checks)."""

    shard_size: int | None
    options: BuildOptions
    allow_nvcc_flags: tuple[str, ...] = ()


def load_build(path: Path, raw: object) -> BuildTable:
    if not isinstance(raw, dict):
        raise spec_error(path, None, "build", "must be a table")
    for key in raw:
        if key not in _BUILD_KEYS:
            raise spec_error(path, None, f"build.{key}", f"unknown key; build keys are {', '.join(sorted(_BUILD_KEYS))}")
    size = raw.get("shard_size")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise spec_error(path, None, "build.shard_size", f"must be a positive integer, not {size!r}")
    allowed = raw.get(ALLOW_KEY, [])
    if not isinstance(allowed, list) or not all(isinstance(f, str) and f for f in allowed):
        raise spec_error(path, None, f"build.{ALLOW_KEY}", "must be a list of nvcc flags, each as flags or "
                         "nvcc_flags writes it")
    return BuildTable(size, load_options(path, None, raw, "build."), tuple(allowed))


def check_allowed_flags(path: Path, table: BuildTable, families) -> None:
    """Each flag `allow_nvcc_flags` names is one a family passes to nvcc (a typo there would
    silently let nothing through)."""
    used = {f for fam in families for f in (*fam.build.flags, *fam.build.nvcc_flags)}
    for flag in table.allow_nvcc_flags:
        if flag not in used:
            raise spec_error(path, None, f"build.{ALLOW_KEY}", f"{flag!r} is not in any family's flags or "
                             "nvcc_flags (list each flag exactly as written there)")
