"""Each C++ detail header and the Python module it mirrors give the same answers on shared vectors.

tests/vectors/*.json hold the inputs and the expected answers: hand-written from the documented
rules (sizes, arch names, the NVRTC options a registry may carry, the prelude, the #include walk,
the toolkit layout) or computed by independent oracles (hashlib for SHA-256 and the digests,
json.dumps for string escaping and the cache key's material, json.loads for what a JSON reader
must decode), never by kfoot's own code. Both sides are held to the expected answer:
the Python function in this process, the C++ one through tests/cpp/vectors.cpp, built with
`g++ $(kfoot config --cflags)` as a user would build against the header.
"""

from __future__ import annotations

import hashlib
import json
import os
import pwd
import subprocess
from pathlib import Path

import pytest

import kfoot
from kfoot.core import archs, units
from kfoot.core.store import cache_disabled_by_env, default_cache_root
from kfoot.core.errors import KfootError
from kfoot.core.includes import walk_includes
from kfoot.core.prelude import prelude
from kfoot.core.toolchain import nvrtc_search, toolkit_include_dirs
from kfoot.runtime import cache_entry, fingerprint, nvjitlink, nvrtc
from kfoot.runtime.registry import AOT_FATBIN_MAX_BYTES, REGISTRY_MAX_BYTES, REGISTRY_VERSION
from oracles.cli import REPO

VECTORS = REPO / "tests" / "vectors"


def _vectors(name: str) -> dict:
    return json.loads((VECTORS / name).read_text())


@pytest.fixture(scope="module")
def cpp(vectors_program):
    """Runs tests/cpp/vectors.cpp on one list of a vector file: the C++ answers, in case order."""
    program = vectors_program

    def answers(*args) -> list | dict:
        proc = subprocess.run([str(program), *map(str, args)], capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    return answers


def test_the_constants_compiled_in_are_pythons(cpp):
    schema = _vectors("cache_key.json")["schema"]
    assert fingerprint.KEY_SCHEMA == schema
    assert cpp("--constants") == {"version": kfoot.__version__, "key_schema": schema,
                                  "registry_version": REGISTRY_VERSION, "registry_max_bytes": REGISTRY_MAX_BYTES,
                                  "aot_fatbin_max_bytes": AOT_FATBIN_MAX_BYTES}


def test_sha256_is_hashlibs(cpp):
    cases = _vectors("sha256.json")["sha256"]
    for case in cases:
        data = bytes.fromhex(case["hex"]) if "hex" in case else case["text"].encode() * case.get("repeat", 1)
        assert hashlib.sha256(data).hexdigest() == case["sha256"]
    answers = cpp(VECTORS / "sha256.json", "sha256")
    assert answers == [[case["sha256"]] * 5 for case in cases]


def test_json_strings_are_written_as_json_dumps_writes_them(cpp):
    cases = _vectors("json.json")["json_string"]
    assert [json.dumps(case["text"]) for case in cases] == [case["dumps"] for case in cases]
    assert cpp(VECTORS / "json.json", "json_string") == [case["dumps"] for case in cases]


def _strings(value) -> list[str]:
    """Member names and string values in document order, as vectors.cpp lists them."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    if isinstance(value, dict):
        return [s for name, item in value.items() for s in [name, *_strings(item)]]
    return []


def test_json_documents_are_read_alike(cpp):
    cases = _vectors("json.json")["json_parse"]
    problems = []
    for case, answer in zip(cases, cpp(VECTORS / "json.json", "json_parse"), strict=True):
        try:
            expected = _strings(json.loads(case["text"]))
        except ValueError:
            expected = None
        if (expected is not None) != case["accepted"]:
            problems.append(f"python: {case['text']!r}: accepted={expected is not None}")
        if case["accepted"] and answer != expected:
            problems.append(f"c++: {case['text']!r}: {answer!r}, expected {expected!r}")
        if not case["accepted"] and not (isinstance(answer, dict) and "not valid JSON" in answer["error"]):
            problems.append(f"c++: {case['text']!r}: accepted as {answer!r}")
    assert not problems, "\n".join(problems)


def test_sizes_are_read_alike(cpp):
    vectors = _vectors("units.json")
    cases = vectors["parse_bytes"]
    problems = []
    for case, answer in zip(cases, cpp(VECTORS / "units.json", "parse_bytes"), strict=True):
        text = case["text"]
        try:
            python = units.parse_bytes(text, "KFOOT_CACHE_MAX_BYTES")
        except KfootError as exc:
            python = {"error": str(exc)}
        if "bytes" in case:
            if python != case["bytes"]:
                problems.append(f"python: {text!r} -> {python!r}, expected {case['bytes']}")
            if answer != case["bytes"]:
                problems.append(f"c++: {text!r} -> {answer!r}, expected {case['bytes']}")
        else:
            for side, got in (("python", python), ("c++", answer)):
                # One line quoting at most a short prefix of the value (a 5,000-digit one is not echoed).
                if not (isinstance(got, dict) and case["refused"] in got["error"]
                        and got["error"].startswith("KFOOT_CACHE_MAX_BYTES: ") and len(got["error"]) < 300
                        and "\n" not in got["error"]):
                    problems.append(f"{side}: {text!r} -> {str(got)[:400]!r}, expected a refusal: {case['refused']}")
            if isinstance(python, dict) and text.isascii() and text.isprintable() and python != answer:
                problems.append(f"{text!r}: python says {python['error'][:300]!r}, c++ {str(answer)[:300]!r}")
    assert not problems, "\n".join(problems)


def test_arch_names_are_read_alike(cpp):
    cases = _vectors("archs.json")["parse_arch"]
    problems = []
    for case, answer in zip(cases, cpp(VECTORS / "archs.json", "parse_arch"), strict=True):
        try:
            python = archs.parse_device_arch(case["text"]).name
        except KfootError as exc:
            python = {"error": str(exc)}
        for side, got in (("python", python), ("c++", answer)):
            if "name" in case and got != case["name"]:
                problems.append(f"{side}: {case['text']!r} -> {got!r}, expected {case['name']}")
            if "refused" in case and not (isinstance(got, dict) and "is not a SASS arch" in got["error"]):
                problems.append(f"{side}: {case['text']!r} -> {got!r}, expected a refusal")
    assert not problems, "\n".join(problems)


def test_sass_runs_where_cuda_says(cpp):
    cases = _vectors("archs.json")["sass_runs_on"]
    expected = [case["runs"] for case in cases]
    assert [archs.sass_runs_on(case["built"], case["device"]) for case in cases] == expected
    assert cpp(VECTORS / "archs.json", "sass_runs_on") == expected


def test_the_same_nvrtc_options_are_safe(cpp):
    cases = _vectors("nvrtc_options.json")["safe_option"]
    expected = {case["option"]: case["safe"] for case in cases}
    python = {case["option"]: not nvrtc.unsafe_option(case["option"]) for case in cases}
    answers = dict(zip(expected, cpp(VECTORS / "nvrtc_options.json", "safe_option"), strict=True))
    assert {o: s for o, s in python.items() if s != expected[o]} == {}
    assert {o: s for o, s in answers.items() if s != expected[o]} == {}


def test_the_prelude_is_the_same(cpp):
    cases = _vectors("prelude.json")["prelude"]
    expected = [case["text"] for case in cases]
    assert [prelude(case["template_ids"]) for case in cases] == expected
    assert cpp(VECTORS / "prelude.json", "prelude") == expected


def _key(case: dict, schema: int) -> str:
    """The documented recipe (docs/runtime.md), with json and hashlib."""
    material = {"schema": schema, "kfoot": kfoot.__version__, "nvrtc": case["nvrtc"], "arch": case["arch"],
                "options": case["key_options"], "prelude": case["prelude"], "source": case["source"],
                "name": case["name"], "link": case["link"]}
    return hashlib.sha256(json.dumps(material, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def test_the_cache_key_is_the_same(cpp):
    vectors = _vectors("cache_key.json")
    cases = vectors["cache_key"]
    expected = [_key(case, vectors["schema"]) for case in cases]
    python = [fingerprint.cache_key(nvrtc_version=case["nvrtc"], arch=case["arch"], options=tuple(case["options"]),
                                    prelude_sha256=case["prelude"], source_sha256=case["source"],
                                    name_expression=case["name"], link=case["link"]) for case in cases]
    assert python == expected
    assert cpp(VECTORS / "cache_key.json", "cache_key") == expected


def test_the_same_programs_are_linked_alike(cpp):
    vectors = _vectors("nvjitlink.json")
    cases = vectors["link_options"]
    expected = [case["link"] for case in cases]
    assert [list(o) if (o := nvjitlink.link_options(c["arch"], tuple(c["options"]))) else None for c in cases] == expected
    assert cpp(VECTORS / "nvjitlink.json", "link_options") == expected
    cases = vectors["link_tag"]
    expected = [case["tag"] for case in cases]
    assert [nvjitlink.link_tag(c["nvrtc"], c["nvjitlink"] or None, c["arch"], tuple(c["options"])) for c in cases] == expected
    assert cpp(VECTORS / "nvjitlink.json", "link_tag") == expected


def _tree(root: Path, case: dict) -> Path:
    for name, text in case["files"].items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(text.encode())
    for name, target in case.get("links", {}).items():
        (root / name).symlink_to(root / target)
    return root


def _digest(case: dict) -> str:
    """The source digest of the expected walk (docs/runtime.md step 2), with hashlib."""
    digest = hashlib.sha256()
    for step in case["walk"]:
        digest.update(step["name"].encode() + b"\0")
        digest.update(hashlib.sha256(case["files"][step["file"]].encode()).digest())
        for name in step["unresolved"]:
            digest.update(b"builtin:" + name.encode() + b"\0")
    return digest.hexdigest()


def test_the_include_walk_and_source_digest_are_the_same(cpp, tmp_path):
    cases = _vectors("includes.json")["walk_includes"]
    root = tmp_path.resolve()
    problems = []
    for i, case in enumerate(cases):
        folder = _tree(root / str(i), case)
        main, dirs = folder / case["main"], tuple(folder / d for d in case["include_dirs"])
        files = [{"file": step["file"], "unresolved": step["unresolved"]} for step in case["walk"]]
        python = [{"file": path.relative_to(folder).as_posix(), "unresolved": unresolved}
                  for path, _, unresolved in walk_includes(main, dirs)]
        if python != files:
            problems.append(f"python walk, {case['about']}:\n  {python}\n  expected {files}")
        if fingerprint.source_digest(main, dirs) != _digest(case):
            problems.append(f"python digest, {case['about']}")
    for case, answer in zip(cases, cpp(VECTORS / "includes.json", "walk_includes", root), strict=True):
        if answer != {"walk": case["walk"], "digest": _digest(case)}:
            problems.append(f"c++, {case['about']}:\n  {answer}\n  expected {case['walk']}")
    assert not problems, "\n".join(problems)


def test_the_toolkit_is_found_alike(cpp, tmp_path, monkeypatch):
    cases = _vectors("toolkit.json")["toolkit"]
    root = tmp_path.resolve()
    expected = [{"include_dirs": case["include_dirs"], "library": case["library"]} for case in cases]
    python = []
    for i, case in enumerate(cases):
        folder = root / str(i)
        for name in case["files"]:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(b"")
        for name in case["dirs"]:
            (folder / name).mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv("CUDA_HOME", str(folder / case["cuda_home"]))
        python.append({"include_dirs": [d.relative_to(folder).as_posix() for d in nvrtc.include_dirs.__wrapped__()],
                       "library": Path(nvrtc_search().candidates[0]).relative_to(folder).as_posix()})
    assert python == expected
    monkeypatch.delenv("CUDA_HOME")
    assert cpp(VECTORS / "toolkit.json", "toolkit", root) == expected


def test_nvrtc_and_its_headers_are_searched_alike(cpp, tmp_path):
    """docs/runtime.md#finding-nvrtc: the same candidates, in the same order, the same account of
    where it looked, and the same header folders (or the same one-line refusal) on both sides."""
    cases = _vectors("nvrtc_search.json")["nvrtc_search"]
    root = tmp_path.resolve()
    expected, python = [], []
    for i, case in enumerate(cases):
        folder = root / str(i)
        folder.mkdir()
        for name in case["files"]:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(b"")
        for name in case["dirs"]:
            (folder / name).mkdir(parents=True, exist_ok=True)
        want = {"candidates": case["candidates"], "looked": case["looked"].replace("{root}", str(folder))}
        if "include_dirs" in case:
            want["include_dirs"] = case["include_dirs"]
        else:
            want["include_error"] = case["include_error"].replace("{root}", str(folder))
        expected.append(want)
        env = {var: str(folder / value) for var, value in case["env"].items()}
        sites = [folder / site for site in case["site_dirs"]]
        system = folder / "usr-local-cuda"  # /usr/local/cuda, replaced by a folder of the case
        search = nvrtc_search(env, sites, system)
        got = {"candidates": [Path(c).relative_to(folder).as_posix() if "/" in c else c for c in search.candidates],
               "looked": search.looked}
        try:
            got["include_dirs"] = [d.relative_to(folder).as_posix() for d in toolkit_include_dirs(env, sites, system)]
        except KfootError as exc:
            got["include_error"] = str(exc)
        python.append(got)
    assert python == expected
    assert cpp(VECTORS / "nvrtc_search.json", "nvrtc_search", root) == expected


def test_the_cache_folder_and_switch_are_read_alike(cpp, monkeypatch):
    cases = _vectors("cache_dir.json")["cache_dir"]
    homes = {"{passwd_home}": pwd.getpwuid(os.getuid()).pw_dir, "{home:root}": pwd.getpwnam("root").pw_dir}
    expected = []
    for case in cases:
        root = case["root"]
        for placeholder, home in homes.items():
            root = root.replace(placeholder, home.rstrip("/"))
        expected.append({"root": root, "disabled": case["disabled"]})
    python = []
    for case in cases:
        for var in ("KFOOT_CACHE_DIR", "XDG_CACHE_HOME", "HOME", "KFOOT_CACHE"):
            if var in case["env"]:
                monkeypatch.setenv(var, case["env"][var])
            else:
                monkeypatch.delenv(var, raising=False)
        python.append({"root": str(default_cache_root()), "disabled": cache_disabled_by_env()})
    monkeypatch.undo()
    assert python == expected
    assert cpp(VECTORS / "cache_dir.json", "cache_dir") == expected


def _registry_case(base: dict, case: dict) -> dict:
    """`base` with the case's `set` and `delete` applied (slash-separated paths, list indexes as numbers)."""
    document = json.loads(json.dumps(base))

    def parent(path: str):
        *steps, last = path.split("/")
        node = document
        for step in steps:
            node = node[int(step)] if isinstance(node, list) else node[step]
        return node, int(last) if isinstance(node, list) else last

    for path, value in case.get("set", {}).items():
        node, key = parent(path)
        node[key] = value
    for path in case.get("delete", []):
        node, key = parent(path)
        del node[key]
    return document


def test_registries_are_accepted_and_refused_alike(cpp, tmp_path):
    """The same registry.json files open in both runtimes, or are refused by both in one line
    holding the same phrase (issue 29: template-ids, rows, paths and container indexes)."""
    from kfoot.runtime.registry import load_registry

    vectors = _vectors("registry.json")
    cases = vectors["registry_load"]
    root = tmp_path.resolve()
    problems = []
    for i, case in enumerate(cases):
        folder = root / str(i)
        (folder / "templates").mkdir(parents=True)
        (folder / "templates" / "k.cuh").write_text("namespace ns { template <class T, int N> __global__ void k() {} }\n")
        text = json.dumps(_registry_case(vectors["base"], case)).encode()
        for old, new in case.get("replace", []):  # bytes json.dumps cannot write (latin-1: one byte a character)
            text = text.replace(old.encode("latin-1"), new.encode("latin-1"))
        (folder / "registry.json").write_bytes(text)
        try:
            registry = load_registry(folder)
            python = {"variants": len(registry), "families": sorted(registry.families)}
        except KfootError as exc:
            python = {"error": str(exc)}
        problems += _registry_problems("python", case, python)
    for case, answer in zip(cases, cpp(VECTORS / "registry.json", "registry_load", root), strict=True):
        problems += _registry_problems("c++", case, answer)
    assert not problems, "\n".join(problems)


def _registry_problems(side: str, case: dict, answer: dict) -> list[str]:
    if case["error"] is None:
        return [] if answer == {"variants": 2, "families": ["k"]} else [f"{side}, {case['about']}: {answer}"]
    error = answer.get("error", "")
    if case["error"] not in error or "\n" in error or "Traceback" in error:
        return [f"{side}, {case['about']}: {str(answer)[:300]}"]
    if case.get("short") and len(error) > 400:
        return [f"{side}, {case['about']}: an error line of {len(error)} characters"]
    return []


def test_cache_entries_are_checked_alike(cpp):
    """Issue 29, item 15: an entry with a valid checksum but a field of the wrong type (blob_size
    "x", an arch that is a number...) is a bad entry on both sides, with the same problem."""
    vectors = _vectors("cache_entry.json")
    cases = vectors["parse_entry"]
    problems = []
    for case, answer in zip(cases, cpp(VECTORS / "cache_entry.json", "parse_entry"), strict=True):
        body, _, rest = case["entry"].partition("\n")
        if rest and case["problem"] != "entry checksum mismatch":  # the vectors' own checksums, by hashlib
            assert rest == hashlib.sha256(body.encode()).hexdigest() + "\n", case["why"]
        python = cache_entry.parse_entry(case["entry"].encode(), case["key"])[1]
        for side, got in (("python", python), ("c++", answer)):
            expected = case["problem"]
            if (got is None) != (expected is None) or (expected is not None and not got.startswith(expected)):
                problems.append(f"{side}: {case['why']}: {got!r}, expected {expected!r}")
    assert not problems, "\n".join(problems)


def _manifest_bytes(case: dict) -> bytes:
    if "hex" in case:
        return bytes.fromhex(case["hex"])
    return case["text"].replace("PAD", "x" * case.get("pad", 0)).encode()


def test_pack_manifests_are_judged_alike(cpp):
    """Issue 26, item 3: which installed pack a runtime uses, and the one warning it gives for one it
    ignores, are the same in Python (cache_pack.manifest_verdict) and C++ (detail/pack.hpp)."""
    from kfoot.runtime import cache_pack

    vectors = _vectors("pack_manifest.json")
    cases = vectors["manifest"]
    problems = []
    for case, answer in zip(cases, cpp(VECTORS / "pack_manifest.json", "manifest"), strict=True):
        use, problem, linked = cache_pack.manifest_verdict(_manifest_bytes(case), vectors["registry_sha256"],
                                                           lambda: vectors["nvrtc"], vectors["arch"])
        # A pack in use is looked up with the nvJitLink its manifest names (null: NVRTC's own cubins).
        expected_linked = json.loads(_manifest_bytes(case))["nvjitlink"] if case["use"] else None
        for side, got in (("python", {"use": use, "problem": problem, "linked": linked}), ("c++", answer)):
            expected = case["problem"]
            if got["use"] != case["use"] or (got["problem"] is None) != (expected is None) or (
                    expected is not None and not got["problem"].startswith(expected)) or got["linked"] != expected_linked:
                problems.append(f"{side}: {case['why']}: {got!r}, expected use={case['use']} problem={expected!r}")
    assert not problems, "\n".join(problems)


def test_what_a_cubin_claims_is_read_alike(cpp):
    """Issue 26 / docs/fuzzing.md failure 7: an entry is served only when its cubin defines the
    kernel it names. Python (cache_entry.claim_problem over kfoot.binary's ELF reading) and C++
    (detail/elf.hpp, bounded and hostile-safe) give the same answer on sound, truncated and lying
    cubins; pyelftools, an independent ELF reader, finds the kernel in those both call sound."""
    import io

    from elftools.common.exceptions import ELFError
    from elftools.elf.elffile import ELFFile
    from elftools.elf.sections import SymbolTableSection

    cases = _vectors("cubin_claims.json")["claims"]
    problems, checked = [], 0
    for case, answer in zip(cases, cpp(VECTORS / "cubin_claims.json", "claims"), strict=True):
        data = bytes.fromhex(case["hex"])
        meta = {"lowered_name": case["lowered_name"], **({"arch": case["arch"]} if "arch" in case else {})}
        python = cache_entry.claim_problem(meta, cache_entry.cubin_claims(data))
        for side, got in (("python", python), ("c++", answer)):
            if got != case["problem"]:
                problems.append(f"{side}: {case['why']}: {got!r}, expected {case['problem']!r}")
        if case["problem"] is None:  # pyelftools names the symbol too (it refuses entsize 0: not asked then)
            try:
                elf = ELFFile(io.BytesIO(data))
                names = {s.name for sec in elf.iter_sections() if isinstance(sec, SymbolTableSection)
                         for s in sec.iter_symbols()}
            except ELFError:
                continue
            checked += 1
            if case["lowered_name"] not in names:
                problems.append(f"pyelftools: {case['why']}: no symbol {case['lowered_name']} in {names}")
    assert not problems, "\n".join(problems)
    assert checked >= 5
