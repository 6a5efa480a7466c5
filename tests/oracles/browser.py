"""A real browser as the oracle of kfoot's HTML pages: headless Chromium (Debian's `chromium`)
renders a page from a file:// URL with no network, after its script ran; the DOM it dumps is
parsed here, and its screenshot decoded with zlib (no imaging library needed)."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

TIMEOUT_S = 120
# Virtual time lets the page's script run to the end before the dump or the screenshot.
_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-extensions", "--no-first-run",
          "--disable-background-networking", "--virtual-time-budget=5000"]


def chromium_or_skip() -> str:
    """The chromium binary, proven to run a script; otherwise a skip (a failure in CI, where
    .ci/run installs it)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    reason = None
    if not found:
        reason = "chromium is not installed (apt-get install chromium; .ci/run installs it in CI)"
    else:
        probe = Path(os.environ.get("TMPDIR", "/tmp")) / f"kfoot-chromium-probe-{os.getpid()}.html"
        probe.write_text("<body><script>document.body.setAttribute('data-ok','1')</script></body>")
        try:
            dom = _run(found, "--dump-dom", probe.as_uri())
            if 'data-ok="1"' not in dom:
                reason = f"{found} ran but did not run a page's script"
        except (OSError, subprocess.SubprocessError, AssertionError) as exc:
            reason = f"{found} cannot run here: {str(exc)[-300:]}"
        finally:
            probe.unlink(missing_ok=True)
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"{reason} (CI must run the browser test)")
        pytest.skip(reason)
    return found


def _run(chromium: str, *args: str) -> str:
    proc = subprocess.run([chromium, *_FLAGS, *args], capture_output=True, text=True, timeout=TIMEOUT_S,
                          env={**os.environ, "HOME": os.environ.get("TMPDIR", "/tmp")})
    assert proc.returncode == 0, f"chromium failed ({proc.returncode}): {proc.stderr[-2000:]}"
    return proc.stdout


def dump_dom(chromium: str, page: Path) -> str:
    return _run(chromium, "--dump-dom", Path(page).resolve().as_uri())


def screenshot(chromium: str, page: Path, png: Path, size: str = "1280,1400") -> Path:
    _run(chromium, f"--window-size={size}", f"--screenshot={png}", Path(page).resolve().as_uri())
    assert png.is_file(), "chromium wrote no screenshot"
    return png


# ---------------------------------------------------------------- the DOM


class Dom(HTMLParser):
    """Elements with their attributes and the visible text under each (script and style left out)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[dict] = []  # {"tag", "attrs", "text"}
        self._open: list[dict] = []
        self._hidden = 0
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        node = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(node)
        if tag in ("script", "style"):
            self._hidden += 1
        self._open.append(node)

    def handle_endtag(self, tag):
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i]["tag"] == tag:
                if tag in ("script", "style"):
                    self._hidden -= 1
                del self._open[i:]
                return

    def handle_data(self, data):
        if not self._hidden:
            for node in self._open:
                node["text"] += data

    def find(self, tag=None, **attrs) -> list[dict]:
        return [e for e in self.elements if (tag is None or e["tag"] == tag)
                and all(e["attrs"].get(k.replace("_", "-")) == v for k, v in attrs.items())]

    @property
    def visible_text(self) -> str:
        body = self.find("body")
        return body[0]["text"] if body else ""

    def table_rows(self, table_id: str) -> list[tuple[str | None, list[str]]]:
        """(class of the row, cell texts) of a page table's body rows, in DOM order."""
        rows, inside, current = [], False, None
        for e in self.elements:
            if e["tag"] == "table":
                inside = e["attrs"].get("data-table") == table_id
            elif inside and e["tag"] == "tr":
                current = (e["attrs"].get("class"), [])
                rows.append(current)
            elif inside and e["tag"] == "td" and current is not None:
                current[1].append(e["text"])
        return [row for row in rows if row[1]]  # the header row has no td


# ---------------------------------------------------------------- PNG


def png_pixels(path: Path) -> tuple[int, int, list[tuple[int, ...]]]:
    """(width, height, pixels) of an 8-bit RGB or RGBA PNG, unfiltered by hand (RFC 2083)."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG: {header}"
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    pixels = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = prev[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                corner = prev[i - bpp] if i >= bpp else 0
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        pixels.extend(tuple(line[i:i + 3]) for i in range(0, stride, bpp))
        prev = line
    return width, height, pixels
