"""The CUDA ELF (cubin) inside a SASS entry: kernel entries, global symbols, per-kernel resources.

Hand-written over `struct` rather than pyelftools: on libcusparse (1,507 cubins, 63,400 kernels)
pyelftools' symbol iteration alone took longer than cuobjdump's whole run (see
docs/benchmarks.md, "cubin parser"); this module reads only the tables the report needs.

What the report reads:
- a kernel is a symbol whose st_other has the CUDA entry bit (0x10), whatever its binding;
- `.text.<kernel>`: code bytes;
- registers: EIATTR_REGCOUNT (0x2f) records in the common `.nv.info` ((symbol index, count) pairs);
  a kernel without one falls back to the top byte of its .text's sh_info. sm_75..sm_89 cubins carry
  both, sm_90 and newer only the record (their sh_info byte is 0), so one rule fits every arch;
- `.nv.shared.<kernel>` (NOBITS): static shared memory;
- `.nv.info.<kernel>`: attribute EIATTR_CBANK_PARAM_SIZE (0x19) holds the parameter bytes;
- stack: EIATTR_MIN_STACK_SIZE (0x12) records in the common `.nv.info` (the kernel's stack with its
  callees', what cuobjdump -res-usage prints as STACK), else EIATTR_FRAME_SIZE (0x11);
- `.nv.constant0.<kernel>`: constant bank 0 (CONSTANT[0]); `.nv.local.<kernel>`: local memory (LOCAL).
  Spill bytes (ptxas -v) are not stored in the cubin: no .nv.info attribute carries them;
- image sections: every byte of the image in one category (`image_sections`, docs/report.md);
- a kernel's bytes (what its family is charged) are its code: the size of its .text section;
- a kernel's code fingerprint (`kfoot explain`'s identical code, with_fingerprints): a digest of its
  .text with what legitimately differs between copies of the same code masked: the instructions
  the relocations that apply to it (SHT_REL/SHT_RELA sections whose sh_info is the .text) patch,
  whose targets (symbols, their indices) differ while their types stay; and the trailing NOPs that
  pad a kernel to its alignment. Its own name is not in its bytes.
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass, field
from itertools import repeat

from ..core.errors import FormatError

ELF_MAGIC = b"\x7fELF"  # every ELF file, host or CUDA; e_machine tells them apart
EM_CUDA = 190
STO_CUDA_ENTRY = 0x10
STB_GLOBAL = 1
SHT_SYMTAB = 2
SHT_STRTAB = 3
SHT_RELA = 4
SHT_NOBITS = 8
SHT_REL = 9
SHT_SYMTAB_SHNDX = 18
# Sections that hold no bytes in the file. A linked cubin gives .nv.global and .nv.shared.* the
# type SHT_NOBITS, but a relocatable one (-rdc: __nv_relfatbin, `nvcc -rdc=true -c/-cubin/-fatbin`)
# keeps CUDA's own types, and ptxas places them at the end of the file with their full size:
# .nv.global (SHT_CUDA_GLOBAL), .nv.shared.<kernel> and .nv_debug.shared (SHT_CUDA_SHARED),
# .nv.shared.reserved.0 (SHT_CUDA_RESERVED_SHARED). Their offset + size may run past the end of
# the image (NCCL's common.cu: one kernel and five globals per arch were lost to this).
SHT_CUDA_GLOBAL = 0x70000007
SHT_CUDA_SHARED = 0x7000000A
SHT_CUDA_RESERVED_SHARED = 0x70000015
NO_FILE_BYTES = frozenset({SHT_NOBITS, SHT_CUDA_GLOBAL, SHT_CUDA_SHARED, SHT_CUDA_RESERVED_SHARED})
SHF_ALLOC = 0x2

EIATTR_PARAM_CBANK = 0x0A
EIATTR_FRAME_SIZE = 0x11
EIATTR_MIN_STACK_SIZE = 0x12
EIATTR_CBANK_PARAM_SIZE = 0x19
EIATTR_REGCOUNT = 0x2F
EIFMT_SVAL = 0x04


# A symbol as numpy reads it, per ELF class.
_SYMBOL_DTYPE = {
    2: [("name", "<u4"), ("info", "u1"), ("other", "u1"), ("shndx", "<u2"), ("value", "<u8"), ("size", "<u8")],
    1: [("name", "<u4"), ("value", "<u4"), ("size", "<u4"), ("info", "u1"), ("other", "u1"), ("shndx", "<u2")],
}
# The section header table as numpy reads it (kfoot.binary.cubin._image_sections), per ELF class.
_SECTION_FIELDS = ("name", "type", "flags", "addr", "offset", "size", "link", "info", "align", "entsize")
_SECTION_DTYPE = {
    2: [(f, "<u8" if f in ("flags", "addr", "offset", "size", "align", "entsize") else "<u4") for f in _SECTION_FIELDS],
    1: [(f, "<u4") for f in _SECTION_FIELDS],
}

_LAYOUT = {  # ELF class -> (header, section header, symbol, symbol field order)
    2: (struct.Struct("<16sHHIQQQIHHHHHH"), struct.Struct("<IIQQQQIIQQ"), struct.Struct("<IBBHQQ")),
    1: (struct.Struct("<16sHHIIIIIHHHHHH"), struct.Struct("<IIIIIIIIII"), struct.Struct("<IIIBBH")),
}


@dataclass(slots=True)
class Kernel:
    """One kernel: the one record from this parser through the report (its family and arch set
    there) to the report's JSON `kernel_list` and the report cache."""

    name: str
    family: str = ""  # set by the report (kfoot.report.families.family_of)
    arch: str = ""  # set by the report: the image's arch, whose a/f suffix only the fatbin entry holds
    code_bytes: int = 0
    registers: int | None = 0  # None only in a report JSON read back without it (an older kfoot's)
    shared_bytes: int = 0
    param_bytes: int = 0
    stack_bytes: int | None = 0  # None as for registers
    local_bytes: int = 0
    constant_bytes: int = 0
    relocatable: bool = False  # set by the report: a relocatable copy (`__nv_relfatbin`), never loaded
    code_digest: str = ""  # the code fingerprint (with_fingerprints; "" when not computed)

    def __reduce__(self):
        # Positional when pickled: report workers send every kernel to the parent, which unpickles
        # them one after another (a slots object's default pickle carries a dict of its fields).
        return Kernel, (self.name, self.family, self.arch, self.code_bytes, self.registers, self.shared_bytes,
                        self.param_bytes, self.stack_bytes, self.local_bytes, self.constant_bytes, self.relocatable,
                        self.code_digest)


# The categories of an image's bytes, in the report's order (docs/report.md, `image_sections`).
IMAGE_SECTIONS = ("code", "constants", "metadata", "symbols", "relocations", "debug", "other")


@dataclass(slots=True)
class Cubin:
    sm: int  # from e_flags; the 'a'/'f' suffix lives in the fatbin entry header
    kernels: list[Kernel]  # each kernel as a row (with_kernels); else empty
    global_symbols: int
    symbols: int
    load_bytes: int = 0  # SHF_ALLOC sections but static shared memory, each rounded up to its alignment
    data_bytes: int = 0  # of which module-scope globals (.nv.global, .nv.global.init): the driver's data heap
    sections: dict[str, int] | None = None  # IMAGE_SECTIONS -> bytes, adding up to the image's size (with_sections)
    section_table: SectionTable | None = None  # what load_bytes and sections are measured from (defer_tables)
    # Each kernel's name and code bytes, in symbol table order (whether or not with_kernels).
    kernel_names: list[str] = field(default_factory=list)
    kernel_code_bytes: list[int] = field(default_factory=list)


def _cstr(table: bytes, offset: int) -> bytes:
    end = table.find(b"\0", offset)
    return table[offset:end if end >= 0 else len(table)]


def sm_from_flags(abi_version: int, e_flags: int) -> int:
    # ABI version 8 (CUDA 12.8+) moved the SM number to bits 8..15; older ones keep it in bits 0..7.
    return (e_flags >> 8) & 0xFF if abi_version >= 8 else e_flags & 0xFF


def parse_cubin(buf, where=None, *, with_resources: bool = False, with_load: bool = True,
                with_sections: bool = False, with_fingerprints: bool = False, defer_tables: bool = False,
                with_kernels: bool = True) -> Cubin:
    """Parse a cubin held in `buf` (bytes or memoryview). Raises FormatError with the byte offset.

    Code bytes are always read (families need them); registers, shared memory and parameter
    bytes only `with_resources` (the per-kernel table), since they need section names;
    the bytes loading the image places on the GPU only `with_load` (the memory estimate);
    the image's bytes by section category only `with_sections`; each kernel's code fingerprint
    only `with_fingerprints`. With `defer_tables`, the load bytes and sections are not measured
    here: the Cubin carries its SectionTable for measure_tables (many images at once). Without
    `with_kernels` (nor resources or fingerprints), kernels are only named and sized
    (kernel_names, kernel_code_bytes): no Kernel object for each of MXNet's 400,000 kernels.
    """
    data = bytes(buf) if not isinstance(buf, bytes) else buf
    size = len(data)
    if size < 52 or data[:4] != ELF_MAGIC:
        raise FormatError("not an ELF image", where, 0)
    elf_class = data[4]
    if elf_class not in _LAYOUT or data[5] != 1:
        raise FormatError(f"unsupported ELF class {elf_class} or byte order {data[5]}", where, 4)
    ehdr_s, shdr_s, sym_s = _LAYOUT[elf_class]
    if size < ehdr_s.size:
        raise FormatError("ELF header is truncated", where, 0)
    ident, _etype, machine, _ver, _entry, _phoff, shoff, e_flags, _ehsize, _phentsize, _phnum, \
        shentsize, shnum, shstrndx = ehdr_s.unpack_from(data, 0)
    if machine != EM_CUDA:
        raise FormatError(f"ELF machine {machine} is not CUDA ({EM_CUDA})", where, 18)
    if shnum and (shentsize != shdr_s.size or shoff + shnum * shentsize > size):
        raise FormatError("section header table points past the end of the image", where, shoff)
    import numpy as np  # here, not at import: a report served from its cache never parses a cubin

    # The section header table column-wise: MXNet's libmxnet.so has 1.8 million sections in its
    # cubins, and a Python loop body per section was most of `kfoot report`'s time there.
    dtype = np.dtype(_SECTION_DTYPE[elf_class])
    table = np.frombuffer(data, dtype, shnum, shoff) if shnum else np.zeros(0, dtype)
    types, offsets, sizes = table["type"], table["offset"], table["size"]
    # offset + size past the end, without adding (a forged uint64 would wrap)
    past = (offsets > size) | (sizes > size - np.minimum(offsets, size))
    # Sections without file bytes may run past the end; those are told apart only when some
    # section does (a fifth of MXNet's images): 9 numpy calls an image saved otherwise.
    if past.any() and (past := past & ~_no_file_bytes(types)).any():
        index = int(np.argmax(past))
        raise FormatError(f"section {index} points past the end of the image", where, shoff + index * shentsize)
    if shstrndx >= shnum:
        raise FormatError("section name table index is out of range", where, 0)
    # (name, type, flags, addr, offset, size, link, info, align, entsize) per section, only where
    # a question needs whole rows (the memory estimate, the per-kernel table).
    sections = list(shdr_s.iter_unpack(data[shoff:shoff + shnum * shentsize])) if with_resources else None
    section_table = None
    if with_load or with_sections:
        shstr = table[shstrndx]
        section_table = SectionTable(elf_class, data[shoff:shoff + shnum * shentsize],
                                     data[int(shstr["offset"]):int(shstr["offset"]) + int(shstr["size"])], size,
                                     with_load, with_sections)
    load_bytes, data_bytes, image_sections = (0, 0, None) if section_table is None or defer_tables \
        else measure_tables([section_table])[0]

    kernel_names: list[str] = []
    kernel_code_bytes: list[int] = []
    per_kernel = with_resources or with_fingerprints  # questions that read each kernel's sections
    kernel_sections: list[int] = []
    kernel_symbols: list[tuple[int, int, bytes]] = []  # (symbol table section, symbol index, raw name)
    global_symbols = 0
    symbol_count = 0
    for symtab_index in np.flatnonzero(types == SHT_SYMTAB).tolist():
        row = table[symtab_index]
        off, sz, link, entsize = int(row["offset"]), int(row["size"]), int(row["link"]), int(row["entsize"])
        if link >= shnum or (entsize and entsize != sym_s.size):
            raise FormatError("symbol table is malformed", where, off)
        strtab = data[int(offsets[link]):int(offsets[link]) + int(sizes[link])]
        count = sz // sym_s.size
        symbol_count += count
        symbols = np.frombuffer(data, _SYMBOL_DTYPE[elf_class], count, off) if count else None
        if symbols is None:
            continue
        # Bindings counted and entry flags found column-wise; Python touches only the kernels.
        global_symbols += int(np.count_nonzero((symbols["info"] >> 4) == STB_GLOBAL))
        entries = np.flatnonzero(symbols["other"] & STO_CUDA_ENTRY)
        raw_names = [_cstr(strtab, name) for name in symbols["name"][entries].tolist()]
        kernel_names += [raw_name.decode("utf-8", "replace") for raw_name in raw_names]
        defined_in = symbols["shndx"][entries]
        # The code section is the one the kernel symbol is defined in: no name lookup needed.
        kernel_code_bytes += np.where((defined_in > 0) & (defined_in < shnum),
                                      sizes[np.minimum(defined_in, shnum - 1)], 0).tolist()
        if per_kernel:
            kernel_sections += defined_in.tolist()
            kernel_symbols += zip(repeat(symtab_index), entries.tolist(), raw_names)

    kernels = list(map(Kernel, kernel_names, repeat(""), repeat(""), kernel_code_bytes)) \
        if with_kernels or per_kernel else []
    sm = sm_from_flags(ident[8], e_flags)
    if kernels:
        if with_resources:
            _measure_resources(data, sections, kernels, kernel_sections, kernel_symbols)
        if with_fingerprints:
            _fingerprint_kernels(data, table, kernels, kernel_sections, kernel_symbols, elf_class, sm,
                                 constants=not with_resources)
    return Cubin(sm, kernels, global_symbols, symbol_count, load_bytes, data_bytes,
                 image_sections, section_table if defer_tables else None, kernel_names, kernel_code_bytes)


# What decides a section's category (IMAGE_SECTIONS), in the order the first match wins. sm_100+
# images carry a Mercury copy of their tables (`.nv.merc.<section>`), counted as the section it
# copies; its capsule code (`.nv.capmerc.text.*`) is not the SASS that runs, so it is `other`.
_MERCURY = b".nv.merc"
_SYMBOL_TYPES = (SHT_SYMTAB, SHT_STRTAB, SHT_SYMTAB_SHNDX)
_SYMBOL_NAMES = (b".symtab", b".strtab", b".shstrtab")
_CATEGORY_PREFIXES = (
    ("relocations", (b".rel.", b".rela.")),
    ("code", (b".text",)),
    ("constants", (b".nv.constant",)),
    ("debug", (b".debug", b".nv_debug", b".nv.debug")),
    ("metadata", (b".nv.info", b".nv.callgraph", b".nv.prototype", b".nv.rel.action", b".nv.compat", b".note",
                  b".nv.metadata", b".nv.resolvedrela")),
)
# What the load bytes leave out (static shared memory) and count as module-scope globals.
_SHARED = b".nv.shared"
_GLOBALS = (b".nv.global\0", b".nv.global.init\0")
# Bytes of a name the categories look at: the longest prefix after the Mercury one, and its end,
# rounded up to whole 8-byte words.
_NAME_WINDOW = -(-(len(_MERCURY) + max(len(p) for _, ps in _CATEGORY_PREFIXES for p in ps) + 1) // 8) * 8
# Words of a name any prefix is tested on; only a Mercury name is read further (_name_heads).
_PREFIX_WORDS = -(-max(len(p) for p in (_MERCURY + b".", _SHARED, *_GLOBALS, *(n + b"\0" for n in _SYMBOL_NAMES),
                                         *(p for _, ps in _CATEGORY_PREFIXES for p in ps))) // 8)


@dataclass(slots=True)
class SectionTable:
    """What the load bytes and the image's sections are measured from, kept apart from the image
    (parse_cubin(defer_tables=True)) so that many images are measured in one column-wise pass
    (measure_tables): numpy's cost per call, not the work, was most of measuring MXNet's 3,381
    small cubins one by one. parse_cubin has checked the table lies within the image."""

    elf_class: int
    headers: bytes  # the section header table
    names: bytes  # the section name table's bytes
    image_size: int
    load: bool  # measure the load bytes (else 0, 0)
    sections: bool  # measure the bytes by category (else None)


def measure_tables(tables: list[SectionTable]) -> list[tuple[int, int, dict[str, int] | None]]:
    """(load bytes, of which module-scope globals, bytes by category) of each image, all images'
    sections in one set of columns with the image each row belongs to."""
    import numpy as np  # here, not at import: a report served from its cache never needs it

    if not tables:
        return []
    columns = {field: [] for field in ("name", "type", "flags", "offset", "size", "align")}
    image_of = []
    for elf_class in sorted({t.elf_class for t in tables}):
        ids = [i for i, t in enumerate(tables) if t.elf_class == elf_class]
        dtype = np.dtype(_SECTION_DTYPE[elf_class])
        rows = np.frombuffer(b"".join(tables[i].headers for i in ids), dtype)
        for field, column in columns.items():
            column.append(rows[field].astype(np.int64 if field == "name" else np.uint64))
        image_of.append(np.repeat(np.array(ids, np.int64), [len(tables[i].headers) // dtype.itemsize for i in ids]))
    columns = {field: np.concatenate(column) for field, column in columns.items()}
    image_of = np.concatenate(image_of)
    # Each row's index within its own image (section 0 is never counted).
    counts = np.bincount(image_of, minlength=len(tables))
    first_row = np.concatenate(([0], np.cumsum(counts)[:-1]))
    if len(image_of) and (np.diff(image_of) < 0).any():  # images of both ELF classes: rows back in image order
        order = np.argsort(image_of, kind="stable")
        columns = {field: column[order] for field, column in columns.items()}
        image_of = image_of[order]
    index_in_image = np.arange(len(image_of)) - first_row[image_of]
    names = [t.names for t in tables]
    # The load bytes only where an image asks for them (the memory estimate; a plain report does
    # not): then every section's name is read, else only those of the sections holding bytes.
    if any(t.load for t in tables):
        words = _name_heads(names, columns["name"], image_of)
        loads = _load_bytes(columns, words, image_of, len(tables))

        def words_at(rows):
            return words[:, rows]
    else:
        loads = [(0, 0)] * len(tables)

        def words_at(rows):
            return _name_heads(names, columns["name"][rows], image_of[rows])
    sections = _image_sections(columns, words_at, image_of, index_in_image, [t.image_size for t in tables])
    return [((load, data) if t.load else (0, 0)) + (by_category if t.sections else None,)
            for t, (load, data), by_category in zip(tables, loads, sections)]


def _image_sections(columns, words_at, image_of, index_in_image, image_sizes: list[int]) -> list[dict[str, int]]:
    """Each image's bytes by category. Each file byte is counted once: sections are taken in file
    order and a byte another section already covered is not counted again (a forged table may
    overlap); what no section covers (ELF header, program headers, section header table, the
    padding between sections) is `other`, so the figures add up to the image's size exactly.

    Column-wise over many images (measure_tables), not a loop over sections: MXNet's libmxnet.so
    has 1.8 million sections in its cubins, and a Python loop body per section was a third of
    `kfoot report`'s time there. `words_at(rows)`: _name_heads' words of those rows' names."""
    import numpy as np

    types = columns["type"]
    placed = np.flatnonzero((columns["size"] != 0) & ~_no_file_bytes(types) & (index_in_image != 0))
    # Within its image (parse_cubin checked), so int64 holds them. Each image's offsets are moved
    # past the images before it: one sort orders every image's sections by file offset, then index.
    image_base = np.concatenate(([0], np.cumsum(np.array(image_sizes, np.int64))[:-1]))
    offsets = columns["offset"][placed].astype(np.int64) + image_base[image_of[placed]]
    order = np.argsort(offsets, kind="stable")
    placed, offsets = placed[order], offsets[order]
    # A byte is counted by the first section (in that order) that covers it: each section counts
    # from the furthest end any section before it reached (an earlier image's ends are all below
    # this image's base).
    ends = offsets + columns["size"][placed].astype(np.int64)
    reached = np.maximum.accumulate(np.concatenate(([0], ends[:-1])))
    counted = np.maximum(ends - np.maximum(offsets, reached), 0)
    # Each section's category from the first bytes of its name in the section name table.
    words = words_at(placed)
    mercury = _prefixed(words, _MERCURY + b".")
    words[:-1, mercury] = words[1:, mercury]  # _MERCURY is one word: the name after it
    words[-1, mercury] = 0
    category = np.full(len(placed), IMAGE_SECTIONS.index("other"), np.int64)
    masked: dict = {}
    for name, prefixes in reversed(_CATEGORY_PREFIXES):
        hit = np.zeros(len(placed), bool)
        for prefix in prefixes:
            hit |= _prefixed(words, prefix, masked)
        category[hit] = IMAGE_SECTIONS.index(name)
    placed_types = types[placed]
    category[(placed_types == SHT_REL) | (placed_types == SHT_RELA)] = IMAGE_SECTIONS.index("relocations")
    symbols = np.zeros(len(placed), bool)
    for stype in _SYMBOL_TYPES:
        symbols |= placed_types == stype
    for name in _SYMBOL_NAMES:
        symbols |= _prefixed(words, name + b"\0", masked)
    category[symbols] = IMAGE_SECTIONS.index("symbols")
    # Sums per (image, category): each at most its image's size, exact in float64.
    width = len(IMAGE_SECTIONS)
    sums = np.bincount(image_of[placed] * width + category, weights=counted, minlength=len(image_sizes) * width)
    out = []
    for image_size, row in zip(image_sizes, sums.astype(np.int64).reshape(-1, width).tolist()):
        by_category = dict(zip(IMAGE_SECTIONS, row))
        by_category["other"] = image_size - sum(n for key, n in by_category.items() if key != "other")
        out.append(by_category)
    return out


def _no_file_bytes(types):
    """Which sections (a column of sh_type) hold no bytes in the file: NO_FILE_BYTES, compared
    type by type (np.isin sorts its operands: slower on 1.8 million sections)."""
    hit = types == SHT_NOBITS
    for stype in NO_FILE_BYTES - {SHT_NOBITS}:
        hit |= types == stype
    return hit


def _words_at_every_byte(buf):
    """The little-endian uint64 starting at each byte offset of `buf` (at least 8 bytes): a view
    with a stride of one byte, no copy, so that one gather reads a word at many offsets."""
    import numpy as np

    return np.ndarray((len(buf) - 7,), "<u8", buf, 0, (1,))


def _name_heads(name_tables: list[bytes], name_offsets, image_of):
    """The first _NAME_WINDOW bytes of each section's name, as little-endian uint64 words: row j
    holds every name's bytes 8j..8j+7. Prefixes and short whole names (a prefix ending in NUL) are
    tested on them a word at a time (_prefixed); the bytes past a name's end are whatever follows
    it, which no such test reaches, since a name's NUL differs from the prefix's byte there. Each
    image's name table is followed by _NAME_WINDOW zero bytes, so a name never reads into the next
    image's; a name offset past its table reads as an empty name (as _cstr does)."""
    import numpy as np

    lengths = np.array([len(t) for t in name_tables], np.int64)
    # One copy of the name tables (with their padding): they hold every kernel's name several
    # times over (`.text.NAME`, `.nv.info.NAME`...), and copying each padded table, then the
    # join, then the join padded was 70% of this function's time on MXNet 1.6.
    window = bytes(_NAME_WINDOW)
    pieces = [piece for table in name_tables for piece in (table, window)]
    pieces.append(bytes(8 + -(int(lengths.sum()) + _NAME_WINDOW * len(name_tables)) % 8))
    padded = b"".join(pieces)
    at = _words_at_every_byte(padded)  # word j of every name is one gather
    table_base = np.concatenate(([0], np.cumsum(lengths + _NAME_WINDOW)[:-1]))
    starts = table_base[image_of] + np.minimum(name_offsets, lengths[image_of])
    # Prefixes are tested on a name's first _PREFIX_WORDS words; only a Mercury name (its first
    # word _MERCURY) is read past them. The other names' later words are never read and stay 0:
    # gathering them was half of this function's time on MXNet's 1.8 million sections.
    words = np.zeros((_NAME_WINDOW // 8, len(starts)), np.uint64)
    for j in range(_PREFIX_WORDS):
        words[j] = at[starts + 8 * j]
    mercury = np.flatnonzero(words[0] == np.uint64(int.from_bytes(_MERCURY, "little")))
    for j in range(_PREFIX_WORDS, _NAME_WINDOW // 8):
        words[j, mercury] = at[starts[mercury] + 8 * j]
    return words


def _prefixed(words, prefix: bytes, masked: dict | None = None):
    """Which names (columns of _name_heads' words) start with `prefix`. `masked`: the words
    already cut to a prefix's length, by (word, length), kept for the next test (many prefixes
    end within the same first bytes)."""
    import numpy as np

    hit = None
    for column in range(0, len(prefix), 8):
        chunk = prefix[column:column + 8]
        if len(chunk) == 8:
            word = words[column // 8]
        else:
            word = None if masked is None else masked.get((column, len(chunk)))
            if word is None:
                word = words[column // 8] & np.uint64(int.from_bytes(b"\xff" * len(chunk), "little"))
                if masked is not None:
                    masked[(column, len(chunk))] = word
        match = word == np.uint64(int.from_bytes(chunk.ljust(8, b"\0"), "little"))
        hit = match if hit is None else hit & match
    return hit


def _load_bytes(columns, words, image_of, images: int) -> list[tuple[int, int]]:
    """Each image's (bytes loading it places on the GPU, of which module-scope globals). Code,
    constant banks and globals (NOBITS too) are placed; static shared memory (`.nv.shared.*`,
    SHF_ALLOC but per-block on-chip memory) is not. Globals go to the driver's data heap, the rest
    to its code heap (docs/memory.md, calibrated on a GPU).

    Column-wise, as _image_sections: a tuple per section was a fifth of MXNet's report."""
    import numpy as np

    alloc = np.flatnonzero(columns["flags"] & np.uint64(SHF_ALLOC))
    alloc = alloc[~_prefixed(words[:, alloc], _SHARED)]
    alloc_words = words[:, alloc]
    globals_ = _prefixed(alloc_words, _GLOBALS[0]) | _prefixed(alloc_words, _GLOBALS[1])
    owner = image_of[alloc]
    sizes = columns["size"][alloc]
    aligns = np.maximum(columns["align"][alloc], np.uint64(1))
    if len(sizes) and max(int(sizes.max()), int(aligns.max())) < 1 << 62:
        rounded = (sizes + aligns - np.uint64(1)) // aligns * aligns  # each below 2**63
        if not len(rounded) or int(rounded.max()) < (1 << 63) // len(rounded):  # no sum can wrap
            return list(zip(_sums_by_image(rounded, owner, images),
                            _sums_by_image(np.where(globals_, rounded, np.uint64(0)), owner, images)))
    # A forged size or alignment that uint64 arithmetic could wrap: Python's integers.
    loads, datas = [0] * images, [0] * images
    for image, s, a, is_global in zip(owner.tolist(), sizes.tolist(), aligns.tolist(), globals_.tolist()):
        rounded_size = -(-s // a) * a
        loads[image] += rounded_size
        if is_global:
            datas[image] += rounded_size
    return list(zip(loads, datas))


def _sums_by_image(values, owner, images: int) -> list[int]:
    """Exact per-image sums of uint64 `values` (rows grouped by image, their total below 2**63)."""
    import numpy as np

    totals = np.concatenate((np.zeros(1, np.uint64), np.cumsum(values, dtype=np.uint64)))
    ends = np.searchsorted(owner, np.arange(images), side="right")
    starts = np.searchsorted(owner, np.arange(images), side="left")
    return (totals[ends] - totals[starts]).tolist()


def _section_names(shstr: bytes, sections) -> list[bytes]:
    """Each section's name. Names are read by splitting the string table once (C speed) and
    mapping start offsets; a name that starts mid-string (a shared suffix) falls back to a scan."""
    starts, pos = {}, 0
    for piece in shstr.split(b"\0"):
        starts[pos] = piece
        pos += len(piece) + 1
    return [starts[s[0]] if s[0] in starts else _cstr(shstr, s[0]) for s in sections]


def _measure_resources(data, sections, kernels, kernel_sections, kernel_symbols) -> None:
    """Registers, stack, shared memory, constants and parameters: only the per-kernel table shows them."""
    shstr_sec = sections[_shstrndx(data)]
    shstr = data[shstr_sec[4]:shstr_sec[4] + shstr_sec[5]]
    names = _section_names(shstr, sections)
    by_name = dict(zip(names, sections))
    # Registers and stack: the common .nv.info's records, keyed by (symbol table, symbol index).
    counts: dict[tuple[int, int], int] = {}
    stacks: dict[tuple[int, int], int] = {}
    frames: dict[tuple[int, int], int] = {}
    wanted = {EIATTR_REGCOUNT: counts, EIATTR_MIN_STACK_SIZE: stacks, EIATTR_FRAME_SIZE: frames}
    for name, sec in zip(names, sections):
        if name == b".nv.info" and sec[1] != SHT_NOBITS:
            for attr, symbol, value in _sval_records(data, sec[4], sec[5], wanted):
                wanted[attr][(sec[6], symbol)] = value
    for kernel, index, (symtab, symbol, raw_name) in zip(kernels, kernel_sections, kernel_symbols):
        registers = counts.get((symtab, symbol))
        if registers is None and 0 < index < len(sections):
            registers = sections[index][7] >> 24  # older cubins without a REGCOUNT record
        kernel.registers = registers or 0
        stack = stacks.get((symtab, symbol))
        kernel.stack_bytes = stack if stack is not None else frames.get((symtab, symbol), 0)
        constant = by_name.get(b".nv.constant0." + raw_name)
        kernel.constant_bytes = constant[5] if constant is not None else 0
        local = by_name.get(b".nv.local." + raw_name)
        kernel.local_bytes = local[5] if local is not None else 0
        # Shared memory and parameters live in sections named after the kernel (raw bytes: a
        # name that is not UTF-8 still finds its sections).
        shared = by_name.get(b".nv.shared." + raw_name)
        kernel.shared_bytes = shared[5] if shared is not None else 0
        info = by_name.get(b".nv.info." + raw_name)
        # A NOBITS info section has no bytes in the file: nothing to read.
        kernel.param_bytes = _param_bytes(data, info[4], info[5]) if info is not None and info[1] != SHT_NOBITS else 0


# Relocation entries as numpy reads them, per ELF class: (r_offset, r_info) first in REL and RELA;
# the type is r_info's low 32 bits (ELF64) or low byte (ELF32). RELA entries add an addend, which,
# like the symbol, belongs to the target.
_REL_FIELDS = {2: ("<u8", "<i8", 0xFFFFFFFF), 1: ("<u4", "<i4", 0xFF)}
_NOP_SM70 = (0x7918).to_bytes(8, "little")  # the low word of every sm_70+ NOP (opcode 0x918, predicate PT)
_ZERO_SM50 = bytes(8)  # before sm_70 the trailing padding is zero words
_NO_PLACES = bytes(8)  # a count of 0: a kernel's code with nothing relocated
_CONSTANT0 = b".nv.constant0."
_CONSTANT0_HEAD, _CONSTANT0_TAIL = (int.from_bytes(_CONSTANT0[:8], "little"), int.from_bytes(_CONSTANT0[6:], "little"))


def _fingerprint_kernels(data: bytes, table, kernels, kernel_sections, kernel_symbols, elf_class: int, sm: int,
                         constants: bool) -> None:
    """Set each kernel's code_digest (see the module docstring), and with `constants` its
    constant_bytes (what the context-memory model needs, without the other resources). SASS
    instructions are 16 bytes from sm_70 on, 8 before (where every fourth holds scheduling bits).
    `table`: the section header table as numpy columns (parse_cubin checked it): no tuple per
    section (libcusparse's images hold 360,000 sections), and no Python step per section or
    kernel but the name of a constant bank and the hash."""
    import numpy as np

    section_count = len(table)
    offsets, sizes = table["offset"], table["size"]
    if constants:
        # Only the sections whose name starts with `.nv.constant0.` are named (a name may start
        # inside another's string): the prefix tested column-wise at every name's offset; the last
        # section of a name wins, as in a dict of all of them.
        shstrndx = _shstrndx(data)
        start = int(offsets[shstrndx])
        shstr = data[start:start + int(sizes[shstrndx])]
        skip = len(_CONSTANT0)
        names = table["name"].astype(np.int64)
        banks = np.flatnonzero(names <= len(shstr) - skip)
        if len(banks):
            # The 14-byte prefix as two overlapping little-endian words (bytes 0-7 and 6-13), read
            # at each name's offset.
            words = _words_at_every_byte(shstr)
            at = names[banks]
            banks = banks[(words[at] == _CONSTANT0_HEAD) & (words[at + 6] == _CONSTANT0_TAIL)]
        bank_bytes = {_cstr(shstr, name + skip): size
                      for name, size in zip(names[banks].tolist(), sizes[banks].tolist())}
        for kernel, (_symtab, _symbol, raw_name) in zip(kernels, kernel_symbols):
            kernel.constant_bytes = bank_bytes.get(raw_name, 0)
    width = 16 if sm >= 70 else 8
    codes = np.array(kernel_sections, np.int64)
    coded = np.flatnonzero((codes > 0) & (codes < section_count))
    coded = coded[~_no_file_bytes(table["type"][codes[coded]])]
    codes = codes[coded]
    relocated, copy = _relocated_code(data, table, np.unique(codes).tolist(), elf_class, width)
    # Each coded kernel's buffer (0: the image, 1: the relocated copy), base in it and places.
    in_copy = np.zeros(len(codes), bool)
    bases = offsets[codes].astype(np.int64)
    places = [_NO_PLACES] * len(codes)
    if relocated:
        patched = np.array(sorted(relocated), np.int64)
        moved = np.flatnonzero(np.isin(codes, patched))
        in_copy[moved] = True
        for i, index in zip(moved.tolist(), codes[moved].tolist()):
            places[i], _buf, bases[i] = relocated[index]
    ends = np.zeros(len(codes), np.int64)
    for buf, mine in ((data, ~in_copy), (copy, in_copy)):
        if mine.any():
            ends[mine] = _padding_cut(buf, bases[mine], sizes[codes[mine]].astype(np.int64), width)
    views = (memoryview(data), memoryview(copy))  # slices of them copy nothing
    sha256 = hashlib.sha256
    for i, kernel_at, base, end, copied in zip(range(len(codes)), coded.tolist(), bases.tolist(),
                                               (bases + ends).tolist(), in_copy.tolist()):
        # with the CPU's SHA instructions, twice blake2b's speed here
        digest = sha256(places[i])
        digest.update(views[copied][base:end])
        kernels[kernel_at].code_digest = digest.hexdigest()[:32]


_PADDING_LOOK = 32  # instructions tested at once at each code's end (libcusparse's: 12 of padding on average)


def _padding_cut(buf, bases, sizes, width: int):
    """Where each code (`buf[base:base + size]`) ends without its trailing padding: whole
    instructions from its last whole one back, while they are NOPs (sm_70+: the low word) or, before
    sm_70, zero words. Column-wise, _PADDING_LOOK instructions of every code at a time, not a
    Python test per instruction. `bases`, `sizes` and the ends returned: int64 arrays."""
    import numpy as np

    pad_word = np.uint64(int.from_bytes(_NOP_SM70 if width == 16 else _ZERO_SM50, "little"))
    sizes = np.asarray(sizes, np.int64)
    ends = sizes - sizes % width
    base = np.asarray(bases, np.int64)
    if len(buf) < 8:
        return ends
    words = _words_at_every_byte(buf)
    back = np.arange(1, _PADDING_LOOK + 1, dtype=np.int64) * width
    todo = np.arange(len(ends))
    while len(todo):
        rest = ends[todo, None] - back  # where each of the instructions before the end starts
        inside = rest >= 0
        padding = inside & (words[np.where(inside, base[todo, None] + rest, 0)] == pad_word)
        run = np.where(padding.all(axis=1), _PADDING_LOOK, np.argmin(padding, axis=1))
        ends[todo] -= run * width
        todo = todo[run == _PADDING_LOOK]
    return ends


def _relocated_code(data: bytes, table, code_sections: list[int], elf_class: int, width: int):
    """For each of `code_sections` (sorted .text indices, each with bytes in the file) that a
    relocation patches: index -> (its places, the buffer and offset of its code with them blanked),
    and that buffer. Places: the count, then (instruction start, relocation type) of each relocation
    within the code, in the order of (offset, type), as little-endian uint64s: what a relocation's
    target changes between copies of the same code is blanked, what it is stays (module docstring).
    Column-wise: one copy of all the patched code and one numpy pass per image, not a slice
    assignment per relocation."""
    import numpy as np

    types, infos = table["type"], table["info"]
    wanted = np.zeros(len(table), bool)
    wanted[code_sections] = True
    rel_sections = ((types == SHT_REL) | (types == SHT_RELA)) & wanted[np.minimum(infos, len(table) - 1)] \
        & (infos < len(table))
    if not rel_sections.any():
        return {}, b""
    unsigned, signed, type_mask = _REL_FIELDS[elf_class]
    targets, ats, kinds = [], [], []
    for stype, fields in ((SHT_REL, [("offset", unsigned), ("info", unsigned)]),
                          (SHT_RELA, [("offset", unsigned), ("info", unsigned), ("addend", signed)])):
        layout = np.dtype(fields)
        these = np.flatnonzero(rel_sections & (types == stype))
        if not len(these):
            continue
        # Every relocation section of this layout in one array: their entries end to end.
        counts = table["size"][these] // layout.itemsize
        starts = table["offset"][these]
        entries = np.frombuffer(b"".join(data[s:s + c * layout.itemsize] for s, c in zip(starts.tolist(), counts.tolist())),
                                layout)
        targets.append(np.repeat(infos[these].astype(np.int64), counts.astype(np.int64)))
        ats.append(entries["offset"].astype(np.uint64))
        kinds.append((entries["info"] & type_mask).astype(np.uint64))
    target, at, kind = np.concatenate(targets), np.concatenate(ats), np.concatenate(kinds)
    order = np.lexsort((kind, at, target))
    target, at, kind = target[order], at[order], kind[order]
    start = at - at % np.uint64(width)
    code_size = table["size"][target].astype(np.uint64)
    inside = start < code_size
    target, start, kind, code_size = target[inside], start[inside], kind[inside], code_size[inside]
    if not len(target):
        return {}, b""
    patched, first, counts = np.unique(target, return_index=True, return_counts=True)
    # The patched sections' code, one after another in one private copy (sections that overlap
    # in a forged image each get their own bytes), and each relocated instruction blanked in it,
    # clipped to its section's end.
    patched_offsets, patched_sizes = table["offset"][patched].tolist(), table["size"][patched].tolist()
    bases = np.concatenate(([0], np.cumsum(patched_sizes, dtype=np.int64)[:-1]))
    view = memoryview(data)
    copy = bytearray().join(view[o:o + s] for o, s in zip(patched_offsets, patched_sizes))
    slots = start[:, None] + np.arange(width, dtype=np.uint64)
    blanked = (np.repeat(bases, counts).astype(np.uint64)[:, None] + slots)[slots < code_size[:, None]]
    np.frombuffer(copy, np.uint8)[blanked.astype(np.int64)] = 0
    places = np.stack((start, kind), axis=1).astype("<u8")
    return {index: (count.to_bytes(8, "little") + places[begin:begin + count].tobytes(), copy, base)
            for index, begin, count, base in zip(patched.tolist(), first.tolist(), counts.tolist(), bases.tolist())}, copy


def _sval_records(data: bytes, off: int, size: int, wanted):
    """(attribute, symbol index, value) of each 8-byte SVAL record of an attribute in `wanted` in
    an .nv.info section."""
    pos, end = off, min(off + size, len(data))
    while pos + 4 <= end:
        fmt, attr = data[pos], data[pos + 1]
        if fmt == EIFMT_SVAL:
            length = int.from_bytes(data[pos + 2:pos + 4], "little")
            if attr in wanted and length == 8 and pos + 12 <= end:
                yield (attr, int.from_bytes(data[pos + 4:pos + 8], "little"),
                       int.from_bytes(data[pos + 8:pos + 12], "little"))
            pos += 4 + length
        else:
            pos += 4


def _shstrndx(data: bytes) -> int:
    return int.from_bytes(data[62:64], "little") if data[4] == 2 else int.from_bytes(data[50:52], "little")


def _param_bytes(data: bytes, off: int, size: int) -> int:
    """Parameter bytes from a kernel's .nv.info attributes (4-byte records, SVAL ones sized)."""
    pos, end = off, min(off + size, len(data))  # a section cut short by the file: read what is there
    fallback = 0
    while pos + 4 <= end:
        fmt, attr, value = data[pos], data[pos + 1], int.from_bytes(data[pos + 2:pos + 4], "little")
        if fmt == EIFMT_SVAL:
            if attr == EIATTR_PARAM_CBANK and value >= 8 and pos + 12 <= end:
                fallback = int.from_bytes(data[pos + 10:pos + 12], "little")
            pos += 4 + value
            continue
        if attr == EIATTR_CBANK_PARAM_SIZE:
            return value
        pos += 4
    return fallback
