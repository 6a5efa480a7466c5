"""`kfoot build --name NAME`: libNAME.so, NAME/kernels.hpp and NAME::find_kernel(template_id).

Oracles: the dynamic loader (dladdr names the symbol at the address find_kernel returns),
c++filt (that symbol demangles to the variant's template-id), and `kfoot enumerate --list` (the
template-ids a user has), under two shard packings.
"""

from __future__ import annotations

import ctypes
import json
import subprocess

import pytest
from elftools.elf.elffile import ELFFile

from kfoot.compile.manifest import load_manifest
from oracles.cli import REPO, run_kfoot
from oracles.errors import assert_error

SPEC = REPO / "examples" / "cmake" / "kernels" / "scale.toml"


class _DlInfo(ctypes.Structure):
    _fields_ = [("dli_fname", ctypes.c_char_p), ("dli_fbase", ctypes.c_void_p),
                ("dli_sname", ctypes.c_char_p), ("dli_saddr", ctypes.c_void_p)]


def _symbol_at(address: int, library_path) -> str:
    """The function symbol at a run-time address: the loader says which file and its load base,
    the file's own .symtab (pyelftools) which function starts exactly there (stubs are local)."""
    libc = ctypes.CDLL(None)
    info = _DlInfo()
    assert libc.dladdr(ctypes.c_void_p(address), ctypes.byref(info)), hex(address)
    assert info.dli_fname.decode() == str(library_path)
    offset = address - info.dli_fbase
    with open(library_path, "rb") as handle:
        symtab = ELFFile(handle).get_section_by_name(".symtab")
        names = [s.name for s in symtab.iter_symbols()
                 if s.entry.st_value == offset and s.entry.st_info.type == "STT_FUNC"]
    assert len(names) == 1, names
    return names[0]


def _find_kernel(library, name: str):
    fn = getattr(library, f"_ZN{len(name)}{name}11find_kernelEPKc")
    fn.restype, fn.argtypes = ctypes.c_void_p, [ctypes.c_char_p]
    return fn


@pytest.fixture(scope="module")
def template_ids() -> list[str]:
    return run_kfoot("enumerate", SPEC, "--list").stdout.split("\n")[:-1]


@pytest.fixture(scope="module")
def scale_aot(tmp_path_factory):
    """`kfoot build --name scale` of the example spec for sm_90 with a given shard size: (its
    output folder, its --json summary), each shard size built once for the module."""
    built = {}

    def build(shard_size: int):
        if shard_size not in built:
            out = tmp_path_factory.mktemp(f"aot{shard_size}") / "aot"
            summary = json.loads(run_kfoot("build", "--mode", "aot", SPEC, "-o", out, "--arch", "sm_90", "--name",
                                           "scale", "--shard-size", shard_size, "--no-progress", "--json").stdout)
            built[shard_size] = out, summary
        return built[shard_size]
    return build


# Three per shard: two shards of three (each shard's table indexed past its first entry, and more
# than one shard), then one shard of all six; one per shard (six nvcc compiles) added nothing.
@pytest.mark.parametrize("shard_size", [3, 64])
def test_find_kernel_resolves_every_template_id(scale_aot, template_ids, shard_size):
    out, summary = scale_aot(shard_size)
    assert summary["name"] == "scale" and summary["library"] == str(out / "libscale.so")
    manifest = load_manifest(out)
    assert manifest.name == "scale" and manifest.library == "libscale.so"
    assert manifest.header == "include/scale/kernels.hpp"
    assert len(manifest.shards) == (2 if shard_size == 3 else 1)
    header = (out / manifest.header).read_text()
    assert "namespace scale {" in header and "const void* find_kernel(const char* template_id);" in header

    library = ctypes.CDLL(str(out / "libscale.so"))
    find_kernel = _find_kernel(library, "scale")
    symbols = {v.template_id: v.symbol for v in manifest.variants}
    assert sorted(symbols) == sorted(template_ids)
    for template_id in template_ids:
        address = find_kernel(template_id.encode())
        assert address, template_id
        symbol = _symbol_at(address, out / "libscale.so")
        assert symbol == symbols[template_id]  # the manifest and the lookup agree
        demangled = subprocess.run(["c++filt", symbol], capture_output=True, text=True, check=True).stdout
        assert demangled.startswith(f"void {template_id}("), demangled
    assert find_kernel(b"example::scale_kernel<double, 3>") is None
    assert find_kernel(b"example::scale_kernel<float,1>") is None  # only the canonical spelling
    assert find_kernel(None) is None


def test_library_has_its_soname_and_exports_only_its_namespace(scale_aot):
    out, _ = scale_aot(64)  # --name scale (not the default name, kfoot_kernels)
    with open(out / "libscale.so", "rb") as handle:
        elf = ELFFile(handle)
        dynamic = elf.get_section_by_name(".dynamic")
        sonames = [t.soname for t in dynamic.iter_tags() if t.entry.d_tag == "DT_SONAME"]
        exported = {s.name for s in elf.get_section_by_name(".dynsym").iter_symbols()
                    if s.entry.st_shndx != "SHN_UNDEF" and s.name}
    assert sonames == ["libscale.so"]
    assert "_ZN5scale11find_kernelEPKc" in exported
    assert not any("Hashtable" in name for name in exported)  # the lookup's own code stays inside
    assert not any("cudaLaunchKernel" in name for name in exported)  # the runtime stays the library's own


@pytest.mark.parametrize("name", ["9lives", "namespace", "has-dash", "std", "__x"])
def test_bad_names_are_one_line(tmp_path, name):
    assert_error(run_kfoot("build", "--mode", "aot", SPEC, "-o", tmp_path / "o", "--name", name, "--no-progress",
                           check_rc=None), "not usable as a C++ namespace")
    assert not (tmp_path / "o").exists()


def test_an_rtc_name_is_checked_alike(tmp_path):
    """rtc takes --name too (its libNAME.so holds NAME::registry()'s way to the registry,
    tests/test_ship.py), with the same rule, before anything is written."""
    assert_error(run_kfoot("build", "--mode", "rtc", SPEC, "-o", tmp_path / "o", "--name", "namespace",
                           "--no-check", check_rc=None), "not usable as a C++ namespace")
    assert not (tmp_path / "o").exists()


def test_depfile_lists_the_spec_and_its_include_closure(tmp_path):
    out = tmp_path / "rtc"
    run_kfoot("build", "--mode", "rtc", SPEC, "-o", out, "--depfile", tmp_path / "deps.d", "--no-progress",
              "--no-check")
    text = (tmp_path / "deps.d").read_text()
    target, _, deps = text.partition(":")
    assert target == str((out / "kfoot.stamp").resolve())
    listed = sorted(deps.replace("\\\n", " ").split())
    folder = SPEC.parent.resolve()
    assert listed == sorted(str(folder / n) for n in ("scale.toml", "scale.cuh", "scale_detail.cuh"))
    assert (out / "kfoot.stamp").is_file()
