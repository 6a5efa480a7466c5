"""CI budgets: two reports -> their differences (diff) -> a verdict under a budget (budget,
verdict) -> text, Markdown or JSON (render); baseline policy (verdict.write_baseline)."""
