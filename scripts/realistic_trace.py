"""Write the usage trace of a mixed-precision model's elementwise and reduction kernels.

    python scripts/realistic_trace.py [OUT.jsonl]

What a transformer-style forward and backward pass asks of the bundled spec's *.dependent
families: activations (GELU, SiLU, tanh, exp, rsqrt) and their gradients, the four arithmetic
ops and division, broadcast add/multiply for biases and scales, sums, means and max for norms and
softmax, a comparison for masks; in float32, float16 and bfloat16, with the int64 index ops
a framework also runs. It stands for "a few dozen kernels of the bundled spec" in
docs/memory.md's RTC-against-AOT measurement (issue 16), in the KFOOT_TRACE format.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kfoot.variants.loader import BUNDLED_SPEC, load_spec  # noqa: E402
from kfoot.variants.enumerate import enumerate_spec  # noqa: E402

HALF = ("float32", "float16", "bfloat16")


def wanted(family: str, v: dict) -> bool:
    op = v.get("op", "").rsplit("::", 1)[-1]
    same = v.get("lhs") == v.get("rhs")
    if family == "unary_float.dependent":
        return op in ("Exp", "Rsqrt", "Tanh", "Gelu", "Silu") and v["x"] in HALF
    if family == "unary_backward.dependent":
        return op in ("Gelu", "Silu") and v["x"] in HALF
    if family == "binary.dependent":
        return (op in ("Add", "Mul", "Sub") and same and v["lhs"] in HALF) or (op == "Add" and same and v["lhs"] == "int64")
    if family == "binary_float.dependent":
        return op == "Div" and same and v["lhs"] in HALF
    if family == "broadcast.dependent":
        return op in ("Add", "Mul") and same and v["lhs"] in ("float32", "bfloat16") and v["ndim"] in (2, 3)
    if family == "reduce_float.dependent":
        return op in ("Sum", "Mean") and v["x"] in ("float32", "bfloat16") and v["ndim"] == 2
    if family == "reduce_minmax.dependent":
        return op == "Max" and v["x"] == "float32" and v["ndim"] == 2
    if family == "compare.dependent":
        return op == "Gt" and same and v["lhs"] in ("float32", "int64")
    return False


def main() -> int:
    spec = load_spec(BUNDLED_SPEC)
    lines = [json.dumps({"family": var.family, "template_id": var.template_id})
             for var in enumerate_spec(spec) if wanted(var.family, dict(var.values))]
    text = "\n".join(lines) + "\n"
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(text)
    else:
        sys.stdout.write(text)
    print(f"{len(lines)} variants", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
