"""What a compiled shard object holds: its fatbin and the mangled name of each variant.

Run by ninja once per shard object (`python -m kfoot.compile.objinfo`), so the work is parallel
and incremental like the compile itself. The mangled names come from the relocations of the
shard's exported kernel table: entry i points at variant i's host stub, whose symbol is the
kernel's mangled name (the sources are compiled with -static-global-template-stub=false).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from elftools.elf.elffile import ELFFile
from elftools.elf.relocation import RelocationSection
from elftools.elf.sections import SymbolTableSection

from ..core.errors import KfootError
from ..core.atomic import write_atomic
from .fatbin_merge import merge_containers, split_containers


def read_shard_object(path: Path, table_symbol: str) -> tuple[bytes, list[str]]:
    """(fatbin bytes of the object, mangled kernel names in table order)."""
    with open(path, "rb") as fh:
        elf = ELFFile(fh)
        section = elf.get_section_by_name(".nv_fatbin")
        # nvcc writes one container per object; should there be several, they are one compile
        # unit, kept as one container so the shard fatbin loads as one module.
        fatbin = merge_containers(split_containers(section.data(), path)) if section is not None else b""
        symtab = elf.get_section_by_name(".symtab")
        if not isinstance(symtab, SymbolTableSection):
            raise ValueError(f"{path}: no symbol table")
        table = next((s for s in symtab.iter_symbols() if s.name == table_symbol), None)
        if table is None:
            raise ValueError(f"{path}: kernel table {table_symbol} not found")
        shndx, start, size = table["st_shndx"], table["st_value"], table["st_size"]
        entries: dict[int, str] = {}
        for rel_section in elf.iter_sections():
            if not isinstance(rel_section, RelocationSection) or rel_section["sh_info"] != shndx:
                continue
            for rel in rel_section.iter_relocations():
                offset = rel["r_offset"]
                if not start <= offset < start + size:
                    continue
                sym = symtab.get_symbol(rel["r_info_sym"])
                name = sym.name
                if not name or sym["st_info"]["type"] == "STT_SECTION":
                    # A local stub referenced as section + addend: find the symbol there.
                    name = _symbol_at(symtab, sym["st_shndx"], rel["r_addend"])
                entries[(offset - start) // 8] = name
        return fatbin, [entries[i] for i in sorted(entries)]


def read_symbols(path: Path) -> list[str]:
    """The mangled kernel names `main` recorded for a shard (its --symbols file), in table order."""
    try:
        names = json.loads(Path(path).read_text())["symbols"]
    except FileNotFoundError:
        raise KfootError(f"{path}: missing (was the build interrupted? run it again)") from None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise KfootError(f"{path}: unreadable ({exc}); delete the build folder and rebuild") from None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise KfootError(f"{path}: not a list of kernel names; delete the build folder and rebuild")
    return names


def _symbol_at(symtab: SymbolTableSection, shndx, value: int) -> str:
    for sym in symtab.iter_symbols():
        if sym["st_shndx"] == shndx and sym["st_value"] == value and sym["st_info"]["type"] == "STT_FUNC":
            return sym.name
    return ""




def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kfoot.compile.objinfo")
    parser.add_argument("object", type=Path)
    parser.add_argument("--table", required=True)
    parser.add_argument("--fatbin", type=Path, required=True)
    parser.add_argument("--symbols", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        fatbin, names = read_shard_object(args.object, args.table)
    except (OSError, ValueError, KeyError, KfootError) as exc:
        print(f"kfoot objinfo: {exc}", file=sys.stderr)
        return 1
    write_atomic(args.fatbin, fatbin)
    write_atomic(args.symbols, json.dumps({"table": args.table, "symbols": names}).encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
