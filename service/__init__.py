"""The service: the `ttr` command line (and, later, the HTTP API)."""
