"""What every step shares, each concern implemented once: errors, atomic writes, size units,
arch names and their compatibility rule, the CUDA toolchain, #include walking, and the one store
the disk caches are built on (store: the cache root, its environment and its folders;
record_store: the report cache's checked records)."""
