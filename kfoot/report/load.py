"""A report from a path, whatever the path holds: a report JSON read back (report_json), or
anything `kfoot report` reads (a binary, a directory, a wheel) analysed. The input of `kfoot diff`
and `kfoot gate`, where each side may be either."""

from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import KfootError
from .model import Filters, Report
from .report_json import is_report_json, read_report_json


def load_report(source: str | os.PathLike, like: Report | None = None, kernels: bool = False) -> Report:
    """The report a report JSON file holds, or the report of analysing a binary/directory/wheel.

    `like`: a report whose filters (`kfoot report --section/--arch/--filter`) a binary is
    analysed with, so it is measured the same way as the report it is compared to; a binary is
    analysed with per-kernel rows (`--kernels`) when `kernels` is set or `like` has them.
    Raises KfootError (exit 2) for a missing path, a JSON file that is not a kfoot report
    (wrong or unknown schema, missing or mistyped figures) and anything the analyser rejects.
    """
    path = Path(source)
    if not path.exists():
        raise KfootError("no such file or directory", path=path)
    if is_report_json(path):
        return read_report_json(path)
    kernels = kernels or bool(like and any(f.kernel_rows is not None for f in like.files))
    return _analyze(path, like.filters if like else Filters(), kernels)


def load_pair(base: str | os.PathLike, new: str | os.PathLike, kernels: bool = False) -> tuple[Report, Report]:
    """Both sides of a comparison. A report JSON is read first and a binary on the other side is
    analysed with its filters; two reports made with different filters are bad input, since
    their figures count different things."""
    base_path, new_path = Path(base), Path(new)
    if not is_report_json(base_path) and is_report_json(new_path):
        new_report = load_report(new_path, kernels=kernels)
        base_report = load_report(base_path, like=new_report, kernels=kernels)
    else:
        base_report = load_report(base_path, kernels=kernels)
        new_report = load_report(new_path, like=base_report, kernels=kernels)
    if base_report.filters != new_report.filters:
        raise KfootError(f"made with {new_report.filters.describe()}, but {base_path} with "
                         f"{base_report.filters.describe()}: the figures are not comparable", path=new_path)
    return base_report, new_report


def _analyze(path: Path, filters: Filters, kernels: bool) -> Report:
    # Imported here: the analyser is only needed when a side is a binary, not a report JSON.
    from .analyze import ReportOptions, analyze_paths

    options = ReportOptions(sections=frozenset(filters.sections) if filters.sections else None,
                            archs=frozenset(filters.archs) if filters.archs else None,
                            kernel_filter=filters.kernel_filter, kernel_rows=kernels, cache=True)
    return analyze_paths([path], options)
