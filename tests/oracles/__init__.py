"""Independent oracles the tests compare kfoot against: cuobjdump, a CLI runner, GPU detection."""
