"""Hybrid builds: the traced variants AOT-compiled (nvcc), every variant registered for RTC, and
the runtime's choice between them. The library's content is checked with cuobjdump."""

from __future__ import annotations

import json
import os

import cxxfilt
import pytest

from kfoot.runtime import api as runtime
from kfoot.compile.hybrid import build_hybrid
from kfoot.compile.rtc_registry import build_rtc
from kfoot.core.errors import KfootError
from kfoot.variants.loader import DEMO_SPEC, load_spec
from kfoot.variants.enumerate import enumerate_spec
from oracles import fatbin
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels, image_elf_kernels
from oracles.errors import assert_error
from test_rtc_support import demangled_form, template_id_of

def _free_values(spec, variant) -> dict:
    free = spec.family(variant.family).free_axes
    return {a: v for a, v in variant.values if a in free}


def _pick(spec):
    """Two hot variants (first family, last family) and a cold one from the first hot's family,
    taken from the demo spec itself so the tests follow its edits."""
    every = enumerate_spec(spec)
    first_family, last_family = spec.families[0].name, spec.families[-1].name
    hot = [next(v for v in every if v.family == first_family), next(v for v in every if v.family == last_family)]
    cold = next(v for v in every if v.family == first_family and v.template_id != hot[0].template_id)
    return [(v.family, _free_values(spec, v)) for v in hot], (cold.family, _free_values(spec, cold))


HOT, COLD = _pick(load_spec(DEMO_SPEC))


@pytest.fixture(scope="module")
def hybrid(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hybrid")
    spec = load_spec(DEMO_SPEC)
    build_rtc(spec, folder / "rtc")
    trace = folder / "trace.jsonl"
    reg = runtime.open_registry(folder / "rtc", cache=None, trace=trace)
    hot_ids = [reg.kernel(family, **values).template_id for family, values in HOT]
    out = folder / "hybrid"
    # --shard-size 1: each hot variant in a shard (and a fatbin container) of its own.
    proc = run_kfoot("build", "--mode", "hybrid", "--hot", trace, DEMO_SPEC, "-o", out,
                     "--arch", "sm_90", "-j", "2", "--shard-size", "1", "--json")
    (folder / "summary.json").write_text(proc.stdout)
    return spec, out, hot_ids, trace, folder


def library_kernels(path) -> dict[str, set[str]]:
    """arch -> template-ids of the kernels cuobjdump finds in a host library."""
    return {arch: {template_id_of(cxxfilt.demangle(name)) for name in names}
            for arch, names in cuobjdump_elf_kernels(path).items()}


def test_registry_holds_every_variant_and_marks_the_hot_ones(hybrid):
    spec, out, hot_ids, _, _ = hybrid
    data = json.loads((out / "registry.json").read_text())
    assert data["mode"] == "hybrid"
    assert {r["template_id"] for r in data["variants"]} == {v.template_id for v in enumerate_spec(spec)}
    marked = {r["template_id"] for r in data["variants"] if r["aot_archs"]}
    assert marked == set(hot_ids)
    assert all(r["aot_archs"] == ["sm_90"] for r in data["variants"] if r["template_id"] in marked)


def test_library_holds_exactly_the_hot_kernels(hybrid):
    _, out, hot_ids, _, _ = hybrid
    assert library_kernels(out / "libkfoot_kernels.so") == {"sm_90": {demangled_form(t) for t in hot_ids}}
    data = json.loads((out / "registry.json").read_text())
    for template_id in hot_ids:  # the shard fatbin the runtime loads holds the kernel too
        entry = data["aot"]["kernels"][template_id]
        assert demangled_form(template_id) in library_kernels(out / entry["fatbin"])["sm_90"]


def test_dispatch_prefers_aot_where_the_library_runs(hybrid):
    _, out, hot_ids, _, _ = hybrid
    reg = runtime.open_registry(out, cache=None, trace=None)
    hot = reg.kernel(HOT[0][0], **HOT[0][1])
    cold = reg.kernel(COLD[0], **COLD[1])
    assert hot.route("sm_90") == "aot"
    assert hot.route("sm_80") == "rtc"  # not built for sm_80: NVRTC compiles it there
    assert hot.route("sm_100") == "rtc"  # sm_90 SASS does not run on another major
    assert cold.route("sm_90") == "rtc"


def test_nvrtc_and_nvcc_name_the_kernel_alike(hybrid):
    # The hybrid runtime finds AOT kernels by the mangled name nvcc gave them; RTC ones by the
    # name NVRTC lowers the same template-id to. They must agree or one path would not find it.
    _, out, hot_ids, _, _ = hybrid
    reg = runtime.open_registry(out, cache=None, trace=None)
    data = json.loads((out / "registry.json").read_text())
    for template_id in hot_ids:
        assert reg.kernel_by_id(template_id).lowered_name("sm_90") == data["aot"]["kernels"][template_id]["symbol"]


def test_trace_with_a_variant_the_spec_lacks_is_refused(hybrid, tmp_path):
    spec = hybrid[0]
    trace = tmp_path / "t.jsonl"
    trace.write_text(json.dumps({"template_id": "kfoot::binary_kernel<kfoot::op::Nope, float, float, float>"}) + "\n")
    with pytest.raises(KfootError, match="which the spec does not have"):
        build_hybrid(spec, tmp_path / "o", hot_trace=trace, archs=["sm_90"], progress=False)
    trace.write_text("")
    with pytest.raises(KfootError, match="lists no variants"):
        build_hybrid(spec, tmp_path / "o", hot_trace=trace, archs=["sm_90"], progress=False)


def test_rtc_build_output_has_no_kernels_for_report(hybrid):
    folder = hybrid[4]
    proc = run_kfoot("report", folder / "rtc", "--json", check_rc=None)
    if proc.returncode == 0:
        assert json.loads(proc.stdout)["totals"]["kernels"] == 0
    else:
        assert_error(proc, "no ELF")


class _FakeCupy:
    """Stands in for cupy's driver calls on a CPU-only machine: records what the runtime loads
    and which kernel name it asks for, so the dispatch can be checked against cuobjdump."""

    def __init__(self, capabilities: dict[int, str]):
        fake = self
        self.loads: list[bytes] = []
        self.launches: list[tuple] = []
        self.current = 0

        class Device:
            def __init__(self, device):
                self.compute_capability = capabilities[device]

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return False

        class Function:
            def __init__(self, image, name):
                self.image, self.name = image, name

            def __call__(self, grid, block, args, shared_mem=0, stream=None):
                fake.launches.append((self.name, grid, block, args))

        class Module:
            def load(self, image):
                fake.loads.append(image)
                self.image = image

            def get_function(self, name):
                return Function(self.image, name)

        runtime_api = type("Runtime", (), {"getDevice": staticmethod(lambda: fake.current)})
        self.cuda = type("Cuda", (), {"Device": Device, "runtime": runtime_api,
                                      "function": type("F", (), {"Module": Module})})


def _symbols_in(image: bytes, tmp_path) -> set[str]:
    """Mangled names of the kernels cuobjdump finds in an image, whatever its arch."""
    return set().union(*image_elf_kernels(image, tmp_path).values())


def test_launch_dispatch_loads_the_right_image_once_per_device(hybrid, tmp_path, monkeypatch):
    _, out, hot_ids, _, _ = hybrid
    fake = _FakeCupy({0: "90", 1: "80"})
    monkeypatch.setattr(runtime, "_cupy_module", fake)
    reg = runtime.open_registry(out, cache=None, trace=None)
    hot = reg.kernel(HOT[0][0], **HOT[0][1])
    cold = reg.kernel(COLD[0], **COLD[1])
    for _ in range(3):
        hot((1,), (128,), ("x",))
        cold((1,), (128,), ("y",))
    assert hot.dispatch == {0: "aot"} and cold.dispatch == {0: "rtc"}
    assert len(fake.loads) == 2 and len(fake.launches) == 6  # loaded once, launched every time
    # The name each launch asked for is a kernel in the image that was loaded for it.
    aot_image, rtc_image = fake.loads
    assert fake.launches[0][0] in _symbols_in(aot_image, tmp_path)
    assert fake.launches[1][0] in _symbols_in(rtc_image, tmp_path)
    assert aot_image == (out / json.loads((out / "registry.json").read_text())["aot"]["kernels"][hot.template_id]["fatbin"]).read_bytes()
    # On an sm_80 device the library has no code for the hot kernel: NVRTC compiles it for sm_80.
    fake.current = 1
    hot((1,), (128,), ("z",))
    assert hot.dispatch == {0: "aot", 1: "rtc"}
    assert "sm_80" in image_elf_kernels(fake.loads[-1], tmp_path)
    assert fake.launches[-1][0] in _symbols_in(fake.loads[-1], tmp_path)


def test_without_the_build_folder_aot_kernels_load_from_the_merged_fatbin(hybrid, tmp_path, monkeypatch):
    import shutil

    _, out, hot_ids, _, _ = hybrid
    shipped = tmp_path / "shipped"
    shutil.copytree(out, shipped, ignore=shutil.ignore_patterns("build"))
    fake = _FakeCupy({0: "90"})
    monkeypatch.setattr(runtime, "_cupy_module", fake)
    reg = runtime.open_registry(shipped, cache=None, trace=None)
    kernels = json.loads((shipped / "registry.json").read_text())["aot"]["kernels"]
    # kernels.fatbin is one container per shard, back to back: walk its headers (not with kfoot).
    data = (shipped / "kernels.fatbin").read_bytes()
    spans = [(c.offset, c.end) for c in fatbin.walk(data)]
    assert len(spans) == len(HOT) == len({k["container"] for k in kernels.values()})
    for n, (family, values) in enumerate(HOT):
        hot = reg.kernel(family, **values)
        hot((1,), (32,), ())
        assert hot.dispatch == {0: "aot"} and len(fake.loads) == n + 1
        # Exactly the kernel's shard container: the driver loads one module per container, so
        # the whole file would have given it the first shard's kernels only.
        start, end = spans[kernels[hot.template_id]["container"]]
        assert fake.loads[n] == data[start:end] == (out / kernels[hot.template_id]["fatbin"]).read_bytes()
        assert fake.launches[n][0] == kernels[hot.template_id]["symbol"]
        assert fake.launches[n][0] in _symbols_in(fake.loads[n], tmp_path)
    assert fake.loads[0] != fake.loads[1]


def test_registry_without_the_container_index_is_refused_without_build(hybrid, tmp_path, monkeypatch):
    import shutil

    _, out, _, _, _ = hybrid
    shipped = tmp_path / "shipped"
    shutil.copytree(out, shipped, ignore=shutil.ignore_patterns("build"))
    registry = json.loads((shipped / "registry.json").read_text())
    for entry in registry["aot"]["kernels"].values():
        del entry["container"]  # as an older kfoot wrote it
    (shipped / "registry.json").write_text(json.dumps(registry))
    monkeypatch.setattr(runtime, "_cupy_module", _FakeCupy({0: "90"}))
    hot = runtime.open_registry(shipped, cache=None, trace=None).kernel(HOT[0][0], **HOT[0][1])
    with pytest.raises(KfootError, match="which container"):
        hot((1,), (32,), ())


def test_hybrid_build_json_summary(hybrid):
    spec, out, hot_ids, _, folder = hybrid
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["mode"] == "hybrid" and summary["out_dir"] == str(out)
    assert summary["registry"] == str(out / "registry.json")
    assert summary["variants"] == len(enumerate_spec(spec))
    aot = summary["aot"]
    assert aot["variants"] == len(hot_ids) and aot["sass_archs"] == ["sm_90"] and aot["kernels"] == len(hot_ids)
    assert aot["fatbin"] == str(out / "kernels.fatbin") and aot["library"] == str(out / "libkfoot_kernels.so")


def test_rtc_build_json_summary_and_family_filter(tmp_path):
    spec = load_spec(DEMO_SPEC)
    family = spec.families[-1].name
    out = tmp_path / "rtc"
    proc = run_kfoot("build", "--mode", "rtc", DEMO_SPEC, "-o", out, "--family", family, "--json")
    summary = json.loads(proc.stdout)
    expected = enumerate_spec(spec, [family])
    assert 0 < len(expected) < len(enumerate_spec(spec))
    assert summary == {"mode": "rtc", "out_dir": str(out), "registry": str(out / "registry.json"),
                       "variants": len(expected), "families": [family]}
    registry = json.loads((out / "registry.json").read_text())
    assert [r["template_id"] for r in registry["variants"]] == [v.template_id for v in expected]
    # Hybrid registers every variant: a --family filter there is refused, not ignored.
    trace = tmp_path / "t.jsonl"
    trace.write_text("")
    assert_error(run_kfoot("build", "--mode", "hybrid", "--hot", trace, DEMO_SPEC, "-o", tmp_path / "h",
                           "--family", family, check_rc=None), "--family")


@pytest.mark.parametrize("damage", ["no symbol", "container not a number", "kernels not a table"])
def test_a_malformed_aot_part_is_one_line_when_the_registry_opens(hybrid, tmp_path, damage):
    """The AOT half of a hybrid registry is checked when it is opened: before, an entry without its
    symbol opened fine and failed with a KeyError at the kernel's first launch."""
    import shutil

    _, out, hot_ids, _, _ = hybrid
    shipped = tmp_path / "shipped"
    shutil.copytree(out, shipped)
    registry = json.loads((shipped / "registry.json").read_text())
    entry = registry["aot"]["kernels"][hot_ids[0]]
    if damage == "no symbol":
        del entry["symbol"]
    elif damage == "container not a number":
        entry["container"] = "0"
    else:
        registry["aot"]["kernels"] = []
    (shipped / "registry.json").write_text(json.dumps(registry))
    assert_error(run_kfoot("warm", shipped, "--arch", "sm_90", check_rc=None,
                           env={**os.environ, "KFOOT_CACHE_DIR": str(tmp_path / "cache")}), "registry.json is malformed (aot:")
    with pytest.raises(KfootError, match="malformed"):
        runtime.open_registry(shipped, cache=None, trace=None)


def _container(payload: bytes) -> bytes:
    """One fatbin container holding one ELF entry (64-byte entry header), built from the format."""
    entry = fatbin.ENTRY_HEADER.pack(fatbin.ELF, 0x101, 64, len(payload)).ljust(64, b"\0") + payload
    return fatbin.CONTAINER_HEADER.pack(fatbin.MAGIC, 1, fatbin.CONTAINER_HEADER.size, len(entry)) + entry


def test_the_merge_records_where_each_input_container_went(tmp_path):
    """What a hybrid registry's `container` comes from: the merge, as ninja runs it, says at which
    index of the merged file each input's container lies (an input may hold several)."""
    import subprocess
    import sys

    from kfoot.compile.fatbin_merge import read_index
    from oracles.cli import REPO

    two = _container(b"a" * 13) + b"\0" * 3 + _container(b"b" * 40)  # 8-byte aligned, as nvcc lays them out
    inputs = {"obj/x.fatbin": two, "obj/y.fatbin": _container(b"c" * 7), "obj/z.fatbin": _container(b"d" * 24)}
    (tmp_path / "obj").mkdir()
    for name, data in inputs.items():
        (tmp_path / name).write_bytes(data)
    subprocess.run([sys.executable, "-m", "kfoot.compile.fatbin_merge", "--index", "index.json", "merged.fatbin",
                    *inputs], cwd=tmp_path, check=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    merged = (tmp_path / "merged.fatbin").read_bytes()
    spans = [merged[c.offset:c.end] for c in fatbin.walk(merged)]
    index = read_index(tmp_path / "index.json")
    assert index == {"obj/x.fatbin": 0, "obj/y.fatbin": 2, "obj/z.fatbin": 3}
    for name, data in inputs.items():
        first = fatbin.walk(data)[0]
        assert spans[index[name]] == data[first.offset:first.end]
    (tmp_path / "index.json").write_text("{}")
    with pytest.raises(KfootError, match="rebuild"):
        read_index(tmp_path / "index.json")
