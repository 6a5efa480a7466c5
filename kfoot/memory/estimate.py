"""Context memory without a GPU: what the driver would place on the device for a binary.

The model (docs/memory.md explains it and what is still to be calibrated on a GPU):

1. Modules. The driver loads one module per fatbin container (one compile unit) or raw cubin.
2. The image it picks, per container, for a device of arch `sm_XY`:
   a. SASS for exactly that SM (when both `sm_90` and `sm_90a` exist, the one the arch names);
   b. else the newest SASS of the same major and a lower minor, plain targets only (`a`/`f`
      images are tied to their exact SM or family and are not offered to other SMs here);
   c. else the newest PTX (`compute_NN`, NN <= XY) the driver JIT-compiles; kfoot JIT-compiles it
      with ptxas when it can (`jit_ptx`), or flags the module "ptx-jit, not estimated";
   d. else nothing: the module cannot load on that device ("unloadable").
3. Bytes per image: the cubin's SHF_ALLOC sections but static shared memory (code, constant
   banks, initialised and zero-initialised globals), each rounded up to its alignment
   (kfoot.binary.cubin). Globals go to the driver's data heap, the rest to its code heap.
4. The driver's heaps (calibrated on an H100, docs/memory.md): each kernel costs KERNEL_OVERHEAD
   bytes of code heap beyond its sections; both heaps grow in HEAP_CHUNK steps, and the context's
   first code-heap chunk has CODE_HEAP_SLACK bytes free before the first module.
5. Eager (CUDA_MODULE_LOADING=EAGER): every registered module at context creation:
   chunks(code heap - slack) + chunks(data heap).
   Registered means what the CUDA runtime hands the driver when the library loads: the
   containers of `.nv_fatbin` (reached through `.nvFatBinSegment` and __cudaRegisterFatBinary),
   or a raw .fatbin/.cubin the user loads whole. Containers embedded elsewhere (libcurand keeps
   1,747 in `.data`) are loaded by the library's own code when it needs them, so they are
   reported apart as `on_demand` and not counted at context creation.
   Lazy (LAZY): a loaded module places its globals; its kernels' code waits for their first use:
   lazy_bytes = chunks(data heap). The cost moves to first use: `lazy_first_use` gives the mean
   code-heap bytes per kernel and the largest module.
"""

from __future__ import annotations

import functools
import resource
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

# REGISTERED_SECTIONS: the sections whose containers the CUDA runtime registers when the library
# loads, kfoot.binary.walk's rule, which the estimate applies to the report's images.
from ..binary.walk import REGISTERED_SECTIONS, ContainerKey, read_containers
from ..core.archs import Arch, parse_arch, parse_device_arch, sass_runs_on
from ..core.limits import max_memory
from ..core.errors import KfootError

# The driver's heaps (docstring, point 4), fitted to scripts/calibrate_memory.py's measurements
# on an H100 (sm_90, driver 580.159.04, CUDA 13.0): docs/memory.md has the data and the fit.
KERNEL_OVERHEAD = 1640  # code-heap bytes per kernel beyond its sections (256 tiny kernels: 1,622-1,650)
HEAP_CHUNK = 2 << 20  # the code and data heaps grow by this much at a time
CODE_HEAP_SLACK = 344 << 10  # free in the context's first code chunk (measured between 320 and 352 KiB)
CALIBRATED_ARCHS = frozenset({"sm_90"})  # archs whose device the constants were measured on
CALIBRATION = "NVIDIA H100 80GB HBM3, driver 580.159.04 (CUDA 13.0), 2026-11-25"
# cudaMemGetInfo moves in steps of this size, so a measurement resolves no finer than this.
MEASURE_GRANULARITY = 2 << 20

# ptxas runs on PTX from the file, which nobody vouches for: 13.7 KB of compressed PTX once took
# 74 s and 5.7 GiB. Each run is bounded; a run that hits a bound leaves its module "not
# estimated", as a run ptxas fails does. Real modules take well under a second (a 40,000-
# instruction kernel: 1.4 s, 160 MB). Its address space (RLIMIT_AS) is the decoding bound
# (--max-memory, 512 MiB by default), the one memory figure the user sets: ptxas runs after
# decoding, one at a time, while kfoot holds no PTX (a small module's ptxas needs under 64 MiB).
PTXAS_CPU_SECONDS = 60             # RLIMIT_CPU: SIGKILL past it
PTXAS_OUTPUT_BYTES = 1 << 30       # RLIMIT_FSIZE: the cubin it writes
PTXAS_WALL_SECONDS = 120           # killed past it, whatever it waits on


def device_arch(name: str) -> Arch:
    """The arch a user names for the device: sm_XY (optionally with its a/f suffix)."""
    return parse_device_arch(name, "--memory-arch")


def round_up(value: int, to: int) -> int:
    return -(-value // to) * to


def heap_bytes(code_heap: int, data_heap: int) -> tuple[int, int]:
    """(eager, lazy) context memory of modules whose code-heap and data-heap bytes sum to these:
    whole chunks, the code heap's first one partly free already."""
    code = round_up(max(0, code_heap - CODE_HEAP_SLACK), HEAP_CHUNK)
    data = round_up(data_heap, HEAP_CHUNK)
    return code + data, data


def pick_image(images: list, device: Arch):
    """The image the driver would load from one container's images on `device`, and how it
    got there: ("sass", image) | ("sass-compatible", image) | ("ptx-jit", image) | ("none", None).
    `images` hold `arch` and `kind` (report ImageLoad)."""
    sass, ptx = [], []
    for image in images:
        arch = parse_arch(image.arch)
        if arch is None:
            continue  # LTO-IR and unknown kinds are never loaded by the driver
        if image.kind == "sass" and arch.kind == "sm":
            sass.append((arch, image))
        elif image.kind == "ptx" and arch.kind == "compute":
            ptx.append((arch, image))
    exact = [(a, i) for a, i in sass if a.number == device.number]
    if exact:
        named = [(a, i) for a, i in exact if a.suffix == device.suffix]
        return "sass", (named or exact)[0][1]
    compatible = [(a, i) for a, i in sass if a.number < device.number and sass_runs_on(a, device)]
    if compatible:
        return "sass-compatible", max(compatible, key=lambda p: p[0].number)[1]
    jit = [(a, i) for a, i in ptx if (a.number < device.number and not a.suffix)
           or (a.number == device.number and a.suffix in ("", device.suffix))]
    if jit:
        return "ptx-jit", max(jit, key=lambda p: (p[0].number, p[0].suffix == device.suffix))[1]
    return "none", None


def default_arch(image_loads) -> str | None:
    """The newest SASS arch in the images (sm_90a over sm_90 over sm_80), else the newest PTX
    arch as the SM that would JIT it; None when there is no device code at all."""
    best = None
    for image in image_loads:
        arch = parse_arch(image.arch)
        if arch is None:
            continue
        rank = (image.kind == "sass", arch.number, arch.suffix != "")
        if best is None or rank > best[0]:
            best = (rank, arch.sm.name)
    return best[1] if best else None


@dataclass
class ModuleEstimate:
    key: ContainerKey  # the walk's key, as the report's ImageLoad.container
    route: str  # sass | sass-compatible | ptx-jit | none
    arch: str | None  # the picked image's arch
    load_bytes: int = 0  # bytes the picked image places (kfoot.binary.cubin); 0 when not estimated
    kernels: int = 0
    estimated: bool = True  # False: PTX left to the driver's JIT without ptxas, or an undecodable image
    registered: bool = True  # loaded with the library (.nv_fatbin, raw files), else on demand by its code
    data_bytes: int = 0  # of load_bytes, module-scope globals

    @property
    def code_heap_bytes(self) -> int:
        return self.load_bytes - self.data_bytes + KERNEL_OVERHEAD * self.kernels

    @property
    def placed_bytes(self) -> int:
        """Both heaps' bytes of this module, before chunking."""
        return self.load_bytes + KERNEL_OVERHEAD * self.kernels


@dataclass
class Estimate:
    """One file's context memory on one device arch; `to_dict()` is its JSON `memory` object
    (docs/memory.md lists the fields)."""

    arch: str
    modules: list[ModuleEstimate] = field(default_factory=list)
    jit: str = "flag"  # how PTX-only modules were handled: "ptxas" | "flag"

    def counted(self, registered: bool = True) -> list[ModuleEstimate]:
        return [m for m in self.modules if m.route != "none" and m.estimated and m.registered == registered]

    @property
    def code_heap_bytes(self) -> int:
        return sum(m.code_heap_bytes for m in self.counted())

    @property
    def data_heap_bytes(self) -> int:
        return sum(m.data_bytes for m in self.counted())

    @property
    def eager_bytes(self) -> int:
        return heap_bytes(self.code_heap_bytes, self.data_heap_bytes)[0]

    @property
    def lazy_bytes(self) -> int:
        return heap_bytes(self.code_heap_bytes, self.data_heap_bytes)[1]

    def to_dict(self) -> dict:
        counted = self.counted()
        on_demand = [m for m in self.modules if not m.registered]
        code_heap = self.code_heap_bytes
        kernels = sum(m.kernels for m in counted)
        routes: dict[str, int] = {}
        for m in self.modules:
            if not m.registered:
                continue
            label = m.route if m.estimated else f"{m.route}, not estimated"
            routes[label] = routes.get(label, 0) + 1
        return {
            "method": "estimated",
            "arch": self.arch,
            "eager_bytes": self.eager_bytes,
            "lazy_bytes": self.lazy_bytes,
            "load_bytes": sum(m.load_bytes for m in counted),
            "code_heap_bytes": code_heap,
            "data_heap_bytes": self.data_heap_bytes,
            "modules": len(self.modules) - len(on_demand),
            "modules_by_route": dict(sorted(routes.items())),
            "not_estimated_modules": sum(1 for m in self.modules if not m.estimated and m.registered),
            "unloadable_modules": routes.get("none", 0),
            "lazy_first_use": {
                "kernels": kernels,
                "mean_kernel_bytes": round(code_heap / kernels) if kernels else 0,
                "largest_module_bytes": max((m.placed_bytes for m in counted if m.load_bytes), default=0),
            },
            "on_demand": {
                "modules": len(on_demand),
                "bytes": sum(m.placed_bytes for m in self.counted(registered=False) if m.load_bytes),
                "unloadable_modules": sum(1 for m in on_demand if m.route == "none"),
            },
            "model": {"kernel_overhead": KERNEL_OVERHEAD, "heap_chunk": HEAP_CHUNK,
                      "code_heap_slack": CODE_HEAP_SLACK, "ptx": self.jit,
                      "calibrated": self.arch in CALIBRATED_ARCHS,
                      "calibration": CALIBRATION if self.arch in CALIBRATED_ARCHS else None,
                      "measure_granularity": MEASURE_GRANULARITY},
        }


def estimate_file(file_report, arch: str | None = None, *, jit_ptx: bool = True,
                  max_bytes: int | None = None) -> Estimate | None:
    """The context-memory estimate of one report file (`FileReport`); None when the file holds
    no loadable device code. `max_bytes` bounds what the PTX JIT step reads and decodes per
    container (default: kfoot.core.limits.max_memory())."""
    # Relocatable copies (__nv_relfatbin beside .nv_fatbin): nothing loads them.
    loads = [image for image in file_report.image_loads if not image.relocatable]
    name = arch or default_arch(loads)
    if name is None:
        return None
    device = device_arch(name)
    by_container: dict[ContainerKey, list] = {}
    for image in loads:
        by_container.setdefault(image.container, []).append(image)
    estimate = Estimate(device.name)
    jit_needed: list[tuple[ModuleEstimate, object]] = []
    for key, images in by_container.items():
        route, image = pick_image(images, device)
        if route == "none":
            if not any(parse_arch(i.arch) and i.kind in ("sass", "ptx") for i in images):
                continue  # LTO-IR only (a relocatable object): nothing the driver loads
            estimate.modules.append(ModuleEstimate(key, "none", None, estimated=True,
                                                   registered=images[0].section in REGISTERED_SECTIONS))
            continue
        module = ModuleEstimate(key, route, image.arch, image.load_bytes, image.kernels, image.decoded,
                                registered=image.section in REGISTERED_SECTIONS, data_bytes=image.data_bytes)
        if route == "ptx-jit":
            module.estimated = False
            jit_needed.append((module, image))
        estimate.modules.append(module)
    if jit_needed and jit_ptx:
        estimate.jit = _jit_with_ptxas(jit_needed, device, max_memory() if max_bytes is None else max_bytes) or "flag"
    return estimate


def _jit_with_ptxas(jit_needed, device: Arch, max_bytes: int) -> str | None:
    """Compile each picked PTX image with ptxas for the device, the offline twin of the driver's
    JIT, and take the resulting cubin's load bytes. None when ptxas is not available. A container
    or PTX image over `max_bytes` is not read or decoded: its module stays "not estimated"."""
    from ..core.toolchain import find_tool

    try:
        ptxas = find_tool("ptxas")
    except KfootError:
        return None
    from ..binary import cubin as cubin_mod
    from ..binary import fatbin

    wanted = {module.key: (module, image) for module, image in jit_needed}
    with tempfile.TemporaryDirectory(prefix="kfoot-jit-") as tmp:
        # The bytes straight from the files, by key: the report's walk is over and its files are
        # closed (keeping every PTX payload until now would hold them all in memory). The entry is
        # the one the report found, by its header's offset; a container no longer there or no
        # longer the same (the file changed since the report) leaves its module flagged.
        for key, data in read_containers(wanted, max_bytes=max_bytes):
            module, image = wanted[key]
            try:
                container = fatbin.parse_container(data, 0)
            except KfootError:
                continue
            entry = next((e for e in container.entries if e.offset == image.offset - key.offset
                          and e.kind_name == "ptx" and e.arch_name == image.arch), None)
            if entry is None:
                continue
            try:
                if entry.group_slice is not None:
                    continue  # inside a --concat group: rare for PTX; left flagged
                ptx = bytes(fatbin.decompress(entry, data[entry.payload_offset:entry.payload_offset
                                                          + entry.slot_size], max_bytes=max_bytes))
            except fatbin.UndecodableEntry:
                continue
            source = Path(tmp) / "module.ptx"
            target = Path(tmp) / "module.cubin"
            source.write_bytes(ptx.rstrip(b"\0"))
            del ptx, data, container  # on disk now: ptxas gets the whole bound
            if not _run_ptxas_bounded([str(ptxas), f"-arch={device.name}", str(source), "-o", str(target)],
                                      max_bytes):
                continue  # failed or hit a bound: the module stays "not estimated"
            built = cubin_mod.parse_cubin(target.read_bytes())
            module.load_bytes = built.load_bytes
            module.data_bytes = built.data_bytes
            module.kernels = len(built.kernels)
            module.estimated = True
    return "ptxas"


def _limit_ptxas(address_space: int) -> None:
    """In the child, before exec: the bounds above (soft and hard, so ptxas cannot raise them)."""
    cpu = max(1, int(PTXAS_CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))  # SIGXCPU at the soft limit, SIGKILL at the hard
    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    resource.setrlimit(resource.RLIMIT_FSIZE, (PTXAS_OUTPUT_BYTES, PTXAS_OUTPUT_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _run_ptxas_bounded(argv: list[str], address_space: int) -> bool:
    """True when ptxas finished, within its bounds (`address_space` bytes of it), with exit
    status 0. Its output is not kept: only the cubin is read."""
    try:
        proc = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=functools.partial(_limit_ptxas, address_space), timeout=PTXAS_WALL_SECONDS)
    except subprocess.TimeoutExpired:  # run() has killed and reaped it
        return False
    except OSError:
        return False
    return proc.returncode == 0


def estimate_together(estimates: list[Estimate | None]) -> tuple[int, int]:
    """(eager, lazy) of several files' estimates loaded into one context: their modules share the
    heaps' chunks, so the heaps are summed first and chunked once."""
    present = [e for e in estimates if e is not None]
    return heap_bytes(sum(e.code_heap_bytes for e in present), sum(e.data_heap_bytes for e in present))


def estimate_totals(memories: list[dict]) -> dict | None:
    """Totals over files: sums, and the arch when all files share one."""
    present = [m for m in memories if m]
    if not present:
        return None
    archs = sorted({m["arch"] for m in present if m.get("arch")})
    out = {"method": present[0]["method"] if len({m["method"] for m in present}) == 1 else "mixed",
           "arch": archs[0] if len(archs) == 1 else None,
           "eager_bytes": sum(m["eager_bytes"] for m in present),
           "lazy_bytes": sum(m["lazy_bytes"] for m in present)}
    if len(archs) > 1:
        out["archs"] = archs
    for key in ("load_bytes", "modules", "not_estimated_modules", "unloadable_modules"):
        if all(key in m for m in present):
            out[key] = sum(m[key] for m in present)
    return out
