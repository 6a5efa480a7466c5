"""Errors that mean "bad input": the CLI prints them as one line and exits 2."""

from __future__ import annotations

from .escape import terminal_text


class KfootError(Exception):
    """Bad input or usage. `str()` is the one line the user sees."""

    exit_code = 2

    def __init__(self, message: str, path: object | None = None, offset: int | None = None):
        self.message = message
        self.path = path
        self.offset = offset
        super().__init__(self.format())

    def format(self) -> str:
        where = ""
        if self.path is not None:
            where = terminal_text(f"{self.path}")  # a path may hold a newline or an escape sequence
            if self.offset is not None:
                where += f" (byte offset {self.offset:#x})"
            where += ": "
        return f"{where}{self.message}"


class FormatError(KfootError):
    """A binary whose bytes do not parse; carries the byte offset of the problem."""


class NoGpuError(KfootError):
    """Something that needs a usable NVIDIA GPU and driver (launching a kernel, `--memory measure`)
    found none; compiling and estimating do not need one."""


class ToolMissing(KfootError):
    """An external tool (nvcc, cuobjdump, ninja, NVRTC) could not be found."""
