#!/usr/bin/env python3
"""Registry mutants through both runtimes: Python's checks, then C++ and Python compared.

    .venv/bin/python scripts/fuzz_registry.py --count 5000 --seed 29 [--out DIR]

The mutants are tests/test_fuzz.py's (tests/oracles/mutate.py `mutant_registry`, from
`registry_source`), checked there by `check_registry`: loaded and used, or one short KfootError.
Then every mutant, in its own folder, is opened by the C++ runtime (tests/cpp/vectors.cpp's
`registry_load`, built with `kfoot config`'s flags) and by Python's `load_registry`: both must
refuse the same ones. Prints the outcomes, the failures and the first disagreements; exit 1 on
any (docs/fuzzing.md records the campaigns)."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO)]

import test_fuzz  # noqa: E402
from oracles import mutate  # noqa: E402

from kfoot.core.errors import KfootError  # noqa: E402
from kfoot.runtime.registry import load_registry  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", default="29")
    parser.add_argument("--out", type=Path, default=None, help="work folder (default: a temporary one)")
    args = parser.parse_args()
    work = args.out or Path(tempfile.mkdtemp(prefix="kfoot-fuzz-registry-"))
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    source = test_fuzz.registry_source(work / "source")
    started = time.monotonic()
    outcomes, failures = test_fuzz.fuzz_lines("registry", source, test_fuzz.check_registry, work, args.count,
                                              seed=args.seed)
    print(f"python: {outcomes['ok']} loaded, {outcomes['error']} KfootError, {len(failures)} failures "
          f"in {time.monotonic() - started:.1f} s")
    print("\n".join(failures[:20]))
    root, case_seed, python = work / "parity", f"{args.seed}:{source.name}", []
    for index in range(args.count):
        data, _ = mutate.mutant_registry(source.read_bytes(), case_seed, index)
        folder = root / str(index)
        (folder / "templates").mkdir(parents=True)
        shutil.copy(source.parent / "templates" / "k.cuh", folder / "templates")
        (folder / "registry.json").write_bytes(data)
        try:
            load_registry(folder)
            python.append(None)
        except KfootError as exc:
            python.append(str(exc))
    cases = work / "cases.json"
    cases.write_text(json.dumps({"registry_load": [{} for _ in range(args.count)]}))
    config = [sys.executable, "-m", "kfoot", "config"]
    flags = subprocess.run([*config, "--cflags"], capture_output=True, text=True, check=True).stdout.split()
    libs = subprocess.run([*config, "--libs"], capture_output=True, text=True, check=True).stdout.split()
    program = work / "vectors"
    subprocess.run(["g++", "-std=c++17", "-O1", *flags, str(REPO / "tests" / "cpp" / "vectors.cpp"), "-o", str(program),
                    *libs], check=True)
    cpp = json.loads(subprocess.run([str(program), str(cases), "registry_load", str(root)], capture_output=True,
                                    text=True, check=True).stdout)
    disagree = [(i, p, c) for i, (p, c) in enumerate(zip(python, cpp)) if (p is None) != ("error" not in c)]
    print(f"both runtimes: Python refused {sum(p is not None for p in python)}, C++ {sum('error' in c for c in cpp)}, "
          f"{len(disagree)} disagreements")
    for index, py, answer in disagree[:15]:
        print(f"  mutant {index} {mutate.mutant_registry(source.read_bytes(), case_seed, index)[1]}: "
              f"python {(py or 'opened')[:150]} | c++ {str(answer)[:150]}")
    return 1 if failures or disagree else 0


if __name__ == "__main__":
    sys.exit(main())
