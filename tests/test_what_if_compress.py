"""`kfoot report --what-if-compress` against nvcc: one source built in every --compress-mode; the
prediction made from the build of ONE mode must be within 5% of the bytes nvcc writes in each
other mode (the oracle: the size of the .fatbin file nvcc writes, packed by the fatbinary command
nvcc runs for that mode, and pyelftools' size of the `.nv_fatbin` section of the objects)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from build_fixtures import is_assignment, is_packing, nvcc_repacked, nvcc_steps
from kfoot.binary.compress_modes import MODES
from kfoot.report.analyze import ReportOptions, analyze_paths
from oracles.cli import run_kfoot

FIXTURE_SRC = Path(__file__).parent / "fixtures_cuda" / "compress_modes.cu"  # docs/report.md quotes its sizes
GENCODE = ["-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=sm_90",
           "-gencode", "arch=compute_90,code=compute_90"]
BUILDS = {**{mode: [f"--compress-mode={mode}"] for mode in MODES}, "compress-all": ["-Xfatbin", "-compress-all"],
          # `nvcc --concat` compresses the images as one group, in every mode but none (which it refuses)
          **{f"concat-{mode}": ["--concat", f"--compress-mode={mode}"] for mode in ("speed", "balance", "size")}}


# The build whose fatbin nvcc writes in full; every other build's is repacked from its images.
ANCHOR = "size"


def _args(flags: list[str]) -> list[str]:
    return ["-fatbin", *GENCODE, *flags, str(FIXTURE_SRC)]


@pytest.fixture(scope="module")
def fatbins(nvcc, tmp_path_factory) -> dict[str, Path]:
    """Every build's fatbin as nvcc writes it. Only fatbinary's packing depends on the build (the
    images cicc and ptxas make do not), so cicc and ptxas run once (9 full builds: ~25 s of CPU):
    the ANCHOR build keeps its images (-keep) and each build runs only the steps of its own nvcc
    dry run that differ from the anchor's (build_fixtures.nvcc_repacked: its fatbinary command).
    test_every_build_packs_the_same_images_as_nvcc_writes_them holds this to nvcc's own output."""
    out = tmp_path_factory.mktemp("what-if")
    keep = out / "keep"
    keep.mkdir()
    anchor = out / f"nvcc_{ANCHOR}.fatbin"
    subprocess.run([str(nvcc), *_args(BUILDS[ANCHOR]), "-o", str(anchor), "-keep", "-keep-dir", str(keep)],
                   check=True, capture_output=True)
    anchor_steps = nvcc_steps(nvcc, _args(BUILDS[ANCHOR]), anchor, keep)
    built = {"nvcc-anchor": anchor}
    for name, flags in BUILDS.items():
        built[name] = nvcc_repacked(nvcc, _args(flags), out / f"compress_modes_{name}.fatbin", keep, anchor_steps)
    return built


def test_every_build_packs_the_same_images_as_nvcc_writes_them(fatbins, nvcc, tmp_path):
    """The fixture's shortcut held to nvcc: each build's dry run differs from the ANCHOR's only in
    the fatbinary step (the same cicc and ptxas commands, so the same images), and the ANCHOR's
    fatbin repacked that way is, byte for byte, the one nvcc wrote."""
    keep = tmp_path / "keep"
    steps = {name: nvcc_steps(nvcc, _args(flags), tmp_path / "x.fatbin", keep) for name, flags in BUILDS.items()}
    for name, commands in steps.items():
        assert [c for c in commands if not is_packing(c)] == [c for c in steps[ANCHOR] if not is_packing(c)], name
        assert sum(map(is_packing, commands)) == 1, name
    assert fatbins[ANCHOR].read_bytes() == fatbins["nvcc-anchor"].read_bytes()


def _nvcc_release(nvcc) -> str:
    text = subprocess.run([str(nvcc), "--version"], capture_output=True, text=True).stdout
    return text.rsplit("V", 1)[-1].strip()


def _predicted(path: Path) -> dict[str, int]:
    report = analyze_paths([path], ReportOptions(what_if_compress=True, jobs=1))
    return report.files[0].what_if_compress


def _close(predicted: int, real: int) -> bool:
    return abs(predicted - real) <= 0.05 * real


@pytest.mark.parametrize("source", [name for name in BUILDS if not name.startswith("concat")])
def test_prediction_from_one_mode_matches_what_nvcc_writes_in_every_mode(fatbins, source, nvcc):
    real = {mode: fatbins[mode].stat().st_size for mode in MODES}
    assert real["none"] > real["speed"] > real["balance"] > real["size"], real  # the modes differ here
    if source == "none":  # the sizes docs/report.md quotes, with the nvcc release it names
        doc = " ".join((Path(__file__).parent.parent / "docs" / "report.md").read_text().split())
        quoted = f"`none` {real['none']:,} bytes, `speed` {real['speed']:,}, `balance` and `default` {real['balance']:,}"
        assert quoted in doc or _nvcc_release(nvcc) != "13.5.37", quoted
    predicted = _predicted(fatbins[source])
    assert set(predicted) == set(MODES)
    for mode in MODES:
        assert _close(predicted[mode], real[mode]), (source, mode, predicted[mode], real[mode])


@pytest.mark.parametrize("source", ["concat-speed", "concat-balance", "concat-size"])
def test_prediction_for_a_concat_build_matches_nvcc_in_every_mode_it_allows(fatbins, source):
    predicted = _predicted(fatbins[source])
    for mode in ("speed", "balance", "size"):
        real = fatbins[f"concat-{mode}"].stat().st_size
        assert _close(predicted[mode], real), (source, mode, predicted[mode], real)
    assert predicted["none"] > fatbins["none"].stat().st_size * 0.95  # the group stored uncompressed


def test_an_image_whose_compression_would_pass_the_memory_bound_is_counted_as_stored(fatbins):
    """zstd 19 needs a context of several MiB even for these images: under a 1 MiB bound every image
    still decodes, and its prediction is left out, counted at its stored size."""
    report = analyze_paths([fatbins["balance"]], ReportOptions(what_if_compress=True, jobs=1, max_memory=1 << 20))
    file = report.files[0]
    assert not file.undecodable
    assert set(file.what_if_compress.values()) == {fatbins["balance"].stat().st_size}


def _nv_fatbin_size(path: Path) -> int:
    with open(path, "rb") as f:
        return ELFFile(f).get_section_by_name(".nv_fatbin").data_size


@pytest.mark.parametrize("source", ["obj_none.o", "obj_size.o"])
def test_prediction_for_an_object_matches_its_fatbin_section_in_every_mode(cuda_fixtures, source):
    predicted = _predicted(cuda_fixtures[source])
    for mode in MODES:
        real = _nv_fatbin_size(cuda_fixtures[f"obj_{mode}.o"])
        assert _close(predicted[mode], real), (source, mode, predicted[mode], real)


def test_cli_writes_the_prediction_for_files_and_totals(fatbins):
    paths = [str(fatbins["balance"]), str(fatbins["size"])]
    report = json.loads(run_kfoot("report", "--what-if-compress", "--json", *paths).stdout)
    files = [f["what_if_compress"] for f in report["files"]]
    assert report["totals"]["what_if_compress"] == {m: sum(f[m] for f in files) for m in MODES}
    plain = json.loads(run_kfoot("report", "--json", paths[0]).stdout)
    assert "what_if_compress" not in plain["files"][0] and "what_if_compress" not in plain["totals"]
    table = " ".join(run_kfoot("report", "--what-if-compress", paths[0]).stdout.split())
    assert "--compress-mode" in table and all(f"{mode} {files[0][mode]:,}" in table for mode in MODES)


def test_an_undecodable_image_is_predicted_as_stored(fatbins, tmp_path):
    data = bytearray(fatbins["size"].read_bytes())
    frame = data.index(b"\x28\xb5\x2f\xfd")  # the first zstd frame: corrupt its body
    data[frame + 8:frame + 40] = b"\xff" * 32
    broken = tmp_path / "broken.fatbin"
    broken.write_bytes(bytes(data))
    proc = run_kfoot("report", "--what-if-compress", "--json", str(broken))
    file = json.loads(proc.stdout)["files"][0]
    assert file["undecodable"]
    assert file["what_if_compress"]["size"] <= len(data) + 8  # the broken image kept at its stored size


def test_the_compress_mode_objects_pack_the_anchors_images(nvcc, tmp_path):
    """conftest.py's REPACKED objects (build_fixtures.nvcc_repacked): each one's nvcc dry run runs
    the anchor's very commands up to its fatbinary step, so the images it packs are the anchor's
    (their .nv_fatbin sections were checked against full nvcc builds, byte for byte)."""
    from conftest import FIXTURE_SRC as CUDA_SRC, FIXTURES, REPACK_ANCHOR, REPACKED, _nvcc_args

    keep = tmp_path / "keep"

    def commands(name: str) -> list[str]:
        steps = nvcc_steps(nvcc, _nvcc_args(*FIXTURES[name], [CUDA_SRC / "kernels.cu"]), tmp_path / "x.o", keep)
        return [step for step in steps if not is_assignment(step)]

    anchor = commands(REPACK_ANCHOR)
    packing = next(i for i, command in enumerate(anchor) if is_packing(command))
    for name in REPACKED:
        own = commands(name)
        assert own[:packing] == anchor[:packing] and is_packing(own[packing]), name


def test_a_replay_packs_its_own_fatbin_whatever_the_replay_before_it(cuda_fixtures, nvcc, tmp_path):
    """Each replay writes the -keep folder's fatbin; a later build whose dry run differs from the
    anchor's only after the packing (the anchor's own flags, another -o) must pack its own, not
    embed the previous replay's. Oracle: pyelftools' .nv_fatbin of the anchor nvcc built."""
    import shutil

    from conftest import FIXTURE_SRC as CUDA_SRC, FIXTURES, REPACK_ANCHOR, REPACKED, _nvcc_args

    anchor = cuda_fixtures[REPACK_ANCHOR]
    keep = tmp_path / "keep"
    shutil.copytree(anchor.parent / "keep", keep)  # its files after every REPACKED replay
    source = [CUDA_SRC / "kernels.cu"]
    anchor_steps = nvcc_steps(nvcc, _nvcc_args(*FIXTURES[REPACK_ANCHOR], source), anchor, keep)
    nvcc_repacked(nvcc, _nvcc_args(*FIXTURES[REPACKED[0]], source), tmp_path / "other.o", keep, anchor_steps)
    again = nvcc_repacked(nvcc, _nvcc_args(*FIXTURES[REPACK_ANCHOR], source), tmp_path / "again.o", keep, anchor_steps)

    def fatbin(path: Path) -> bytes:
        with path.open("rb") as handle:
            return ELFFile(handle).get_section_by_name(".nv_fatbin").data()

    assert fatbin(again) == fatbin(anchor) != fatbin(tmp_path / "other.o")
