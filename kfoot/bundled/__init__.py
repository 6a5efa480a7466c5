"""Bundled kernel templates (*.cuh) and specs (kernels.toml, demo.toml), shipped as package data."""
