"""Settings package: ``base`` (everything, from the environment), ``local``, ``test``, ``production``."""
