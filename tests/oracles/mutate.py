"""Seeded mutation of binary and JSON inputs, for the tests' fuzz loops and scripts/fuzz.py.

Every mutant is reproducible from (seed, index) alone: `mutant(data, seed, index, regions)`
draws from random.Random(f"{seed}:{index}"), so a failure found at index 2817 is replayed
without the 2816 before it. A mutant is 1..`max_ops` operations:

- bit: one bit flipped;                 - byte: a byte set to 0, 0xff, 0x7f or 0x80 (or any value);
- int32 / int64: an aligned 4- or 8-byte slot set to an extreme (0, 1, max, sign bit, ...);
- field: one of the given header fields (offset, size) set to an extreme of its width, nudged
  by a small delta, or to a random value (sizes 1, 2, 4, 8; a longer region gets an aligned slot);
- truncate: the data cut short;
- duplicate / delete: a chunk copied in place or removed.

`regions` are (offset, size) header fields; positions of bit/byte/int operations fall inside a
region with probability `bias` (else anywhere). The region finders below read the formats with
the tests' own oracles (pyelftools, tests/oracles/fatbin.py, zipfile and the ar layout), never
with kfoot.binary. JSON documents also get structure-aware mutations (`mutant_json`), usage
traces (`mutant_trace`) and budget files (`mutant_budget`) line-aware ones.
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
import random
import struct
import zipfile

INTERESTING_8 = (0x00, 0xFF, 0x7F, 0x80)
INTERESTING_16 = (0, 1, 0xFFFF, 0x7FFF, 0x8000)
INTERESTING_32 = (0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x10000)
INTERESTING_64 = (0, 1, 2 ** 64 - 1, 2 ** 63 - 1, 2 ** 63, 1 << 32, 1 << 40)
_BY_WIDTH = {1: INTERESTING_8, 2: INTERESTING_16, 4: INTERESTING_32, 8: INTERESTING_64}

OPS = ("bit", "byte", "int32", "int64", "field", "truncate", "duplicate", "delete")
# Byte-level edits are the common case; length changes are rarer (each can hide the others).
WEIGHTS = {"bit": 4, "byte": 4, "int32": 2, "int64": 2, "field": 6, "truncate": 1, "duplicate": 1, "delete": 1}


def rng_for(seed: int | str, index: int) -> random.Random:
    return random.Random(f"{seed}:{index}")


_FITTING: dict[tuple, tuple] = {}  # (id(regions), size, align) -> (regions, the regions that fit)


def _fitting(regions, size: int, align: int | None) -> list[tuple[int, int]]:
    """The regions an `align`-byte write fits in, cut at `size` (align None: the regions that start
    before `size`, whole): the same list for every mutant of one input until its length changes,
    so kept (a list over thousands of ELF fields per write was most of the mutation time)."""
    key = (id(regions), size, align)
    cached = _FITTING.get(key)
    if cached is not None and cached[0] is regions:
        return cached[1]
    if align is None:
        fitting = [(o, n) for o, n in regions if o < size]
    else:
        fitting = [(o, min(n, size - o)) for o, n in regions if o + align <= size and min(n, size - o) >= align]
    if len(_FITTING) > 256:
        _FITTING.clear()
    _FITTING[key] = (regions, fitting)
    return fitting


def _position(rng: random.Random, size: int, regions, bias: float, align: int = 1) -> int | None:
    """A position for a `align`-byte write: inside a region (with probability bias) or anywhere."""
    if size < align:
        return None
    fitting = _fitting(regions, size, align) if regions else []
    if fitting and rng.random() < bias:
        offset, length = rng.choice(fitting)
        pos = offset + rng.randrange(0, length - align + 1)
    else:
        pos = rng.randrange(0, size - align + 1)
    return pos - pos % align


def _field_value(rng: random.Random, width: int, old: int) -> int:
    choice = rng.random()
    if choice < 0.6:
        return rng.choice(_BY_WIDTH[width])
    if choice < 0.85:
        return (old + rng.choice((-1, 1, -8, 8, 16, -16, 4096))) % (1 << (8 * width))
    return rng.randrange(1 << (8 * width))


def apply_op(data: bytearray, op: str, rng: random.Random, regions=(), bias: float = 0.7) -> str:
    """Apply one operation to data in place; returns what was done (for a failure message)."""
    size = len(data)
    if size == 0:
        return "skip (empty)"
    if op == "bit":
        pos = _position(rng, size, regions, bias)
        bit = rng.randrange(8)
        data[pos] ^= 1 << bit
        return f"bit {bit} of {pos:#x}"
    if op == "byte":
        pos = _position(rng, size, regions, bias)
        value = rng.choice(INTERESTING_8) if rng.random() < 0.6 else rng.randrange(256)
        data[pos] = value
        return f"byte {pos:#x}={value:#x}"
    if op in ("int32", "int64"):
        width = 4 if op == "int32" else 8
        pos = _position(rng, size, regions, bias, width)
        if pos is None:
            return "skip (short)"
        value = rng.choice(_BY_WIDTH[width])
        data[pos:pos + width] = value.to_bytes(width, "little")
        return f"{op} {pos:#x}={value:#x}"
    if op == "field":
        fields = _fitting(regions, size, None) if regions else []
        if not fields:
            return apply_op(data, "int32", rng, regions, bias)
        offset, length = rng.choice(fields)
        width = length if length in _BY_WIDTH else rng.choice([w for w in (1, 2, 4, 8) if w <= max(length, 1)])
        pos = offset + (rng.randrange(0, max(length - width, 0) + 1) if length != width else 0)
        pos -= (pos - offset) % width
        if pos + width > size:
            return "skip (field past the end)"
        old = int.from_bytes(data[pos:pos + width], "little")
        value = _field_value(rng, width, old)
        data[pos:pos + width] = value.to_bytes(width, "little")
        return f"field {pos:#x}/{width}: {old:#x}->{value:#x}"
    if op == "truncate":
        # often inside a region (a header cut short), else anywhere
        cut = _position(rng, size, regions, bias)
        del data[cut:]
        return f"truncate at {cut:#x}"
    if op in ("duplicate", "delete"):
        start = _position(rng, size, regions, bias)
        length = min(rng.choice((1, 4, 8, 16, 64, 256, 4096)), size - start)
        if op == "delete":
            del data[start:start + length]
            return f"delete {length} at {start:#x}"
        chunk = bytes(data[start:start + length])
        at = _position(rng, size, regions, bias)
        data[at:at] = chunk
        return f"duplicate {length} from {start:#x} to {at:#x}"
    raise ValueError(f"unknown mutation {op!r}")


def mutate(data: bytes, rng: random.Random, regions=(), *, ops=OPS, max_ops: int = 6,
           bias: float = 0.7) -> tuple[bytes, list[str]]:
    """1..max_ops operations (drawn from `ops`, weighted) applied to a copy of data."""
    out = bytearray(data)
    weights = [WEIGHTS.get(op, 1) for op in ops]
    done = []
    for _ in range(rng.randint(1, max_ops)):
        op = rng.choices(ops, weights)[0]
        done.append(apply_op(out, op, rng, regions, bias))
    return bytes(out), done


def mutant(data: bytes, seed: int | str, index: int, regions=(), **kwargs) -> tuple[bytes, list[str]]:
    """The index-th mutant of data for this seed (independent of every other index)."""
    return mutate(data, rng_for(seed, index), regions, **kwargs)


# ------------------------------------------------------------------ JSON documents

_WEIRD = (None, True, -1, 0, 2 ** 63, 2 ** 64 - 1, 2 ** 64, -(2 ** 63) - 1, 1.5, 1e308, "", "x" * 300,
          "sm_\u00e9", "\u202e", [], {}, [[[[]]]], {"": {}}, "NaN", "1e999")


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _paths(value, prefix + (i,))


def mutate_json(doc, rng: random.Random, max_ops: int = 3) -> tuple[object, list[str]]:
    """A copy of a JSON document with 1..max_ops values replaced by odd ones, keys deleted or
    renamed, containers emptied or duplicated."""
    doc = copy.deepcopy(doc)
    done = []
    for _ in range(rng.randint(1, max_ops)):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        choice = rng.random()
        where = "/".join(map(str, path))
        if choice < 0.55:
            value = copy.deepcopy(rng.choice(_WEIRD))
            parent[key] = value
            done.append(f"{where}={json.dumps(value)[:40]}")
        elif choice < 0.7 and isinstance(parent, dict):
            del parent[key]
            done.append(f"del {where}")
        elif choice < 0.8 and isinstance(parent, dict):
            parent[str(key) + "_"] = parent.pop(key)
            done.append(f"rename {where}")
        elif choice < 0.9 and isinstance(parent[key], (int, float)) and not isinstance(parent[key], bool):
            parent[key] = -parent[key] if rng.random() < 0.5 else parent[key] * 1000 + 1
            done.append(f"scale {where}")
        elif isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] + parent[key]
            done.append(f"double {where}")
        else:
            parent[key] = copy.deepcopy(rng.choice(_WEIRD))
            done.append(f"{where}=odd")
    return doc, done


def mutant_json(text: bytes, seed: int | str, index: int) -> tuple[bytes, list[str]]:
    """Half structure-aware (a valid JSON document with odd values), half byte-level."""
    rng = rng_for(seed, index)
    if rng.random() < 0.5:
        doc, done = mutate_json(json.loads(text), rng)
        return json.dumps(doc, indent=rng.choice((None, 1))).encode(), done
    return mutate(text, rng, (), ops=("bit", "byte", "truncate", "duplicate", "delete"), max_ops=3)


# ------------------------------------------------------------------ header fields per format

def elf_regions(data: bytes, base: int = 0) -> list[tuple[int, int]]:
    """ELF header fields, every section and program header field (pyelftools)."""
    from elftools.elf.elffile import ELFFile

    regions = [(base + o, n) for o, n in ((4, 1), (5, 1), (16, 2), (18, 2), (32, 8), (40, 8), (52, 2),
                                          (54, 2), (56, 2), (58, 2), (60, 2), (62, 2))]
    try:
        elf = ELFFile(io.BytesIO(data))
        shoff, shentsize = elf.header["e_shoff"], elf.header["e_shentsize"]
        phoff, phentsize = elf.header["e_phoff"], elf.header["e_phentsize"]
        for i in range(elf.num_sections()):
            at = base + shoff + i * shentsize
            regions += [(at, 4), (at + 4, 4), (at + 8, 8), (at + 24, 8), (at + 32, 8), (at + 40, 4),
                        (at + 44, 4), (at + 48, 8), (at + 56, 8)]
        for i in range(elf.num_segments()):
            at = base + phoff + i * phentsize
            regions += [(at, 4), (at + 8, 8), (at + 32, 8), (at + 40, 8)]
    except Exception:  # noqa: BLE001 - a damaged ELF has only its header fields
        pass
    return regions


def fatbin_regions(data: bytes, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Container and entry header fields (tests/oracles/fatbin.py's scan), and the first bytes
    of every payload (a zstd or ELF header)."""
    from . import fatbin

    regions = []
    try:
        containers = fatbin.scan(data, start, len(data) if end is None else end)
    except Exception:  # noqa: BLE001 - nothing found is no regions
        return regions
    for container in containers:
        at = container.offset
        regions += [(at, 4), (at + 4, 2), (at + 6, 2), (at + 8, 8)]
        for entry in container.entries:
            e = entry.offset
            regions += [(e, 2), (e + 2, 2), (e + 4, 4), (e + 8, 8), (e + 16, 4), (e + 20, 4), (e + 24, 4),
                        (e + 28, 4), (e + 32, 8), (e + 40, 8), (e + 48, 8), (e + 56, 8)]
            if entry.header_size > 64:
                regions.append((e + 64, entry.header_size - 64))
            payload = e + entry.header_size
            regions.append((payload, min(64, entry.payload_size)))
            if data[payload:payload + 4] == b"\x7fELF":  # an uncompressed SASS image: its own ELF
                regions += elf_regions(bytes(data[payload:payload + entry.payload_size]), payload)
    return regions


def ar_regions(data: bytes) -> list[tuple[int, int]]:
    """Each member header of a System V archive (name, size and the magic at its end), and the
    member's own regions where it is an ELF object."""
    regions, pos = [], 8
    while pos + 60 <= len(data):
        regions += [(pos, 16), (pos + 48, 10), (pos + 58, 2)]
        try:
            size = int(data[pos + 48:pos + 58].decode().strip())
        except ValueError:
            break
        body = data[pos + 60:pos + 60 + size]
        if body.startswith(b"\x7fELF"):
            regions += elf_regions(body, pos + 60)
            regions += fatbin_regions(data, pos + 60, pos + 60 + size)
        pos += 60 + size + (size & 1)
    return regions


def zip_regions(data: bytes) -> list[tuple[int, int]]:
    """Local headers, central directory records and the end record of a zip (zipfile's offsets)."""
    regions = []
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
    except Exception:  # noqa: BLE001
        infos = []
    for info in infos:
        at = info.header_offset
        regions += [(at, 4), (at + 6, 2), (at + 8, 2), (at + 14, 4), (at + 18, 4), (at + 22, 4), (at + 26, 2),
                    (at + 28, 2)]
    end = data.rfind(b"PK\x05\x06")
    if end >= 0:
        regions += [(end + 8, 2), (end + 10, 2), (end + 12, 4), (end + 16, 4), (end + 20, 2)]
        pos = struct.unpack_from("<I", data, end + 16)[0] if end + 20 <= len(data) else len(data)
        while data[pos:pos + 4] == b"PK\x01\x02":
            regions += [(pos + 10, 2), (pos + 20, 4), (pos + 24, 4), (pos + 28, 2), (pos + 30, 2), (pos + 32, 2),
                        (pos + 42, 4)]
            lengths = struct.unpack_from("<HHH", data, pos + 28)
            pos += 46 + sum(lengths)
    return regions


def regions_for(data: bytes) -> list[tuple[int, int]]:
    """The header fields worth aiming at in data, by its format."""
    if data.startswith(b"!<arch>\n"):
        return ar_regions(data)
    if data.startswith(b"PK\x03\x04"):
        return zip_regions(data)
    if data.startswith(b"\x7fELF"):
        return elf_regions(data) + fatbin_regions(data)
    return fatbin_regions(data)


# ------------------------------------------------------------------ usage traces (JSON lines)

# What a trace line's template-id becomes: the cases of issue 29 (control characters, a newline
# and an escape sequence, very long ids, deep nesting, other types) and a few odd strings.
_ODD_IDS = (lambda r: "x" * r.choice((1000, 70_000, 300_000)), lambda r: "a\n# h|`c`<img>\x1b]52;c;Zm9v\x07",
            lambda r: "\x9b2J\x7f", lambda r: "", lambda r: None, lambda r: 7, lambda r: ["x"],
            lambda r: {"template_id": "x"}, lambda r: "kfoot::k<" + "int," * r.randint(1, 5000) + ">")


def mutate_trace(text: bytes, rng: random.Random, max_ops: int = 3) -> tuple[bytes, list[str]]:
    """A trace (JSON lines) with 1..max_ops lines changed: an odd template-id, a line deeply nested,
    a very long line, bytes that are not UTF-8, a line dropped or repeated."""
    lines = text.splitlines()
    done = []
    for _ in range(rng.randint(1, max_ops)):
        index = rng.randrange(len(lines)) if lines else 0
        choice = rng.random()
        if choice < 0.4 and lines:
            try:
                row = json.loads(lines[index])
            except (ValueError, RecursionError):  # a line mutated before, or nested deeply
                row = {}
            value = rng.choice(_ODD_IDS)(rng)
            row = row if isinstance(row, dict) else {}
            row["template_id"] = value
            lines[index] = json.dumps(row, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
            done.append(f"line {index + 1} template_id={json.dumps(value)[:40]}")
        elif choice < 0.55:
            depth = rng.choice((60, 1000, 100_000))
            lines.insert(index, b"[" * depth + b"]" * depth)
            done.append(f"line {index + 1} nested {depth} deep")
        elif choice < 0.65:
            lines.insert(index, b"\xff\xfe" + bytes(rng.randrange(256) for _ in range(16)))
            done.append(f"line {index + 1} not UTF-8")
        elif choice < 0.75 and lines:
            del lines[index]
            done.append(f"del line {index + 1}")
        elif lines:
            lines[index:index] = [lines[index]] * rng.randint(1, 3)
            done.append(f"repeat line {index + 1}")
    return b"\n".join(lines) + (b"\n" if rng.random() < 0.8 else b""), done


def mutant_trace(text: bytes, seed: int | str, index: int) -> tuple[bytes, list[str]]:
    """Half line-aware (mutate_trace), half byte-level."""
    rng = rng_for(seed, index)
    if rng.random() < 0.5:
        return mutate_trace(text, rng)
    return mutate(text, rng, (), ops=("bit", "byte", "truncate", "duplicate", "delete"), max_ops=3)


# ------------------------------------------------------------------ budget files (TOML)

_ODD_LIMITS = ('"5%"', '"-1%"', '"1e400%"', '"64KiB"', '"9' + "9" * 30 + 'MiB"', "-1", "1.5", "inf", "nan",
               "9" * 25, "9" * 5000, "true", "[]", "{}", '"x\\u001b]52;c;Zm9v\\u0007"', '"' + "y" * 10_000 + '"',
               '""', "0", "2%", '"1 GiB"')
_BUDGET_KEYS = ("max-kernel-growth", "max-size-growth", "max-register-growth", "max-stack-growth",
                "max-duplicate-bytes", "baseline", "unknown-key")


def mutate_budget(text: bytes, rng: random.Random, max_ops: int = 3) -> tuple[bytes, list[str]]:
    """A budget file with 1..max_ops lines added or replaced: a key set to an odd limit, a family
    table with an odd name, a value nested deeply."""
    lines = text.decode().splitlines()
    done = []
    for _ in range(rng.randint(1, max_ops)):
        choice = rng.random()
        key = rng.choice(_BUDGET_KEYS)
        if choice < 0.5:
            line = f"{key} = {rng.choice(_ODD_LIMITS)}"
            lines.insert(0, line)  # top-level keys go before the first table
            done.append(line[:50])
        elif choice < 0.7:
            name = rng.choice(("kfoot::x", "a\\nb", "\\u001b]52;c;Zm9v\\u0007", "z" * 5000, ""))
            lines += [f'[families."{name}"]', f"{key} = {rng.choice(_ODD_LIMITS)}"]
            done.append(f"family {name[:20]}")
        elif choice < 0.8:
            depth = rng.choice((10, 1000, 100_000))
            lines.insert(0, f"{key} = " + "[" * depth + "]" * depth)
            done.append(f"{key} nested {depth} deep")
        elif lines:
            index = rng.randrange(len(lines))
            del lines[index]
            done.append(f"del line {index + 1}")
    return ("\n".join(lines) + "\n").encode(), done


def mutant_budget(text: bytes, seed: int | str, index: int) -> tuple[bytes, list[str]]:
    """Half line-aware (mutate_budget), half byte-level."""
    rng = rng_for(seed, index)
    if rng.random() < 0.5:
        return mutate_budget(text, rng)
    return mutate(text, rng, (), ops=("bit", "byte", "truncate", "duplicate", "delete"), max_ops=3)


# ------------------------------------------------------------------ registries (registry.json)

_ODD_TEMPLATE_IDS = (
    lambda k, r: f'{k}<float>\n#include "/etc/shadow"\n', lambda k, r: f"{k}<float # 1>", lambda k, r: f"{k}<float,\r1>",
    lambda k, r: f"{k}<float>\x00", lambda k, r: f"{k}<" + "a" * r.choice((1000, 300_000)) + ">", lambda k, r: "other<float>",
    lambda k, r: k, lambda k, r: f"{k}<float", lambda k, r: f"{k}<\x1b]52;c;Zm9v\x07>", lambda k, r: 7, lambda k, r: None,
    lambda k, r: [f"{k}<float>"], lambda k, r: f"{k}<>", lambda k, r: f"{k}<a\u2028b>")
_ODD_PATHS = ("../../etc/shadow", "/etc/shadow", "/dev/zero", "templates/../../x", "", ".", "templates", 5, None,
              "templates/\x00x", "a" * 5000)
_ODD_CONTAINERS = (-1, 2 ** 63, 2 ** 64, 1e23, "0", True, None, 0, 1, [0])


def mutate_registry(doc: dict, rng: random.Random, max_ops: int = 3) -> tuple[dict, list[str]]:
    """A copy of a registry.json document with 1..max_ops registry-aware changes: an odd
    template-id, an axis value removed or made a list or an object, a row of no family, a header,
    include folder or AOT fatbin leading out of the folder, an odd container index, an NVRTC
    option that reads a file; else mutate_json's generic changes."""
    doc = copy.deepcopy(doc)
    done = []
    rows = doc.get("variants") if isinstance(doc.get("variants"), list) else []
    families = doc.get("families") if isinstance(doc.get("families"), dict) else {}
    aot = doc.get("aot") if isinstance(doc.get("aot"), dict) else None
    for _ in range(rng.randint(1, max_ops)):
        choice = rng.random()
        row = rng.choice(rows) if rows else None
        family = families.get(row.get("family")) if isinstance(row, dict) and isinstance(row.get("family"), str) else None
        if choice < 0.3 and isinstance(row, dict):
            kernel = family.get("kernel", "k") if isinstance(family, dict) else "k"
            row["template_id"] = rng.choice(_ODD_TEMPLATE_IDS)(str(kernel), rng)
            done.append(f"template_id={json.dumps(row['template_id'])[:40]}")
        elif choice < 0.45 and isinstance(row, dict) and isinstance(row.get("values"), dict) and row["values"]:
            axis = rng.choice(list(row["values"]))
            how = rng.choice(("del", "list", "object", "null"))
            if how == "del":
                del row["values"][axis]
            else:
                row["values"][axis] = {"list": [row["values"][axis]], "object": {"v": 1}, "null": None}[how]
            done.append(f"values/{axis} {how}")
        elif choice < 0.5 and isinstance(row, dict):
            row["family"] = rng.choice(("nope", "", 3, None))
            done.append(f"family={row['family']!r}")
        elif choice < 0.62 and families:
            fam = families[rng.choice(list(families))]
            if isinstance(fam, dict):
                field = rng.choice(("header", "include_dirs", "nvrtc_options", "free_axes", "axes", "kernel"))
                value = {"header": lambda: rng.choice(_ODD_PATHS), "include_dirs": lambda: [rng.choice(_ODD_PATHS)],
                         "nvrtc_options": lambda: [rng.choice(("--pre-include=/etc/shadow", "-I/", "-DX=1\n#x", "-G"))],
                         "free_axes": lambda: ["nope"], "axes": lambda: "TN", "kernel": lambda: rng.choice(("", 3, "k\n#"))}[field]()
                fam[field] = value
                done.append(f"family {field}={json.dumps(value)[:40]}")
        elif choice < 0.78 and aot is not None:
            kernels = aot.get("kernels") if isinstance(aot.get("kernels"), dict) else {}
            entry = kernels.get(rng.choice(list(kernels))) if kernels else None
            if rng.random() < 0.3 or not isinstance(entry, dict):
                aot["fatbin"] = rng.choice(_ODD_PATHS)
                done.append(f"aot/fatbin={json.dumps(aot['fatbin'])[:40]}")
            elif rng.random() < 0.5:
                entry["fatbin"] = rng.choice(_ODD_PATHS)
                done.append(f"aot kernel fatbin={json.dumps(entry['fatbin'])[:40]}")
            else:
                entry["container"] = rng.choice(_ODD_CONTAINERS)
                done.append(f"aot kernel container={json.dumps(entry['container'])}")
        else:
            doc, generic = mutate_json(doc, rng, 1)
            done += generic
            rows = doc.get("variants") if isinstance(doc.get("variants"), list) else []
            families = doc.get("families") if isinstance(doc.get("families"), dict) else {}
            aot = doc.get("aot") if isinstance(doc.get("aot"), dict) else None
    return doc, done


def mutant_registry(text: bytes, seed: int | str, index: int) -> tuple[bytes, list[str]]:
    """Three quarters registry-aware (mutate_registry), a quarter byte-level."""
    rng = rng_for(seed, index)
    if rng.random() < 0.75:
        doc, done = mutate_registry(json.loads(text), rng)
        return json.dumps(doc, indent=rng.choice((None, 1))).encode(), done
    return mutate(text, rng, (), ops=("bit", "byte", "truncate", "duplicate", "delete"), max_ops=3)


# ------------------------------------------------------------------ kernel-cache entries (entries/<k[:2]>/<key>.entry)

_ENTRY_FIELDS = ("key", "blob", "lowered_name", "blob_size", "arch", "name_expression", "family", "nvrtc", "kfoot",
                 "compile_seconds", "program_kernels", "created")
_ODD_ENTRY_VALUES = (*_WEIRD, "x", "sm_90", "../../etc/shadow", "\x1b]52;c;Zm9v\x07\n# h", "0" * 64, "AB" * 32,
                     int("1" * 64), [1, 2], {"a": {"b": None}}, -0.0, "x" * 70_000)


def mutate_cache_entry(meta: dict, rng: random.Random, max_ops: int = 3) -> tuple[dict, list[str]]:
    """A copy of an entry's metadata with 1..max_ops entry-aware changes: a known field given an
    odd value of any type (blob_size "x", a 64-digit number for the blob, a huge name), deleted,
    or an unknown field added; else mutate_json's generic changes."""
    meta = copy.deepcopy(meta)
    done = []
    for _ in range(rng.randint(1, max_ops)):
        choice = rng.random()
        if choice < 0.6 and isinstance(meta, dict):
            field = rng.choice(_ENTRY_FIELDS)
            meta[field] = rng.choice(_ODD_ENTRY_VALUES)
            done.append(f"{field}={json.dumps(meta[field])[:40]}")
        elif choice < 0.75 and isinstance(meta, dict) and meta:
            field = rng.choice(list(meta))
            del meta[field]
            done.append(f"del {field}")
        elif choice < 0.8 and isinstance(meta, dict):
            meta["extra"] = rng.choice(_ODD_ENTRY_VALUES)
            done.append("extra field")
        else:
            meta, generic = mutate_json(meta, rng, 1)
            done += generic
    return meta, done


def mutant_cache_entry(text: bytes, seed: int | str, index: int) -> tuple[bytes, list[str]]:
    """Three quarters entry-aware with the checksum line made valid again (json.dumps and hashlib,
    so the mutant reaches the type checks), a quarter byte-level (the checksum mostly fails)."""
    rng = rng_for(seed, index)
    if rng.random() < 0.75:
        meta, done = mutate_cache_entry(json.loads(text.partition(b"\n")[0]), rng)
        body = json.dumps(meta, sort_keys=True, separators=(",", ":")).encode()
        return body + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n", done
    return mutate(text, rng, (), ops=("bit", "byte", "truncate", "duplicate", "delete"), max_ops=3)
