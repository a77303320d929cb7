"""Glue to CI services (shipped with the package so the reusable GitHub action can run it)."""
