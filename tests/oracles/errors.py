"""kfoot's error contract, asserted in one place: bad input exits 2 (or the code given) with
exactly one stderr line, `kfoot: error: ` and a message holding what the test names, never a
traceback, and nothing on stdout but what the test expects there (README.md, "Every command
exits ...")."""

from __future__ import annotations

import subprocess

from kfoot.core.errors import KfootError

PREFIX = "kfoot: error: "


def _text(value) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else (value or "")


def _outcome(result) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of a finished process, a `run_main` triple, or a KfootError
    as the command line prints it (kfoot.cli.main)."""
    if isinstance(result, subprocess.CompletedProcess | subprocess.Popen):
        return result.returncode, _text(result.stdout), _text(result.stderr)
    if isinstance(result, KfootError):
        return result.exit_code, "", f"{PREFIX}{result}\n"
    code, out, err = result
    return code, _text(out), _text(err)


def assert_error(result, *needles: str, code: int = 2, stdout: str | None = "") -> str:
    """Assert the error contract on `result` (a CompletedProcess, a `(code, out, err)` triple from
    oracles.cli.run_main, or a KfootError); every needle must be in the one line. `stdout` is
    what stdout must hold exactly ("" by default; None when the test checks it itself).
    Returns the message, the line less its `kfoot: error: `."""
    rc, out, err = _outcome(result)
    shown = f"rc={rc}\nstdout: {out[-2000:]!r}\nstderr: {err[-3000:]!r}"
    assert rc == code, f"expected exit {code}\n{shown}"
    assert "Traceback" not in err, shown
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), f"not one stderr line\n{shown}"
    line = lines[0]
    assert line.startswith(PREFIX) and line[len(PREFIX):].strip(), f"not a `{PREFIX}` line\n{shown}"
    for needle in needles:
        assert needle in line, f"{needle!r} is not in the error line\n{shown}"
    if stdout is not None:
        assert out == stdout, f"stdout should be {stdout!r}\n{shown}"
    return line[len(PREFIX):]
