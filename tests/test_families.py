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
