"""The `finance` module of Merlin Economics (MERLIN-MODULES.md §3)."""
