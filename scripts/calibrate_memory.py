"""Calibrate kfoot's context-memory estimate on a GPU: what the driver really allocates per module.

    python scripts/calibrate_memory.py --out DIR [--synthetic] [--repeat N] [PATH ...]

Two kinds of measurement, each in fresh processes through the driver API (ctypes on libcuda, as
kfoot.memory.probe does), under CUDA_MODULE_LOADING=EAGER and LAZY:

- `--synthetic`: small sm_XX cubins built here with nvcc, each isolating one thing a module can
  hold (1, 16 or 256 tiny kernels; about 100 KB or 400 KB of code; a 64 KiB constant bank; 1 MiB or
  16 MiB of zero-initialised globals; 1 MiB of initialised globals). Each is loaded --repeat times
  into one context and device memory in use (cuMemGetInfo) is read after every load: the slope
  is that module's cost, free of cuMemGetInfo's 2 MiB step. Under LAZY the functions are then
  fetched (cuModuleGetFunction) and read again: the first-use cost.
- PATH: a library (or anything `kfoot report` reads). Its registered modules, the ones
  `--memory measure` loads, are loaded one at a time with a reading after each, and each module's
  features are written beside its reading: the image the estimate picks, its kernels, and its
  SHF_ALLOC sections by kind (code, constant banks, initialised and zero globals, shared, other),
  read with pyelftools, independently of kfoot's cubin parser.

Everything lands in DIR/calibration.json; docs/memory.md says how the model was fitted to it.
Needs an NVIDIA GPU and driver.
"""

from __future__ import annotations

import argparse
import ctypes
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from kfoot.memory.probe import registered_containers  # noqa: E402

# name -> CUDA source; each isolates one feature of a module.
SYNTHETIC = {
    "kernels_1": "template <int N> __global__ void k(float* p) { p[threadIdx.x] += N; }\n"
                 "template __global__ void k<0>(float*);\n",
    "kernels_16": "template <int N> __global__ void k(float* p) { p[threadIdx.x] += N; }\n"
                  + "".join(f"template __global__ void k<{i}>(float*);\n" for i in range(16)),
    "kernels_256": "template <int N> __global__ void k(float* p) { p[threadIdx.x] += N; }\n"
                   + "".join(f"template __global__ void k<{i}>(float*);\n" for i in range(256)),
    "code_100k": "__global__ void k(float* p, const float* q) { float x = p[threadIdx.x];\n"
                 + "".join(f"x = x * q[{i}] + {i}.5f;\n" for i in range(2000)) + "p[threadIdx.x] = x; }\n",
    "code_400k": "__global__ void k(float* p, const float* q) { float x = p[threadIdx.x];\n"
                 + "".join(f"x = x * q[{i}] + {i}.5f;\n" for i in range(8000)) + "p[threadIdx.x] = x; }\n",
    "constant_64k": "__constant__ float c[16384];\n"
                    "__global__ void k(float* p) { p[threadIdx.x] = c[threadIdx.x * 61 % 16384]; }\n",
    "global_1m": "__device__ float g[262144];\n"
                 "__global__ void k(float* p) { g[threadIdx.x * 997 % 262144] = p[threadIdx.x]; }\n",
    "global_16m": "__device__ float g[4194304];\n"
                  "__global__ void k(float* p) { g[threadIdx.x * 997 % 4194304] = p[threadIdx.x]; }\n",
    "global_init_1m": "__device__ float g[262144] = {1.0f, 2.0f, 3.0f};\n"
                      "__global__ void k(float* p) { g[threadIdx.x * 997 % 262144] += p[threadIdx.x]; }\n",
}


# -- the driver (child side): kfoot.memory.probe's steps, with a reading after every load -------
def _used(lib) -> int:
    from kfoot.memory.probe import memory_in_use

    return memory_in_use(lib)[0]


def _load_functions(lib, module, first_only: bool) -> int:
    """Load a module's functions (the first, or all), as a first launch would: enumerated handles
    (CUDA 12.4+) may still be unloaded under LAZY, and cuFuncLoad loads them."""
    count = ctypes.c_uint()
    if lib.cuModuleGetFunctionCount(ctypes.byref(count), module) != 0 or not count.value:
        return 0
    funcs = (ctypes.c_void_p * count.value)()
    if lib.cuModuleEnumerateFunctions(funcs, count, module) != 0:
        return 0
    chosen = funcs[:1] if first_only else funcs
    for f in chosen:
        lib.cuFuncLoad(ctypes.c_void_p(f))
    return len(chosen)


def child(payloads: list[bytes], repeat: int, functions: bool) -> dict:
    from kfoot.memory.probe import device_info, load_driver, load_module, open_context

    lib = load_driver()
    info = device_info(lib)
    open_context(lib, info)
    base = _used(lib)
    steps, modules, errors = [], [], {}
    started = time.perf_counter()
    for _ in range(repeat):
        for data in payloads:
            handle, error = load_module(lib, data)
            if error is None:
                modules.append(handle)
            else:
                errors[error] = errors.get(error, 0) + 1
            steps.append(_used(lib) - base)
    load_s = time.perf_counter() - started
    out = {"info": info, "baseline_bytes": base, "steps": steps, "errors": errors, "load_s": round(load_s, 3)}
    if functions:  # first use: one kernel of each module, then all of them
        first = sum(_load_functions(lib, m, True) for m in modules)
        out.update(first_functions=first, after_first_function=_used(lib) - base)
        every = sum(_load_functions(lib, m, False) for m in modules)
        out.update(functions=every, after_functions=_used(lib) - base)
    return out


# -- the parent ------------------------------------------------------------------------------
def run_child(mode: str, source: str, repeat: int = 1, functions: bool = False) -> dict:
    env = dict(os.environ, CUDA_MODULE_LOADING=mode.upper())
    args = [sys.executable, __file__, "--child", source, "--repeat", str(repeat)] + (["--functions"] if functions else [])
    proc = subprocess.run(args, capture_output=True, text=True, env=env, timeout=900)
    if proc.returncode:
        return {"error": proc.stderr.strip().splitlines()[-1:] or [f"exit {proc.returncode}"]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def sections_by_kind(cubin: bytes) -> dict:
    """SHF_ALLOC section bytes of a cubin by kind, read with pyelftools (not kfoot's parser)."""
    from elftools.elf.elffile import ELFFile

    kinds = {"code": 0, "constant": 0, "global_init": 0, "global_zero": 0, "shared": 0, "other": 0}
    aligned = dict(kinds)
    elf = ELFFile(io.BytesIO(cubin))
    for section in elf.iter_sections():
        if not section["sh_flags"] & 0x2:
            continue
        name, size, align = section.name, section["sh_size"], max(1, section["sh_addralign"])
        kind = ("code" if name.startswith(".text.") else "constant" if name.startswith(".nv.constant")
                else "global_init" if name == ".nv.global.init" else "global_zero" if name == ".nv.global"
                else "shared" if name.startswith(".nv.shared") else "other")
        kinds[kind] += size
        aligned[kind] += -(-size // align) * align
    return {"bytes": kinds, "aligned": aligned}


def module_features(found, data: bytes, arch: str) -> dict:
    """The image the estimate picks for `arch` in one registered container, and what it holds."""
    from kfoot.binary import cubin as cubin_mod
    from kfoot.binary import fatbin
    from kfoot.core.archs import parse_device_arch
    from kfoot.memory.estimate import pick_image

    if found.container is None:  # a raw cubin
        image, route = data, "sass"
    else:
        container = fatbin.parse_container(data, 0)

        class _Image:
            def __init__(self, entry):
                self.entry, self.arch = entry, entry.arch_name
                self.kind = {"elf": "sass", "ptx": "ptx"}.get(entry.kind_name, entry.kind_name)

        route, picked = pick_image([_Image(e) for e in container.entries], parse_device_arch(arch, "arch"))
        if route not in ("sass", "sass-compatible") or picked.entry.group_slice is not None:
            return {"route": route if route != "sass" else "sass-in-group"}
        entry = picked.entry
        image = bytes(fatbin.decompress(entry, data[entry.payload_offset:entry.payload_offset + entry.slot_size]))
    parsed = cubin_mod.parse_cubin(image)
    return {"route": route, "kernels": len(parsed.kernels), "kfoot_load_bytes": parsed.load_bytes,
            "image_bytes": len(image), **sections_by_kind(image)}


def build_synthetic(arch: str, folder: Path) -> dict[str, Path]:
    from kfoot.core.toolchain import find_tool

    nvcc = find_tool("nvcc")
    built = {}
    for name, source in SYNTHETIC.items():
        cu = folder / f"{name}.cu"
        cu.write_text(source)
        out = folder / f"{name}.cubin"
        subprocess.run([str(nvcc), "-cubin", f"-arch={arch}", "-o", str(out), str(cu)], check=True)
        built[name] = out
    return built


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--synthetic", action="store_true")
    ap.add_argument("--repeat", type=int, default=64)
    ap.add_argument("--child")
    ap.add_argument("--functions", action="store_true")
    args = ap.parse_args()
    if args.child:  # one measurement in this fresh process
        if args.child == "-":
            payloads = []
        elif args.child.endswith(".cubin") and args.repeat > 1:
            payloads = [Path(args.child).read_bytes()]
        else:
            payloads = [data for _found, data in registered_containers(args.child)]
        print(json.dumps(child(payloads, args.repeat, args.functions)))
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    result: dict = {"synthetic": {}, "libraries": {}}
    probe = run_child("eager", "-")  # no modules: the device and the context alone
    result["device"] = dict(probe.get("info") or {}, context_bytes=probe.get("baseline_bytes"))
    arch = (probe.get("info") or {}).get("arch", "sm_90")
    if args.synthetic:
        with tempfile.TemporaryDirectory() as tmp:
            for name, cubin in build_synthetic(arch, Path(tmp)).items():
                data = cubin.read_bytes()
                features = module_features(type("F", (), {"container": None})(), data, arch)
                result["synthetic"][name] = {
                    "features": features,
                    "eager": run_child("eager", str(cubin), args.repeat),
                    "lazy": run_child("lazy", str(cubin), args.repeat, functions=True),
                }
                print(name, features["aligned"], result["synthetic"][name]["eager"].get("steps", [None])[-1],
                      flush=True)
                _save(args.out, result)
    for path in args.paths:
        payloads = registered_containers(path)
        features = [module_features(found, data, arch) for found, data in payloads]
        result["libraries"][path] = {
            "modules": features,
            "eager": run_child("eager", path),
            "lazy": run_child("lazy", path, functions=True),
        }
        print(path, len(features), result["libraries"][path]["eager"].get("steps", [None])[-1:], flush=True)
        _save(args.out, result)
    _save(args.out, result)
    return 0


def _save(out: Path, result: dict) -> None:
    """After every item, so that a run stopped at its time limit keeps what it measured."""
    (out / "calibration.json").write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    sys.exit(main())
