"""NVRTC options reach NVRTC only as macros and code-generation switches: a registry edited to
pass --pre-include (or any option that reads or writes a file) is refused, so `kfoot warm` never
reads a file outside the registry folder."""

from __future__ import annotations

import json

import pytest

from tests.oracles.cli import REPO, run_kfoot
from tests.oracles.errors import assert_error

SECRET = "SECRET_TOKEN_4f1c"


@pytest.mark.parametrize("option", ["--pre-include={secret}", "-include", "--include-path=/etc",
                                    "-I/etc", "--time={out}", "--fdevice-time-trace={out}", "--use-pch"])
def test_a_registry_passing_a_file_option_is_refused(tmp_path, option):
    secret = tmp_path / "secret.h"
    secret.write_text(f'#error "{SECRET} leaked"\n')
    registry = tmp_path / "reg"
    run_kfoot("build", "--mode", "rtc", REPO / "tests" / "flaglib" / "flaglib.toml", "-o", registry, "--no-check")
    document = json.loads((registry / "registry.json").read_text())
    family = next(iter(document["families"]))
    document["families"][family]["nvrtc_options"] = [option.format(secret=secret, out=tmp_path / "written")]
    (registry / "registry.json").write_text(json.dumps(document))
    proc = run_kfoot("warm", registry, "--arch", "sm_90", check_rc=None, env={"KFOOT_CACHE_DIR": str(tmp_path / "c"),
                                                                             "PATH": "/usr/bin:/bin"})
    assert SECRET not in proc.stdout + proc.stderr
    assert_error(proc, "not one a registry may carry")
    assert not (tmp_path / "written").exists()


def test_a_spec_flag_that_names_a_file_is_refused_at_build_start(tmp_path):
    spec = tmp_path / "s.toml"
    text = (REPO / "tests" / "flaglib" / "flaglib.toml").read_text()
    spec.write_text(text.replace('\n[build]\n', f'\n[build]\nnvrtc_flags = ["--pre-include={tmp_path / "x.h"}"]\n', 1))
    for path in (REPO / "tests" / "flaglib").iterdir():
        if path.name != "flaglib.toml":
            (tmp_path / path.name).symlink_to(path)
    assert_error(run_kfoot("build", "--mode", "rtc", spec, "-o", tmp_path / "out", check_rc=None),
                 "nvrtc_flags", "--pre-include")
    assert not (tmp_path / "out").exists()
