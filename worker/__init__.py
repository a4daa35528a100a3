"""Placeholder: the worker layer (see ../shared/DESIGN.md); built by a later issue."""
