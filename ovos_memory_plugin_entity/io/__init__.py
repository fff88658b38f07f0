"""I/O: the HTTP client, the background worker, bounded caches and the stores. Imports
only :mod:`domain`: nothing here knows a language or a pipeline."""
