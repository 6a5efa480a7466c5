"""`kfoot diff`/`kfoot gate` end to end on shared libraries built with nvcc at test time.

A baseline with kft::axpy over {float, int}, a rebuild of the same source in another folder
(so nvcc gives it other module IDs), a candidate with one more axis value (double) and one with
one fewer, all linked with -rdc. Expected figures come from NVIDIA's cuobjdump: kernel entries
(`-symbols`: what is loaded; the relocatable copies in __nv_relfatbin, which `-all` lists too, are
counted apart, tests/test_relocatable_copies.py) and the bytes of the SASS images it extracts
(`-xelf all`).
"""

from __future__ import annotations

import json
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from oracles.cli import run_main
from oracles.cuobjdump import cuobjdump_extract, cuobjdump_symbols
from oracles.errors import assert_error

SOURCE = """\
namespace kft {{
template <typename T> __global__ void axpy(T a, const T* x, T* y, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}}
template <typename T> __global__ void fill(T* y, T v, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = v;
}}
}}  // namespace kft
// A static kernel: under -rdc nvcc names it after the module ID, which changes with the folder.
static __global__ void scale_static(float* y) {{ y[threadIdx.x] *= 2.0f; }}
void launch_scale(float* y) {{ scale_static<<<1, 32>>>(y); }}
{instances}
"""

VARIANTS = {
    "base": (["float", "int"], ["float", "int"]),
    "rebuild": (["float", "int"], ["float", "int"]),
    "grown": (["float", "int", "double"], ["float", "int"]),
    "shrunk": (["float"], ["float", "int"]),
}


def _build(nvcc: Path, folder: Path, axpy_types, fill_types) -> Path:
    folder.mkdir(parents=True)
    # Each instance is launched from host code: nvlink drops the kernels nothing launches from the
    # linked image, and only the linked image is loaded (its __nv_relfatbin copies are not).
    instances = [f"void launch_axpy_{t}({t} a, const {t}* x, {t}* y, int n) {{ kft::axpy<<<1, 32>>>(a, x, y, n); }}"
                 for t in axpy_types]
    instances += [f"void launch_fill_{t}({t}* y, {t} v, int n) {{ kft::fill<<<1, 32>>>(y, v, n); }}" for t in fill_types]
    (folder / "lib.cu").write_text(SOURCE.format(instances="\n".join(instances)))
    subprocess.run([str(nvcc), "-shared", "-Xcompiler", "-fPIC", "-rdc=true", "-gencode", "arch=compute_90,code=sm_90",
                    "-o", "libkft.so", "lib.cu"], cwd=folder, check=True, capture_output=True, timeout=300)
    return folder / "libkft.so"


@pytest.fixture(scope="module")
def libs(tmp_path_factory, nvcc, cuobjdump):
    root = tmp_path_factory.mktemp("gate-libs")
    with ThreadPoolExecutor(2) as pool:  # two cores: two nvcc at a time
        futures = {name: pool.submit(_build, nvcc, root / name, *types) for name, types in VARIANTS.items()}
        return {name: future.result() for name, future in futures.items()}


def entries(lib: Path, pattern: str = "") -> list[str]:
    """Kernel entry names, one per loaded SASS image they are in, as cuobjdump lists them (`-symbols`)."""
    return [name for _arch, name in cuobjdump_symbols(lib).entries if re.search(pattern, name)]


def sass_bytes(lib: Path, scratch: Path) -> int:
    """Total size of the loaded SASS images cuobjdump extracts from `lib` (`-xelf all`)."""
    scratch.mkdir()
    cubins = cuobjdump_extract(lib, scratch, "elf")
    assert cubins and sorted(cubins) == sorted(scratch.glob("*.cubin"))
    return sum(p.stat().st_size for p in cubins)


def gate_json(capsys, base, new, *extra):
    code, out, _ = run_main(capsys, "gate", "--baseline", base, new, "--json", *extra)
    return code, json.loads(out)


@pytest.fixture(autouse=True)
def no_step_summary(monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)


def test_identical_rebuild_in_another_folder_diffs_to_zero(capsys, libs):
    # The two builds really differ: nvcc put a folder-dependent module ID in the static kernel's name.
    assert sorted(entries(libs["base"])) != sorted(entries(libs["rebuild"]))
    assert len(entries(libs["base"])) == len(entries(libs["rebuild"]))
    code, out, _ = run_main(capsys, "diff", libs["base"], libs["rebuild"], "--json")
    assert code == 0 and json.loads(out)["zero"] is True
    code, out, _ = run_main(capsys, "gate", "--baseline", libs["base"], libs["rebuild"])
    assert code == 0 and "no change in device code" in out


def test_one_more_axis_value_fails_naming_the_family_and_added_kernels(capsys, libs):
    added = len(entries(libs["grown"])) - len(entries(libs["base"]))
    added_axpy = len(entries(libs["grown"], "axpy")) - len(entries(libs["base"], "axpy"))
    # One more variant. (An -rdc library keeps a relocatable image beside the linked one, but
    # only the static kernel is in both: template instances are in the linked image alone.)
    assert added == added_axpy == 1
    code, verdict = gate_json(capsys, libs["base"], libs["grown"])
    assert code == 1 and verdict["outcome"] == "fail"
    kernels_check = next(c for c in verdict["failures"] if c["metric"] == "kernels")
    assert kernels_check["delta"] == added
    top = verdict["families_grown"][0]
    assert top["name"] == "kft::axpy" and top["kernels"]["delta"] == added
    assert [f["name"] for f in verdict["families_grown"]] == ["kft::axpy"]  # nothing else grew

    code, out, _ = run_main(capsys, "gate", "--baseline", libs["base"], libs["grown"])
    assert code == 1 and "FAIL" in out
    line = next(l for l in out.splitlines() if "kft::axpy" in l)
    assert f"+{added}" in line.split()


def test_a_shrink_passes_and_says_so(capsys, libs):
    removed = len(entries(libs["base"], "axpy")) - len(entries(libs["shrunk"], "axpy"))
    assert removed == 1
    code, verdict = gate_json(capsys, libs["base"], libs["shrunk"])
    assert code == 0 and verdict["outcome"] == "shrink"
    assert verdict["diff"]["totals"]["kernels"]["delta"] == -removed
    code, out, _ = run_main(capsys, "gate", "--baseline", libs["base"], libs["shrunk"])
    assert code == 0 and "shrank" in out and "kft::axpy" in out


def test_budgets_in_percent_and_bytes(capsys, libs, tmp_path):
    base_kernels = len(entries(libs["base"]))
    added = len(entries(libs["grown"])) - base_kernels
    assert (base_kernels, added) == (5, 1)  # 4 instances + the static kernel, in the linked image; +1 instance
    grown_bytes = sass_bytes(libs["grown"], tmp_path / "grown")
    base_bytes = sass_bytes(libs["base"], tmp_path / "base")
    added_bytes = grown_bytes - base_bytes
    assert added_bytes > 0

    _, verdict = gate_json(capsys, libs["base"], libs["grown"], "--max-kernel-growth", "100")
    size = verdict["diff"]["totals"]["image_bytes"]
    assert (size["base"], size["delta"]) == (base_bytes, added_bytes)

    roomy = ["--max-size-growth", "1GB"]
    assert gate_json(capsys, libs["base"], libs["grown"], "--max-kernel-growth", "21%", *roomy)[0] == 0  # 1.05 -> 1
    assert gate_json(capsys, libs["base"], libs["grown"], "--max-kernel-growth", "19%", *roomy)[0] == 1  # 0.95 -> 0
    assert gate_json(capsys, libs["base"], libs["grown"], "--max-kernel-growth", str(added), *roomy)[0] == 0
    enough = ["--max-kernel-growth", str(added)]
    assert gate_json(capsys, libs["base"], libs["grown"], *enough, "--max-size-growth", str(added_bytes))[0] == 0
    assert gate_json(capsys, libs["base"], libs["grown"], *enough, "--max-size-growth", str(added_bytes - 1))[0] == 1
    exact = added_bytes * 100 / base_bytes
    assert gate_json(capsys, libs["base"], libs["grown"], *enough, "--max-size-growth", f"{exact + 1e-6:.7f}%")[0] == 0
    below = (added_bytes - 1) * 100 / base_bytes
    assert gate_json(capsys, libs["base"], libs["grown"], *enough, "--max-size-growth", f"{below:.7f}%")[0] == 1
    # A family allowance covers the family that grew, and only it.
    code, verdict = gate_json(capsys, libs["base"], libs["grown"], "--family-budget", f"kft::axpy={added}")
    assert code == 0, verdict["failures"]
    assert gate_json(capsys, libs["base"], libs["grown"], "--family-budget", f"kft::fill={added}")[0] == 1


def test_json_baseline_from_update_then_binaries_are_gated_against_it(capsys, libs, tmp_path):
    baseline = tmp_path / "ci" / "footprint.json"
    assert run_main(capsys, "gate", "--baseline", baseline, libs["base"], "--update-baseline")[0] == 0
    assert json.loads(baseline.read_text())["totals"]["kernels"] == len(entries(libs["base"]))
    assert run_main(capsys, "gate", "--baseline", baseline, libs["rebuild"])[0] == 0
    assert run_main(capsys, "gate", "--baseline", baseline, libs["grown"])[0] == 1


def test_unreadable_binary_exits_2_with_one_line(capsys, libs, tmp_path):
    truncated = tmp_path / "libkft.so"
    truncated.write_bytes(libs["base"].read_bytes()[:4096])
    assert_error(run_main(capsys, "gate", "--baseline", libs["base"], truncated), str(truncated))


def test_a_binary_is_measured_with_the_baseline_report_filters(capsys, libs, tmp_path):
    # The baseline covers .nv_fatbin only; the candidate binary must be read the same way, not
    # with its __nv_relfatbin image (its relocatable copies) counted in its figures.
    def default_view_entries(lib):
        return cuobjdump_symbols(lib).kernels

    code, out, _ = run_main(capsys, "report", "--section", ".nv_fatbin", "--json", libs["base"])
    assert code == 0
    baseline = tmp_path / "nv_fatbin.json"
    baseline.write_text(out)
    code, verdict = gate_json(capsys, baseline, libs["grown"])
    kernels = verdict["diff"]["totals"]["kernels"]
    assert (kernels["base"], kernels["new"]) == (default_view_entries(libs["base"]), default_view_entries(libs["grown"]))
    # The filter really left images out: the relocatable copies, which cuobjdump -all lists too.
    assert kernels["new"] < cuobjdump_symbols(libs["grown"], all_fatbins=True).kernels
    assert code == 1
    # --update-baseline keeps the filter: the rewritten baseline still covers .nv_fatbin only.
    assert run_main(capsys, "gate", "--baseline", baseline, libs["grown"], "--update-baseline")[0] == 0
    assert json.loads(baseline.read_text())["totals"]["kernels"] == default_view_entries(libs["grown"])
