"""Kernel families: the fast reading of mangled names agrees with the demangler's."""

from __future__ import annotations

import pytest

from kfoot.report.analyze import analyze_paths
from kfoot.report.families import _family_from_demangled, _family_from_mangled, family_of


@pytest.mark.parametrize("mangled,family", [
    ("_ZN5kfoot13binary_kernelINS_2op3AddEdEEvPKT0_S5_PS3_i", "kfoot::binary_kernel"),
    ("_ZN8cusparse6kernelILi128ELb1EEEvPf", "cusparse::kernel"),
    ("_ZN3cub6KernelILNS_9SortOrderE0EiEEvv", "cub::Kernel"),  # an enum literal among the arguments
    ("_Z12plain_kernelPi", "plain_kernel"),
    ("_Z6kernelIfLi4EEvPT_", "kernel"),
    ("_ZN5Outer3FooIiE3barIfEEvv", "Outer::Foo::bar"),  # arguments in the middle of the name
    ("_ZN12_GLOBAL__N_16kernelIiEEvv", "(anonymous namespace)::kernel"),
    ("_ZN3fooltERKS_S1_", "foo::operator<"),
    ("not_mangled", "not_mangled"),
])
def test_families_written_by_hand(mangled, family):
    assert family_of(mangled) == family


def _kernel_names(report) -> set[str]:
    return {name for f in report.files for row in (f.kernel_rows or []) for name in [row.name]}


def test_fast_path_agrees_with_the_demangler_on_real_names(curand_library, cuda_fixtures):
    from kfoot.report.analyze import ReportOptions

    report = analyze_paths([curand_library, cuda_fixtures["obj_rdc.o"], cuda_fixtures["libfixture.so"]],
                           ReportOptions(kernel_rows=True))
    names = _kernel_names(report)
    assert len(names) > 30
    answered = 0
    for name in names:
        quick = _family_from_mangled(name)
        if quick is not None:
            answered += 1
            assert family_of(name) == _family_from_demangled(name), name
    assert answered > len(names) // 2


# ---------------------------------------------------------------- CCCL's versioned namespaces

CUPY_CCCL_MODULES = ("cupy/cuda/cub.cpython-311-x86_64-linux-gnu.so", "cupy/cuda/thrust.cpython-311-x86_64-linux-gnu.so")
CUB_SOURCE = r"""
#include <cub/device/device_reduce.cuh>
void sum(const float* in, float* out, int n, void* tmp, size_t bytes) { cub::DeviceReduce::Sum(tmp, bytes, in, out, n); }
"""
# The shapes cub/util_namespace.cuh, thrust/detail/config/namespace.h and libcu++'s
# _LIBCUDACXX_ABI_NAMESPACE give the inline namespaces, as whole components of a qualified name.
_VERSIONED = __import__("re").compile(r"(?:CUB|THRUST)_\d+(?:_SM(?:_\d+)*)?(?:_NVHPC)?(?:_NS)?|_V_\d+(?:_SM(?:_\d+)*)?(?:_NVHPC)?|__\d+")


def _cxxfilt_family(mangled: str) -> str | None:
    """The oracle: c++filt's qualified function name (template arguments, parameters and the
    return type dropped by a bracket-depth scan) without CCCL's versioned components."""
    import cxxfilt

    try:
        text = cxxfilt.demangle(mangled)
    except cxxfilt.InvalidName:
        return None
    depth, kept = 0, []
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            kept.append(ch)
    flat = "".join(kept)
    head = flat[:flat.index("(")] if "(" in flat else flat
    qualified = head.split(" ")[-1]
    return "::".join(p for p in qualified.split("::") if not _VERSIONED.fullmatch(p))


@pytest.fixture(scope="module")
def cccl_kernel_names(tmp_path_factory, nvcc) -> list[str]:
    """Real cub/thrust kernel names: cupy's bundled modules (CCCL 3.1: CUB_300102_SM_..., THRUST_..._NS)
    and a cub::DeviceReduce::Sum built here with the wheel's nvcc (CCCL 3.5: _V_300500_SM_800)."""
    import subprocess
    import sysconfig
    from pathlib import Path

    from oracles.cuobjdump import cuobjdump_symbols

    site = Path(sysconfig.get_paths()["purelib"])
    paths = [site / m for m in CUPY_CCCL_MODULES if (site / m).is_file()]
    out = tmp_path_factory.mktemp("cccl")
    (out / "cub_sum.cu").write_text(CUB_SOURCE)
    proc = subprocess.run([str(nvcc), "-cubin", "-arch=sm_80", str(out / "cub_sum.cu"), "-o", str(out / "cub_sum.cubin")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    paths.append(out / "cub_sum.cubin")
    return sorted({name for p in paths for name in cuobjdump_symbols(p).kernel_names})


def test_cccl_versioned_namespaces_are_not_part_of_families(cccl_kernel_names):
    versioned = [n for n in cccl_kernel_names if "_SM_" in n]
    assert any("_V_" in n for n in versioned) and any("CUB_" in n for n in versioned)
    checked = 0
    for name in versioned:
        expected = _cxxfilt_family(name)
        if expected is None:
            continue
        checked += 1
        assert family_of(name) == expected, name
        assert _family_from_demangled(name) == expected, name
        quick = _family_from_mangled(name)
        if quick is not None:
            from kfoot.report.families import strip_module_ids
            assert strip_module_ids(quick) == expected, name
    assert checked > len(versioned) // 2
    # the same kernel from CCCL 3.1 (cupy) and CCCL 3.5 (nvcc here), other arch lists: one family
    reduce = {family_of(n) for n in versioned if "DeviceReduceSingleTileKernel" in n}
    assert reduce == {"cub::detail::reduce::DeviceReduceSingleTileKernel"}


# ---------------------------------------------------------------- wrapper templates and every CCCL era

# Inline namespaces as each CCCL era spells them: 2.x with and without `_NS`, an arch list that
# was never expanded (clang leaves `__CUDA_ARCH_LIST__` as written: TensorFlow's kernels), 3.5's _V_.
CCCL_ERAS = ("CUB_200805_SM___CUDA_ARCH_LIST__", "CUB_200101_SM_520_NS", "CUB_200805___CUDA_ARCH_LIST___NS",
             "CUB_300102_SM_750_800", "_V_300500_SM_800")
THRUST_ERAS = ("THRUST_200805_SM___CUDA_ARCH_LIST___NS", "THRUST_200101_SM_520_NS", "THRUST_300102_SM_800_NVHPC_NS")


def _wrapper_source() -> str:
    """Every documented wrapper, launched once with a class template specialisation and once with a
    plain class; the same template name outside the list; kernels in each CCCL era's namespace."""
    from kfoot.report.families import WRAPPER_TEMPLATES

    lines = ["namespace ops { template <int M, typename T> struct Gemm { struct Params { T* p; }; };",
             "template <typename T> struct Conv { struct Params { T* p; }; };",
             "struct Plain { struct Params { int* p; }; }; }",
             "namespace other { template <typename Op> __global__ void Kernel(typename Op::Params p) {} }"]
    launches = ["other::Kernel<ops::Gemm<1, float>><<<1, 1>>>({});"]
    for index, wrapper in enumerate(WRAPPER_TEMPLATES):
        *spaces, name = wrapper.split("::")
        lines.append("".join(f"namespace {s} {{ " for s in spaces)
                     + f"template <typename Op> __global__ void {name}(typename Op::Params p) {{}}" + " }" * len(spaces))
        launches += [f"{wrapper}<ops::Gemm<{index}, float>><<<1, 1>>>({{}});", f"{wrapper}<ops::Gemm<{index}, int>><<<1, 1>>>({{}});",
                     f"{wrapper}<ops::Conv<double>><<<1, 1>>>({{}});", f"{wrapper}<ops::Plain><<<1, 1>>>({{}});"]
    for top, eras in (("cub", CCCL_ERAS), ("thrust", THRUST_ERAS)):
        for index, era in enumerate(eras):
            lines.append(f"namespace {top} {{ inline namespace {era} {{ namespace detail {{ template <typename T> "
                         f"__global__ void ReduceKernel{index}(T* p) {{}} }} }} }}")
            launches += [f"{top}::{era}::detail::ReduceKernel{index}<float><<<1, 1>>>(nullptr);",
                         f"{top}::{era}::detail::ReduceKernel{index}<int><<<1, 1>>>(nullptr);"]
    return "\n".join(lines) + "\nvoid launch_all() {\n" + "\n".join(launches) + "\n}\n"


def _oracle_family(demangled: str, wrappers) -> str:
    """From c++filt's text: the qualified function name without CCCL's versioned components and,
    for a wrapper whose first template argument is a class template specialisation, that
    argument's template name in angle brackets."""
    versioned = __import__("re").compile(r"(?:CUB|THRUST)_\d+\w*|_V_\d+\w*")
    head = demangled.split(" ", 1)[1]  # "void " first
    name = head[:head.index("<")] if "<" in head.split("(")[0] else head[:head.index("(")]
    family = "::".join(p for p in name.split("::") if not versioned.fullmatch(p))
    if family in wrappers:
        first = head[len(name) + 1:]
        depth, end = 0, 0
        for end, ch in enumerate(first):
            if ch == "<":
                depth += 1
            elif ch in ",>" and depth == 0:
                break
            elif ch == ">":
                depth -= 1
        argument = first[:end].strip()
        if "<" in argument:
            family += "<" + argument[:argument.index("<")] + ">"
    return family


def test_wrapper_templates_and_cccl_namespaces_name_families(tmp_path, nvcc):
    import subprocess

    import cxxfilt

    from kfoot.report.families import WRAPPER_TEMPLATES
    from oracles.cuobjdump import cuobjdump_symbols

    (tmp_path / "w.cu").write_text(_wrapper_source())
    proc = subprocess.run([str(nvcc), "-cubin", "-arch=sm_80", str(tmp_path / "w.cu"), "-o", str(tmp_path / "w.cubin")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = cuobjdump_symbols(tmp_path / "w.cubin").kernel_names
    assert len(names) == 1 + 4 * len(WRAPPER_TEMPLATES) + 2 * (len(CCCL_ERAS) + len(THRUST_ERAS))
    families = {}
    for name in names:
        expected = _oracle_family(cxxfilt.demangle(name), WRAPPER_TEMPLATES)
        assert family_of(name) == expected, (name, cxxfilt.demangle(name))
        assert _family_from_demangled(name) == expected, name
        families.setdefault(expected, set()).add(name)
    # by hand: a wrapper is named after both when its argument is a specialisation, only then
    for wrapper in WRAPPER_TEMPLATES:
        assert len(families[f"{wrapper}<ops::Gemm>"]) == 2 and len(families[f"{wrapper}<ops::Conv>"]) == 1
        assert len(families[wrapper]) == 1  # ops::Plain
    assert len(families["other::Kernel"]) == 1
    for top, eras in (("cub", CCCL_ERAS), ("thrust", THRUST_ERAS)):
        for index in range(len(eras)):
            assert len(families[f"{top}::detail::ReduceKernel{index}"]) == 2


def test_the_documented_wrappers_are_the_ones_used():
    from pathlib import Path

    from docs_support import first_code, table_rows
    from kfoot.report.families import WRAPPER_TEMPLATES

    doc = (Path(__file__).resolve().parent.parent / "docs/report.md").read_text()
    table = doc.split("<!-- wrapper-templates -->", 1)[1].split("\n\n", 1)[0]
    assert [first_code(row[0]) for row in table_rows(table)[1:]] == list(WRAPPER_TEMPLATES)
