"""The host binary around device code, whatever its format (ELF: kfoot.binary.hostelf; PE/COFF:
kfoot.binary.pe): its sections, and which of them hold fatbin containers.

The rule is the same for every format, only the names differ: the fatbin sections (`.nv_fatbin`
and `__nv_relfatbin` in ELF, `.nv_fatb` in a Windows DLL, whose section names are cut to 8
bytes) hold containers laid back to back; other data sections may embed containers (libcurand
keeps 1,747 in `.data`, on Linux and on Windows), found by scanning them.
"""

from __future__ import annotations

from dataclasses import dataclass

# The relocatable device code of `nvcc -rdc`: the objects' images, which the device link turns
# into the executable fatbin. In a file that also holds the executable fatbin they are copies
# that nothing registers (the host linker keeps every object's section).
RELOCATABLE_SECTIONS = ("__nv_relfatbin",)


@dataclass(slots=True)
class Section:
    name: str
    offset: int
    size: int
    has_bytes: bool  # False for NOBITS (.bss): occupies no file bytes
    executable: bool


@dataclass(slots=True)
class Host:
    format: str  # shared-object | executable | object
    sections: list[Section]
    machine: str
    fatbin_names: tuple[str, ...]  # sections of containers laid back to back: executable, then relocatable
    skip_prefixes: tuple[str, ...] = ()  # data sections that never embed containers (symbols, debug info)

    def fatbin_sections(self) -> list[Section]:
        return [s for s in self.sections if s.name in self.fatbin_names and s.has_bytes]

    def scannable_sections(self) -> list[Section]:
        """Other sections that may embed containers: data, not code, not debug info."""
        return [s for s in self.sections
                if s.has_bytes and not s.executable and s.name not in self.fatbin_names
                and not s.name.startswith(self.skip_prefixes) and s.size >= 80]

    def holds_relocatable_copies(self) -> bool:
        """Whether this file's relocatable sections are copies beside linked device code: it holds
        an executable fatbin section too. Then cuobjdump's default view (`cuobjdump -symbols`)
        shows only that one; without it (an `-rdc` object), the relocatable images are the device
        code, and its default view shows them."""
        return any(s.name not in RELOCATABLE_SECTIONS for s in self.fatbin_sections())


def shown_name(name: str, index: int) -> str:
    """A section's name for an error line: as it is when printable and short, else its index and
    the name escaped (a damaged string table gives newlines and binary garbage)."""
    if name and name.isprintable() and len(name) <= 80:
        return name
    return f"{index} ({ascii(name[:60])})" if name else str(index)
