"""Merlin Economics' `magic` module: labs, spells, potions, shops, golems, decrees, votes and
readings (MERLIN-MODULES.md §2)."""
