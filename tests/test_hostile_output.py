"""Kernel names are untrusted text: whatever a binary names its kernels, the Markdown kfoot writes
(piped into $GITHUB_STEP_SUMMARY by CI) shows the name as code and nothing else (no heading, no
HTML, no broken table), and no control character from a name reaches a terminal (an OSC 52
clipboard write, a cursor move).

The names are put into a real nvcc cubin (extern "C" kernels with placeholder names of the same
byte length, replaced everywhere). The Markdown oracle is GitHub's own parser, cmark-gfm
(cmarkgfm), with raw HTML let through so that any injected tag would show; the terminal oracle is
the bytes kfoot writes, to a pipe and to a pseudo-terminal."""

from __future__ import annotations

import html.parser
import json
import os
import pty
import re
import subprocess
import sys

import pytest

from oracles.cli import REPO

# A newline and a heading, a pipe that would end the cell, backticks, an <img> tag, an OSC 52
# clipboard write (ESC ] 52 ... BEL); then an entity, a C1 CSI (U+009B) clearing the screen, DEL.
HOSTILE = "a\n# h|`c`<img src=x>\x1b]52;c;Zm9v\x07"
HOSTILE_2 = "&amp;\u009b2J\x7f>_x"
# What a reader sees: the control characters as escapes, everything else as it is.
SHOWN = "a\\n# h|`c`<img src=x>\\x1b]52;c;Zm9v\\x07"
SHOWN_2 = "&amp;\\x9b2J\\x7f>_x"
# What survives of each name wherever it is shown, the family name included (its template
# arguments, here `<img src=x>`, are not part of a family).
TAILS = ("\\x1b]52;c;Zm9v\\x07", SHOWN_2)
CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")


def _placeholder(name: str, letter: str) -> str:
    return letter * len(name.encode())


@pytest.fixture(scope="module")
def cubins(tmp_path_factory, nvcc):
    """(plain, hostile): sm_90 cubins; the hostile one adds the two kernels with hostile names."""
    out = tmp_path_factory.mktemp("hostile_out")
    source = "".join(f'extern "C" __global__ void {name}(int* p) {{ p[threadIdx.x] = {i}; }}\n'
                     for i, name in enumerate(["plain_kernel", _placeholder(HOSTILE, "Q"), _placeholder(HOSTILE_2, "W")]))
    (out / "k.cu").write_text(source)
    subprocess.run([str(nvcc), "-cubin", "-arch=sm_90", str(out / "k.cu"), "-o", str(out / "k.cubin")],
                   check=True, capture_output=True, timeout=300)
    data = (out / "k.cubin").read_bytes()
    for name, letter in ((HOSTILE, "Q"), (HOSTILE_2, "W")):
        placeholder = _placeholder(name, letter).encode()
        assert data.count(placeholder) >= 2
        data = data.replace(placeholder, name.encode())
    hostile = out / "hostile.cubin"
    hostile.write_bytes(data)
    (out / "p.cu").write_text('extern "C" __global__ void plain_kernel(int* p) { p[threadIdx.x] = 0; }\n')
    plain = out / "plain.cubin"
    subprocess.run([str(nvcc), "-cubin", "-arch=sm_90", str(out / "p.cu"), "-o", str(plain)],
                   check=True, capture_output=True, timeout=300)
    return plain, hostile


def kfoot_bytes(*args, env=None) -> subprocess.CompletedProcess:
    env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "kfoot", *map(str, args)], capture_output=True, cwd=REPO,
                          env=env, timeout=600)


# ---------------------------------------------------------------------------------------------
# Markdown


class _Html(html.parser.HTMLParser):
    """The elements cmark-gfm made, the text of every <code>, and the cell count of every table row."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.codes: list[str] = []
        self.rows: list[list[int]] = [[]]  # per table, the cell count of each row
        self.outside: list[str] = []  # text that is not in a <code>
        self._code: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "code":
            self._code = []
        elif tag == "table":
            self.rows.append([])
        elif tag == "tr":
            self.rows[-1].append(0)
        elif tag in ("td", "th"):
            self.rows[-1][-1] += 1

    def handle_endtag(self, tag):
        if tag == "code" and self._code is not None:
            self.codes.append("".join(self._code))
            self._code = None

    def handle_data(self, data):
        (self._code if self._code is not None else self.outside).append(data)


def github_markdown(text: str) -> _Html:
    cmarkgfm = pytest.importorskip("cmarkgfm")
    from cmarkgfm.cmark import Options

    # Raw HTML let through (GitHub sanitises it afterwards, but only some of it): an injected
    # tag shows up as a tag.
    html_text = cmarkgfm.markdown_to_html_with_extensions(text, options=Options.CMARK_OPT_UNSAFE,
                                                          extensions=["table"])
    parsed = _Html()
    parsed.feed(html_text)
    return parsed


def assert_names_are_code(markdown: str) -> None:
    parsed = github_markdown(markdown)
    allowed = {"p", "h3", "strong", "em", "code", "table", "thead", "tbody", "tr", "th", "td", "ul", "li"}
    assert set(parsed.tags) <= allowed, (set(parsed.tags) - allowed, markdown)
    for tail in TAILS:
        assert any(tail in code for code in parsed.codes), (tail, parsed.codes, markdown)
    outside = "".join(parsed.outside)
    assert "Zm9v" not in outside and "img" not in outside and "9b2J" not in outside, (outside, markdown)
    for rows in parsed.rows:
        assert len(set(rows)) <= 1, (rows, markdown)  # every row as many cells as the header


@pytest.mark.parametrize("args, names", [(["--kernels"], True), (["--by", "family"], True), (["--by", "duplicate"], False),
                                         (["--by", "section"], False), (["--memory", "estimate", "--kernels"], True)],
                         ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_report_markdown_shows_hostile_names_as_code(cubins, args, names):
    proc = kfoot_bytes("report", "--format", "markdown", "--top", "50", *args, cubins[1])
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-2000:]
    if names:
        assert_names_are_code(proc.stdout.decode())
    else:
        github_markdown(proc.stdout.decode())
    assert not CONTROL_BYTES.search(proc.stdout)


def test_diff_markdown_shows_hostile_names_as_code(cubins):
    plain, hostile = cubins
    proc = kfoot_bytes("diff", plain, hostile, "--format", "markdown")
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-2000:]
    assert_names_are_code(proc.stdout.decode())
    assert not CONTROL_BYTES.search(proc.stdout)


def test_gate_markdown_and_step_summary_show_hostile_names_as_code(cubins, tmp_path):
    plain, hostile = cubins
    summary = tmp_path / "summary.md"
    proc = kfoot_bytes("gate", "--baseline", plain, hostile, "--format", "markdown",
                       env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert proc.returncode == 1, proc.stderr.decode(errors="replace")[-2000:]
    for markdown in (proc.stdout, summary.read_bytes()):
        assert_names_are_code(markdown.decode())
        assert not CONTROL_BYTES.search(markdown)


def test_a_family_budget_named_after_a_hostile_family_renders_as_code(cubins, tmp_path):
    plain, hostile = cubins
    report = json.loads(kfoot_bytes("report", "--json", hostile).stdout)
    family = next(f["name"] for f in report["totals"]["families"] if "Zm9v" in f["name"])
    proc = kfoot_bytes("gate", "--baseline", plain, hostile, "--format", "markdown", "--family-budget", f"{family}=0")
    assert proc.returncode == 1, proc.stderr.decode(errors="replace")[-2000:]
    assert_names_are_code(proc.stdout.decode())
    text = kfoot_bytes("gate", "--baseline", plain, hostile, "--family-budget", f"{family}=0").stdout
    assert not CONTROL_BYTES.search(text)


@pytest.mark.parametrize("name, expected", [
    ("plain", "`plain`"),
    ("a`b", "``a`b``"),
    ("`x``", "``` `x`` ```"),
    ("a|b", "`a\\|b`"),
    ("a\nb", "`a\\nb`"),
])
def test_markdown_code_spans_by_hand(name, expected):
    from kfoot.core.escape import markdown_code

    assert markdown_code(name, in_table=True) == expected
    # and GitHub's parser reads each back as the name (control characters as escapes)
    parsed = github_markdown(f"| h |\n|---|\n| {expected} |\n")
    assert parsed.codes == [name.replace("\n", "\\n")]


# ---------------------------------------------------------------------------------------------
# The terminal


@pytest.mark.parametrize("args", [["report", "--kernels"], ["report", "--by", "family"], ["report", "--by", "duplicate"],
                                  ["report", "--memory", "estimate", "--kernels"], ["diff", "PLAIN"],
                                  ["gate", "--baseline", "PLAIN"]], ids=" ".join)
def test_no_control_character_from_a_name_reaches_stdout(cubins, args):
    plain, hostile = cubins
    args = [plain if a == "PLAIN" else a for a in args]
    proc = kfoot_bytes(*args, "--top" if args[0] == "report" else "--format", "50" if args[0] == "report" else "text",
                       hostile)
    assert proc.returncode in (0, 1), proc.stderr.decode(errors="replace")[-2000:]
    assert not CONTROL_BYTES.search(proc.stdout), proc.stdout[:3000]
    assert not CONTROL_BYTES.search(proc.stderr), proc.stderr[:3000]
    if "duplicate" not in args:
        assert TAILS[0].encode() in proc.stdout  # the name is there, escaped


def _on_a_terminal(*args) -> bytes:
    """kfoot's stdout and stderr when both are a pseudo-terminal (rich styles its output then)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "kfoot", *map(str, args)], stdin=subprocess.DEVNULL,
                            stdout=follower, stderr=follower, cwd=REPO, env={**os.environ, "COLUMNS": "300"})
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the child closed its side
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=600)
    os.close(leader)
    return b"".join(chunks)


def test_on_a_terminal_no_escape_sequence_from_a_name_is_written(cubins):
    plain, hostile = cubins
    for args in (["report", "--kernels", hostile], ["gate", "--baseline", plain, hostile]):
        out = _on_a_terminal(*args)
        assert b"Zm9v" in out  # the name was printed ...
        assert b"\x1b]" not in out and b"\x07" not in out  # ... but no OSC sequence
        assert b"\xc2\x9b" not in out and b"\x7f" not in out
        assert b"\x1b[2J" not in out


def test_an_error_line_naming_a_hostile_path_is_escaped(tmp_path):
    path = tmp_path / "x\x1b]52;c;Zm9v\x07\nnext.json"
    proc = kfoot_bytes("report", path)
    assert proc.returncode == 2
    assert proc.stderr.count(b"\n") == 1 and b"\x1b" not in proc.stderr and b"\x07" not in proc.stderr
    assert b"\\x1b]52;c;Zm9v\\x07\\nnext.json" in proc.stderr
