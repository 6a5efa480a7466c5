"""kfoot's JSON documents as written (kfoot.core.jsonfile.dumps_document): read back by Python's
json module they are the documents given, and their first levels are laid out exactly as
json.dumps(indent=1) lays them out (the oracle is the json module itself)."""

from __future__ import annotations

import json

import pytest

from kfoot.core.jsonfile import INDENTED_LEVELS, dumps_document

DOCUMENTS = [
    {},
    [],
    {"a": 1},
    {"schema": "x", "files": [{"path": "p\n\"q", "families": [{"name": "f<a, b>", "kernels": 3}], "empty": {}}],
     "n": None, "f": 1.5, "t": True, "u": "\u00e9\U0001f600"},
    [[[[[1, [2, {"k": [3]}]]]]]],
    {"ints": {1: "a"}},  # keys json turns into strings
    # strings and numbers as json escapes and spells them: control characters, a lone surrogate,
    # infinity, an integer past 64 bits, at every depth
    {"s": "\x00\x1f\ud800\u2028", "x": [float("inf"), -0.0, 2 ** 70, False, None]},
    {"d": [[[["\x7f\ud800", 1e300]]]]},
]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_reads_back_as_json_reads_json_dumps(document):
    assert json.loads(dumps_document(document)) == json.loads(json.dumps(document))


def _depth(value) -> int:
    if isinstance(value, dict) and value:
        return 1 + max(_depth(v) for v in value.values())
    if isinstance(value, list) and value:
        return 1 + max(_depth(v) for v in value)
    return 0


@pytest.mark.parametrize("document", [d for d in DOCUMENTS if _depth(d) <= INDENTED_LEVELS])
def test_shallow_documents_are_laid_out_as_indent_1(document):
    assert dumps_document(document) == json.dumps(document, indent=1)


def test_deeper_values_take_one_line():
    document = {"files": [{"duplicates": [{"name": "k", "arch": "sm_90"}] * 3}]}
    text = dumps_document(document)
    assert len(text.splitlines()) == 11
    assert '\n    {"name": "k", "arch": "sm_90"},\n' in text
