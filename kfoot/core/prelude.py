"""kfoot's prelude: the first lines of every translation unit kfoot generates.

The nvcc shard sources (kfoot.compile.sources) and the NVRTC programs (kfoot.runtime.compiler)
both start with it, so every C++ spelling kfoot writes into a template-id is defined whatever
the user's header includes: the integer dtypes are fundamental types (no <cstdint> needed,
and the same type under nvcc and NVRTC, hence the same mangled name), float16 and bfloat16
come from cuda_fp16.h / cuda_bf16.h, and the complex dtypes from <cuda/std/complex>, which is
included only when a template-id names it (it costs NVRTC ~1 s of parsing). A spec-declared
dtype's header is included after them when the caller passes it.

One implementation for both compilers; it lives in core because runtime may not import spec.
Its text is part of the RTC cache key (kfoot.runtime.fingerprint), so a change here never
reuses a cubin compiled with the old prelude.
"""

from __future__ import annotations

from collections.abc import Iterable

COMPLEX_SPELLING = "cuda::std::complex<"

_HEAD = (
    "// kfoot prelude: defines every type kfoot spells in a template-id (see docs/spec.md).\n"
    "#include <cuda_fp16.h>\n"
    "#include <cuda_bf16.h>\n"
)


def prelude(template_ids: Iterable[str], headers: Iterable[str] = ()) -> str:
    """The prelude for a translation unit instantiating `template_ids`; `headers` are extra
    files to include (spec-declared dtypes' headers), as `#include "..."` names."""
    text = _HEAD
    if any(COMPLEX_SPELLING in t for t in template_ids):
        text += "#include <cuda/std/complex>\n"
    for header in dict.fromkeys(headers):
        text += f'#include "{header}"\n'
    return text + "// end of the kfoot prelude\n"
