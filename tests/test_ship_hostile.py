"""`kfoot ship` on a registry from elsewhere (docs/security.md): a `spec` record of the wrong type
is one line, exit 2, never a traceback; and the registry.json it writes is the document it
checked, not the file read a second time (which may have changed in between)."""

from __future__ import annotations

import json

import pytest

import kfoot.runtime.ship as ship_mod
from oracles.cli import run_kfoot, run_main
from oracles.errors import assert_error


def _registry(folder, **extra) -> dict:
    (folder / "templates").mkdir(parents=True)
    (folder / "templates" / "k.cuh").write_text("template <class T> __global__ void k() {}\n")
    document = {
        "format": "kfoot-rtc-registry", "version": 1, **extra,
        "families": {"k": {"kernel": "k", "header": "templates/k.cuh", "axes": ["T"], "free_axes": ["T"]}},
        "variants": [{"family": "k", "template_id": "k<float>", "values": {"T": "float32"}, "source_sha256": ""}]}
    (folder / "registry.json").write_text(json.dumps(document))
    return document


@pytest.mark.parametrize("spec", ["spec.toml", 5, ["spec.toml"], {"path": 5}, {"path": ["a"]}])
def test_a_spec_record_of_the_wrong_type_is_one_line(tmp_path, spec):
    _registry(tmp_path / "reg", spec=spec)
    result = run_kfoot("ship", tmp_path / "reg", "-o", tmp_path / "dest", check_rc=None)
    message = assert_error(result, "spec")
    assert str(tmp_path / "reg" / "registry.json") in message
    assert not (tmp_path / "dest" / "registry.json").exists()


def test_the_shipped_registry_is_the_one_checked(tmp_path, monkeypatch, capsys):
    # The registry.json is replaced, after ship checked it, by 100,000-deep nesting: what ship
    # writes is what it checked, and nothing reads the file again.
    document = _registry(tmp_path / "reg", spec={"path": "/elsewhere/lib/spec.toml"})
    real_load = ship_mod.load_registry

    def load_then_replace(source):
        registry = real_load(source)
        (tmp_path / "reg" / "registry.json").write_text("[" * 100_000 + "]" * 100_000)
        return registry

    monkeypatch.setattr(ship_mod, "load_registry", load_then_replace)
    code, out, err = run_main(capsys, "ship", tmp_path / "reg", "-o", tmp_path / "dest")
    assert code == 0, err
    shipped = json.loads((tmp_path / "dest" / "registry.json").read_text())
    assert shipped == {**document, "spec": {"path": "spec.toml"}}
