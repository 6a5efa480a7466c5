"""Long C++ names made short enough for a terminal table, keeping what tells kernels apart.

A demangled CUTLASS or MXNet kernel name runs to thousands of characters; a table row of 510
columns is unreadable in a terminal and useless after `| head`. Tables for people show
`shorten_name(name, limit)`; JSON, Markdown, files written with `-o` and `--wide` keep names whole.

The order of what goes: first the parameter list (`f<int>(float const*, int)` → `f<int>(…)`),
then template argument lists from the innermost out, each replaced by `…` as a whole, so what is
left is a true outline of the name: every `…` stands for text that was there. Only when the
outline is still too long is its end cut, with a final `…`.
"""

from __future__ import annotations

import re

ELLIPSIS = "…"
# A template argument list with no list inside it; `\x01` and `\x02` stand in for `<` and `>` of
# lists already shortened, so they are never shortened twice.
_INNERMOST = re.compile(r"<[^<>]*>")
# `operator<`, `operator<<=`, `operator->` and the like are names, not brackets.
_OPERATOR = re.compile(r"operator(?:<=>|<<=|>>=|<<|>>|<=|>=|->\*|->|<|>)")


def shorten_name(name: str, limit: int) -> str:
    """`name` in at most `limit` characters (at least 8), shortened as the module says."""
    limit = max(limit, 8)
    if len(name) <= limit:
        return name
    operators: list[str] = []

    def protect(match: re.Match) -> str:
        operators.append(match.group())
        return f"\x03{len(operators) - 1}\x04"

    text = _OPERATOR.sub(protect, name)
    text = _short_parameters(text)
    def visible_length(text: str) -> int:
        return len(text) + sum(len(operators[int(i)]) - len(i) - 2 for i in re.findall(r"\x03(\d+)\x04", text))

    while visible_length(text) > limit:
        shorter = _INNERMOST.sub(_collapse, text)
        if shorter == text:
            break
        text = shorter
    text = re.sub(r"\x03(\d+)\x04", lambda m: operators[int(m.group(1))], text)
    text = text.replace("\x01", "<").replace("\x02", ">")
    if len(text) > limit:
        text = text[:limit - 1] + ELLIPSIS
    return text


def _collapse(match: re.Match) -> str:
    inner = match.group()[1:-1]
    return f"\x01{ELLIPSIS}\x02" if inner and inner != ELLIPSIS else f"\x01{inner}\x02"


def _short_parameters(text: str) -> str:
    """The last top-level parenthesised group (a function's parameters) as `(…)`."""
    if not text.endswith(")"):
        return text
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            depth -= 1
            if depth == 0:
                return text if i + 1 == len(text) - 1 else f"{text[:i]}({ELLIPSIS})"
    return text
