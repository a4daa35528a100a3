"""Placeholder: the events layer (see ../shared/DESIGN.md); built by a later issue."""
