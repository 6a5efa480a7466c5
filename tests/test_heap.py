"""kfoot.core.heap: decode workers keep freed memory for reuse; the collector pauses."""

import gc
import subprocess
import sys

import pytest

from kfoot.core.heap import collector_paused

# A worker's life in small: decompressed images of tens of MiB, each freed before the next. The
# oracle is the kernel's count of minor page faults (getrusage), not anything kfoot reports.
_IMAGES = r"""
import resource, sys
from kfoot.core.heap import reuse_freed_memory
if sys.argv[1] == "reuse":
    assert reuse_freed_memory(256 << 20)
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for i in range(40):  # MXNet's largest images are 35 MiB: glibc maps anything over 32 MiB
    image = b"\1" * ((36 if i % 2 else 20) << 20)  # every page written, as a decompressor's output
    del image
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def _faults(mode: str) -> int:
    out = subprocess.run([sys.executable, "-c", _IMAGES, mode], capture_output=True, text=True, check=True)
    return int(out.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_freed_images_are_reused_not_faulted_in_again():
    pages = (36 << 20) // 4096
    default, reused = _faults("default"), _faults("reuse")
    assert default >= 15 * pages  # each large image mapped afresh: its pages fault in every time
    assert reused <= 2 * pages  # kept on the heap: the first images' pages serve the others


def test_collector_paused_restores_its_state():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # it was off before: it stays off
    finally:
        gc.enable()
