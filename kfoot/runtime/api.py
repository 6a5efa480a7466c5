"""kfoot's runtime for RTC and hybrid builds: ask for a kernel by family and axis values, get
an object that compiles on first use (NVRTC), caches on disk, loads with cupy and launches.

    from kfoot import runtime
    reg = runtime.open_registry("build/rtc")                     # DIR or DIR/registry.json
    add = reg.kernel("binary", op="kfoot::op::Add", lhs="float32", rhs="float32")
    add = reg["binary", "kfoot::op::Add", "float32", "float32"]  # same, free axes in spec order
    add.cubin("sm_90")                                           # compile only: no GPU needed
    add((blocks,), (256,), (x, y, out, n))                       # launch on the current device

Costs, by design: a repeated `reg.kernel(...)` is one dict lookup (the in-memory cache, no lock);
a kernel's first use per arch reads the disk cache or compiles; its first launch per device
picks AOT (hybrid builds that hold it for that arch) or RTC once and remembers the choice.
"""

from __future__ import annotations

import functools
import hashlib
import os
import threading
import warnings
from pathlib import Path

from ..core.archs import sass_runs_on
from ..core.errors import KfootError, NoGpuError
from ..core.inputfile import read_limited
from . import compiler
from .kernel_cache import DiskCache
from .registry import AOT_FATBIN_MAX_BYTES, AotKernel, Registry, RegistryVariant, load_registry
from .trace import TraceWarning, append_trace

__all__ = ["open_registry", "KernelRegistry", "Kernel", "NoGpuError"]

_USE_ENV = object()


def open_registry(path, *, cache=_USE_ENV, trace=_USE_ENV) -> "KernelRegistry":
    """Open a registry built by `kfoot build --mode rtc|hybrid`.

    cache: a DiskCache, None for no disk cache, default from the environment (KFOOT_CACHE_DIR,
    KFOOT_CACHE=0, KFOOT_CACHE_MAX_BYTES). trace: a file to append served variants to, None for
    none, default $KFOOT_TRACE.
    """
    if cache is _USE_ENV:
        cache = DiskCache.from_env()
    if trace is _USE_ENV:
        trace = os.environ.get("KFOOT_TRACE") or None
    return KernelRegistry(load_registry(_on_disk(path)), cache=cache, trace=trace)


def _on_disk(location):
    """A path, or a registry inside an installed package: an importlib.resources location
    (`importlib.resources.files("mypkg") / "kernels"`), which must be a folder on disk (NVRTC
    reads the headers by path)."""
    if isinstance(location, (str, os.PathLike)):
        return location
    if hasattr(location, "joinpath") and hasattr(location, "is_dir"):
        for candidate in getattr(location, "_paths", ()):  # a namespace package's MultiplexedPath
            if (Path(candidate) / "registry.json").is_file():
                return Path(candidate)
        raise KfootError(f"registry location {str(location)[:200]!r} is not a folder on disk (a zipped package?): "
                         "install the package unzipped")
    raise KfootError(f"open_registry: expected a path or an importlib.resources location, not {type(location).__name__}")


class KernelRegistry:
    def __init__(self, registry: Registry, *, cache: DiskCache | None, trace: str | os.PathLike | None):
        self.registry = registry
        self.cache = cache
        self.trace_path = Path(trace) if trace else None
        # The in-memory cache of requests: lru_cache keys on the arguments as passed (keyword
        # order included, each spelling resolves to the same Kernel); thread-safe, no lock on hits.
        self.kernel = functools.lru_cache(maxsize=None)(self.kernel)
        self._positional: dict[tuple, Kernel] = {}  # reg[family, v1, v2, ...] -> Kernel
        self._kernels: dict[str, Kernel] = {}  # template-id -> Kernel: one object per variant
        self._lock = threading.Lock()
        self._module_lock = threading.Lock()  # loads happen once per kernel and device: not the hit path
        self._contexts: dict[str, compiler.SourceContext] = {}
        self._modules: dict[tuple[int, str], object] = {}  # (device, cubin sha or AOT shard fatbin) -> cupy Module
        self._device_arch: dict[int, str] = {}

    # -- lookup -----------------------------------------------------------------------------
    def kernel(self, family: str, /, **values) -> "Kernel":
        """The kernel of `family` for these axis values (free axes required; derived ones optional).

        Replaced per instance (in __init__) by the same function behind functools.lru_cache: a
        repeated request is then answered in C (key built from the arguments, one dict lookup),
        measured ~2x faster than building the key in Python. Values must be hashable (strings,
        ints, NumPy dtypes); failed lookups raise and are not cached.
        """
        return self._resolve(family, values)

    def __getitem__(self, key: tuple) -> "Kernel":
        """`reg["binary", "kfoot::op::Add", "float16", "int32"]`: the free axes' values in the
        spec's order, no keywords. The cheapest request (one dict lookup on the caller's tuple)."""
        try:
            return self._positional[key]
        except KeyError:
            return self._resolve_positional(key)
        except TypeError:
            raise KfootError("reg[...] takes a tuple (family, value, ...) of hashable values") from None

    def _resolve_positional(self, key) -> "Kernel":
        if not isinstance(key, tuple) or not key or not isinstance(key[0], str):
            raise KfootError("reg[...] takes (family, value, ...): the free axes' values in the spec's order")
        fam = self.registry.family(key[0])
        if len(key) - 1 != len(fam.free_axes):
            raise KfootError(f"{fam.name} takes {len(fam.free_axes)} values ({', '.join(fam.free_axes)}), got {len(key) - 1}")
        kernel = self._resolve(fam.name, dict(zip(fam.free_axes, key[1:])))
        with self._lock:
            self._positional.setdefault(key, kernel)
        return kernel

    def kernel_by_id(self, template_id: str) -> "Kernel":
        variant = self.registry.by_template_id.get(template_id)
        if variant is None:
            raise KfootError(f"no variant {template_id!r} in the registry", path=self.registry.path)
        return self._kernel_for(variant)

    def _resolve(self, family: str, values: dict) -> "Kernel":
        variant = self.registry.lookup(family, {axis: _normalize_value(v) for axis, v in values.items()})
        return self._kernel_for(variant)

    def _kernel_for(self, variant: RegistryVariant) -> "Kernel":
        with self._lock:
            kernel = self._kernels.get(variant.template_id)
            if kernel is not None:
                return kernel
            kernel = self._kernels[variant.template_id] = Kernel(self, variant)
        self._record_trace(variant)
        return kernel

    def _record_trace(self, variant: RegistryVariant) -> None:
        """Append the variant to $KFOOT_TRACE (kfoot.runtime.trace: one write, links refused). A trace
        that cannot be written is warned about once and no longer tried: recording use is never
        worth failing the lookup that is being recorded."""
        if self.trace_path is None:
            return
        try:
            append_trace(self.trace_path, {"family": variant.family, "values": variant.values_dict,
                                           "template_id": variant.template_id})
        except KfootError as exc:
            with self._lock:
                first, self.trace_path = self.trace_path is not None, None
            if first:
                warnings.warn(f"kfoot: usage trace not recorded: {exc}", TraceWarning, stacklevel=4)

    # -- compiling --------------------------------------------------------------------------
    def context(self, arch: str) -> compiler.SourceContext:
        ctx = self._contexts.get(arch)
        if ctx is None:
            with self._lock:
                ctx = self._contexts.get(arch)
                if ctx is None:
                    ctx = compiler.SourceContext(self.registry, arch, self.cache.memo if self.cache else None)
                    self._contexts[arch] = self._contexts[ctx.arch] = ctx
        return ctx

    # -- devices (GPU only) -----------------------------------------------------------------
    def device_arch(self, device: int) -> str:
        arch = self._device_arch.get(device)
        if arch is None:
            cupy = _cupy()
            try:
                arch = "sm_" + cupy.cuda.Device(device).compute_capability
            except Exception as exc:  # CUDARuntimeError without a GPU or driver
                raise NoGpuError(f"no usable CUDA GPU to launch on ({_one_line(exc)}); compiling works without one: kernel.cubin('sm_90')") from None
            self._device_arch[device] = arch
        return arch

    def _module(self, device: int, cubin: bytes):
        """One loaded module per cubin and device: kernels warmed in one program share it."""
        sha = hashlib.sha256(cubin).hexdigest()
        with self._module_lock:
            module = self._modules.get((device, sha))
            if module is None:
                cupy = _cupy()
                with cupy.cuda.Device(device):
                    module = cupy.cuda.function.Module()
                    module.load(cubin)
                self._modules[(device, sha)] = module
        return module

    def _aot_module(self, device: int, fatbin: str, container: int | None = None):
        """The AOT shard fatbin holding a kernel, loaded once per device (not the whole library)."""
        with self._module_lock:
            module = self._modules.get((device, fatbin))
            if module is None:
                image = aot_image(self.registry, AotKernel("", fatbin, container))
                cupy = _cupy()
                with cupy.cuda.Device(device):
                    module = cupy.cuda.function.Module()
                    module.load(image)  # the driver picks the SASS for this device
                self._modules[(device, fatbin)] = module
        return module


def aot_image(registry: Registry, entry: AotKernel) -> bytes:
    """The image the driver gets for a hybrid registry's AOT variant: its shard fatbin, else
    (build/ was not shipped) the shard's container cut out of kernels.fatbin, which holds every
    shard's back to back (the driver would load only the first). Each is read as untrusted: a
    regular file of at most AOT_FATBIN_MAX_BYTES (the C++ runtime's detail::aot_image does the same)."""
    from ..binary import fatbin

    def read(relative: str) -> bytes:
        return read_limited(registry.root / relative, what="hybrid build's fatbin", max_bytes=AOT_FATBIN_MAX_BYTES)

    try:
        return read(entry.fatbin)
    except FileNotFoundError:
        pass
    path = registry.root / registry.aot.fatbin
    if entry.container is None:
        raise KfootError("the registry does not say which container of the fatbin holds this kernel "
                         "(written by an older kfoot): rebuild, or ship the hybrid build folder whole", path=path)
    try:
        data = read(registry.aot.fatbin)
    except FileNotFoundError:
        raise KfootError("AOT fatbin missing; ship the hybrid build folder whole", path=path) from None
    for i, found in enumerate(fatbin.iter_containers(data, 0, len(data), path)):
        if i == entry.container:
            return data[found.offset:found.end]
    raise KfootError(f"the fatbin has no container {entry.container}: it does not belong to this registry; "
                     "ship the hybrid build folder whole", path=path)


class Kernel:
    """One variant. Compiles per arch on first use; launches on the current cupy device."""

    def __init__(self, owner: KernelRegistry, variant: RegistryVariant):
        self._owner = owner
        self.variant = variant
        self.family = variant.family
        self.template_id = variant.template_id
        self.values = variant.values_dict
        self._binaries: dict[str, compiler.KernelBinary] = {}
        self._functions: dict[int, object] = {}  # device -> cupy Function (the dispatch, remembered)
        self.dispatch: dict[int, str] = {}  # device -> "aot" | "rtc", for inspection
        # Reentrant: function() holds it while _load() may call binary(), which takes it too.
        self._lock = threading.RLock()

    def __repr__(self):
        return f"<kfoot Kernel {self.template_id}>"

    # -- compile side (CPU only) ------------------------------------------------------------
    def binary(self, arch: str) -> compiler.KernelBinary:
        """The compiled kernel for `arch` (memory, else disk cache, else NVRTC)."""
        found = self._binaries.get(arch)
        if found is not None:
            return found
        fam = self._owner.registry.families[self.family]
        if fam.aot_only:  # never compiled by NVRTC (CUTLASS's device::Gemm, say)
            raise KfootError(fam.not_built_for(arch, self.variant.aot_archs))
        with self._lock:  # two threads asking at once compile once
            found = self._binaries.get(arch)
            if found is None:
                ctx = self._owner.context(arch)
                found = compiler.get_kernel_binary(ctx, self.variant, self._owner.cache)
                self._binaries[arch] = self._binaries[ctx.arch] = found
        return found

    def cubin(self, arch: str) -> bytes:
        return self.binary(arch).cubin

    def lowered_name(self, arch: str) -> str:
        return self.binary(arch).lowered_name

    def route(self, arch: str) -> str:
        """'aot' when the registry's AOT library holds SASS of this variant that `arch` runs, else 'rtc'."""
        aot = self._owner.registry.aot
        if aot is not None and self.template_id in aot.kernels and any(sass_runs_on(built, arch)
                                                                         for built in self.variant.aot_archs):
            return "aot"
        fam = self._owner.registry.families[self.family]
        if fam.aot_only:
            raise KfootError(fam.not_built_for(arch, self.variant.aot_archs))
        return "rtc"

    # -- launch side (GPU) ------------------------------------------------------------------
    def function(self, device: int | None = None):
        """The cupy Function for `device` (default: current), chosen and loaded once per device."""
        if device is None:
            device = _current_device()
        fn = self._functions.get(device)
        if fn is not None:
            return fn
        with self._lock:
            fn = self._functions.get(device)
            if fn is None:
                fn = self._load(device)
        return fn

    def _load(self, device: int):
        owner = self._owner
        arch = owner.device_arch(device)
        route = self.route(arch)
        if route == "aot":
            entry = owner.registry.aot.kernels[self.template_id]
            fn = owner._aot_module(device, entry.fatbin, entry.container).get_function(entry.symbol)
        else:
            binary = self.binary(arch)
            fn = owner._module(device, binary.cubin).get_function(binary.lowered_name)
        self._functions[device] = fn
        self.dispatch[device] = route
        return fn

    def __call__(self, grid, block, args, *, stream=None, shared_mem: int = 0):
        """Launch with cupy semantics: grid and block tuples, args a tuple of arrays and scalars."""
        fn = self._functions.get(_current_device()) or self.function()
        grid = grid if isinstance(grid, tuple) else (grid,) if isinstance(grid, int) else tuple(grid)
        block = block if isinstance(block, tuple) else (block,) if isinstance(block, int) else tuple(block)
        fn(grid, block, tuple(args), shared_mem=shared_mem, stream=stream)


def _normalize_value(value):
    """Accept NumPy dtypes and scalar types for dtype axes: np.float32 / dtype('float32') -> 'float32'."""
    if isinstance(value, (str, int, bool)):
        return value
    name = getattr(value, "name", None)
    if isinstance(name, str):  # np.dtype
        return name
    try:
        import numpy

        return numpy.dtype(value).name
    except Exception:
        return value


_cupy_module = None


def _cupy():
    global _cupy_module
    if _cupy_module is None:
        try:
            import cupy
        except Exception as exc:
            raise NoGpuError(f"cupy is needed to launch kernels ({_one_line(exc)})") from None
        _cupy_module = cupy
    return _cupy_module


def _current_device() -> int:
    cupy = _cupy()
    try:
        return cupy.cuda.runtime.getDevice()
    except Exception as exc:
        raise NoGpuError(f"no usable CUDA GPU to launch on ({_one_line(exc)}); compiling works without one: kernel.cubin('sm_90')") from None


def _one_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
