"""Scheduling as pure functions over plain data: round robins, brackets, seating."""
