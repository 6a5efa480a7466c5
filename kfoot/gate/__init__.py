"""CI budgets: two reports (kfoot.report.load) -> their differences (diff) -> a verdict under a
budget (budget, verdict) -> renderables, Markdown (render) or a page (html); JSON is each one's
to_dict(). Baseline policy: verdict.update_baseline."""
