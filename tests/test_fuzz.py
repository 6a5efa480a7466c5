"""Seeded fuzzing of every parser kfoot runs on input it did not build: a few thousand mutants
(tests/oracles/mutate.py: bit flips, extreme values in header fields, truncation, chunks
duplicated or deleted) of nvcc-built fixtures (a fatbin holding a plain and a zstd image, a
zstd-compressed object, a cubin, a shared library, a static archive, a wheel) and of report
JSON files (kfoot's own, and a kfoot.report/1 baseline).

The property, per mutant: analysis either works or raises KfootError, whose one line names the
file; never another exception, never more than PER_INPUT_S seconds. When it works, every file's
byte attribution (host + container overhead + device + filtered out) adds up to its size, which
is the file's size on disk (os.stat, the oracle; for a wheel the .whl's size is stored_size),
no figure is negative, and the result renders as a table, Markdown and JSON, passes kfoot's
own report validation (what diff and gate load) and diffs against itself to zero. Report JSON
mutants go through diff and gate's loaders, the diff and the verdict, rendered in every format.
A few dozen mutants go through the real command line: exit 0, 1 (gate) or 2 with one line
`kfoot: error: ...` and no traceback.

A failure names the fixture, the seed and the mutant's index: `mutate.mutant(data, seed,
index, regions)` rebuilds it alone. scripts/fuzz.py runs the same checks for as long as asked
(docs/fuzzing.md)."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import signal
import subprocess
import sys
import traceback
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from rich.console import Console

from kfoot.core.errors import KfootError
from kfoot.gate import render as gate_render
from kfoot.gate.budget import combine, load_budget_file
from kfoot.gate.diff import diff_reports
from kfoot.gate.verdict import evaluate
from kfoot.report.analyze import ReportOptions, analyze_paths
from kfoot.report.load import load_pair
from kfoot.report.model import BY_CHOICES
from kfoot.report.render import render_markdown, render_rich
from kfoot.report.report_json import from_document, to_document
from kfoot.runtime.trace import resolve_trace
from oracles import mutate
from oracles.cli import REPO
from oracles.errors import assert_error

SEED = 20261123
PER_INPUT_S = 5  # one mutant analysed and rendered in every format, at most
# Mutants per input: 4,450 in all, ~20 s on the shared 2-core development machine (docs/fuzzing.md).
BINARY_MUTANTS = {"fixture.fatbin": 600, "obj_size.o": 600, "fixture_sm90a.cubin": 500, "libfixture.so": 400,
                  "libfixture.a": 500, "wheel": 400}
JSON_MUTANTS = 800
CLI_MUTANTS = 50
# Usage traces and budget files (issue 29): cheap to check, a few ms each.
TRACE_MUTANTS = 300
BUDGET_MUTANTS = 300
REGISTRY_MUTANTS = 300
CACHE_ENTRY_MUTANTS = 300
ERROR_LINE_LIMIT = 600  # characters: an error line quotes a short prefix of what it found, never more
BASELINE_V1 = Path(__file__).parent / "data" / "demo-baseline-report-v1.json"
BUCKETS = ("host_bytes", "overhead_bytes", "stored_bytes", "filtered_bytes")
FIGURES = ("size", "stored_bytes", "image_bytes", "code_bytes", *BUCKETS[:2], "filtered_bytes", "kernels",
           "distinct_kernels", "global_symbols")


class Hang(BaseException):
    """A mutant that took over PER_INPUT_S (a BaseException, so no `except Exception` hides it)."""


@contextlib.contextmanager
def time_bound(seconds: float):
    def expired(signum, frame):
        raise Hang(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _console() -> Console:
    return Console(file=io.StringIO(), width=120, force_terminal=False, color_system=None)


# ------------------------------------------------------------------ the properties

def check_binary(path: Path, by: str, rendered: set) -> str:
    """Analyse a (mutated) binary as `kfoot report` does, check the result, render it in every
    format. 'ok' or 'error' (a KfootError); anything else raises. `rendered` holds digests of the
    JSON of reports already rendered: an identical report renders identically, so it is skipped."""
    try:
        report = analyze_paths([path], ReportOptions(kernel_rows=True, ptx_entries=True, jobs=1))
    except KfootError as exc:
        assert_error(exc, str(path))
        return "error"
    disk = path.stat().st_size
    for file in report.files:
        for name in FIGURES:
            assert getattr(file, name) >= 0, f"{name} = {getattr(file, name)}"
        assert sum(getattr(file, b) for b in BUCKETS) == file.size, \
            f"attribution {[getattr(file, b) for b in BUCKETS]} does not add up to {file.size}"
        assert all(a.stored_bytes >= 0 and a.images >= 0 for a in file.archs.values())
        if file.format == "wheel":
            assert file.stored_size == disk
        else:
            assert file.size == disk, f"size {file.size}, on disk {disk}"
    assert report.totals.size == sum(f.size for f in report.files)
    data = to_document(report)
    text = json.dumps(data, sort_keys=True)
    digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
    if digest in rendered:
        return "ok"
    rendered.add(digest)
    loaded = from_document(json.loads(text), path)  # what diff and gate accept from `kfoot report --json`
    assert diff_reports(loaded, loaded).is_zero
    _console().print(*render_rich(report, by=by, top=15, kernels=True))
    render_markdown(report, by=by, top=15)
    render_markdown(report, by=None, top=3)
    return "ok"


_BUDGET = combine(None, "0", "1%", ("kfoot::binary_kernel=1",))


def check_json_pair(base: Path, new: Path, mutant: Path) -> str:
    """`kfoot diff` and `kfoot gate` with a (mutated) report JSON on either side."""
    try:
        base_report, new_report = load_pair(base, new)
    except KfootError as exc:
        assert_error(exc, str(mutant))
        return "error"
    diff = diff_reports(base_report, new_report, str(base), str(new))
    json.dumps(diff.to_dict())
    _console().print(*gate_render.render_diff(diff))
    gate_render.markdown_diff(diff)
    try:
        verdict = evaluate(diff, _BUDGET)
    except KfootError as exc:  # the family the budget names is in neither report (mutated away)
        assert "budget for family" in str(exc), exc
        return "error"
    return _rendered(verdict)


def _rendered(verdict) -> str:
    """The verdict in every format gate writes: JSON, text and Markdown."""
    json.dumps(verdict.to_dict())
    _console().print(*gate_render.render_verdict(verdict, "kfoot gate --update-baseline"))
    gate_render.markdown_verdict(verdict, "kfoot gate --update-baseline")
    return "ok"


def _one_short_line(exc: KfootError, *needles: str) -> str:
    assert_error(exc, *needles)
    assert len(str(exc)) < ERROR_LINE_LIMIT, str(exc)[:300]
    return "error"


def check_trace(trace: Path, known: dict) -> str:
    """`kfoot warm --trace` and `build --mode hybrid --hot`: the trace resolved against a spec's ids."""
    try:
        resolve_trace(trace, known, "spec")
    except KfootError as exc:
        return _one_short_line(exc, str(trace))
    return "ok"


def check_budget(budget_file: Path, report: Path) -> str:
    """`kfoot gate --budget FILE`: the budget read, combined, applied to a report against itself
    and rendered."""
    try:
        budget = combine(load_budget_file(budget_file), None, None, ())
        base, new = load_pair(report, report)
        verdict = evaluate(diff_reports(base, new), budget, base, new)
    except KfootError as exc:
        return _one_short_line(exc)
    return _rendered(verdict)


def check_registry(path: Path) -> str:
    """A registry as the runtime and `kfoot warm` open it: loaded, then every variant built, each
    family's first variant looked up by its values and by template-id, a miss explained, and a
    hybrid variant's AOT image read (the folder ships none: one line)."""
    from kfoot.runtime.api import aot_image
    from kfoot.runtime.registry import load_registry

    try:
        registry = load_registry(path)
        variants = registry.variants
        for family in registry.families.values():
            if family.rows:
                first = variants[family.rows[0]]
                assert registry.lookup(family.name, dict(first.values)).family == family.name
                assert first.template_id in registry.by_template_id
                with contextlib.suppress(KfootError):
                    registry.lookup(family.name, {axis: "nope" for axis in family.free_axes})
        if registry.aot is not None:
            for entry in list(registry.aot.kernels.values())[:2]:
                with contextlib.suppress(KfootError):
                    aot_image(registry, entry)
    except KfootError as exc:
        return _one_short_line(exc)
    return "ok"


# ------------------------------------------------------------------ inputs

def make_wheel(so: Path, folder: Path) -> Path:
    wheel = folder / "fixture-1.0-py3-none-linux_x86_64.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(so, "fixture/libfixture.so")
        zf.writestr("fixture/__init__.py", "")
    return wheel


def fuzz_inputs(cuda_fixtures, folder: Path) -> dict[str, Path]:
    inputs = {name: cuda_fixtures[name] for name in BINARY_MUTANTS if name != "wheel"}
    inputs["wheel"] = make_wheel(cuda_fixtures["libfixture.so"], folder)
    return inputs


def _failure(what: str, seed, index: int, ops, exc: BaseException) -> str:
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return (f"{what}: mutate.mutant(data, {seed!r}, {index}, regions) [{'; '.join(ops)}] -> "
            f"{type(exc).__name__}: {str(exc)[:200]} at {Path(where.filename).name}:{where.lineno}")


def fuzz_binary(name: str, original: Path, target: Path, count: int, seed=SEED, first: int = 0) -> tuple[dict, list]:
    data = original.read_bytes()
    regions = mutate.regions_for(data)
    case_seed = f"{seed}:{name}"
    outcomes, failures, rendered = {"ok": 0, "error": 0}, [], set()
    for index in range(first, first + count):
        mutant, ops = mutate.mutant(data, case_seed, index, regions)
        target.write_bytes(mutant)
        try:
            with time_bound(PER_INPUT_S):
                outcomes[check_binary(target, BY_CHOICES[index % len(BY_CHOICES)], rendered)] += 1
        except (Exception, Hang) as exc:  # noqa: BLE001 - every other outcome is the failure looked for
            failures.append(_failure(name, case_seed, index, ops, exc))
    return outcomes, failures


def json_sources(cuda_fixtures, folder: Path) -> dict[str, Path]:
    """kfoot's own report of the archive (schema 2) and the kfoot.report/1 baseline."""
    own = folder / "archive-report.json"
    own.write_text(json.dumps(to_document(analyze_paths([cuda_fixtures["libfixture.a"]])), indent=1))
    return {"report2": own, "report1": BASELINE_V1}


def fuzz_json(sources: dict[str, Path], folder: Path, count: int, seed=SEED, first: int = 0) -> tuple[dict, list]:
    outcomes, failures = {"ok": 0, "error": 0}, []
    names = sorted(sources)
    mutant_path = folder / "mutant-report.json"
    for index in range(first, first + count):
        name = names[index % len(names)]
        good = sources[name]
        case_seed = f"{seed}:{name}"
        mutant, ops = mutate.mutant_json(good.read_bytes(), case_seed, index)
        mutant_path.write_bytes(mutant)
        pair = (good, mutant_path) if index % 2 else (mutant_path, good)
        try:
            with time_bound(PER_INPUT_S):
                outcomes[check_json_pair(*pair, mutant_path)] += 1
        except (Exception, Hang) as exc:  # noqa: BLE001
            failures.append(_failure(f"{name} json", case_seed, index, ops, exc))
    return outcomes, failures


def trace_source(folder: Path) -> tuple[Path, dict]:
    """A usage trace of 12 of the demo spec's variants, as the runtime writes it, and the spec's
    template-ids it is resolved against."""
    from kfoot.variants.enumerate import enumerate_spec
    from kfoot.variants.loader import DEMO_SPEC, load_spec

    variants = enumerate_spec(load_spec(DEMO_SPEC))
    trace = folder / "trace.jsonl"
    trace.write_text("".join(json.dumps({"family": v.family, "template_id": v.template_id}) + "\n"
                             for v in variants[::7][:12]))
    return trace, {v.template_id: v for v in variants}


def budget_source(report: Path, folder: Path) -> Path:
    """A budget file with the library-wide growth rules (the per-kernel ones need kernel rows, the
    duplicate cap a /2 report) and a family of `report` with its own allowance."""
    family = json.loads(report.read_text())["totals"]["families"][0]["name"]
    budget = folder / "budget.toml"
    budget.write_text(f'baseline = "{report.name}"\nmax-kernel-growth = 0\nmax-size-growth = "2%"\n'
                      f'\n[families.{json.dumps(family)}]\n'
                      'max-kernel-growth = 16\nmax-size-growth = "10%"\n')
    return budget


def registry_source(folder: Path) -> Path:
    """A hybrid registry.json of two families (tests/vectors/registry.json's base and AOT part, one
    family more) in `folder`, with the header it names: what registry mutants start from."""
    vectors = json.loads((REPO / "tests" / "vectors" / "registry.json").read_text())
    document = vectors["base"]
    document["families"]["r"] = {"kernel": "ns::r", "header": "templates/k.cuh", "axes": ["T"], "free_axes": ["T"],
                                 "include_dirs": ["templates"], "nvrtc_options": ["-DX=1"]}
    document["variants"].append({"family": "r", "template_id": "ns::r<double>", "values": {"T": "float64"},
                                 "source_sha256": "0" * 64, "aot_archs": []})
    document["aot"] = {"library": "libk.so", "fatbin": "kernels.fatbin", "manifest": "manifest.json", "archs": ["sm_90"],
                       "sass_archs": ["sm_90"], "kernels": {"ns::k<float, 1>": {"symbol": "s", "container": 0,
                                                                               "fatbin": "build/obj/k.fatbin"}}}
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "templates" / "k.cuh").write_text("namespace ns { template <class T, int N> __global__ void k() {} }\n")
    registry = folder / "registry.json"
    registry.write_text(json.dumps(document, indent=1))
    return registry


def check_cache_entry(entry: Path, key: str, root: Path, folder: Path) -> str:
    """A kernel-cache entry (the mutant copied to `key`'s place in the cache at `root`, beside the
    cubin the original names) through every reader: the runtime's lookup, `kfoot cache ls`, `stats`,
    `verify`, `export` and a bounded prune. "ok" when the lookup hits, "error" when the entry is a
    miss (refused, warned about and deleted); never an exception."""
    import warnings

    from kfoot.runtime.cache_admin import CacheListing
    from kfoot.runtime.kernel_cache import DiskCache

    from test_cache_hostile import fill

    cache = DiskCache(root)
    fill(cache, 1)  # the cubin again (a prune after a bad entry collects it as an orphan)
    target = cache.entry_path(key)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(entry.read_bytes())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        listing = cache.listing()
        Console(file=io.StringIO(), width=120).print(CacheListing(root, listing).table())
        json.dumps([e.to_dict() for e in listing])
        json.dumps(cache.stats().to_dict())
        bad = cache.verify()
        cache.export(folder / "export.tar")
        cache.prune(1 << 30)
        hit = cache.get(key)
    # A lookup checks what verify checks, the kernel the cubin defines included (docs/fuzzing.md failure 7).
    assert (hit is None) == bool(bad), f"lookup {'missed' if hit is None else 'hit'}, verify found {bad}"
    return "error" if hit is None else "ok"


def cache_entry_source(folder: Path) -> tuple[Path, str, Path]:
    """(a sound entry's file, its key, the cache root) of a kernel cache holding one fabricated cubin
    (tests/test_cache_hostile.py's, a CUDA ELF pyelftools reads) and its entry, as both runtimes
    write them: what cache-entry mutants start from."""
    from test_cache_hostile import fake_cubin, fill, key

    from kfoot.runtime.kernel_cache import DiskCache

    root = folder / "cache"
    cache = DiskCache(root)
    fill(cache, 1)
    source = folder / "source.entry"
    source.write_bytes(cache.entry_path(key(0)).read_bytes())
    assert fake_cubin  # the cubin fill stored
    return source, key(0), root


def fuzz_lines(kind: str, source: Path, check, folder: Path, count: int, seed=SEED, first: int = 0) -> tuple[dict, list]:
    """Mutants of a trace (`kind` "trace"), a budget file ("budget"), a registry ("registry",
    written next to `source` so that its header resolves) or a kernel-cache entry ("cache_entry")
    through `check(path)`."""
    make = {"trace": mutate.mutant_trace, "budget": mutate.mutant_budget, "registry": mutate.mutant_registry,
            "cache_entry": mutate.mutant_cache_entry}[kind]
    outcomes, failures = {"ok": 0, "error": 0}, []
    target = (source.parent if kind == "registry" else folder) / f"mutant-{source.name}"
    case_seed = f"{seed}:{source.name}"
    for index in range(first, first + count):
        mutant, ops = make(source.read_bytes(), case_seed, index)
        target.write_bytes(mutant)
        try:
            with time_bound(PER_INPUT_S):
                outcomes[check(target)] += 1
        except (Exception, Hang) as exc:  # noqa: BLE001
            failures.append(_failure(kind, case_seed, index, ops, exc).replace("mutate.mutant(data, ",
                                                                              f"mutate.mutant_{kind}(data, "))
    return outcomes, failures


# ------------------------------------------------------------------ the tests

@pytest.fixture(scope="module")
def inputs(cuda_fixtures, tmp_path_factory):
    return fuzz_inputs(cuda_fixtures, tmp_path_factory.mktemp("fuzz-inputs"))


@pytest.mark.parametrize("name", list(BINARY_MUTANTS))
def test_mutated_binaries_analyse_or_raise_one_kfoot_error(inputs, tmp_path, name):
    original = inputs[name]
    outcomes, failures = fuzz_binary(name, original, tmp_path / f"mutant-{original.name}", BINARY_MUTANTS[name])
    assert not failures, f"{len(failures)} of {BINARY_MUTANTS[name]} mutants failed:\n" + "\n".join(failures[:20])
    # Both outcomes occur: the mutations reach past the first check, and they do break things.
    assert outcomes["ok"] and outcomes["error"], outcomes


def test_mutated_report_json_loads_or_raises_one_kfoot_error(cuda_fixtures, tmp_path):
    outcomes, failures = fuzz_json(json_sources(cuda_fixtures, tmp_path), tmp_path, JSON_MUTANTS)
    assert not failures, f"{len(failures)} of {JSON_MUTANTS} mutants failed:\n" + "\n".join(failures[:20])
    assert outcomes["ok"] and outcomes["error"], outcomes


def test_mutated_traces_resolve_or_raise_one_kfoot_error(tmp_path):
    trace, known = trace_source(tmp_path)
    outcomes, failures = fuzz_lines("trace", trace, lambda path: check_trace(path, known), tmp_path, TRACE_MUTANTS)
    assert not failures, f"{len(failures)} of {TRACE_MUTANTS} mutants failed:\n" + "\n".join(failures[:20])
    assert outcomes["ok"] and outcomes["error"], outcomes


def test_mutated_budget_files_apply_or_raise_one_kfoot_error(cuda_fixtures, tmp_path):
    report = json_sources(cuda_fixtures, tmp_path)["report2"]
    budget = budget_source(report, tmp_path)
    outcomes, failures = fuzz_lines("budget", budget, lambda path: check_budget(path, report), tmp_path,
                                    BUDGET_MUTANTS)
    assert not failures, f"{len(failures)} of {BUDGET_MUTANTS} mutants failed:\n" + "\n".join(failures[:20])
    assert outcomes["ok"] and outcomes["error"], outcomes


def _cli(args, timeout=60) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("GITHUB_STEP_SUMMARY", None)
    return subprocess.run([sys.executable, "-m", "kfoot", *map(str, args)], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=timeout, check=False)


def test_mutants_through_the_command_line(inputs, cuda_fixtures, tmp_path):
    """Exit status and output of the real CLI, two processes at a time."""
    sources = json_sources(cuda_fixtures, tmp_path)
    jobs = []
    names = [n for n in BINARY_MUTANTS]
    for index in range(CLI_MUTANTS):
        folder = tmp_path / str(index)
        folder.mkdir()
        if index % 4 == 3:  # report JSON: diff or gate
            source = sources["report2" if index % 8 == 3 else "report1"]
            data, ops = mutate.mutant_json(source.read_bytes(), f"{SEED}:cli", index)
            target = folder / "new.json"
            target.write_bytes(data)
            args = (["diff", source, target] if index % 8 == 3 else
                    ["gate", "--baseline", source, target, "--max-kernel-growth", "0"])
        else:
            name = names[index % len(names)]
            original = inputs[name].read_bytes()
            data, ops = mutate.mutant(original, f"{SEED}:cli:{name}", index, mutate.regions_for(original))
            target = folder / inputs[name].name
            target.write_bytes(data)
            args = ["report", ["--json", "--format=markdown", "--kernels"][index % 3], target]
        jobs.append((index, ops, args))

    def run(job):
        index, ops, args = job
        return job, _cli(args)

    problems, exits = [], {}
    with ThreadPoolExecutor(max_workers=2) as pool:
        for (index, ops, args), proc in pool.map(run, jobs):
            exits[proc.returncode] = exits.get(proc.returncode, 0) + 1
            allowed = (0, 1, 2) if args[0] == "gate" else (0, 2)
            if proc.returncode not in allowed or "Traceback" in proc.stderr:
                problems.append(f"#{index} {args[0]} [{'; '.join(ops)}]: rc={proc.returncode} {proc.stderr[-500:]}")
            elif proc.returncode == 2:
                try:
                    assert_error(proc)
                except AssertionError as exc:
                    problems.append(f"#{index} {args[0]}: {exc}")
            elif proc.returncode == 0 and "--json" in args:
                json.loads(proc.stdout)
    assert not problems, "\n".join(problems)
    assert exits.get(0) and exits.get(2), exits


# ------------------------------------------------------------------ regressions the fuzzing found

def test_a_raw_cubin_that_does_not_parse_names_the_file_and_the_offset(cuda_fixtures, tmp_path):
    """Found by this file's first run (fixture_sm90a.cubin, 224 of 400 mutants): a .cubin whose
    ELF does not parse raised a FormatError without its path, so `kfoot report` printed
    `kfoot: error: section 3 points past the end of the image`: no file, no byte offset.
    Minimized: one section header's sh_size set past the end of the file. Oracle: pyelftools'
    e_shoff and e_shentsize give the offset of that header."""
    from elftools.elf.elffile import ELFFile

    source = cuda_fixtures["fixture_sm90a.cubin"]
    data = bytearray(source.read_bytes())
    with open(source, "rb") as f:
        header = ELFFile(f).header
    at = header["e_shoff"] + 1 * header["e_shentsize"]  # section 1's header
    data[at + 32:at + 40] = (1 << 40).to_bytes(8, "little")  # its sh_size: 1 TiB
    bad = tmp_path / "bad.cubin"
    bad.write_bytes(bytes(data))
    with pytest.raises(KfootError) as caught:
        analyze_paths([bad])
    assert str(bad) in str(caught.value) and f"byte offset {at:#x}" in str(caught.value), str(caught.value)
    assert assert_error(_cli(["report", bad])) == str(caught.value)


def test_a_host_elf_section_name_with_a_newline_stays_one_line(cuda_fixtures, tmp_path):
    """Found by the first 10-minute campaign (docs/fuzzing.md; obj_size.o, mutant 12333): a
    section header pointing past the end of the file, whose name (read from the damaged string
    table) held a newline and binary garbage, was put in the error as it was: a two-line
    `kfoot: error:`. Minimized: .comment renamed to '.com\\nent' and its sh_size set to 1 TiB.
    Oracle: pyelftools' section headers (offsets of the name and of the header)."""
    from elftools.elf.elffile import ELFFile

    source = cuda_fixtures["obj_none.o"]
    data = bytearray(source.read_bytes())
    with open(source, "rb") as f:
        elf = ELFFile(f)
        names = elf.get_section(elf.header["e_shstrndx"])["sh_offset"]
        index, section = next((i, s) for i, s in enumerate(elf.iter_sections()) if s.name == ".comment")
        at = elf.header["e_shoff"] + index * elf.header["e_shentsize"]
        name_at = names + section["sh_name"]
    data[name_at + 4] = ord("\n")  # .com\nent
    data[at + 32:at + 40] = (1 << 40).to_bytes(8, "little")  # its sh_size: 1 TiB
    bad = tmp_path / "bad.o"
    bad.write_bytes(bytes(data))
    with pytest.raises(KfootError) as caught:
        analyze_paths([bad])
    assert_error(caught.value, str(bad))
    assert f"byte offset {at:#x}" in str(caught.value), str(caught.value)
    assert assert_error(_cli(["report", bad])) == str(caught.value)


@pytest.mark.parametrize("group", ["kinds", "archs", "families"])
@pytest.mark.parametrize("where", ["totals", "file"])
def test_a_report_json_with_a_null_group_diffs_like_one_without_it(cuda_fixtures, tmp_path, group, where):
    """Found by the first 10-minute campaign (report2.json, mutants 2543 and 5055): totals.kinds
    set to null passed the report checks (null reads as absent there) and then raised
    AttributeError in diff and gate. Minimized: one group set to null in kfoot's own report of
    one file. Oracle: the JSON itself: the file's group equals the totals' (one file), so
    the report with it null (or dropped) diffs to zero against the original."""
    good = tmp_path / "good.json"
    report = to_document(analyze_paths([cuda_fixtures["obj_none.o"]]))
    good.write_text(json.dumps(report))
    def figures(value):  # the totals' families also list kernel names; the files' do not
        return [{k: v for k, v in f.items() if k != "kernel_names"} for f in value] if group == "families" else value

    assert figures(report["files"][0][group]) == figures(report["totals"][group]) and report["totals"][group]
    holder = report["totals"] if where == "totals" else report["files"][0]
    holder[group] = None
    if where == "file":
        del report["totals"][group]  # so the files' groups are what is read
    bad = tmp_path / "null.json"
    bad.write_text(json.dumps(report))
    for pair in ((good, bad), (bad, good)):
        try:
            base, new = load_pair(*pair)
        except KfootError as exc:  # refusing it is right too, in one line naming it
            assert_error(exc, str(bad))
            continue
        diff = diff_reports(base, new)
        if where == "totals":
            assert diff.is_zero, diff.to_dict()
    for args in (["diff", good, bad], ["gate", "--baseline", good, bad]):
        proc = _cli(args)
        assert proc.returncode in (0, 1, 2) and "Traceback" not in proc.stderr, proc.stderr
        if proc.returncode == 2:
            assert_error(proc)


def test_mutated_registries_load_or_raise_one_kfoot_error(tmp_path):
    """Issue 29: registries travel, so their mutants (odd template-ids, rows without an axis or with
    list values, paths out of the folder, odd container indexes) load and serve lookups, or are
    one short KfootError line; never a KeyError or TypeError later."""
    source = registry_source(tmp_path / "registry")
    outcomes, failures = fuzz_lines("registry", source, check_registry, tmp_path, REGISTRY_MUTANTS)
    assert not failures, f"{len(failures)} of {REGISTRY_MUTANTS} mutants failed:\n" + "\n".join(failures[:20])
    assert outcomes["ok"] and outcomes["error"], outcomes


def test_mutated_cache_entries_are_read_or_refused_never_a_crash(tmp_path):
    """Issue 29, item 15: cache entries travel (packs, a shared cache), so their mutants, most with a
    valid checksum (blob_size "x", a blob that is a number, huge or escape-laden names, fields
    deleted), are hits or bad entries to every reader; never an exception."""
    source, key, root = cache_entry_source(tmp_path)
    outcomes, failures = fuzz_lines("cache_entry", source, lambda path: check_cache_entry(path, key, root, tmp_path),
                                    tmp_path, CACHE_ENTRY_MUTANTS)
    assert not failures, f"{len(failures)} of {CACHE_ENTRY_MUTANTS} mutants failed:\n" + "\n".join(failures[:20])
    assert outcomes["ok"] and outcomes["error"], outcomes


PACK_MANIFEST_MUTANTS = 400


def test_mutated_pack_manifests_are_judged_alike_by_both_runtimes(vectors_program, tmp_path):
    """Packs are untrusted: mutants of a matching manifest (JSON-aware and byte-level: fields
    retyped, deleted, duplicated, NaN, deep nesting, broken UTF-8) get the same verdict and the
    same warning from Python (cache_pack.manifest_verdict) and C++ (detail/pack.hpp), never a
    crash on either side."""
    from kfoot.runtime import cache_pack
    from test_cpp_vectors import VECTORS

    vectors = json.loads((VECTORS / "pack_manifest.json").read_text())
    (matching,) = [case for case in vectors["manifest"] if case["why"] == "a matching manifest"]
    source = matching["text"].encode()
    mutants = []
    for index in range(PACK_MANIFEST_MUTANTS):
        data, _ops = (mutate.mutant_json(source, SEED, index) if index % 2 else mutate.mutant(source, SEED, index))
        mutants.append(data)
    cases = [{"hex": data.hex()} for data in mutants]
    file = tmp_path / "manifests.json"
    file.write_text(json.dumps(dict(vectors, manifest=cases)))
    proc = subprocess.run([str(vectors_program), str(file), "manifest"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    cpp_answers = json.loads(proc.stdout)
    disagreements = []
    for data, cpp_answer in zip(mutants, cpp_answers, strict=True):
        use, problem, linked = cache_pack.manifest_verdict(data, vectors["registry_sha256"], lambda: vectors["nvrtc"],
                                                           vectors["arch"])
        if {"use": use, "problem": problem, "linked": linked} != cpp_answer:
            disagreements.append(f"{data[:200]!r}: python {use}, {problem!r}; c++ {cpp_answer}")
    assert not disagreements, f"{len(disagreements)} of {len(mutants)}:\n" + "\n".join(disagreements[:10])
    assert {a["use"] for a in cpp_answers} == {True, False}


