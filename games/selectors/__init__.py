"""Reads, one module per entity. A selector never imports a service: reads do not depend on writes."""
