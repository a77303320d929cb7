"""Analyses over the kernel model that several rule families share (per-lane indices, block shapes)."""
