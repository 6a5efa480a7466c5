"""Output of `kfoot diff` and `kfoot gate`: rich renderables for people (a list, in print order),
Markdown for CI summaries (text); neither prints. (JSON is the `to_dict()` of the diff and the
verdict; the HTML page is kfoot.gate.html.) Family and kernel names and the reports' paths come
from files kfoot did not write: text shows them through kfoot.core.escape.terminal_text (`_text`),
Markdown as code spans (`_md_name`), so they can neither style a terminal nor shape a summary."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..core.escape import markdown_code, terminal_text
from .diff import Change, GroupChange, ReportDiff
from .verdict import BaselineUpdate, Check, KernelCheck, Verdict, size_metric

TOTAL_LABELS = {
    "files": "files",
    "size": "file bytes",
    "stored_bytes": "device image bytes, stored",
    "image_bytes": "device image bytes, uncompressed",
    "code_bytes": "kernel code bytes",
    "kernels": "kernels",
    "distinct_kernels": "distinct kernels",
    "global_symbols": "global symbols",
    "relocatable_kernels": "relocatable kernels (never loaded)",
    "relocatable_bytes": "relocatable copies, stored bytes (never loaded)",
}


def not_compared_note(diff: ReportDiff) -> str | None:
    """Why some groups are not in the diff (a report upgraded from /2 of an -rdc library)."""
    if not diff.not_compared:
        return None
    return (f"not compared: {', '.join(diff.not_compared)} (a report does not carry them: one from kfoot.report/2 "
            "that counted relocatable copies as kernels; docs/report.md, From /2 to /3)")
# How many families a table shows before summarising the rest as one line.
FAMILY_ROWS = 30


def signed(value: int) -> str:
    return f"{value:+,}" if value else "0"


def percent(change: Change) -> str:
    pct = change.percent
    if pct is None:
        return "new"
    return f"{pct:+.1f}%" if change.delta else ""


def change_text(change: Change) -> str:
    pct = percent(change)
    return f"{signed(change.delta)} ({pct})" if pct and change.delta else signed(change.delta)


def summary_line(diff: ReportDiff) -> str:
    """One line: the kernel and size change, or that nothing changed."""
    kernels, size = diff.totals["kernels"], diff.totals[size_metric(diff)]
    if diff.is_zero:
        return f"no change in device code ({kernels.new:,} kernels, {size.new:,} {TOTAL_LABELS[size_metric(diff)]})"
    parts = [f"kernels {change_text(kernels)}", f"{TOTAL_LABELS[size_metric(diff)]} {change_text(size)}"]
    added, removed = diff.families_with("added"), diff.families_with("removed")
    if added:
        parts.append(f"{len(added)} famil{'y' if len(added) == 1 else 'ies'} added")
    if removed:
        parts.append(f"{len(removed)} famil{'y' if len(removed) == 1 else 'ies'} removed")
    return ", ".join(parts)


def update_message(update: BaselineUpdate) -> str:
    """The one line `--update-baseline` prints."""
    if update.diff is None:
        return f"baseline written: {update.path} ({update.report.totals.kernels:,} kernels)"
    return f"baseline updated: {update.path}: {summary_line(update.diff)}"


# Kernel names shown per family and direction in text and Markdown; the rest are counted.
NAMES_PER_FAMILY = 10


def kernel_changes(families: list[GroupChange]) -> list[tuple[str, str, list[str], int]]:
    """(family, "added"|"removed", demangled names shown, how many more) for every family whose
    kernels differ, in the diff's family order."""
    from ..report.families import demangle

    rows = []
    for family in families:
        for direction, names in (("added", family.kernels_added), ("removed", family.kernels_removed)):
            if names:
                shown = [demangle(n) for n in names[:NAMES_PER_FAMILY]]
                rows.append((family.name, direction, shown, len(names) - len(shown)))
    return rows


def _changed(groups: list[GroupChange]) -> list[GroupChange]:
    return [g for g in groups if g.status != "unchanged"]


def _family_counts(diff: ReportDiff) -> str:
    grew = sum(1 for g in diff.families if g.status == "changed" and (g.delta("kernels") > 0 or g.delta("code_bytes") > 0))
    changed = len(diff.families_with("changed"))
    return (f"{grew} grew, {changed - grew} shrank or changed, {len(diff.families_with('added'))} added, "
            f"{len(diff.families_with('removed'))} removed, {len(diff.families_with('unchanged'))} unchanged")


# ---------------------------------------------------------------------------------------------
# Text (rich)


def _line(markup: str) -> Text:
    """One line of markup that is never wrapped (the terminal wraps it, as for any long line)."""
    text = Text.from_markup(markup)
    text.no_wrap, text.overflow = True, "ignore"
    return text


def _plain_line(line: str) -> Text:
    return Text(terminal_text(line), no_wrap=True, overflow="ignore")


def _text(name: str) -> Text:
    return Text(terminal_text(name))


def render_diff(diff: ReportDiff) -> list:
    out = [_line(f"[bold]kfoot diff[/] {escape(terminal_text(diff.base_label))} -> {escape(terminal_text(diff.new_label))}: "
                 f"{escape(summary_line(diff))}")]
    if diff.is_zero:
        return out
    totals = Table(title="Totals", title_justify="left")
    for name, justify in (("figure", "left"), ("base", "right"), ("new", "right"), ("change", "right")):
        totals.add_column(name, justify=justify)
    for key, change in diff.totals.items():
        totals.add_row(TOTAL_LABELS.get(key, key), f"{change.base:,}", f"{change.new:,}", change_text(change))
    out.append(totals)
    out += _groups_table(f"Families ({_family_counts(diff)})", _changed(diff.families), "family")
    out += _kernel_changes_table(diff.families)
    out += _groups_table("Archs", _changed(diff.archs), "arch")
    out += _groups_table("Kinds", _changed(diff.kinds), "kind")
    if not_compared_note(diff):
        out.append(_plain_line(not_compared_note(diff)))
    return out


def _groups_table(title: str, groups: list[GroupChange], what: str) -> list:
    if not groups:
        return []
    metrics = list(groups[0].figures)
    table = Table(title=title, title_justify="left")
    table.add_column(what, no_wrap=True)
    table.add_column("status")
    for metric in metrics:
        table.add_column(metric.replace("_", " "), justify="right")
    for group in groups[:FAMILY_ROWS]:
        cells = [f"{group.figures[m].new:,} ({signed(group.figures[m].delta)})" for m in metrics]
        table.add_row(_text(group.name), group.status, *cells)
    if len(groups) > FAMILY_ROWS:
        table.add_row(f"... {len(groups) - FAMILY_ROWS} more", "", *[""] * len(metrics))
    return [table]


def _kernel_changes_table(families: list[GroupChange]) -> list:
    rows = kernel_changes(families)
    if not rows:
        return []
    table = Table(title="Kernels added and removed", title_justify="left")
    for name in ("family", "", "kernel"):
        table.add_column(name)
    for family, direction, shown, more in rows:
        for index, kernel in enumerate(shown):
            table.add_row(_text(family if index == 0 else ""), direction if index == 0 else "", _text(kernel))
        if more:
            table.add_row("", "", f"... and {more:,} more")
    return [table]


def render_verdict(verdict: Verdict, update_hint: str | None = None) -> list:
    diff = verdict.diff
    word = {"pass": "[green]PASS[/]", "shrink": "[green]PASS[/] (footprint shrank)", "fail": "[red]FAIL[/]"}[verdict.outcome]
    out = [_line(f"[bold]kfoot gate[/] {word}: {escape(summary_line(diff))}")]
    table = Table(title="Budget", title_justify="left")
    for name, justify in (("rule", "left"), ("base", "right"), ("new", "right"), ("change", "right"),
                          ("allowed", "right"), ("result", "left")):
        table.add_column(name, justify=justify, no_wrap=name == "rule")
    for check in verdict.checks:
        table.add_row(_text(_rule(check)), f"{check.change.base:,}", f"{check.change.new:,}", change_text(check.change),
                      _allowed(check), "ok" if check.passed else "[red]OVER BUDGET[/]")
    for kcheck in verdict.kernel_checks:
        table.add_row(_text(_kernel_rule(kcheck)), "", "", f"{len(kcheck.offenders):,} of {kcheck.compared:,} kernels over",
                      f"+{kcheck.limit.describe(_kernel_unit(kcheck))} each", "ok" if kcheck.passed else "[red]OVER BUDGET[/]")
    out.append(table)
    out += _kernel_offenders_table(verdict.kernel_checks)
    grown = verdict.grown_families
    if grown:
        out += _families_table("Families that grew, most first", grown)
        out += _kernel_changes_table(grown)
    if verdict.outcome == "shrink":
        shrunk = verdict.shrunk_families
        if shrunk:
            out += _families_table("Families that shrank", shrunk)
            out += _kernel_changes_table(shrunk)
        if update_hint:
            out.append(_plain_line(f"The footprint shrank; lock the gain in with: {update_hint}"))
    if not verdict.passed and update_hint:
        out.append(_plain_line(f"If this growth is intended, update the baseline: {update_hint}"))
    return out


def _families_table(title: str, families: list[GroupChange]) -> list:
    table = Table(title=title, title_justify="left")
    table.add_column("family", no_wrap=True)
    for name in ("kernels", "change", "code bytes change", "status"):
        table.add_column(name, justify="left" if name == "status" else "right")
    for family in families[:FAMILY_ROWS]:
        table.add_row(_text(family.name), f"{family.figures['kernels'].new:,}", signed(family.delta("kernels")),
                      signed(family.delta("code_bytes")), family.status)
    if len(families) > FAMILY_ROWS:
        table.add_row(f"... {len(families) - FAMILY_ROWS} more", "", "", "", "")
    return [table]


def _allowed(check: Check) -> str:
    if check.cap:
        return f"at most {check.allowed:,}"
    return f"{check.allowed:+,} ({check.limit.describe(_unit(check))})"


def _kernel_rule(check: KernelCheck, show=str) -> str:
    """The rule's name; `show` renders a family's name (as code in Markdown)."""
    what = "registers" if check.metric == "registers" else "stack bytes"
    return f"{show(check.name)}: {what} per kernel" if check.scope == "family" else f"{what} per kernel ({check.name})"


def _kernel_unit(check: KernelCheck) -> str:
    return "registers" if check.metric == "registers" else "bytes"


def kernel_offender_rows(checks: list[KernelCheck]) -> list[tuple[str, str, str, int, int, int]]:
    """(demangled kernel, arch, figure, base, new, allowed growth) of every kernel over its limit."""
    from ..report.families import demangle

    return [(demangle(kernel), arch, check.metric.replace("_", " "), base, new, allowed)
            for check in checks for kernel, _family, arch, base, new, allowed in check.offenders]


def _kernel_offenders_table(checks: list[KernelCheck]) -> list:
    rows = kernel_offender_rows(checks)
    if not rows:
        return []
    table = Table(title="Kernels over budget", title_justify="left")
    for name in ("kernel", "arch", "figure", "base", "new", "change", "allowed"):
        table.add_column(name, justify="left" if name in ("kernel", "arch", "figure") else "right")
    for kernel, arch, figure, base, new, allowed in rows:
        table.add_row(_text(kernel), _text(arch), figure, f"{base:,}", f"{new:,}", signed(new - base), f"{allowed:+,}")
    return [table]


def _rule(check: Check, show=str) -> str:
    """The rule's name; `show` renders a family's name (as code in Markdown)."""
    what = check.metric.replace("_", " ")
    return f"{show(check.name)}: {what}" if check.scope == "family" else f"{what} ({check.name})"


def _unit(check: Check) -> str:
    return "kernels" if check.metric == "kernels" else "bytes"


# ---------------------------------------------------------------------------------------------
# Markdown (GitHub step summaries, PR comments)


def _md_name(name: str, in_table: bool = True) -> str:
    return markdown_code(name, in_table=in_table)


def _md_labels(diff: ReportDiff) -> str:
    return f"{_md_name(diff.base_label, False)} → {_md_name(diff.new_label, False)}"


def markdown_diff(diff: ReportDiff, heading: str = "###") -> str:
    lines = [f"{heading} kfoot diff", "", f"{_md_labels(diff)}: {summary_line(diff)}", ""]
    if diff.is_zero:
        return "\n".join(lines)
    lines += ["| figure | base | new | change |", "|---|---:|---:|---:|"]
    for key, change in diff.totals.items():
        lines.append(f"| {TOTAL_LABELS.get(key, key)} | {change.base:,} | {change.new:,} | {change_text(change)} |")
    lines.append("")
    lines += _md_groups(f"Families ({_family_counts(diff)})", _changed(diff.families), "family")
    lines += _md_kernel_changes(diff.families)
    lines += _md_groups("Archs", _changed(diff.archs), "arch")
    lines += _md_groups("Kinds", _changed(diff.kinds), "kind")
    if not_compared_note(diff):
        lines += [f"_{not_compared_note(diff)}_", ""]
    return "\n".join(lines)


def _md_groups(title: str, groups: list[GroupChange], what: str) -> list[str]:
    if not groups:
        return []
    metrics = list(groups[0].figures)
    lines = [f"**{title}**", "", "| " + " | ".join([what, "status", *(m.replace("_", " ") for m in metrics)]) + " |",
             "|---|---|" + "---:|" * len(metrics)]
    for group in groups[:FAMILY_ROWS]:
        cells = [f"{group.figures[m].new:,} ({signed(group.figures[m].delta)})" for m in metrics]
        lines.append("| " + " | ".join([_md_name(group.name), group.status, *cells]) + " |")
    if len(groups) > FAMILY_ROWS:
        lines.append(f"| … {len(groups) - FAMILY_ROWS} more |" + " |" * (len(metrics) + 1))
    return lines + [""]


def _md_kernel_changes(families: list[GroupChange]) -> list[str]:
    rows = kernel_changes(families)
    if not rows:
        return []
    lines = ["**Kernels added and removed**", ""]
    for family, direction, shown, more in rows:
        lines.append(f"- {_md_name(family, False)} {direction}: " + ", ".join(_md_name(k, False) for k in shown)
                     + (f", and {more:,} more" if more else ""))
    return lines + [""]


def markdown_verdict(verdict: Verdict, update_hint: str | None = None) -> str:
    word = {"pass": "PASS", "shrink": "PASS (footprint shrank)", "fail": "FAIL"}[verdict.outcome]
    diff = verdict.diff
    lines = [f"### kfoot gate: {word}", "", f"{_md_labels(diff)}: {summary_line(diff)}", "",
             "| rule | base | new | change | allowed | result |", "|---|---:|---:|---:|---:|---|"]
    for check in verdict.checks:
        lines.append(f"| {_rule(check, _md_name)} | {check.change.base:,} | {check.change.new:,} | {change_text(check.change)} "
                     f"| {_allowed(check)} | {'ok' if check.passed else '**over budget**'} |")
    for kcheck in verdict.kernel_checks:
        lines.append(f"| {_kernel_rule(kcheck, _md_name)} | | | {len(kcheck.offenders):,} of {kcheck.compared:,} kernels over "
                     f"| +{kcheck.limit.describe(_kernel_unit(kcheck))} each | {'ok' if kcheck.passed else '**over budget**'} |")
    lines.append("")
    offenders = kernel_offender_rows(verdict.kernel_checks)
    if offenders:
        lines += ["**Kernels over budget**", "", "| kernel | arch | figure | base | new | change | allowed |",
                  "|---|---|---|---:|---:|---:|---:|"]
        lines += [f"| {_md_name(k)} | {_md_name(arch)} | {figure} | {base:,} | {new:,} | {signed(new - base)} | {allowed:+,} |"
                  for k, arch, figure, base, new, allowed in offenders]
        lines.append("")
    for title, families in (("Families that grew, most first", verdict.grown_families),
                            ("Families that shrank", verdict.shrunk_families if verdict.outcome == "shrink" else [])):
        if not families:
            continue
        lines += [f"**{title}**", "", "| family | kernels | change | code bytes change | status |", "|---|---:|---:|---:|---|"]
        for family in families[:FAMILY_ROWS]:
            lines.append(f"| {_md_name(family.name)} | {family.figures['kernels'].new:,} | {signed(family.delta('kernels'))} "
                         f"| {signed(family.delta('code_bytes'))} | {family.status} |")
        if len(families) > FAMILY_ROWS:
            lines.append(f"| … {len(families) - FAMILY_ROWS} more | | | | |")
        lines.append("")
        lines += _md_kernel_changes(families)
    if not verdict.passed and update_hint:
        lines += [f"If this growth is intended, update the baseline: {_md_name(update_hint, False)}", ""]
    return "\n".join(lines)

