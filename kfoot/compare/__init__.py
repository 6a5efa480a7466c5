"""`kfoot compare`: one spec built AOT, RTC and hybrid, measured side by side."""
