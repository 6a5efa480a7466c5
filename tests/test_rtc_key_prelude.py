"""The RTC cache key covers kfoot's prelude: the prelude's text is the start of every NVRTC
program, so a kfoot whose prelude changed must not reuse cubins compiled with the old one.

Oracle: the program text kfoot hands NVRTC (compiler.program_source), read back as text, shows
the prelude change really reaches the compiled source; the keys are compared for equality only.
No GPU and no compile: building a key needs only the NVRTC version and the header digest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kfoot.compile.rtc_registry import build_rtc
from kfoot.core import prelude
from kfoot.runtime import compiler
from kfoot.runtime.registry import load_registry
from kfoot.variants.loader import load_spec

FLAGLIB = Path(__file__).resolve().parent / "flaglib" / "flaglib.toml"
ARCH = "sm_90"


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    out = tmp_path_factory.mktemp("registry")
    build_rtc(load_spec(FLAGLIB), out)
    return load_registry(out)


def _key_and_source(registry, variant) -> tuple[str, str]:
    context = compiler.SourceContext(registry, ARCH)  # fresh: nothing remembered across calls
    source = compiler.program_source([registry.families[variant.family].header], [variant.template_id])
    return context.key(variant), source


def test_a_prelude_change_changes_the_key_and_nothing_else_does(registry, monkeypatch):
    variant = registry.variants[0]
    key, source = _key_and_source(registry, variant)
    assert _key_and_source(registry, variant) == (key, source)  # same registry, same prelude: same key

    changed = prelude._HEAD + "#define KFOOT_PRELUDE_CHANGED 1\n"
    monkeypatch.setattr(prelude, "_HEAD", changed)
    new_key, new_source = _key_and_source(registry, variant)
    assert "KFOOT_PRELUDE_CHANGED" in new_source and "KFOOT_PRELUDE_CHANGED" not in source
    assert new_key != key

    monkeypatch.undo()
    assert _key_and_source(registry, variant) == (key, source)  # back to the old prelude: the old key


def test_one_context_sees_a_prelude_change_too(registry, monkeypatch):
    """A long-lived process: the context made before the change must not keep the old key."""
    variant = registry.variants[0]
    context = compiler.SourceContext(registry, ARCH)
    key = context.key(variant)
    monkeypatch.setattr(prelude, "_HEAD", prelude._HEAD + "// another line\n")
    assert context.key(variant) != key
