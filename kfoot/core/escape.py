"""Names from files kfoot did not write (kernels, families, paths, template-ids) made safe for
where they are shown: one function per target, used by every renderer.

- `terminal_text`: a terminal. C0, DEL and C1 control characters are shown as escapes (`\\n`,
  `\\x1b`, `\\x9b`), so an OSC 52 clipboard write or a cursor move in a kernel name is text.
- `markdown_code`: Markdown (GitHub step summaries, PR comments). A code span whose fence is
  longer than any run of backticks in the name; control characters as for the terminal (a
  newline would end a table row or a paragraph); in a table cell, `|` escaped as GFM asks.
  Inside a code span `<`, `>`, `&`, `#`, `*` and `_` are literal: no HTML, no heading, no emphasis.
- `shown`: an error line. A short prefix of the value, quoted, with the total length after an
  ellipsis, so a 100 MB template-id never reaches a terminal whole; `shown_message` does the same
  for a parser's own message (tomllib's quotes a key whole), keeping where it points.
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_BACKTICKS = re.compile(r"`+")
_WHERE = re.compile(r"\s*\((?:at )?line \d+, column \d+\)$|\s*\(at end of document\)$")
ERROR_PREFIX = 80  # characters of a value an error line quotes


def _escaped(match: re.Match) -> str:
    char = match.group()
    return _NAMED.get(char) or f"\\x{ord(char):02x}"


def terminal_text(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with every C0, DEL and C1 character shown as an escape. `keep_newlines` leaves
    line breaks alone (for text already laid out in lines, such as a rendered table)."""
    return (_CONTROL_BUT_NEWLINE if keep_newlines else _CONTROL).sub(_escaped, text)


def markdown_code(text: str, *, in_table: bool) -> str:
    """`text` as one Markdown code span that shows it literally (see the module docstring).
    `in_table`: the span sits in a table cell, where GFM splits cells at every unescaped `|`,
    inside code spans too (`\\|` there shows `|`, in GitHub's parser and in markdown-it)."""
    text = terminal_text(text)
    if not text:
        return ""
    if in_table:
        text = text.replace("|", "\\|")
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(text)), default=0) + 1)
    # A span that starts or ends with a backtick needs a space before its fence; CommonMark
    # strips one space from each end when both ends have one, so the padding never shows.
    pad = " " if text[0] in "` " or text[-1] in "` " else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def shown(value: object, limit: int = ERROR_PREFIX) -> str:
    """`value` for an error line: a string quoted (repr, so control characters are escapes),
    anything else as str(), cut to `limit` characters with the full length after an ellipsis."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else f"{value[:limit]!r}...({len(value):,} characters)"
    if isinstance(value, int) and value.bit_length() > 1000:  # str() refuses over 4,300 digits
        return f"an integer of {int(value.bit_length() * 0.30103) + 1:,} digits"
    text = str(value)
    return text if len(text) <= limit else f"{text[:limit]}...({len(text):,} characters)"


def shown_message(text: str, limit: int = 2 * ERROR_PREFIX) -> str:
    """A parser's error message for an error line: cut to `limit` characters, with a trailing
    location such as tomllib's "(at line 3, column 5013)" kept after the ellipsis."""
    if len(text) <= limit:
        return text
    where = _WHERE.search(text)
    tail = where.group().strip() if where else ""
    return f"{text[:limit]}...({len(text):,} characters){' ' + tail if tail else ''}"
