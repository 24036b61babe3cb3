"""Server-rendered pages for people."""
