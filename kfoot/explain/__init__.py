"""`kfoot explain`: where an existing binary's kernels come from (template axes per family), read
from the report's kernels (kfoot.report)."""
