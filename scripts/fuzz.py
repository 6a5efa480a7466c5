#!/usr/bin/env python3
"""Long fuzzing campaigns against every parser kfoot runs on input it did not build.

    .venv/bin/python scripts/fuzz.py --seconds 600 --seed 1 [--target report|json|trace|budget|all]
        [--corpus DIR] [--jobs J] [--out DIR] [--timeout S] [--memory-mib M] [--engine mutate|atheris]

Engine `mutate` (default): the seeded mutator of tests/oracles/mutate.py (the one tests/test_fuzz.py
uses), in a loop until --seconds have passed. Each mutant is checked in a forked child process
with an address-space cap (RLIMIT_AS: what the parent had mapped plus --memory-mib, default
1024; kfoot's own decoding bound is 512 MiB) and a time bound (--timeout, default 5 s: the child's
alarm gives a traceback of where it was, the parent kills it 2 s later). The checks are
tests/test_fuzz.py's: a report analyses and renders in every format with its attribution adding
up to the file size, or raises one KfootError line naming the file; report JSON goes through
diff and gate's loaders, the diff and the verdict; a usage trace is resolved against the demo
spec's template-ids; a budget file is read and applied to a report. Anything else is a failure: an exception,
a hang, a child killed by a signal (the memory cap shows as MemoryError or SIGKILL).

Engine `atheris` (optional, `pip install atheris`; nothing in `make test` needs it): coverage-
guided libFuzzer over the same corpus and checks, in-process (-rss_limit_mb and -timeout bound
memory and time); libFuzzer reports executions and keeps crash-* files in --out.

Corpus: the files in --corpus (kind from the name and content: .jsonl a trace, .toml a budget,
report JSON starts with '{'), else the
nvcc-built fixtures of tests/test_fuzz.py, built into --out/corpus (needs nvcc from the venv).
Output: --out (default $TMPDIR/kfoot-fuzz): failures/<type-location>/ with up to 5 inputs each, their
traceback and how to rebuild them; summary.json; and one summary line on stdout: inputs tried,
time, outcomes, failures unique by exception type and location, the largest child RSS.
Results of campaigns are recorded in docs/fuzzing.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import select
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the oracles and the checks of tests/test_fuzz.py

from oracles import mutate  # noqa: E402
import test_fuzz as checks  # noqa: E402

from kfoot.report.model import BY_CHOICES  # noqa: E402

SAVED_PER_FAILURE = 5
RENDERED: set = set()  # digests of reports rendered (the children inherit it; see check_binary)


class _Seen:
    """The parent's RENDERED as a child sees it: digests it adds are sent back with its result."""

    def __init__(self, base: set):
        self.base, self.new = base, []

    def __contains__(self, digest) -> bool:
        return digest in self.base or digest in self.new

    def add(self, digest) -> None:
        self.new.append(digest)


# ------------------------------------------------------------------ corpus

def build_corpus(folder: Path) -> list[Path]:
    """tests/test_fuzz.py's inputs: the fixtures it mutates, built with nvcc, a wheel, report JSON."""
    import subprocess

    from conftest import FIXTURE_SRC, FIXTURES, _nvcc
    from kfoot.core.toolchain import find_tool

    folder.mkdir(parents=True, exist_ok=True)
    nvcc = find_tool("nvcc")
    built = {}
    for name in ("fixture.fatbin", "obj_size.o", "fixture_sm90a.cubin", "libfixture.so", "obj_rdc.o", "obj_none.o"):
        built[name] = folder / name
        if not built[name].exists():
            _nvcc(nvcc, built[name], *FIXTURES[name], [FIXTURE_SRC / "kernels.cu"])
    archive = folder / "libfixture.a"
    if not archive.exists():
        subprocess.run(["ar", "rcs", str(archive), str(built["obj_rdc.o"]), str(built["obj_none.o"])], check=True)
    built["libfixture.a"] = archive
    inputs = checks.fuzz_inputs(built, folder)
    sources = checks.json_sources(built, folder)
    for name, path in sources.items():  # kept in the corpus under a name that says what it is
        target = folder / f"{name}.json"
        if path != target:
            target.write_bytes(path.read_bytes())
    for extra in ("obj_rdc.o", "obj_none.o"):
        (folder / extra).unlink()
    (folder / "archive-report.json").unlink(missing_ok=True)
    trace, _ = checks.trace_source(folder)
    budget = checks.budget_source(folder / "report2.json", folder)
    return sorted({*inputs.values(), folder / "report1.json", folder / "report2.json", trace, budget})


def is_json(path: Path) -> bool:
    return path.read_bytes()[:64].lstrip().startswith(b"{")


def kind_of(path: Path) -> str:
    """What a corpus file is fuzzed as: a usage trace (.jsonl), a budget file (.toml), report JSON,
    else a binary through report."""
    if path.suffix == ".jsonl":
        return "trace"
    if path.suffix == ".toml":
        return "budget"
    return "json" if is_json(path) else "report"


# What a trace is resolved against (the demo spec's template-ids) and the report a budget is
# applied to: set in the parent before any child is forked.
KNOWN_IDS: dict = {}
BUDGET_REPORT: list = []


# ------------------------------------------------------------------ one input, in a child

def _location(tb) -> str:
    """The innermost frame in kfoot/ (else the innermost at all): file:line."""
    frames = traceback.extract_tb(tb)
    ours = [f for f in frames if "/kfoot/" in f.filename] or frames
    if not ours:
        return "-"
    frame = ours[-1]
    return f"{os.path.relpath(frame.filename, REPO)}:{frame.lineno}"


def check_one(kind: str, source: Path, mutant: Path, by: str, swap: bool) -> dict:
    try:
        with checks.time_bound(ARGS.timeout):
            if kind == "json":
                pair = (source, mutant) if swap else (mutant, source)  # the mutant as NEW, or as BASE
                outcome = checks.check_json_pair(*pair, mutant)
            elif kind == "trace":
                outcome = checks.check_trace(mutant, KNOWN_IDS)
            elif kind == "budget":
                outcome = checks.check_budget(mutant, BUDGET_REPORT[0])
            else:
                seen = _Seen(RENDERED)
                outcome = checks.check_binary(mutant, by, seen)
                return {"outcome": outcome, "rendered": [d.hex() for d in seen.new]}
        return {"outcome": outcome}
    except (Exception, checks.Hang) as exc:  # noqa: BLE001 - the failures looked for
        return {"outcome": "failure", "type": type(exc).__name__, "where": _location(exc.__traceback__),
                "message": str(exc)[:500], "traceback": "".join(traceback.format_exception(exc))[-8000:]}


def _vm_bytes() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def spawn(kind: str, source: Path, mutant: Path, by: str, swap: bool):
    """Fork a child that checks one mutant under the caps; (pid, read end of its result pipe)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        code = 0
        try:
            os.close(r)
            cap = _vm_bytes() + ARGS.memory_mib * 2 ** 20
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
            result = check_one(kind, source, mutant, by, swap)
            os.write(w, json.dumps(result).encode()[:60000])
        except BaseException:  # noqa: BLE001
            code = 3
        finally:
            os._exit(code)
    os.close(w)
    return pid, r


# ------------------------------------------------------------------ the campaign

class Campaign:
    def __init__(self, out: Path, seed):
        self.out, self.seed = out, seed
        self.tried = 0
        self.outcomes = {"ok": 0, "error": 0, "failure": 0}
        self.failures: dict[str, dict] = {}  # key (type at location) -> first message, count, saved
        self.max_rss_kib = 0
        self.by_source: dict[str, dict] = {}  # corpus file -> outcomes of its mutants

    def record(self, job: dict, result: dict, rss_kib: int) -> None:
        self.tried += 1
        self.max_rss_kib = max(self.max_rss_kib, rss_kib)
        self.outcomes[result["outcome"]] += 1
        counts = self.by_source.setdefault(job["source"].name, {"ok": 0, "error": 0, "failure": 0})
        counts[result["outcome"]] += 1
        if result["outcome"] != "failure":
            return
        key = f"{result['type']} at {result['where']}"
        entry = self.failures.setdefault(key, {"count": 0, "message": result["message"], "saved": []})
        entry["count"] += 1
        if len(entry["saved"]) < SAVED_PER_FAILURE:
            folder = self.out / "failures" / re.sub(r"[^A-Za-z0-9_.-]+", "_", key)
            folder.mkdir(parents=True, exist_ok=True)
            name = f"{job['index']}-{job['source'].name}"
            (folder / name).write_bytes(job["data"])
            (folder / f"{name}.txt").write_text(
                f"{key}\nsource: {job['source']}\nrebuild: mutate.{job['rebuild']}\nmutations: {'; '.join(job['ops'])}\n\n"
                f"{result.get('traceback', '')}\n")
            entry["saved"].append(str(folder / name))

    def summary(self, seconds: float) -> dict:
        return {"inputs": self.tried, "seconds": round(seconds, 1), "outcomes": self.outcomes,
                "by_source": self.by_source, "unique_failures": len(self.failures), "failures": self.failures,
                "max_child_rss_mib": round(self.max_rss_kib / 1024, 1), "seed": self.seed,
                "machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} cores, Python "
                           f"{platform.python_version()}", "argv": sys.argv[1:]}


def run_mutate(corpus: list[Path], out: Path) -> dict:
    work = Path(tempfile.mkdtemp(prefix="kfoot-fuzz-"))
    items = []
    for path in corpus:
        kind = kind_of(path)
        if ARGS.target in ("all", kind):
            data = path.read_bytes()
            items.append((kind, path, data, mutate.regions_for(data) if kind == "report" else ()))
    if any(item[0] == "trace" for item in items):
        KNOWN_IDS.update(checks.trace_source(work)[1])
    if any(item[0] == "budget" for item in items):
        BUDGET_REPORT.append(next((p for p in corpus if p.name == "report2.json"), checks.BASELINE_V1))
    if not items:
        raise SystemExit(f"fuzz: no {ARGS.target} inputs in the corpus")
    campaign = Campaign(out, ARGS.seed)
    started = time.monotonic()
    deadline = started + ARGS.seconds
    running: dict[int, dict] = {}  # pid -> job
    index = reported = 0
    while True:
        while len(running) < ARGS.jobs and time.monotonic() < deadline:
            kind, path, data, regions = items[index % len(items)]
            case_seed = f"{ARGS.seed}:{path.name}"
            if kind in ("json", "trace", "budget"):
                mutant, ops = getattr(mutate, f"mutant_{kind}")(data, case_seed, index)
                rebuild = f"mutant_{kind}(data, {case_seed!r}, {index})"
            else:
                mutant, ops = mutate.mutant(data, case_seed, index, regions)
                rebuild = f"mutant(data, {case_seed!r}, {index}, mutate.regions_for(data))"
            slot = work / str(index % (ARGS.jobs * 4))
            slot.mkdir(exist_ok=True)
            target = slot / (path.name if kind == "report" else f"mutant{path.suffix}")
            target.write_bytes(mutant)
            by = BY_CHOICES[index % len(BY_CHOICES)]
            pid, r = spawn(kind, path, target, by, bool(index % 2))
            running[pid] = {"index": index, "source": path, "data": mutant, "ops": ops, "rebuild": rebuild,
                            "pipe": r, "started": time.monotonic(), "chunks": []}
            index += 1
        if not running:
            break
        readable, _, _ = select.select([j["pipe"] for j in running.values()], [], [], 0.2)
        for job in running.values():
            if job["pipe"] in readable:
                chunk = os.read(job["pipe"], 65536)
                job["chunks"].append(chunk)
                job["eof"] = not chunk
        for pid, job in list(running.items()):
            if time.monotonic() - job["started"] > ARGS.timeout + 2 and not job.get("killed"):
                os.kill(pid, signal.SIGKILL)
                job["killed"] = True
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if not done:
                continue
            while chunk := os.read(job["pipe"], 65536):
                job["chunks"].append(chunk)
            os.close(job["pipe"])
            del running[pid]
            raw = b"".join(job["chunks"])
            if raw:
                result = json.loads(raw)
            elif job.get("killed"):
                result = {"outcome": "failure", "type": "Hang", "where": "killed",
                          "message": f"still running {ARGS.timeout + 2} s after it started"}
            else:
                sig = -status if status < 0 else os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
                result = {"outcome": "failure", "type": f"signal {sig}" if sig else f"exit {os.waitstatus_to_exitcode(status)}",
                          "where": "child", "message": "the child died without a result (memory cap, crash)"}
            RENDERED.update(bytes.fromhex(d) for d in result.get("rendered", ()))
            campaign.record(job, result, usage.ru_maxrss)
        if ARGS.progress and campaign.tried // 1000 > reported:
            reported = campaign.tried // 1000
            print(f"fuzz: {campaign.tried} inputs, {time.monotonic() - started:.0f} s, {campaign.outcomes}",
                  file=sys.stderr, flush=True)
    return campaign.summary(time.monotonic() - started)


def run_atheris(corpus: list[Path], out: Path) -> None:
    """libFuzzer through atheris: in-process, coverage-guided, over the same checks."""
    import shutil

    import atheris

    seeds = out / "atheris-corpus"
    seeds.mkdir(parents=True, exist_ok=True)
    for path in corpus:
        if ARGS.target in ("all", kind_of(path)) and kind_of(path) in ("json", "report"):
            shutil.copyfile(path, seeds / path.name)
    json_source = next((p for p in corpus if is_json(p)), None)
    work = Path(tempfile.mkdtemp(prefix="kfoot-atheris-"))

    def one_input(data: bytes) -> None:
        if data.lstrip()[:1] == b"{":
            if json_source is None or ARGS.target == "report":
                return
            target = work / "mutant.json"
            target.write_bytes(data)
            outcome = checks.check_json_pair(target, json_source, target)
        else:
            if ARGS.target == "json":
                return
            target = work / ("mutant.whl" if data[:4] == b"PK\x03\x04" else "mutant.bin")
            target.write_bytes(data)
            outcome = checks.check_binary(target, BY_CHOICES[len(data) % len(BY_CHOICES)], set())
        assert outcome in ("ok", "error")

    argv = [sys.argv[0], str(seeds), f"-max_total_time={ARGS.seconds}", f"-seed={ARGS.seed}",
            f"-timeout={ARGS.timeout}", f"-rss_limit_mb={ARGS.memory_mib + 512}", f"-artifact_prefix={out}/",
            "-print_final_stats=1"]
    if ARGS.jobs > 1:
        argv += [f"-jobs={ARGS.jobs}", f"-workers={ARGS.jobs}"]
    atheris.Setup(argv, one_input)
    atheris.instrument_all()  # coverage of every module loaded (kfoot's parsers included)
    atheris.Fuzz()


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="how long to fuzz")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", choices=("report", "json", "trace", "budget", "all"), default="all",
                        help="binaries through report, report JSON through diff/gate, usage traces through "
                             "--hot/warm --trace, budget files through gate, or all")
    parser.add_argument("--corpus", type=Path, help="inputs to mutate (default: the nvcc fixtures, built)")
    parser.add_argument("--jobs", type=int, default=1, help="children checking inputs at once")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "kfoot-fuzz",
                        help="corpus, failures and summary.json (default: $TMPDIR/kfoot-fuzz)")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds one input may take")
    parser.add_argument("--memory-mib", type=int, default=1024,
                        help="address space a child may add to what it inherited (RLIMIT_AS)")
    parser.add_argument("--engine", choices=("mutate", "atheris"), default="mutate")
    parser.add_argument("--progress", action="store_true", help="a line on stderr every 1,000 inputs")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    global ARGS
    ARGS = parse_args(argv)
    out = ARGS.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    if ARGS.corpus:
        corpus = sorted(p for p in ARGS.corpus.iterdir() if p.is_file())
    else:
        corpus = build_corpus(out / "corpus")
    if ARGS.engine == "atheris":
        run_atheris(corpus, out)
        return 0
    summary = run_mutate(corpus, out)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    unique = "; ".join(f"{key} x{v['count']}" for key, v in summary["failures"].items()) or "none"
    print(f"fuzz: {summary['inputs']} inputs tried in {summary['seconds']} s "
          f"({summary['inputs'] / max(summary['seconds'], 1e-9):.0f}/s, {ARGS.jobs} job(s), seed {ARGS.seed}, "
          f"target {ARGS.target}): {summary['outcomes']['ok']} analysed, {summary['outcomes']['error']} KfootError, "
          f"{summary['outcomes']['failure']} failures, {len(summary['failures'])} unique ({unique}); "
          f"largest child RSS {summary['max_child_rss_mib']} MiB; {out}")
    return 1 if summary["failures"] else 0


ARGS = None

if __name__ == "__main__":
    sys.exit(main())
