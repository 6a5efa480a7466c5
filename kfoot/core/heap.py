"""How kfoot's processes use their heap while they read large binaries: freed memory kept for
reuse (decode workers), and the garbage collector paused while a report's objects are built."""

from __future__ import annotations

import contextlib
import gc


# glibc's mallopt parameters (malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3


def reuse_freed_memory(max_bytes: int) -> bool:
    """Let this process's malloc keep up to `max_bytes` of freed memory for reuse (glibc only;
    False elsewhere). Meant for decode workers, whose bound is their share of the memory bound.

    Each decompressed image is a fresh buffer of up to tens of MiB. By default glibc maps such a
    buffer and unmaps it when freed, so every image's pages fault in again, zeroed by the kernel:
    on MXNet 1.7's 5.5 GiB of images that was over a second of system CPU. Kept on the heap, the
    pages are reused. The retained memory stays within the decoder's share of the bound."""
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    value = max(0, min(max_bytes, (1 << 31) - 1))
    return bool(mallopt(_M_MMAP_THRESHOLD, value) and mallopt(_M_TRIM_THRESHOLD, value))


@contextlib.contextmanager
def collector_paused():
    """The cyclic garbage collector off for the block (as it was after). A report builds millions
    of long-lived objects (names, figures) and no cycles; the collector's passes over them as they
    grew took MXNet 1.7's serial add-up 0.3-0.4 s of its 1.4 s. Objects are still freed by their
    reference counts."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
