"""Django's PostgreSQL backend with a health check that costs no round trip, times read in C, and
prepared statements for the project's own SQL (see ``base``)."""
