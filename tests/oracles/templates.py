"""Template arguments of a real library's kernels, the oracle `kfoot explain`'s axes are held to:
the loaded kernels as cuobjdump lists them (kfoot's parsers not involved), demangled by binutils'
`c++filt` program (one process for all names; kfoot calls libstdc++'s __cxa_demangle in-process),
split into arguments here at bracket depth 0. Used by tests/test_explain_real.py (libcurand) and
scripts/check_explain_real.py (libcusparse)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from elftools.elf.elffile import ELFFile

from oracles import fatbin
from oracles.cuobjdump import cuobjdump_symbols

REPO = Path(__file__).resolve().parents[2]
ABSENT = "(none)"  # docs/explain.md: a shorter argument list's value at the positions it does not reach
# docs/report.md#family-names: CCCL's versioned namespaces of every era, written from the doc's
# examples (cub::CUB_200101_SM_520_NS::, cub::CUB_300102_SM_750_800::, thrust::THRUST_..._NS::,
# cub::_V_300500_SM_800::, cub::CUB_200805_SM___CUDA_ARCH_LIST__::) and libcu++'s ABI namespace
# (cuda::std::__4::, cuda::__4::: an inline namespace __N right inside cuda or cuda::std).
_VERSIONED = (re.compile(r"\b(cub|thrust)::(?:CUB|THRUST|_V)_[0-9]+_[A-Za-z0-9_]*::"),
              re.compile(r"\b(cuda|cuda::std)::__[0-9]+::"))
_ANONYMOUS = "(anonymous namespace)"
_ANONYMOUS_MARK = "\ue000"  # its brackets are not grouping


def loaded_kernel_entries(path: Path, workdir: Path) -> list[tuple[str, str]]:
    """(arch, mangled name) of every kernel a process loading `path` registers: cuobjdump
    -symbols of a .fatbin, or of an ELF file's .nv_fatbin, plus the containers a library keeps in other sections (.data),
    which cuobjdump does not read: found by oracles.fatbin's scan and cut out into one .fatbin
    that it does. __nv_relfatbin (relocatable copies, which nothing loads) is left out."""
    entries = list(cuobjdump_symbols(path).entries)
    data = path.read_bytes()
    if data[:4] != b"\x7fELF":  # a .fatbin or .cubin: cuobjdump reads it whole
        return entries
    cut = workdir / f"{path.name}.embedded.fatbin"
    with open(cut, "wb") as out:
        for section in ELFFile(io.BytesIO(data)).iter_sections():
            if section.name in (".nv_fatbin", "__nv_relfatbin") or section["sh_type"] == "SHT_NOBITS":
                continue
            start = section["sh_offset"]
            for container in fatbin.scan(data, start, start + section["sh_size"]):
                out.write(data[container.offset:container.end])
                out.write(b"\0" * (-container.size % fatbin.ALIGN))
    if cut.stat().st_size:
        entries += cuobjdump_symbols(cut).entries
    return entries


def _split(text: str, start: int) -> tuple[list[str], int]:
    """The arguments of the '<' at text[start - 1], split at its own depth's commas, and the index
    past its '>'. Brackets are matched as a stack: a '>' inside parentheses (an expression) closes
    nothing."""
    args, stack, begin = [], [], start
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "<(":
            stack.append(ch)
        elif ch == ")":
            while stack and stack.pop() != "(":
                pass
        elif ch == ">":
            if not stack:
                args.append(text[begin:i].strip())
                return args, i + 1
            if stack[-1] == "<":
                stack.pop()
        elif ch == "," and not stack:
            args.append(text[begin:i].strip())
            begin = i + 1
    raise AssertionError(f"unbalanced template brackets in c++filt's {text!r}")


def wrapper_templates() -> set[str]:
    """The wrapper templates docs/report.md#family-names lists."""
    doc = (REPO / "docs" / "report.md").read_text()
    table = doc.split("<!-- wrapper-templates -->", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"^\| `([^`]+)` \|", table, re.MULTILINE))


def cxxfilt_texts(names) -> dict[str, str | None]:
    """c++filt's text of each name; None where c++filt leaves a mangled name as it is (it cannot
    demangle it). Raises LookupError without binutils' c++filt."""
    tool = shutil.which("c++filt")
    if tool is None:
        raise LookupError("binutils' c++filt is not installed")
    names = sorted(set(names))
    proc = subprocess.run([tool], input="\n".join(names) + "\n", capture_output=True, text=True, check=True,
                          timeout=300)
    texts = proc.stdout.split("\n")[:len(names)]
    assert len(texts) == len(names), "c++filt printed a line per name"
    return {n: (None if t == n and n.startswith("_Z") else t) for n, t in zip(names, texts)}


def family_and_arguments(text: str, wrappers: set[str]) -> tuple[str, tuple[str, ...]]:
    """(family, its template's arguments) of a kernel from c++filt's text of its name."""
    for pattern in _VERSIONED:
        text = pattern.sub(r"\1::", text)
    text = text.replace(_ANONYMOUS, _ANONYMOUS_MARK)
    if text.startswith("void "):  # a kernel's return type
        text = text[len("void "):]
    name_end = min((i for i in (text.find("<"), text.find("(")) if i >= 0), default=len(text))
    name = text[:name_end]
    if text[name_end:name_end + 1] != "<":
        return name.replace(_ANONYMOUS_MARK, _ANONYMOUS), ()
    args, _ = _split(text, name_end + 1)
    if name in wrappers and args and "<" in args[0]:  # W<Op<...>>: named after both, Op's arguments
        inner = args[0].index("<")
        operator = args[0][:inner]
        args, _ = _split(args[0], inner + 1)
        name = f"{name}<{operator}>"
    if args == [""]:
        args = []
    restore = lambda s: s.replace(_ANONYMOUS_MARK, _ANONYMOUS)  # noqa: E731
    return restore(name), tuple(restore(a) for a in args)


@dataclass
class OracleFamily:
    name: str
    argument_lists: set = field(default_factory=set)  # distinct, padded with ABSENT to the widest

    def axes(self) -> list[set[str]]:
        width = max((len(a) for a in self.argument_lists), default=0)
        return [{a[i] for a in self.argument_lists} for i in range(width)]


def oracle_families(names) -> tuple[dict[str, OracleFamily], list[str]]:
    """The families of these kernel names, each with its distinct template argument lists, and
    the names c++filt cannot demangle (left out)."""
    wrappers = wrapper_templates()
    raw: dict[str, set] = defaultdict(set)
    undemangled = []
    for name, text in cxxfilt_texts(names).items():
        if text is None:
            undemangled.append(name)
            continue
        family, args = family_and_arguments(text, wrappers)
        raw[family].add(args)
    found = {}
    for family, lists in raw.items():
        width = max(len(a) for a in lists)
        found[family] = OracleFamily(family, {a + (ABSENT,) * (width - len(a)) for a in lists})
    return found, undemangled


@dataclass
class Comparison:
    families: int = 0  # families compared
    templated: int = 0  # of which with template arguments
    axes: int = 0  # axes compared
    values: int = 0  # axis values compared
    mismatches: list = field(default_factory=list)  # one line each


def compare(document: dict, families: dict[str, OracleFamily], unseen: frozenset = frozenset()) -> Comparison:
    """kfoot explain's JSON against the oracle: the same families, and per family the same
    axes, each with exactly the oracle's set of values, and the same count of argument lists.
    `unseen`: families holding a name c++filt cannot demangle, left out."""
    result = Comparison()
    explained = {f["name"]: f for f in document["families"] if f["name"] not in unseen}
    families = {name: f for name, f in families.items() if name not in unseen}
    for missing in sorted(set(families) - set(explained)):
        result.mismatches.append(f"family {missing!r}: c++filt's, not in kfoot explain")
    for extra in sorted(set(explained) - set(families)):
        result.mismatches.append(f"family {extra!r}: kfoot explain's, not c++filt's")
    for name in sorted(set(families) & set(explained)):
        oracle, family = families[name].axes(), explained[name]
        result.families += 1
        result.templated += bool(oracle)
        if len(family["axes"]) != len(oracle):
            result.mismatches.append(f"family {name!r}: {len(family['axes'])} axes, c++filt {len(oracle)}")
            continue
        for axis, expected in zip(family["axes"], oracle):
            result.axes += 1
            result.values += len(expected)
            got = set(axis["values"])
            if got != expected or len(axis["values"]) != len(got):
                result.mismatches.append(
                    f"family {name!r} axis {axis['position']}: kfoot only {sorted(got - expected)[:3]}, "
                    f"c++filt only {sorted(expected - got)[:3]}")
        if family["instantiations"] != len(families[name].argument_lists):
            result.mismatches.append(f"family {name!r}: {family['instantiations']} instantiations, "
                                     f"c++filt {len(families[name].argument_lists)}")
    return result
