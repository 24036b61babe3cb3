"""A bench-only Django site: the production settings plus one bare JSON view (bench/api.py)."""
