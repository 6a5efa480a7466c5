"""`kfoot explain` on a real library, libcurand (the nvidia-curand wheel of the dev extra): every
family's axes hold exactly the template arguments c++filt reads at each position from the kernels
cuobjdump lists, containers outside .nv_fatbin included (oracles.templates; libcusparse is checked
the same way by scripts/check_explain_real.py, docs/explain.md)."""

from __future__ import annotations

import json

import pytest

from oracles.cli import run_kfoot
from oracles.templates import compare, loaded_kernel_entries, oracle_families


@pytest.fixture(scope="module")
def curand_oracle(curand_library, cuobjdump, tmp_path_factory):
    entries = loaded_kernel_entries(curand_library, tmp_path_factory.mktemp("curand"))
    try:
        families, undemangled = oracle_families({name for _, name in entries})
    except LookupError as exc:
        pytest.skip(str(exc))
    return entries, families, undemangled


@pytest.fixture(scope="module")
def curand_explained(curand_library):
    return json.loads(run_kfoot("explain", curand_library, "--json").stdout)


def test_curand_axes_are_cxxfilts_template_arguments(curand_oracle, curand_explained):
    entries, families, undemangled = curand_oracle
    assert undemangled == []
    assert curand_explained["kernels"] == len(entries)
    result = compare(curand_explained, families)
    assert result.mismatches == []
    assert result.families == len(curand_explained["families"]) == len(families)
    # libcurand's templates: MT19937_kernel<512, bool, T, &(send_T(...))> and others; the test
    # is worth something only if they are there.
    assert result.templated >= 4 and result.axes >= 7
    mt = next(f for f in curand_explained["families"] if f["name"] == "MT19937_kernel")
    assert [a["size"] for a in mt["axes"]] == [len(v) for v in families["MT19937_kernel"].axes()]


# nvcc names an anonymous namespace `_GLOBAL__N__<hash>_<length>_<file>_<hash>`, a module ID that
# families drop (docs/report.md#family-names); libcusparse's bsrmm and bsrmv kernels live in one.
ANONYMOUS_SOURCE = """
namespace {
template <typename T, unsigned N> __global__ void anon_kernel(T* p) { p[threadIdx.x] += T(N); }
}
void launch_all() {
  anon_kernel<float, 1u><<<1, 1>>>(nullptr); anon_kernel<float, 128u><<<1, 1>>>(nullptr);
  anon_kernel<double, 1u><<<1, 1>>>(nullptr);
}
"""


@pytest.fixture(scope="module")
def anonymous_fatbin(tmp_path_factory, nvcc):
    import subprocess

    out = tmp_path_factory.mktemp("anonymous")
    (out / "anon.cu").write_text(ANONYMOUS_SOURCE)
    proc = subprocess.run([str(nvcc), "-fatbin", "-arch=sm_80", str(out / "anon.cu"), "-o", str(out / "anon.fatbin")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out / "anon.fatbin"


def test_anonymous_namespace_kernels_have_cxxfilts_axes_and_match_demangled_usage(anonymous_fatbin, tmp_path):
    fatbin = anonymous_fatbin
    names = {name for _, name in loaded_kernel_entries(fatbin, tmp_path)}
    assert all("_GLOBAL__N__" in n for n in names) and len(names) == 3
    try:
        families, undemangled = oracle_families(names)
    except LookupError as exc:
        pytest.skip(str(exc))
    assert undemangled == [] and list(families) == ["(anonymous namespace)::anon_kernel"]
    assert families["(anonymous namespace)::anon_kernel"].axes() == [{"float", "double"}, {"1u", "128u"}]

    # Usage named as a profiler demangles it (libstdc++'s spelling, as c++filt's).
    from oracles.templates import cxxfilt_texts

    (tmp_path / "names.txt").write_text(cxxfilt_texts([min(names)])[min(names)] + "\n")
    document = json.loads(run_kfoot("explain", fatbin, "--usage", tmp_path / "names.txt", "--json").stdout)
    result = compare(document, families)
    assert result.mismatches == [] and result.axes == 2
    assert document["usage"]["launched"] == 1 and document["usage"]["unmatched"] == []


def test_an_anonymous_namespace_familys_emitted_spec_builds_its_kernels(anonymous_fatbin, tmp_path):
    """The spec names the kernel as the header's includer sees it (the anonymous namespace is not
    a name to write), and kfoot build compiles kernels c++filt names as the binary's."""
    from oracles.cuobjdump import cuobjdump_symbols
    from oracles.templates import cxxfilt_texts

    (tmp_path / "anon.cuh").write_text(ANONYMOUS_SOURCE.split("void launch_all")[0])
    spec = tmp_path / "anon.toml"
    run_kfoot("explain", anonymous_fatbin, "--emit-spec", "(anonymous namespace)::anon_kernel", "--header", "anon.cuh",
              "-o", spec)
    run_kfoot("build", spec, "-o", tmp_path / "out", "--arch", "sm_80")
    built = cuobjdump_symbols(tmp_path / "out" / "kernels.fatbin").kernel_names
    original = cuobjdump_symbols(anonymous_fatbin).kernel_names
    try:
        texts = cxxfilt_texts(built | original)
    except LookupError as exc:
        pytest.skip(str(exc))
    assert {texts[n] for n in built} == {texts[n] for n in original} and len(original) == 3
    # --emit-trace names the launched variants as that spec does, for build --mode hybrid --hot
    from kfoot.runtime.trace import read_trace

    (tmp_path / "names.txt").write_text(min(original) + "\n")
    run_kfoot("explain", anonymous_fatbin, "--usage", tmp_path / "names.txt", "--emit-trace", tmp_path / "hot.jsonl")
    listed = set(run_kfoot("enumerate", spec, "--list").stdout.split("\n")) - {""}
    hot = set(read_trace(tmp_path / "hot.jsonl"))
    assert len(hot) == 1 and hot <= listed


def test_families_explained_in_worker_processes_match_one_process(curand_library, curand_explained, monkeypatch):
    """Large libraries' families are explained in a pool (kfoot.explain.run.PARALLEL_KERNELS):
    forced on for libcurand, the explanation is the one a single process gives."""
    from kfoot.explain import run
    from kfoot.explain.explain_json import to_document

    monkeypatch.setenv("KFOOT_CACHE", "0")
    one = to_document(run.explain_paths([curand_library], jobs=1))
    monkeypatch.setattr(run, "PARALLEL_KERNELS", 0)
    pooled = to_document(run.explain_paths([curand_library], jobs=2))
    assert pooled == one
    assert [f["name"] for f in one["families"]] == [f["name"] for f in curand_explained["families"]]
