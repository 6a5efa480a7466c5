"""`kfoot explain`: families' template axes, held to kernels built by nvcc here whose grid is
known by construction, cuobjdump's function list (which kernels, in which arch) and c++filt's
demangling (their template arguments)."""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from itertools import combinations, product

import cxxfilt
import pytest

from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols

ARCHS = ("sm_80", "sm_90")
# grid_kernel<T, N, B>: T × N × B is 3 × 4 × 2 = 24, less the 4 (double, N, false): 20 present.
GRID_T, GRID_N, GRID_B = ("float", "int", "double"), (1, 2, 4, 8), ("true", "false")
GRID_PRESENT = [(t, n, b) for t, n, b in product(GRID_T, GRID_N, GRID_B) if not (t == "double" and b == "false")]
# cast_kernel<In, Out>: every pair, dense.
CAST = list(product(("float", "int"), ("float", "double")))

SOURCE = """
template <typename T, int N, bool B> __global__ void grid_kernel(T* p) { if (B) p[threadIdx.x] += T(N); else p[threadIdx.x] -= T(N); }
template <typename In, typename Out> __global__ void cast_kernel(const In* in, Out* out) { out[threadIdx.x] = Out(in[threadIdx.x]); }
__global__ void plain_kernel(int* p) { p[threadIdx.x] = 1; }
void launch_all() {
%s
  plain_kernel<<<1, 1>>>(nullptr);
}
"""


def _source() -> str:
    launches = [f"  grid_kernel<{t}, {n}, {b}><<<1, 1>>>(nullptr);" for t, n, b in GRID_PRESENT]
    launches += [f"  cast_kernel<{i}, {o}><<<1, 1>>>(nullptr, nullptr);" for i, o in CAST]
    return SOURCE % "\n".join(launches)


@pytest.fixture(scope="module")
def explain_fatbin(tmp_path_factory, nvcc):
    out = tmp_path_factory.mktemp("explain")
    (out / "grid.cu").write_text(_source())
    gencode = [f"-gencode=arch=compute_{a[3:]},code={a}" for a in ARCHS]
    proc = subprocess.run([str(nvcc), "-fatbin", *gencode, str(out / "grid.cu"), "-o", str(out / "grid.fatbin")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out / "grid.fatbin"


def _oracle_arguments(mangled: str) -> tuple[str, str, tuple[str, ...]]:
    """(function name, c++filt's text, its template arguments split at depth 0) from c++filt."""
    text = cxxfilt.demangle(mangled)
    head = text.split(" ", 1)[1] if text.startswith("void ") else text
    if "<" not in head.split("(")[0]:
        return head.split("(")[0], text, ()
    name, rest = head.split("<", 1)
    args, depth, current = [], 0, ""
    for ch in rest:
        if ch == ">" and depth == 0:
            break
        depth += ch == "<"
        depth -= ch == ">"
        if ch == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += ch
    args.append(current.strip())
    return name, text, tuple(args)


def test_axes_of_each_family_agree_with_cuobjdump_and_cxxfilt(explain_fatbin):
    document = json.loads(run_kfoot("explain", explain_fatbin, "--json").stdout)
    assert document["schema"] == "kfoot.explain/1"
    symbols = cuobjdump_symbols(explain_fatbin)
    families = {f["name"]: f for f in document["families"]}
    oracle = {n: _oracle_arguments(n) for n in symbols.kernel_names}
    assert set(families) == {name for name, _, _ in oracle.values()} == {"grid_kernel", "cast_kernel", "plain_kernel"}
    assert document["kernels"] == symbols.kernels == 2 * (len(GRID_PRESENT) + len(CAST) + 1)

    for name, family in families.items():
        present = {args for n, (fn, _, args) in oracle.items() if fn == name}
        width = max(len(a) for a in present)
        assert [a["position"] for a in family["axes"]] == list(range(width))
        for axis in family["axes"]:
            assert set(axis["values"]) == {args[axis["position"]] for args in present}
            assert axis["size"] == len(axis["values"]) and axis["multiplies"] == (axis["size"] > 1)
        assert family["instantiations"] == len(present) == family["distinct_kernels"]
        per_arch = Counter(arch for arch, n in symbols.entries if oracle[n][0] == name)
        assert {a["arch"]: a["kernels"] for a in family["archs"]} == dict(per_arch)
        assert family["kernels"] == sum(per_arch.values())

    grid = families["grid_kernel"]  # by construction
    assert [a["size"] for a in grid["axes"]] == [3, 4, 2]
    assert grid["grid"] == 24 and grid["instantiations"] == 20 and grid["dense"] is False
    assert grid["driver"] == {"axis": 1, "factor": 4}
    assert set(grid["axes"][2]["values"]) == set(GRID_B) and set(grid["axes"][1]["values"]) == {str(n) for n in GRID_N}
    cast = families["cast_kernel"]
    assert cast["grid"] == cast["instantiations"] == 4 and cast["dense"] is True
    assert cast["driver"]["factor"] == 2
    plain = families["plain_kernel"]
    assert plain["axes"] == [] and plain["grid"] == 1 and plain["instantiations"] == 1 and plain["driver"] is None
    assert all(a["instantiations"] == 20 for a in grid["archs"])


PER_ARCH_SOURCE = """
template <typename T, int N> __global__ void arch_kernel(T* p) { p[threadIdx.x] += T(N); }
void launch_all() {
  arch_kernel<float, 1><<<1, 1>>>(nullptr); arch_kernel<float, 2><<<1, 1>>>(nullptr);
#ifdef MORE
  arch_kernel<int, 1><<<1, 1>>>(nullptr); arch_kernel<int, 2><<<1, 1>>>(nullptr); arch_kernel<float, 4><<<1, 1>>>(nullptr);
#endif
}
"""


def test_axes_per_arch_where_the_archs_differ(tmp_path, nvcc):
    """Two builds, one per arch, instantiating different points: each arch counts its own, the
    family the union (cuobjdump's per-arch lists, c++filt's arguments)."""
    (tmp_path / "arch.cu").write_text(PER_ARCH_SOURCE)
    paths = []
    for arch, extra in (("sm_80", []), ("sm_90", ["-DMORE"])):
        paths.append(tmp_path / f"{arch}.fatbin")
        proc = subprocess.run([str(nvcc), "-fatbin", f"-arch={arch}", *extra, str(tmp_path / "arch.cu"), "-o", str(paths[-1])],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-2000:]
    family = json.loads(run_kfoot("explain", *paths, "--json").stdout)["families"][0]
    per_arch = {}
    for path in paths:
        for arch, names in cuobjdump_symbols(path).entries_by_arch().items():
            per_arch.setdefault(arch, set()).update(_oracle_arguments(n)[2] for n in names)
    assert {a["arch"]: a["instantiations"] for a in family["archs"]} == {a: len(v) for a, v in per_arch.items()} == \
        {"sm_80": 2, "sm_90": 5}
    union = set().union(*per_arch.values())
    assert family["instantiations"] == len(union) and family["grid"] == 2 * 3 and family["dense"] is False
    assert [set(a["values"]) for a in family["axes"]] == [{t for t, _ in union}, {n for _, n in union}]


PARTIAL_ARCH_SOURCE = """
template <typename T, typename Unused> __global__ void partial_kernel(T* p) { p[threadIdx.x] += T(2); }
void launch_all() {
  partial_kernel<float, char><<<1, 1>>>(nullptr); partial_kernel<float, short><<<1, 1>>>(nullptr);
#ifdef MORE
  partial_kernel<float, double><<<1, 1>>>(nullptr); partial_kernel<int, char><<<1, 1>>>(nullptr);
#endif
}
"""


def test_collapses_count_the_pairs_of_each_arch_where_the_archs_differ(tmp_path, nvcc, nvdisasm):
    """A value built in one arch only meets the others there: a collapse's pairs are the kernel
    pairs, arch by arch, that differ only at its position, each with one masked SASS text
    (cuobjdump -sass with names masked, c++filt's arguments)."""
    from oracles.cuobjdump import cuobjdump_masked_sass

    (tmp_path / "partial.cu").write_text(PARTIAL_ARCH_SOURCE)
    paths = []
    for arch, extra in (("sm_80", []), ("sm_90", ["-DMORE"])):
        paths.append(tmp_path / f"{arch}.fatbin")
        proc = subprocess.run([str(nvcc), "-fatbin", f"-arch={arch}", *extra, str(tmp_path / "partial.cu"), "-o", str(paths[-1])],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-2000:]
    axes = json.loads(run_kfoot("explain", *paths, "--json").stdout)["families"][0]["axes"]
    code = {}  # (arch, template arguments) -> masked SASS
    for path in paths:
        for arch, functions in cuobjdump_masked_sass(path, nvdisasm).items():
            code.update({(arch, _oracle_arguments(name)[2]): text for name, text in functions.items()})
    for position, axis in enumerate(axes):
        meetings = [(a, b) for a, b in combinations(sorted(code), 2) if a[0] == b[0]
                    and a[1][:position] + a[1][position + 1:] == b[1][:position] + b[1][position + 1:]]
        if all(code[a] == code[b] for a, b in meetings):
            values = {args[position] for _arch, args in code}
            assert [(set(c["values"]), c["pairs"]) for c in axis["collapses"]] == [(values, len(meetings))]
        else:
            assert axis["collapses"] == []
    assert [set(c["values"]) for c in axes[1]["collapses"]] == [{"char", "short", "double"}]
    assert axes[1]["collapses"][0]["pairs"] == 1 + 3  # sm_80: char-short; sm_90: all three pairs
    assert axes[0]["collapses"] == []  # float and int meet in sm_90 only, and differ there


def test_the_table_names_the_grid(explain_fatbin):
    out = run_kfoot("explain", explain_fatbin, env={**__import__("os").environ, "COLUMNS": "200"}).stdout
    line = next(l for l in out.splitlines() if "grid_kernel" in l and "/" in l)
    assert "3 × 4 × 2" in line and "20 / 24" in line and "sparse" in line and "argument 1 (×4)" in line
    assert "argument 1 (4): " in out


def test_a_path_without_device_code_is_one_line(tmp_path):
    (tmp_path / "empty.bin").write_bytes(b"\0" * 64)
    proc = run_kfoot("explain", tmp_path / "empty.bin", check_rc=2)
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


# ---------------------------------------------------------------- identical code

# By construction: `Unused` never changes the code; `^` is the same for int and unsigned, not for
# long long; with -rdc, bump<T, Tag> is called through a relocation whose target differs while the
# caller's code does not.
IDENTICAL_SOURCE = """
template <typename T, typename Unused> __global__ void unused_kernel(T* p) { p[threadIdx.x] += T(3); }
template <typename T> __global__ void xor_kernel(T* p, T v) { p[threadIdx.x] ^= v; }
template <typename T, int Tag> __device__ __noinline__ void bump(T* p) { p[threadIdx.x] += T(Tag); }
template <typename T, int Tag> __global__ void call_kernel(T* p) { bump<T, Tag>(p); }
void launch_all() {
  unused_kernel<float, char><<<1, 1>>>(nullptr); unused_kernel<float, short><<<1, 1>>>(nullptr);
  unused_kernel<float, double><<<1, 1>>>(nullptr); unused_kernel<int, char><<<1, 1>>>(nullptr);
  unused_kernel<int, short><<<1, 1>>>(nullptr);
  xor_kernel<int><<<1, 1>>>(nullptr, 0); xor_kernel<unsigned><<<1, 1>>>(nullptr, 0);
  xor_kernel<long long><<<1, 1>>>(nullptr, 0);
  call_kernel<int, 1><<<1, 1>>>(nullptr); call_kernel<int, 2><<<1, 1>>>(nullptr); call_kernel<float, 1><<<1, 1>>>(nullptr);
}
"""


@pytest.fixture(scope="module")
def identical_binaries(tmp_path_factory, nvcc):
    out = tmp_path_factory.mktemp("identical")
    (out / "same.cu").write_text(IDENTICAL_SOURCE)
    gencode = [f"-gencode=arch=compute_{a[3:]},code={a}" for a in ARCHS]
    built = []
    for target, mode in (("same.fatbin", ["-fatbin", *gencode]), ("same_rdc.cubin", ["-cubin", "-rdc=true", "-arch=sm_80"])):
        proc = subprocess.run([str(nvcc), *mode, str(out / "same.cu"), "-o", str(out / target)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-2000:]
        built.append(out / target)
    return built


def _oracle_groups(path, nvdisasm) -> set[tuple[str, frozenset]]:
    """(arch, kernels) for every set of two or more kernels whose masked SASS text is the same."""
    from oracles.cuobjdump import cuobjdump_masked_sass

    kernels = cuobjdump_symbols(path).kernel_names
    groups = set()
    for arch, functions in cuobjdump_masked_sass(path, nvdisasm).items():
        by_text: dict[tuple, set] = {}
        for name, text in functions.items():
            if name in kernels:
                by_text.setdefault(text, set()).add(name)
        groups |= {(arch, frozenset(names)) for names in by_text.values() if len(names) > 1}
    return groups


def test_identical_code_agrees_with_masked_sass(identical_binaries, nvdisasm):
    for path in identical_binaries:
        document = json.loads(run_kfoot("explain", path, "--json").stdout)
        found = {(g["arch"], frozenset(g["kernels"])) for g in document["identical_groups"]}
        assert found == _oracle_groups(path, nvdisasm), path
        assert found, path
        for g in document["identical_groups"]:
            assert g["saved_bytes"] == g["code_bytes"] * (len(g["kernels"]) - 1)
        assert document["foldable_bytes"] == sum(g["saved_bytes"] for g in document["identical_groups"])
        per_family = [g for f in document["families"] for g in f["identical_groups"]]
        assert sorted(map(str, per_family)) == sorted(map(str, document["identical_groups"]))  # none spans families here

    document = json.loads(run_kfoot("explain", identical_binaries[0], "--json").stdout)
    families = {f["name"]: f for f in document["families"]}
    unused = families["unused_kernel"]["axes"]
    assert unused[1]["never_changes_code"] is True and set(unused[1]["collapses"][0]["values"]) == {"char", "short", "double"}
    assert unused[0]["never_changes_code"] is False and unused[0]["collapses"] == []  # float and int differ
    xor = families["xor_kernel"]["axes"][0]
    assert xor["never_changes_code"] is False
    assert [set(c["values"]) for c in xor["collapses"]] == [{"int", "unsigned int"}]
    assert xor["collapses"][0]["pairs"] == len(ARCHS)  # one pair per arch


def _paths(value, prefix: str = "") -> set[str]:
    """Every field of a JSON value as a path (`a.b`, `list[].field`); an object or a list of
    objects is a field of its own as well as its fields."""
    if isinstance(value, dict):
        own = {prefix} if prefix and not prefix.endswith(".") else set()
        return own.union(*(_paths(v, f"{prefix}.{k}" if prefix and not prefix.endswith(".") else f"{prefix}{k}")
                           for k, v in value.items()))
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return {prefix}.union(*(_paths(v, prefix + "[].") for v in value))
    return {prefix}


def test_docs_list_every_field_a_run_writes(explain_fatbin, identical_binaries, tmp_path):
    from docs_support import DOC_TEXT, first_code, section, table_rows

    (tmp_path / "names.txt").write_text("grid_kernel<float, 1, true>\nnot_a_kernel\n")
    written = set()
    for args in ((explain_fatbin,), (identical_binaries[0],), (explain_fatbin, "--usage", tmp_path / "names.txt"),
                 (explain_fatbin, "--what-if", "rtc=grid_kernel", "--what-if-archs", "sm_80")):
        written |= _paths(json.loads(run_kfoot("explain", *args, "--json").stdout))
    documented = {first_code(row[0]) for row in table_rows(section(DOC_TEXT["docs/explain.md"], "The JSON: `kfoot.explain/1`"))[1:]}
    assert written == documented


# ---------------------------------------------------------------- usage

LAUNCHED = (("grid_kernel", ("float", "1", "true")), ("grid_kernel", ("int", "2", "false")), ("cast_kernel", ("float", "double")))
UNKNOWN = "_Z14not_in_the_libPf"


def _launched_names(fatbin) -> dict[str, str]:
    """Mangled name -> c++filt's text of the kernels LAUNCHED names, from cuobjdump's list."""
    out = {}
    for name in cuobjdump_symbols(fatbin).kernel_names:
        fn, text, args = _oracle_arguments(name)
        if (fn, args) in LAUNCHED:
            out[name] = text
    assert len(out) == len(LAUNCHED)
    return out


def _code_bytes(fatbin, workdir, prefix: str = ".text.") -> dict[tuple[str, str], int]:
    """(arch, kernel) -> its .text section's size (or another per-kernel section's), read with
    pyelftools from the cubins cuobjdump extracts."""
    from elftools.elf.elffile import ELFFile

    from oracles.cuobjdump import cuobjdump_extract

    sizes = {}
    for cubin in cuobjdump_extract(fatbin, workdir):
        arch = next(a for a in ARCHS if f".{a}." in cubin.name)
        with open(cubin, "rb") as handle:
            for section in ELFFile(handle).iter_sections():
                if section.name.startswith(prefix):
                    sizes[(arch, section.name[len(prefix):])] = section["sh_size"]
    return sizes


DRIVER_KERNEL_OVERHEAD = 1640  # the driver's bytes per kernel loaded, as docs/explain.md (Usage) and docs/memory.md state it


def _write_usage_files(folder, launched: dict[str, str]) -> dict[str, object]:
    """One usage file of each format, written from its documented schema."""
    import gzip
    import sqlite3

    demangled = list(launched.values())  # "void grid_kernel<float, 1, true>(float*)"
    heads = [t.split(" ", 1)[1] for t in demangled]
    files = {}
    files["list"] = folder / "names.txt"
    files["list"].write_text("# kernels\n" + "\n".join([*launched, UNKNOWN]) + "\n")
    files["kfoot-trace"] = folder / "trace.jsonl"
    files["kfoot-trace"].write_text("".join(json.dumps({"template_id": h.split("(")[0], "family": h.split("<")[0]}) + "\n"
                                            for h in heads))
    events = {"schemaVersion": 1, "traceEvents": [
        {"ph": "X", "cat": "cpu_op", "name": "aten::add", "ts": 0, "dur": 1},
        *({"ph": "X", "cat": "kernel", "name": t, "ts": i, "dur": 2, "args": {"grid": [1, 1, 1]}} for i, t in enumerate(demangled)),
        {"ph": "X", "cat": "kernel", "name": "void not_in_the_lib(float*)", "ts": 9, "dur": 1}]}
    files["kineto"] = folder / "run.pt.trace.json.gz"
    files["kineto"].write_bytes(gzip.compress(json.dumps(events).encode()))
    files["kineto-plain"] = folder / "run.pt.trace.json"  # not gzipped
    files["kineto-plain"].write_text(json.dumps(events))
    files["nsys-sqlite"] = folder / "run.sqlite"
    db = sqlite3.connect(files["nsys-sqlite"])
    db.execute("CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, end INTEGER, deviceId INTEGER, "
               "demangledName INTEGER, shortName INTEGER, mangledName INTEGER)")
    for i, (mangled, text) in enumerate([*launched.items(), (UNKNOWN, "not_in_the_lib(float*)")]):
        db.executemany("INSERT INTO StringIds VALUES (?, ?)", [(3 * i, mangled), (3 * i + 1, text), (3 * i + 2, text.split("<")[0])])
        db.executemany("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (?, ?, 0, ?, ?, ?)",
                       [(t, t + 1, 3 * i + 1, 3 * i + 2, 3 * i) for t in range(i + 1)])
    db.commit()
    db.close()
    files["ncu-csv"] = folder / "ncu.csv"
    rows = ['"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Section Name","Metric Name","Metric Unit","Metric Value"']
    for i, h in enumerate([*heads, "not_in_the_lib(float*)"]):
        ncu_name = h.replace("*", " *")  # ncu spells pointers `float *`
        rows += [f'"{i}","1","a.out","host","{ncu_name}","1","7","Launch","Grid Size","","1"',
                 f'"{i}","1","a.out","host","{ncu_name}","1","7","Launch","Block Size","","1"']
    files["ncu-csv"].write_text("==PROF== Connected to process 1\n" + "\n".join(rows) + "\n")
    return files


def test_usage_of_every_format_marks_the_launched_kernels(explain_fatbin, tmp_path):
    launched = _launched_names(explain_fatbin)
    sizes = _code_bytes(explain_fatbin, tmp_path / "elf")
    constants = _code_bytes(explain_fatbin, tmp_path / "elf0", ".nv.constant0.")
    kernels = cuobjdump_symbols(explain_fatbin).kernel_names
    for fmt, path in _write_usage_files(tmp_path, launched).items():
        document = json.loads(run_kfoot("explain", explain_fatbin, "--usage", path, "--json").stdout)
        usage = document["usage"]
        fmt = fmt.split("-plain")[0]
        assert [(f["format"], f["path"]) for f in usage["files"]] == [(fmt, str(path))], fmt
        # launches as each schema records them: one a name (list, trace), one an event (Kineto),
        # one a row (nsys: the i-th name launched i + 1 times), one an ID (ncu, two rows each)
        n = len(launched)
        launches = {"list": n + 1, "kfoot-trace": n, "kineto": n + 1, "nsys-sqlite": (n + 1) * (n + 2) // 2, "ncu-csv": n + 1}
        assert usage["files"][0]["launches"] == launches[fmt], fmt
        assert usage["files"][0]["names"] == (n if fmt == "kfoot-trace" else n + 1), fmt  # distinct: ours and UNKNOWN
        assert usage["launched"] == len(launched) and usage["never_launched"] == len(kernels) - len(launched), fmt
        assert usage["unmatched_count"] == (0 if fmt == "kfoot-trace" else 1), (fmt, usage["unmatched"])
        for family in document["families"]:
            mine = {n for n in kernels if _oracle_arguments(n)[0] == family["name"]}
            assert family["launched"] == len(mine & set(launched)), (fmt, family["name"])
            assert family["never_launched"] == len(mine - set(launched))
            for arch in family["archs"]:
                assert arch["launched_bytes"] == sum(sizes[(arch["arch"], n)] for n in mine & set(launched))
                assert arch["never_launched_bytes"] == sum(sizes[(arch["arch"], n)] for n in mine - set(launched))
                # eager: each never-launched kernel's code, its constant bank 0 and the driver's overhead
                assert arch["never_launched_eager_bytes"] == sum(
                    sizes[(arch["arch"], n)] + constants.get((arch["arch"], n), 0) + DRIVER_KERNEL_OVERHEAD
                    for n in mine - set(launched)), (fmt, family["name"], arch["arch"])
        assert usage["never_launched_lazy_bytes"] == 0
    sqlite_file = tmp_path / "run.sqlite"
    assert run_kfoot("explain", explain_fatbin, "--usage", sqlite_file, "--json").returncode == 0
    table = run_kfoot("explain", explain_fatbin, "--usage", tmp_path / "names.txt",
                      env={**__import__("os").environ, "COLUMNS": "250"}).stdout
    assert "3 kernels launched" in table and "1 names match no kernel" in table


def test_an_nsys_export_is_read_only_and_its_names_are_data(explain_fatbin, tmp_path):
    """The export is opened read only: its bytes, its time stamp and its folder are the same
    afterwards. A name holding SQL is a name (no SQL is built from the file's content)."""
    import hashlib
    import sqlite3

    launched = _launched_names(explain_fatbin)
    path = _write_usage_files(tmp_path, launched)["nsys-sqlite"]
    hostile = "x'); DROP TABLE StringIds; --"
    db = sqlite3.connect(path)
    db.execute("INSERT INTO StringIds VALUES (1000, ?)", (hostile,))
    db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (0, 1, 0, 1000, 1000, 1000)")
    db.commit()
    db.close()
    before = (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns, sorted(p.name for p in tmp_path.iterdir()))
    usage = json.loads(run_kfoot("explain", explain_fatbin, "--usage", path, "--json").stdout)["usage"]
    assert (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns, sorted(p.name for p in tmp_path.iterdir())) == before
    assert usage["launched"] == len(launched) and hostile in usage["unmatched"]


def test_a_usage_file_over_the_size_limit_is_one_line(explain_fatbin, tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as handle:  # sparse: 257 MiB that take no disk
        handle.truncate(257 << 20)
    proc = run_kfoot("explain", explain_fatbin, "--usage", path, check_rc=2)
    assert str(path) in proc.stderr and "256 MiB" in proc.stderr and proc.stderr.count("\n") == 1


@pytest.mark.parametrize("name,content,message", [
    ("broken.sqlite", b"SQLite format 3\0" + b"\xff" * 4000, "Nsight Systems export"),
    ("empty.sqlite", None, "no CUPTI_ACTIVITY_KIND_KERNEL"),
    ("notrace.json", b'{"something": 1}', "no traceEvents"),
    ("badname.json", b'{"traceEvents": [{"cat": "kernel", "name": 7}]}', "traceEvents[0]"),
    ("badjson.json", b'{"traceEvents": [', "not valid JSON"),
    ("bomb.json.gz", "bomb", "decompresses to over"),
    ("short.csv", b'"ID","Kernel Name","Metric Value"\n"1","k"\n', "line 2 has 2 fields"),
    ("binary.txt", b"\xff\xfe\x00kernel\n", "line 1 is not UTF-8"),
    ("long.txt", b"k" * (70 << 10), "line 1 is over 64 KiB"),
    ("trace.jsonl", b'{"template_id": "a<int>"}\nnot json\n', "line 2"),
    # Nested deeper than Python's recursion limit, where the format is told and in a line.
    ("nested.json", b'{"traceEvents": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deeply"),
    ("nested.jsonl", b'{"template_id": ' + b"[" * 30_000 + b"]" * 30_000 + b"}\n", "nested too deeply"),
    ("nested_kernel.jsonl", b'{"kernel": "_Z1kv", "module": "0x1", "launches": 1, "pid": 1}\n{"kernel": '
     + b"[" * 30_000 + b"]" * 30_000 + b"}\n", "line 2"),
    # A lone surrogate is valid JSON but no text: it could be neither matched nor printed.
    ("surrogate.json", b'{"traceEvents": [{"cat": "kernel", "name": "k\\ud800"}]}', "not Unicode text"),
    ("surrogate.jsonl", b'{"template_id": "k<\\udfff>"}\n', "not Unicode text"),
    ("surrogate_kernel.jsonl", b'{"kernel": "_Z1k\\ud800", "module": "0x1", "launches": 1, "pid": 1}\n',
     "not Unicode text"),
])
def test_a_malformed_usage_file_is_one_line(explain_fatbin, tmp_path, name, content, message):
    import gzip
    import sqlite3

    path = tmp_path / name
    if content is None:
        sqlite3.connect(path).execute("CREATE TABLE other (x)").connection.commit()
    elif content == "bomb":
        with gzip.open(path, "wb", compresslevel=1) as out:
            chunk = b"\0" * (1 << 20)
            for _ in range(260):
                out.write(chunk)
    else:
        path.write_bytes(content)
    proc = run_kfoot("explain", explain_fatbin, "--usage", path, check_rc=2)
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert message in proc.stderr and name in proc.stderr, proc.stderr


# ---------------------------------------------------------------- from diagnosis to remedy

def _template_ids(mangled_names) -> set[str]:
    """c++filt's `kernel<A, B>` of each name: its text less `void ` and the parameter list."""
    return {cxxfilt.demangle(n).split(" ", 1)[1].rsplit("(", 1)[0] for n in mangled_names}


def test_emitted_spec_enumerates_exactly_the_familys_template_ids(explain_fatbin, identical_binaries, tmp_path):
    (tmp_path / "grid.cuh").write_text(_source().split("void launch_all")[0])
    (tmp_path / "same.cuh").write_text(IDENTICAL_SOURCE.split("void launch_all")[0])
    cases = [(explain_fatbin, "grid_kernel", "grid.cuh"), (explain_fatbin, "cast_kernel", "grid.cuh"),
             (identical_binaries[0], "xor_kernel", "same.cuh"), (identical_binaries[0], "unused_kernel", "same.cuh")]
    for binary, family, header in cases:
        spec = tmp_path / f"{family}.toml"
        run_kfoot("explain", binary, "--emit-spec", family, "--header", header, "-o", spec)
        listed = set(run_kfoot("enumerate", spec, "--list").stdout.split("\n")) - {""}
        expected = _template_ids(n for n in cuobjdump_symbols(binary).kernel_names if _oracle_arguments(n)[0] == family)
        assert listed == expected, family
    text = (tmp_path / "unused_kernel.toml").read_text()
    assert "# arg1 never changes the code" in text
    assert "# arg0 gives the same code for int, unsigned int" in (tmp_path / "xor_kernel.toml").read_text()


def test_emitted_spec_builds_the_familys_kernels(identical_binaries, tmp_path):
    """kfoot build on the emitted spec compiles the same kernels: their mangled names, as cuobjdump
    lists them, are the family's in the binary (unused_kernel: a 2 x 3 grid less one exclude)."""
    (tmp_path / "same.cuh").write_text(IDENTICAL_SOURCE.split("void launch_all")[0])
    binary, spec, out = identical_binaries[0], tmp_path / "unused.toml", tmp_path / "out"
    run_kfoot("explain", binary, "--emit-spec", "unused_kernel", "--header", "same.cuh", "-o", spec)
    assert spec.read_text().count("[[family.exclude]]") == 1
    run_kfoot("build", spec, "-o", out, "--arch", "sm_80")
    built = cuobjdump_symbols(out / "kernels.fatbin").entries_by_arch()
    original = {n for n in cuobjdump_symbols(binary).entries_by_arch()["sm_80"] if _oracle_arguments(n)[0] == "unused_kernel"}
    assert set(built) == {"sm_80"} and set(built["sm_80"]) == original and len(original) == 5


REFUSED_SOURCE = """
template <typename... Ts> __global__ void pack_kernel(int* p) { p[threadIdx.x] = sizeof...(Ts); }
template <int A, int B, int C> __global__ void diagonal_kernel(int* p) { p[threadIdx.x] = A + B + C; }
__global__ void plain_kernel(int* p) { p[threadIdx.x] = 1; }
namespace cutlass {
template <typename Operator> __global__ void Kernel(int* p) { p[threadIdx.x] = Operator::value; }
}
template <typename T> struct Op { static constexpr int value = sizeof(T); };
void launch_all() {
  pack_kernel<int><<<1, 1>>>(nullptr); pack_kernel<int, float><<<1, 1>>>(nullptr);
  plain_kernel<<<1, 1>>>(nullptr);
  cutlass::Kernel<Op<int>><<<1, 1>>>(nullptr); cutlass::Kernel<Op<float>><<<1, 1>>>(nullptr);
%s
}
"""


def test_emit_spec_refuses_what_a_spec_cannot_write_in_one_line(tmp_path, nvcc):
    """A variadic family (argument lists of two lengths), a kernel that is not a template, a
    wrapper family, and a grid needing over 10,000 excludes (25 points on the diagonal of 25^3)."""
    diagonal = "\n".join(f"  diagonal_kernel<{i}, {i}, {i}><<<1, 1>>>(nullptr);" for i in range(25))
    (tmp_path / "refused.cu").write_text(REFUSED_SOURCE % diagonal)
    fatbin = tmp_path / "refused.fatbin"
    proc = subprocess.run([str(nvcc), "-fatbin", "-arch=sm_80", str(tmp_path / "refused.cu"), "-o", str(fatbin)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    families = {f["name"]: f for f in json.loads(run_kfoot("explain", fatbin, "--json").stdout)["families"]}
    assert families["diagonal_kernel"]["grid"] == 25 ** 3 and families["diagonal_kernel"]["instantiations"] == 25
    for family, message in (("pack_kernel", "different lengths"), ("plain_kernel", "not a template"),
                            ("cutlass::Kernel<Op>", "wrapper family"), ("diagonal_kernel", "10,000 excludes")):
        assert family in families
        out = tmp_path / f"{family.replace(':', '_')}.toml"
        proc = run_kfoot("explain", fatbin, "--emit-spec", family, "--header", "x.cuh", "-o", out, check_rc=2)
        assert message in proc.stderr and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, family
        assert not out.exists()


def test_emitted_trace_names_the_launched_variants(explain_fatbin, tmp_path):
    launched = _launched_names(explain_fatbin)
    (tmp_path / "names.txt").write_text("\n".join(launched) + "\n")
    trace = tmp_path / "hot.jsonl"
    run_kfoot("explain", explain_fatbin, "--usage", tmp_path / "names.txt", "--emit-trace", trace)
    from kfoot.runtime.trace import read_trace

    assert set(read_trace(trace)) == _template_ids(launched)
    proc = run_kfoot("explain", explain_fatbin, "--emit-trace", trace, check_rc=2)
    assert "--emit-trace needs --usage" in proc.stderr and proc.stderr.count("\n") == 1
    proc = run_kfoot("explain", explain_fatbin, "--emit-spec", "no_such_family", "--header", "x.cuh", check_rc=2)
    assert "no such family" in proc.stderr and proc.stderr.count("\n") == 1


# ---------------------------------------------------------------- what-if

def test_what_if_rtc_counts_what_leaves(explain_fatbin, tmp_path):
    sizes = _code_bytes(explain_fatbin, tmp_path / "elf")
    symbols = cuobjdump_symbols(explain_fatbin)
    family_of = {n: _oracle_arguments(n)[0] for n in symbols.kernel_names}
    document = json.loads(run_kfoot("explain", explain_fatbin, "--what-if", "rtc=grid_kernel,cast_kernel", "--json").stdout)
    rtc = document["what_if_rtc"]
    leaving = [(arch, n) for arch, n in symbols.entries if family_of[n] in ("grid_kernel", "cast_kernel")]
    assert rtc["kernels"] == len(leaving) and rtc["variants"] == len({n for _, n in leaving})
    assert rtc["code_bytes"] == sum(sizes[e] for e in leaving)
    assert rtc["stored_bytes"] == rtc["code_bytes"]  # an uncompressed fatbin: stored as uncompressed
    assert rtc["eager_bytes"] > rtc["code_bytes"]

    launched = _launched_names(explain_fatbin)
    (tmp_path / "names.txt").write_text("\n".join(launched) + "\n")
    document = json.loads(run_kfoot("explain", explain_fatbin, "--usage", tmp_path / "names.txt",
                                    "--what-if", "rtc=unused", "--json").stdout)
    unused = [(arch, n) for arch, n in symbols.entries if n not in launched]
    assert document["what_if_rtc"]["kernels"] == len(unused)
    assert document["what_if_rtc"]["code_bytes"] == sum(sizes[e] for e in unused)
    for bad, message in (("rtc=unused", "needs --usage"), ("rtc=nope", "no such family"), ("aot=x", "write rtc=")):
        proc = run_kfoot("explain", explain_fatbin, "--what-if", bad, check_rc=2)
        assert message in proc.stderr and proc.stderr.count("\n") == 1


def test_what_if_archs_against_a_real_build_with_those_archs(tmp_path, nvcc):
    (tmp_path / "k.cu").write_text(IDENTICAL_SOURCE)
    builds = {"all": ["-gencode=arch=compute_80,code=sm_80", "-gencode=arch=compute_90,code=[sm_90,compute_90]",
                      "-gencode=arch=compute_90a,code=sm_90a"],
              "kept": ["-gencode=arch=compute_80,code=sm_80", "-gencode=arch=compute_90,code=compute_90"]}
    for name, gencode in builds.items():
        proc = subprocess.run([str(nvcc), "-fatbin", *gencode, str(tmp_path / "k.cu"), "-o", str(tmp_path / f"{name}.fatbin")],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-2000:]
    document = json.loads(run_kfoot("explain", tmp_path / "all.fatbin", "--what-if-archs", "sm_80,compute_90", "--json").stdout)
    archs = document["what_if_archs"]
    real = (tmp_path / "kept.fatbin").stat().st_size
    assert abs(archs["stored_bytes_after"] - real) <= 0.02 * real, (archs["stored_bytes_after"], real)
    assert archs["stored_bytes_before"] > 2 * archs["stored_bytes_after"]
    routes = {d["device"]: (d["before"], d["after"]) for d in archs["devices"]}
    # CUDA's rules, by hand: sm_80 SASS runs on 8.x; sm_90 loses its SASS and JITs compute_90; 7.5 runs nothing
    assert routes["sm_80"] == ("sass", "sass") and routes["sm_86"] == ("sass-compatible", "sass-compatible")
    assert routes["sm_90"] == ("sass", "ptx-jit") and routes["sm_100"] == ("ptx-jit", "ptx-jit")
    assert routes["sm_75"] == ("none", "none")
    assert archs["jit_kernels"] == len(cuobjdump_symbols(tmp_path / "kept.fatbin").entries_by_arch()["sm_80"])
    # an `a` target kept alone, as nvcc builds it: its SASS runs on its own SM only, no PTX to JIT
    proc = subprocess.run([str(nvcc), "-fatbin", "-gencode=arch=compute_90a,code=sm_90a", str(tmp_path / "k.cu"),
                           "-o", str(tmp_path / "only_a.fatbin")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    only_a = json.loads(run_kfoot("explain", tmp_path / "all.fatbin", "--what-if-archs", "sm_90a", "--json").stdout)["what_if_archs"]
    real = (tmp_path / "only_a.fatbin").stat().st_size
    assert abs(only_a["stored_bytes_after"] - real) <= 0.02 * real, (only_a["stored_bytes_after"], real)
    after = {d["device"]: d["after"] for d in only_a["devices"]}
    assert after["sm_90"] == "sass" and after["sm_80"] == after["sm_100"] == after["sm_120"] == "none"
    assert only_a["jit_kernels"] == 0
    proc = run_kfoot("explain", tmp_path / "all.fatbin", "--what-if-archs", "sm_8x", check_rc=2)
    assert "--what-if-archs" in proc.stderr and proc.stderr.count("\n") == 1


# ---------------------------------------------------------------- Markdown

HOSTILE_NAME = b"k|`x\x07y[b]zzz"  # as long as b"plain_kernel": every offset in the cubin still holds


def test_markdown_tables_hold_every_family_and_escape_names(cuda_fixtures, explain_fatbin, tmp_path):
    from markdown_it import MarkdownIt

    def tables(text):
        """Each table's rows as cell texts, as markdown-it (GFM tables) parses them."""
        tokens = MarkdownIt("commonmark").enable("table").parse(text)
        rows, current, found = [], None, []
        for token in tokens:
            if token.type == "tr_open":
                current = []
            elif token.type == "inline" and current is not None:
                current.append("".join(c.content for c in token.children or []))
            elif token.type == "tr_close":
                rows.append(current)
                current = None
            elif token.type == "table_close":
                found.append(rows)
                rows = []
        return found

    document = json.loads(run_kfoot("explain", explain_fatbin, "--json").stdout)
    text = run_kfoot("explain", explain_fatbin, "--format", "markdown").stdout
    families = tables(text)[0]
    assert [row[0] for row in families[1:]] == [f["name"] for f in document["families"]]
    assert [int(row[1].replace(",", "")) for row in families[1:]] == [f["kernels"] for f in document["families"]]

    data = cuda_fixtures["fixture_sm90a.cubin"].read_bytes().replace(b"plain_kernel", HOSTILE_NAME)
    (tmp_path / "hostile.cubin").write_bytes(data)
    text = run_kfoot("explain", tmp_path / "hostile.cubin", "--format", "markdown").stdout
    assert "\x07" not in text
    first = tables(text)[0]
    assert all(len(row) == len(first[0]) for row in first)  # the `|` in the name split no cell
    assert any(row[0] == "kfoot::k|`x\\x07y[b]zzz" for row in first[1:]), first
