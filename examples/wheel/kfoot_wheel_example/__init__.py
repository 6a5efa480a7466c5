"""Kernels built by kfoot, shipped in this package: `registry()` is the kfoot.runtime registry
inside the installed package, `library` the AOT library's file (for C++ through ctypes)."""

from importlib.resources import files

from kfoot import runtime

library = files(__name__) / "libkfoot_wheel_example.so"


def registry(**options):
    return runtime.open_registry(files(__name__) / "kernels", **options)
