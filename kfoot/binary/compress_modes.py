"""What each `nvcc --compress-mode` does to a fatbin entry, and the slot an entry would take under it.

Found by building one source in every mode with nvcc 13.5 and recompressing the decoded entries
until the byte counts matched exactly (docs/report.md, "Compression what-if"):

| mode              | codec, level               | entries compressed            |
|-------------------|----------------------------|-------------------------------|
| none              | -                          | none                          |
| speed             | LZ4 HC, level 3 (block)    | PTX                           |
| balance, default  | zstd 5, content size, no checksum | PTX                    |
| size              | zstd 19, content size, no checksum | PTX and SASS          |

A `--concat` group is compressed whole with the mode's codec (nvcc refuses `--concat` with
`none`; there it is predicted stored as is). Slots are padded to 8 bytes; headers do not change
size. Plain functions over bytes.
"""

from __future__ import annotations

import lz4.block
import zstandard

from .fatbin import KIND_ELF, KIND_PTX

MODES = ("none", "speed", "balance", "size", "default")
# mode -> (codec, level, entry kinds it compresses)
RULES = {
    "none": (None, 0, frozenset()),
    "speed": ("lz4", 3, frozenset({KIND_PTX})),
    "balance": ("zstd", 5, frozenset({KIND_PTX})),
    "size": ("zstd", 19, frozenset({KIND_PTX, KIND_ELF})),
    "default": ("zstd", 5, frozenset({KIND_PTX})),
}
GROUP = "group"  # the kind passed for a `--concat` group's payload


def pad8(n: int) -> int:
    return (n + 7) & ~7


def compress_memory(size: int) -> int:
    """Bytes compressing `size` bytes holds at most, over all modes: the zstd 19 context (the
    largest), its output bound, and the input."""
    params = zstandard.ZstdCompressionParameters.from_level(19, source_size=max(size, 1))
    return params.estimated_compression_context_size() + 2 * size + (1 << 16)


def _compressed(codec: str, level: int, payload: bytes) -> int:
    if codec == "lz4":
        return len(lz4.block.compress(payload, mode="high_compression", compression=level, store_size=False))
    return len(zstandard.ZstdCompressor(level=level, write_content_size=True,
                                        write_checksum=False).compress(payload))


def predicted_slots(kind, payload: bytes) -> dict[str, int]:
    """The payload slot (bytes, padded) this entry would take under each mode, given its decoded
    payload: `kind` is fatbin.KIND_PTX, KIND_ELF, or GROUP for a `--concat` group's payload."""
    payload = bytes(payload)
    sizes: dict[tuple, int] = {}
    out = {}
    for mode in MODES:
        codec, level, kinds = RULES[mode]
        if codec is None or (kind != GROUP and kind not in kinds):
            out[mode] = pad8(len(payload))
            continue
        if (codec, level) not in sizes:
            sizes[codec, level] = _compressed(codec, level, payload)
        out[mode] = pad8(sizes[codec, level])
    return out


def ptx_text(slot: bytes) -> bytes:
    """An uncompressed PTX entry's text as nvcc compresses it: the slot without its zero padding,
    with the one NUL that ends the text (a compressed PTX entry's payload ends with it too)."""
    return bytes(slot).rstrip(b"\0") + b"\0"
