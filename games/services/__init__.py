"""Writes: ``<entity>_<action>(*, ...)`` functions, each one transaction."""
