"""docs/runtime.md held to the code: the formats it documents field by field (registry.json, the
cache's layout and entries, the usage trace) compared both ways with files kfoot writes now (the
page's own examples make them, with one NVRTC compile), the cache key's inputs, the environment
variables' effects and the `kfoot.runtime` API."""

from __future__ import annotations

import hashlib
import inspect
import json
import re
from pathlib import Path

import pytest

from docs_support import DOC_TEXT, first_code, number, phrase, run_examples, section, table_rows


@pytest.fixture(scope="module")
def runtime_scratch(tmp_path_factory) -> Path:
    """The scratch folder of docs/runtime.md's examples: the demo registry (kfoot-rtc), the disk
    cache (kfoot-cache) with one NVRTC-compiled kernel, and the usage trace (kfoot-trace.jsonl)."""
    outcomes, scratch = run_examples("docs/runtime.md", tmp_path_factory)
    bad = [o.message for o in outcomes if o.status != "ok"]
    if any(o.status == "fail" for o in outcomes):
        pytest.fail("docs/runtime.md's examples failed:\n" + "\n".join(bad))
    if bad:
        pytest.skip("; ".join(bad))
    return scratch


def test_cache_variables_behave_as_documented(monkeypatch, tmp_path):
    from kfoot.core import store as cache
    from kfoot.runtime.kernel_cache import DiskCache

    rows = {first_code(r[0]): r for r in table_rows(section(DOC_TEXT["docs/runtime.md"], "Environment"))}
    assert "`$XDG_CACHE_HOME/kfoot`, else `~/.cache/kfoot`" in rows["KFOOT_CACHE_DIR"][2]
    monkeypatch.delenv("KFOOT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.default_cache_root() == tmp_path / "xdg" / "kfoot"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.default_cache_root() == Path("~/.cache/kfoot").expanduser()
    monkeypatch.setenv("KFOOT_CACHE_DIR", "~/elsewhere")
    assert cache.default_cache_root() == Path("~/elsewhere").expanduser()

    off = re.findall(r"`(\w+)`", rows["KFOOT_CACHE"][1].split("turns")[0])
    assert off == ["0", "false", "no", "off"]
    for value in off + ["FALSE", "Off"]:
        monkeypatch.setenv("KFOOT_CACHE", value)
        assert cache.cache_disabled_by_env() and DiskCache.from_env() is None
    for value in ("1", "yes"):
        monkeypatch.setenv("KFOOT_CACHE", value)
        assert not cache.cache_disabled_by_env()
    monkeypatch.delenv("KFOOT_CACHE")
    assert not cache.cache_disabled_by_env()

    sizes = [r for r in table_rows(section(DOC_TEXT["docs/runtime.md"], "Environment"))
             if len(r) == 2 and first_code(r[0]) and re.fullmatch(r"[\d,]+", r[1])]
    assert len(sizes) >= 6, "the KFOOT_CACHE_MAX_BYTES table went missing"
    for cell, expected in sizes:
        monkeypatch.setenv("KFOOT_CACHE_MAX_BYTES", first_code(cell))
        assert cache.kernel_cache_bound() == number(expected), cell
    monkeypatch.delenv("KFOOT_CACHE_MAX_BYTES")
    assert cache.kernel_cache_bound() is None


# -------------------------------------------------------------------------------------- formats
def _field_table(doc: str, heading: str, after: str | None = None) -> dict[str, str]:
    text = section(DOC_TEXT[doc], heading)
    if after:
        assert after in text, f"{doc}: {after!r} not found under {heading!r}"
        text = text[text.index(after):]
        text = text[: text.index("\n\n", text.index("|"))]
    return {first_code(row[0]): row[1] for row in table_rows(text) if first_code(row[0])}


_MAPS = {"sources": "<file>", "families": "<name>", "variants[].values": "<axis>", "aot.kernels": "<template-id>"}


def _flatten(value, prefix: str = "") -> set[str]:
    if isinstance(value, dict):
        if prefix in _MAPS:
            return set().union(*[_flatten(v, f"{prefix}.{_MAPS[prefix]}") for v in value.values()]) or {f"{prefix}.{_MAPS[prefix]}"}
        return set().union(*[_flatten(v, f"{prefix}.{k}" if prefix else k) for k, v in value.items()])
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return set().union(*[_flatten(v, prefix + "[]") for v in value])
    return {prefix}


def test_registry_fields_are_the_documented_ones(runtime_scratch, tmp_path):
    documented = _field_table("docs/runtime.md", "The registry: `registry.json`")
    hybrid_only = {f for f, what in documented.items() if what.startswith("hybrid only")}
    data = json.loads((runtime_scratch / "kfoot-rtc" / "registry.json").read_text())
    written = _flatten(data)
    assert set(documented) - hybrid_only == written, (
        f"registry.json of an RTC build has {sorted(written - set(documented))} undocumented, "
        f"the doc lists {sorted(set(documented) - hybrid_only - written)} that it lacks")
    assert data["format"] == "kfoot-rtc-registry" and data["version"] == 1
    phrase("docs/runtime.md", "Format `kfoot-rtc-registry`, version 1")
    # A hybrid build needs nvcc; its registry is written by the same writer, given an AOT part:
    # write one for the demo registry's variants and hold every field it has to the doc.
    import shutil

    from kfoot.runtime.registry import AotKernel, AotPart, FamilyEntry, load_registry, write_registry

    shutil.copytree(runtime_scratch / "kfoot-rtc", tmp_path / "hybrid")
    first = load_registry(tmp_path / "hybrid").variants[0]
    families = {name: FamilyEntry(f["kernel"], f["header"], tuple(f["axes"]), tuple(f["free_axes"]))
                for name, f in data["families"].items()}
    aot = AotPart("libkfoot_kernels.so", "kernels.fatbin", "manifest.json", ("sm_90",), ("sm_90",),
                  {first.template_id: AotKernel("_Z1kv", "build/obj/shard_0000.fatbin", 0)})
    write_registry(tmp_path / "hybrid", mode="hybrid", spec_path=data["spec"]["path"], spec_sha256=data["spec"]["sha256"],
                   sources=data["sources"], families=families, variants=load_registry(tmp_path / "hybrid").variants, aot=aot)
    hybrid = json.loads((tmp_path / "hybrid" / "registry.json").read_text())
    assert _flatten(hybrid) == set(documented), (
        f"a hybrid registry.json has {sorted(_flatten(hybrid) - set(documented))} undocumented, "
        f"the doc lists {sorted(set(documented) - _flatten(hybrid))} that it lacks")
    assert hybrid["mode"] == "hybrid" and [r["aot_archs"] for r in hybrid["variants"][:2]] == [["sm_90"], []]


def test_cache_layout_entry_and_key_are_the_documented_ones(runtime_scratch):
    root = runtime_scratch / "kfoot-cache"
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    entries = [f for f in files if f.startswith("entries/")]
    blobs = [f for f in files if f.startswith("blobs/")]
    assert len(entries) == 1 and len(blobs) == 1 and "memo.json" in files and (root / "tmp").is_dir()
    assert set(files) == {*entries, *blobs, "memo.json"}
    assert re.fullmatch(r"entries/([0-9a-f]{2})/\1[0-9a-f]{62}\.entry", entries[0])
    assert re.fullmatch(r"blobs/([0-9a-f]{2})/\1[0-9a-f]{62}\.cubin", blobs[0])
    assert oct((root).stat().st_mode & 0o777) == oct(0o700)
    phrase("docs/runtime.md", "entries/<k[:2]>/<key>.entry")
    phrase("docs/runtime.md", "blobs/<h[:2]>/<sha256>.cubin")

    body, checksum, rest = (root / entries[0]).read_bytes().split(b"\n")
    assert rest == b"" and hashlib.sha256(body).hexdigest().encode() == checksum
    meta = json.loads(body)
    assert body == json.dumps(meta, sort_keys=True, separators=(",", ":")).encode()
    documented = _field_table("docs/runtime.md", "Layout", after="An entry is two lines")
    assert set(documented) == set(meta), (sorted(set(meta) - set(documented)), sorted(set(documented) - set(meta)))
    blob = root / blobs[0]
    assert meta["blob"] == blob.stem == hashlib.sha256(blob.read_bytes()).hexdigest()
    assert meta["key"] == Path(entries[0]).stem


def test_cache_key_covers_what_the_doc_lists():
    from kfoot.runtime import fingerprint, nvrtc

    listed = section(DOC_TEXT["docs/runtime.md"], "What the key covers")
    assert set(inspect.signature(fingerprint.cache_key).parameters) == {
        "nvrtc_version", "arch", "options", "prelude_sha256", "source_sha256", "name_expression", "link"}, \
        "the cache key takes other inputs now: update docs/runtime.md (What the key covers) and this test"
    options = ["-arch=sm_XX", *nvrtc.DEFAULT_OPTIONS]
    assert re.findall(r"`(-[^`]+)`", listed.split("the compile options")[1].split(";")[0]) == options
    assert "`KEY_SCHEMA`" in listed and isinstance(fingerprint.KEY_SCHEMA, int)
    assert "`kfoot/core/prelude.py`" in listed, "the prelude is in the key: docs/runtime.md must say so"
    base = dict(nvrtc_version="13.5", arch="sm_90", options=("-arch=sm_90",), prelude_sha256="2" * 64,
                source_sha256="0" * 64, name_expression="k<int>", link="nvJitLink 13.5")
    key = fingerprint.cache_key(**base)
    for name, other in (("nvrtc_version", "13.6"), ("arch", "sm_80"), ("options", ("-arch=sm_90", "-G")),
                        ("prelude_sha256", "3" * 64), ("source_sha256", "1" * 64), ("name_expression", "k<float>"),
                        ("link", "")):
        assert fingerprint.cache_key(**dict(base, **{name: other})) != key, name
    assert fingerprint.cache_key(**dict(base, options=("-arch=sm_90", "-I/somewhere"))) == key, \
        "include paths are documented as left out of the key"


def test_trace_fields_are_the_documented_ones(runtime_scratch):
    trace = runtime_scratch / "kfoot-trace.jsonl"
    phrase("docs/runtime.md", "opened `O_APPEND` (created 0600)")
    assert trace.stat().st_mode & 0o777 == 0o600
    lines = trace.read_text().splitlines()
    documented = _field_table("docs/runtime.md", "The usage trace")
    assert lines and all(set(json.loads(line)) == set(documented) for line in lines)


def test_runtime_exports_are_the_documented_ones(demo_registry):
    from kfoot import runtime

    phrase("docs/runtime.md", "`from kfoot import runtime` exports `open_registry`, `KernelRegistry`, `Kernel` and `NoGpuError`")
    assert set(runtime.__all__) == {"open_registry", "KernelRegistry", "Kernel", "NoGpuError"}
    rows = table_rows(section(DOC_TEXT["docs/runtime.md"], "`Kernel`"))
    members = {re.match(r"\w+", span).group(0) for row in rows[1:] for span in re.findall(r"`([^`]+)`", row[0])}
    assert {"binary", "cubin", "lowered_name", "route", "__call__", "function"} <= members
    kernel = runtime.open_registry(demo_registry, cache=None, trace=None).kernel(
        "binary", op="kfoot::op::Add", lhs="float32", rhs="float32")
    assert isinstance(kernel, runtime.Kernel)
    for member in members:
        assert hasattr(kernel, member), f"docs/runtime.md lists Kernel.{member}, which a kernel lacks"
    assert (kernel.family, kernel.values["out"]) == ("binary", "float32")
    call = inspect.signature(runtime.Kernel.__call__).parameters
    assert list(call) == ["self", "grid", "block", "args", "stream", "shared_mem"]
    assert call["stream"].default is None and call["shared_mem"].default == 0
    assert list(inspect.signature(runtime.open_registry).parameters) == ["path", "cache", "trace"]


def test_finding_nvrtc_is_documented_as_searched():
    """The section's order and its one-line refusal are the search's (tests/vectors/nvrtc_search.json
    holds Python and C++ to the same order)."""
    from kfoot.core.toolchain import nvrtc_search

    text = section(DOC_TEXT["docs/runtime.md"], "Finding NVRTC")
    search = nvrtc_search({}, [])
    line = f"libnvrtc not found; looked in: {search.looked}; install nvidia-cuda-nvrtc, or set KFOOT_NVRTC to the library"
    assert "\n" + line + "\n" in text
    steps = re.findall(r"^\d\. (.*)$", text, re.MULTILINE)
    assert [s.split(":")[0].split(",")[0] for s in steps] == [
        "`KFOOT_NVRTC`", "`CUDA_HOME`", "The dynamic linker", "NVIDIA's pip wheels on the running Python's path",
        "`/usr/local/cuda`"]
