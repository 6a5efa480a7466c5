"""What every step shares, each concern implemented once: errors, atomic writes, size units,
arch names and their compatibility rule, the CUDA toolchain, #include walking."""
