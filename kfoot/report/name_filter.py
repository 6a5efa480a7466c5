"""The kernel-name filter: `--filter REGEX`, and the same pattern read back from a report's
`options.filter`, where it is untrusted.

Matched with RE2 (the google-re2 package), whose time is linear in the name whatever the
pattern: Python's backtracking `re` takes 2^n steps for `(\\w+)+;` against an n-character name
without a `;` (n = 40: never finishes), and it cannot be interrupted from Python while it runs,
so a time bound per match would have needed a process per match. RE2 refuses what it cannot
match in linear time (backreferences, lookaround), which a kernel-name filter does not need.
Measured on the 2-core development machine (2026-11-25), per name of 70 characters: 1.0 us with
RE2 on UTF-8 bytes, 0.2 us with `re` (and 4 us with RE2 on str, which is why names are encoded);
demangling the same name costs 1.0 us, so a filtered report stays within a few percent. And
`(\\w+)+;` against 100,000 characters: 0.2 ms.
"""

from __future__ import annotations

import functools

from ..core.errors import KfootError
from ..core.escape import shown

# A kernel-name filter is a few words; a longer pattern is refused before RE2 parses it.
MAX_FILTER_CHARS = 4096


@functools.cache
def _options():
    import re2

    options = re2.Options()
    options.log_errors = False  # RE2 would print each bad pattern on stderr itself
    return options


@functools.lru_cache(maxsize=16)
def _compiled(pattern: str):
    import re2

    return re2.compile(pattern.encode(), _options())


def check_filter(pattern: str, where: str, path: object = None) -> None:
    """A KfootError naming `where` ("--filter", "malformed report: options.filter") unless
    `pattern` is a regular expression RE2 compiles."""
    import re2

    if len(pattern) > MAX_FILTER_CHARS:
        raise KfootError(f"{where} is {len(pattern):,} characters, over the {MAX_FILTER_CHARS:,} a kernel-name "
                         "filter may have", path=path)
    try:
        _compiled(pattern)
    except re2.error as exc:
        reason = exc.args[0].decode(errors="replace") if exc.args and isinstance(exc.args[0], bytes) else str(exc)
        raise KfootError(f"{where} {shown(pattern)} is not a valid regular expression (RE2 syntax): "
                         f"{shown(reason)[1:-1]}", path=path) from None


def name_matches(pattern: str, *names: str) -> bool:
    """Whether `pattern` (checked already) matches anywhere in any of `names`."""
    compiled = _compiled(pattern)
    return any(compiled.search(name.encode()) is not None for name in names)
